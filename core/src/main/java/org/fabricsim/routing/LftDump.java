package org.fabricsim.routing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabricsim.InputException;
import org.fabricsim.files.TextFiles;
import org.fabricsim.topology.IbNode;
import org.fabricsim.topology.IbSubnet;
import org.fabricsim.topology.Topology;

/**
 * Forwarding tables as InfiniBand's tools dump a subnet's linear forwarding tables: the output of
 * {@code dump_fts} (formerly {@code dump_lfts.sh}, one {@code ibroute} per switch), which OpenSM's {@code file}
 * routing engine also reads (docs/ROUTING.md, "LFT dumps"; DECISIONS D167):
 *
 * <pre>
 * Unicast lids [0x0-0x9] of switch Lid 9 guid 0xfab0000000000090 (sw1):
 *   Lid  Out   Destination
 *        Port     Info
 * 0x0001 001 : (Channel Adapter portguid 0xfab0000000000011: 's1')
 * 0x0009 000 : (Switch portguid 0xfab0000000000090: 'sw1')
 * 2 valid lids dumped
 * </pre>
 *
 * Destinations are LIDs and ports are InfiniBand port numbers (ours + 1); {@link IbSubnet#of} maps both to the
 * topology: the fabric's own LIDs and GUIDs for a topology imported from ibnetdiscover output, synthetic ones
 * (LID = node id + 1) for any other. Our tables route to hosts only, so a dump written here has an entry per
 * host plus the switch's own LID (port 0); when reading, entries for switches' LIDs are accepted and ignored.
 * OpenSM's own {@code opensm-lfts.dump} layout ({@code ('desc')} in the header, {@code # } before the info,
 * {@code N lids dumped}) reads too.
 */
public final class LftDump {
    /** The routing spec prefix: {@code routing = lft-dump:<path>}. */
    public static final String PREFIX = "lft-dump:";
    static final String ALGORITHM = "lft-dump";

    private static final Pattern HEADER = Pattern.compile(
            "Unicast lids \\[(?:0x)?[0-9a-fA-F]+-(?:0x)?[0-9a-fA-F]+\\] of switch (.*?)\\s*guid 0x([0-9a-fA-F]{1,16})"
                    + "\\s*\\((.*)\\):\\s*");
    private static final Pattern SWITCH_LID = Pattern.compile("Lid (\\d+)\\b.*");
    private static final Pattern ENTRY = Pattern.compile("0x([0-9a-fA-F]{1,4})\\s+(\\d{1,3})(?:\\s+(.*))?");
    private static final Pattern PORT_GUID = Pattern.compile("portguid 0x([0-9a-fA-F]{1,16})");
    private static final Pattern TRAILER = Pattern.compile("(\\d+) (?:valid )?lids dumped\\s*");
    /** How many missing destinations a message names before it says how many more. */
    private static final int NAMED = 4;

    private LftDump() {
    }

    // ------------------------------------------------------------------------------------------------------
    // writing

