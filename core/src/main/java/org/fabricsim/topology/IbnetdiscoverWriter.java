package org.fabricsim.topology;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.Units;

/**
 * Writes a topology as ibnetdiscover writes a fabric (default output, no grouping): a comment header, every
 * switch with its cabled ports, then every HCA with its cabled ports, in the field layout and tabs of
 * infiniband-diags. GUIDs, LIDs and descriptions come from {@link IbSubnet#of}: the real ones for an imported
 * fabric, synthetic ones otherwise; switch port p is ibnetdiscover port p + 1. What the format cannot carry
 * is refused before anything is written: a cable rate that no width and speed gives, a switch with more than
 * 254 ports, a name that would read back differently.
 */
final class IbnetdiscoverWriter {
    private final Topology t;
    private final IbSubnet subnet;
    private final StringBuilder sb = new StringBuilder(160);

    IbnetdiscoverWriter(Topology t) {
        this.t = t;
        this.subnet = IbSubnet.of(t);
        check();
    }

    private void check() {
        String cannot = "topology " + t.name() + " cannot be written as ibnetdiscover output: ";
        for (int v = 0; v < t.nodeCount(); v++) {
            if (t.ibSubnet().isEmpty() && !IbNames.survivesImport(t.nodeName(v))) {
                throw new InputException(cannot + "node name '" + t.nodeName(v) + "' contains blanks, '#', ':' or"
                        + " '=', which a reader turns into '_'");
            }
            if (t.isSwitch(v) && t.ports(v) > IbSubnet.MAX_SWITCH_PORTS) {
                throw new InputException(cannot + "switch " + t.nodeName(v) + " has " + t.ports(v) + " ports; an"
                        + " InfiniBand switch has at most " + IbSubnet.MAX_SWITCH_PORTS);
            }
            for (int lp = 0; lp < t.ports(v); lp++) {
                int g = t.port(v, lp);
                if (t.isConnected(g) && rate(g) == null) {
                    throw new InputException(cannot + "the cable " + t.nodeName(v) + " port " + lp + " -- "
                            + t.nodeName(t.peerNode(g)) + " port " + t.localPort(t.peerPort(g)) + " runs at "
                            + Units.formatBandwidth(t.bandwidthBps(g)) + ", which no InfiniBand link does ("
                            + IbLinkRate.choices() + ")");
                }
            }
        }
    }

    /** The width and speed the cable was read with if it still gives its bandwidth, else the usual one. */
    private String rate(int g) {
        String imported = subnet.linkRate(g);
        if (imported != null && IbLinkRate.bps(imported) == t.bandwidthBps(g)) {
            return imported;
        }
        return IbLinkRate.label(t.bandwidthBps(g));
    }

    void write(Writer w) throws IOException {
        IbNode first = subnet.node(0);
        w.write("#\n# Topology file: written by fabricsim from topology " + t.name() + " (" + t.hostCount()
                + " hosts, " + t.switchCount() + " switches, " + t.cableCount() + " cables)\n#\n");
        w.write("# Initiated from node " + String.format("%016x", first.nodeGuid()) + " port "
                + String.format("%016x", first.portGuid()) + "\n");
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            writeSwitch(w, v);
        }
        for (List<Integer> ca : hcas()) {
            writeHca(w, ca);
        }
        w.flush();
    }

    /** Hosts grouped by HCA (node GUID), HCAs in the order of their first host, hosts by port number. */
    private List<List<Integer>> hcas() {
        Map<Long, List<Integer>> byGuid = new LinkedHashMap<>();
        for (int h = 0; h < t.hostCount(); h++) {
            byGuid.computeIfAbsent(subnet.node(h).nodeGuid(), k -> new ArrayList<>()).add(h);
        }
        List<List<Integer>> hcas = new ArrayList<>(byGuid.values());
        for (List<Integer> ca : hcas) {
            ca.sort((a, b) -> Integer.compare(subnet.node(a).port(), subnet.node(b).port()));
        }
        return hcas;
    }

    private void ids(Writer w, IbNode n) throws IOException {
        w.write("\nvendid=0x" + Integer.toHexString(n.vendorId()) + "\ndevid=0x" + Integer.toHexString(n.deviceId())
                + "\n");
        if (n.systemImageGuid() != 0) {
            w.write("sysimgguid=0x" + Long.toHexString(n.systemImageGuid()) + "\n");
        }
    }

    private void writeSwitch(Writer w, int v) throws IOException {
        IbNode n = subnet.node(v);
        ids(w, n);
        w.write("switchguid=0x" + Long.toHexString(n.nodeGuid()) + "(" + Long.toHexString(n.portGuid()) + ")\n");
        w.write("Switch\t" + t.ports(v) + " " + id('S', n.nodeGuid()) + "\t\t# \"" + n.description() + "\" "
                + (n.enhancedPort0() ? "enhanced" : "base") + " port 0 lid " + n.lid() + " lmc " + n.lmc() + "\n");
        for (int lp = 0; lp < t.ports(v); lp++) {
            int g = t.port(v, lp);
            if (!t.isConnected(g)) {
                continue;
            }
            sb.setLength(0);
            sb.append('[').append(lp + 1).append("]\t");
            peer(g);
            sb.append("\t\t# \"").append(subnet.node(t.peerNode(g)).description()).append("\" lid ")
                    .append(subnet.node(t.peerNode(g)).lid()).append(' ').append(rate(g)).append('\n');
            w.append(sb);
        }
    }

    private void writeHca(Writer w, List<Integer> hosts) throws IOException {
        IbNode n = subnet.node(hosts.get(0));
        ids(w, n);
        w.write("caguid=0x" + Long.toHexString(n.nodeGuid()) + "\n");
        w.write("Ca\t" + n.ports() + " " + id('H', n.nodeGuid()) + "\t\t# \"" + n.description() + "\"\n");
        for (int h : hosts) {
            IbNode port = subnet.node(h);
            int g = t.hostPort(h);
            sb.setLength(0);
            sb.append('[').append(port.port()).append("](").append(Long.toHexString(port.portGuid())).append(") \t");
            peer(g);
            IbNode peer = subnet.node(t.peerNode(g));
            sb.append("\t\t# lid ").append(port.lid()).append(" lmc ").append(port.lmc()).append(" \"")
                    .append(peer.description()).append("\" lid ").append(peer.lid()).append(' ').append(rate(g))
                    .append('\n');
            w.append(sb);
        }
    }

    /** {@code "S-<guid>"[port]} or {@code "H-<guid>"[port](<port guid>) } for the far end of the cable at g. */
    private void peer(int g) {
        int u = t.peerNode(g);
        IbNode peer = subnet.node(u);
        if (t.isSwitch(u)) {
            sb.append(id('S', peer.nodeGuid())).append('[').append(t.localPort(t.peerPort(g)) + 1).append(']');
        } else {
            sb.append(id('H', peer.nodeGuid())).append('[').append(peer.port()).append("](")
                    .append(Long.toHexString(peer.portGuid())).append(") ");
        }
    }

    private static String id(char type, long guid) {
        return "\"" + type + "-" + String.format("%016x", guid) + "\"";
    }
}