    public static void write(ForwardingTables lft, Writer out) throws IOException {
        Topology t = lft.topology();
        IbSubnet subnet = IbSubnet.of(t);
        int top = checkWritable(t, subnet);
        int[] byLid = nodesByLid(t, subnet);
        // the LID and destination columns of each node, built once: a dump has switches x hosts lines
        String[] lidColumn = new String[t.nodeCount()];
        String[] infoColumn = new String[t.nodeCount()];
        for (int v : byLid) {
            IbNode n = subnet.node(v);
            lidColumn[v] = String.format("0x%04x ", n.lid());
            infoColumn[v] = " : (" + (t.isHost(v) ? "Channel Adapter" : "Switch") + " portguid "
                    + IbSubnet.hex(n.portGuid()) + ": '" + n.description() + "')\n";
        }
        StringBuilder sb = new StringBuilder(1 << 16);
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            IbNode sw = subnet.node(v);
            sb.append("Unicast lids [0x0-0x").append(Integer.toHexString(top)).append("] of switch Lid ")
                    .append(sw.lid()).append(" guid ").append(IbSubnet.hex(sw.nodeGuid())).append(" (")
                    .append(sw.description()).append("):\n  Lid  Out   Destination\n       Port     Info \n");
            int entries = 0;
            for (int d : byLid) {
                if (d != v && t.isSwitch(d)) {
                    continue;
                }
                int port = d == v ? 0 : lft.port(v, d) + 1;
                sb.append(lidColumn[d]).append((char) ('0' + port / 100)).append((char) ('0' + port / 10 % 10))
                        .append((char) ('0' + port % 10)).append(infoColumn[d]);
                entries++;
                if (sb.length() > 1 << 15) {
                    out.append(sb);
                    sb.setLength(0);
                }
            }
            sb.append(entries).append(" valid lids dumped \n");
        }
        out.append(sb);
        out.flush();
    }

    /** Writes the dump whole or not at all. */
    public static void write(ForwardingTables lft, Path file) {
        checkWritable(lft.topology(), IbSubnet.of(lft.topology()));
        TextFiles.writeAtomically(file, "LFT dump", out -> write(lft, out));
    }

    /** The highest LID; every host needs one, and a switch port number must fit a byte. */
    private static int checkWritable(Topology t, IbSubnet subnet) {
        int top = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            IbNode n = subnet.node(v);
            if (t.isHost(v) && n.lid() == 0) {
                throw new InputException("topology " + t.name() + ": host " + t.nodeName(v) + " has no LID (the"
                        + " subnet manager had not assigned one), so an LFT dump cannot name it");
            }
            if (t.isSwitch(v) && t.ports(v) > IbSubnet.MAX_SWITCH_PORTS) {
                throw new InputException("topology " + t.name() + ": switch " + t.nodeName(v) + " has " + t.ports(v)
                        + " ports; an LFT entry holds at most port " + IbSubnet.MAX_SWITCH_PORTS);
            }
            top = Math.max(top, n.lid());
        }
        return top;
    }

    /** The nodes with a LID (hosts, and switches for their own entry), in LID order. */
    private static int[] nodesByLid(Topology t, IbSubnet subnet) {
        List<Integer> nodes = new ArrayList<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            if (subnet.node(v).lid() > 0) {
                nodes.add(v);
            }
        }
        nodes.sort((a, b) -> Integer.compare(subnet.node(a).lid(), subnet.node(b).lid()));
        return nodes.stream().mapToInt(Integer::intValue).toArray();
    }

    // ------------------------------------------------------------------------------------------------------
    // reading

    public static ForwardingTables read(Path file, Topology t) {
        return read(file, t, true);
    }

    /**
     * {@code strict = false} for {@code fabricsim topology --check}: missing entries and switches without a
     * table are kept as "no entry" and routes are not followed, so that the check reports them.
     */
    static ForwardingTables read(Path file, Topology t, boolean strict) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new Parser(file.toString(), t, strict).parse(new BufferedReader(r));
        } catch (IOException e) {
            String reason = e instanceof java.nio.file.NoSuchFileException ? "no such file"
                    : e instanceof java.nio.charset.CharacterCodingException ? "not UTF-8 text" : e.getMessage();
            throw new InputException(file + ": cannot read LFT dump (" + reason + ")", e);
        }
    }

    public static ForwardingTables parse(String fileName, Reader in, Topology t) throws IOException {
        return new Parser(fileName, t, true).parse(in instanceof BufferedReader br ? br : new BufferedReader(in));
    }

    /** The tables of one dump; a switch's block runs from its header to its trailer. */
    private static final class Parser {
        private final String file;
        private final Topology t;
        private final IbSubnet subnet;
        private final short[] table;
        private final int[] headerLine; // by switch index, 0: not seen
        private int line;
        private int current = -1; // switch node of the open block
        private int entries;
        private boolean[] lidSeen;
        private final boolean strict;

        Parser(String file, Topology t, boolean strict) {
            this.strict = strict;
            this.file = file;
            this.t = t;
            this.subnet = IbSubnet.of(t);
            this.table = ForwardingTables.emptyTable(t);
            this.headerLine = new int[t.switchCount()];
        }

        ForwardingTables parse(BufferedReader in) throws IOException {
            String text;
            while ((text = in.readLine()) != null) {
                line++;
                String s = text.strip();
                if (line == 1 && s.startsWith("\uFEFF")) {
                    s = s.substring(1).strip();
                }
                try {
                    statement(s);
                } catch (InputException e) {
                    throw e.at(file + ":" + line);
                }
            }
            closeBlock();
            boolean any = false;
            for (int s = 0; s < headerLine.length; s++) {
                any |= headerLine[s] > 0;
            }
            if (!any) {
                throw new InputException(file + ": no 'Unicast lids ... of switch' line: not an LFT dump");
            }
            for (int s = 0; s < headerLine.length; s++) {
                if (headerLine[s] == 0 && strict) {
                    int v = t.hostCount() + s;
                    throw new InputException(file + ": no table for switch " + t.nodeName(v) + " (guid "
                            + IbSubnet.hex(subnet.node(v).nodeGuid()) + ")");
                }
            }
            ForwardingTables lft = new ForwardingTables(t, ALGORITHM, table, PREFIX + file);
            if (!strict) {
                return lft;
            }
            try {
                lft.validate();
            } catch (InputException e) {
                throw e.at(file);
            }
            return lft;
        }

        private void statement(String s) {
            if (s.isEmpty() || s.startsWith("#") || s.startsWith("***") || (s.startsWith("Lid") && s.contains("Out"))
                    || s.startsWith("Port") && s.contains("Info")) {
                return; // comments, column heads, dump_lfts.sh's deprecation warning
            }
            if (s.startsWith("Multicast mlids")) {
                throw new InputException("multicast forwarding tables (ibroute -M) are not unicast LFTs");
            }
            Matcher m;
            if (s.startsWith("Unicast lids")) {
                if (!(m = HEADER.matcher(s)).matches()) {
                    throw new InputException("malformed switch line (expected 'Unicast lids [0x0-0x<top>] of switch"
                            + " Lid <lid> guid 0x<guid> (<description>):')");
                }
                closeBlock();
                header(m);
            } else if ((m = ENTRY.matcher(s)).matches()) {
                entry(m);
            } else if ((m = TRAILER.matcher(s)).matches()) {
                trailer(Integer.parseInt(m.group(1).length() > 9 ? "-1" : m.group(1)));
            } else {
                throw new InputException("not a line of an LFT dump: '" + (s.length() > 60 ? s.substring(0, 57) + "..."
                        : s) + "' (expected a 'Unicast lids ... of switch' line, an entry '0x<lid> <port> ...' or"
                        + " '<n> valid lids dumped')");
            }
        }

        private void header(Matcher m) {
            long guid = Long.parseUnsignedLong(m.group(2), 16);
            int v = subnet.switchWithGuid(guid);
            if (v < 0) {
                throw new InputException("guid " + IbSubnet.hex(guid) + " is not a switch of topology " + t.name());
            }
            int s = t.switchIndex(v);
            if (headerLine[s] > 0) {
                throw new InputException("switch " + t.nodeName(v) + " appears twice (first on line " + headerLine[s]
                        + ")");
            }
            Matcher lid = SWITCH_LID.matcher(m.group(1));
            int own = subnet.node(v).lid();
            if (lid.matches() && own > 0 && !lid.group(1).equals(Integer.toString(own))) {
                throw new InputException("switch " + t.nodeName(v) + " has LID " + own + " in the topology, not "
                        + lid.group(1));
            }
            headerLine[s] = line;
            current = v;
            entries = 0;
            lidSeen = new boolean[IbSubnet.MAX_UNICAST_LID + 1];
        }

        private void entry(Matcher m) {
            if (current < 0) {
                throw new InputException("entry before any 'Unicast lids ... of switch' line");
            }
            int lid = Integer.parseInt(m.group(1), 16);
            int port = Integer.parseInt(m.group(2));
            String info = m.group(3) == null ? "" : m.group(3);
            entries++;
            if (info.contains("path #")) {
                throw lmc("LID " + lidText(lid) + " is an extra path LID " + info.replaceFirst("^[:#]\\s*", "").strip());
            }
            int ports = t.ports(current);
            if (port > ports) {
                if (info.contains("illegal port")) {
                    return; // dumped with -a: a LID without a route
                }
                throw new InputException("switch " + t.nodeName(current) + " sends LID " + lidText(lid) + " to port "
                        + port + ", which it does not have (ports 1.." + ports + ")");
            }
            if (lid > IbSubnet.MAX_UNICAST_LID || lidSeen[lid]) {
                throw new InputException(lid > IbSubnet.MAX_UNICAST_LID ? "LID " + lidText(lid) + " is not a unicast"
                        + " LID" : "LID " + lidText(lid) + " appears twice in the table of " + t.nodeName(current));
            }
            lidSeen[lid] = true;
            int d = subnet.nodeOfLid(lid);
            if (d < 0) {
                throw new InputException("LID " + lidText(lid) + " belongs to no host or switch of topology "
                        + t.name());
            }
            IbNode node = subnet.node(d);
            if (node.lid() != lid) {
                throw lmc("LID " + lidText(lid) + " is path " + (lid - node.lid() + 1) + " of " + t.nodeName(d)
                        + " (base LID " + lidText(node.lid()) + ", LMC " + node.lmc() + ")");
            }
            Matcher guid = PORT_GUID.matcher(info);
            if (guid.find() && Long.parseUnsignedLong(guid.group(1), 16) != node.portGuid()) {
                throw new InputException("LID " + lidText(lid) + " is " + t.nodeName(d) + " with port GUID "
                        + IbSubnet.hex(node.portGuid()) + " in the topology, but this line says portguid 0x"
                        + guid.group(1));
            }
            if (t.isSwitch(d)) {
                return; // our tables route to hosts only
            }
            if (port == 0) {
                throw new InputException("switch " + t.nodeName(current) + " sends host " + t.nodeName(d)
                        + "'s LID " + lidText(lid) + " to port 0, the switch itself");
            }
            if (!t.isConnected(t.port(current, port - 1))) {
                throw new InputException("switch " + t.nodeName(current) + " sends host " + t.nodeName(d) + "'s LID "
                        + lidText(lid) + " to port " + port + ", which has no cable");
            }
            table[t.switchIndex(current) * t.hostCount() + d] = (short) (port - 1);
        }

        private InputException lmc(String what) {
            return new InputException(what + ": LMC > 0 (several LIDs per port, one path each) is not supported;"
                    + " our tables have one route per destination host, so dump a subnet run with LMC 0");
        }

        private void trailer(int count) {
            if (current < 0) {
                throw new InputException("'lids dumped' line without a 'Unicast lids ... of switch' line before it");
            }
            if (count != entries) {
                throw new InputException("the table of switch " + t.nodeName(current) + " (line "
                        + headerLine[t.switchIndex(current)] + ") has " + entries + " entries, but this line says "
                        + count + ": the dump is cut or edited");
            }
            closeBlock();
        }

        /** Every host must have an entry in the block just ended; reported at the switch's header line. */
        private void closeBlock() {
            if (current < 0) {
                return;
            }
            int s = t.switchIndex(current);
            List<String> missing = new ArrayList<>();
            for (int d = 0; d < t.hostCount(); d++) {
                if (table[s * t.hostCount() + d] < 0) {
                    missing.add(t.nodeName(d) + " (LID " + lidText(subnet.node(d).lid()) + ")");
                }
            }
            if (!missing.isEmpty() && strict) {
                String named = String.join(", ", missing.subList(0, Math.min(NAMED, missing.size())))
                        + (missing.size() > NAMED ? " and " + (missing.size() - NAMED) + " more" : "");
                throw new Located(file + ":" + headerLine[s] + ": switch " + t.nodeName(current)
                        + " has no entry for " + missing.size() + " of the " + t.hostCount() + " hosts: " + named);
            }
            current = -1;
        }

        /** A mistake located at a line before the one being read (a switch's header): not prefixed again. */
        private static final class Located extends InputException {
            private static final long serialVersionUID = 1L;

            Located(String message) {
                super(message);
            }

            @Override
            public InputException at(String where) {
                return this;
            }
        }

        private static String lidText(int lid) {
            return String.format("0x%04x", lid);
        }
    }
}
