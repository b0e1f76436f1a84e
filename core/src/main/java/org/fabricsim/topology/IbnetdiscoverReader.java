package org.fabricsim.topology;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.fabricsim.InputException;
import org.fabricsim.topology.IbnetdiscoverSyntax.Id;
import org.fabricsim.topology.IbnetdiscoverSyntax.IdKey;
import org.fabricsim.topology.IbnetdiscoverSyntax.Line;
import org.fabricsim.topology.IbnetdiscoverSyntax.NodeHeader;
import org.fabricsim.topology.IbnetdiscoverSyntax.PortLine;

/**
 * Reads ibnetdiscover output into a {@link Topology} with its {@link IbSubnet}: first every line on its own
 * ({@link IbnetdiscoverSyntax}) and the node blocks they form, then every cable against the line of its other
 * end, then the graph (DECISIONS D166). The first mistake is an {@link InputException} {@code file:line: ...}
 * ({@code file: ...} for a whole-file problem).
 */
final class IbnetdiscoverReader {
    /** A Switch or Ca block: its node line, the identity lines before it, and its port lines by port number. */
    private static final class Block {
        final NodeHeader header;
        final int line;
        final Map<IdKey, Id> ids;
        final TreeMap<Integer, Cable> ports = new TreeMap<>();

        Block(NodeHeader header, int line, Map<IdKey, Id> ids) {
            this.header = header;
            this.line = line;
            this.ids = ids;
        }

        boolean isSwitch() {
            return header.type() == 'S';
        }

        String id() {
            return header.type() + "-" + String.format("%016x", header.guid());
        }

        long id(IdKey key) {
            Id id = ids.get(key);
            return id == null ? 0 : id.value();
        }
    }

    /** One port line: one end of a cable as seen from its block. */
    private record Cable(Block block, PortLine port, int line) {
        String end() {
            return block.id() + "[" + port.port() + "]";
        }
    }

    private final String file;
    private final String topologyName;
    private final NodeNameMap names;
    private final long latencyPs;
    private final List<Block> blocks = new ArrayList<>();
    private final Map<Long, Block> byGuid = new HashMap<>();
    private final Map<Long, Integer> portGuidLine = new HashMap<>();
    private final Map<Integer, Integer> lidLine = new HashMap<>();
    private final Map<IdKey, Id> pendingIds = new EnumMap<>(IdKey.class);
    private final Map<IdKey, Integer> pendingIdLines = new EnumMap<>(IdKey.class);
    private final List<Cable> cables = new ArrayList<>();
    private int line;

    IbnetdiscoverReader(String file, String topologyName, NodeNameMap names, long latencyPs) {
        this.file = file;
        this.topologyName = topologyName;
        this.names = names;
        this.latencyPs = latencyPs;
    }

    Topology read(BufferedReader in) throws IOException {
        String text;
        while ((text = in.readLine()) != null) {
            line++;
            if (line == 1 && text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            try {
                Block current = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
                Line parsed = IbnetdiscoverSyntax.parse(text, current == null || current.isSwitch());
                if (parsed instanceof Id id) {
                    identity(id);
                } else if (parsed instanceof NodeHeader header) {
                    node(header);
                } else if (parsed instanceof PortLine port) {
                    port(current, port);
                }
            } catch (InputException e) {
                throw e.at(file + ":" + line);
            }
        }
        if (!pendingIdLines.isEmpty()) {
            int first = pendingIdLines.values().stream().min(Integer::compare).orElseThrow();
            throw new InputException(file + ":" + first + ": identity lines without a Switch or Ca line after them"
                    + " (the file ends)");
        }
        if (blocks.isEmpty()) {
            throw new InputException(file + ": no Switch or Ca lines: this is not ibnetdiscover output");
        }
        for (Cable c : cables) {
            try {
                checkOtherEnd(c);
            } catch (InputException e) {
                throw e.at(file + ":" + c.line());
            }
        }
        return build();
    }

    // ------------------------------------------------------------------------------------------------------
    // lines

    private void identity(Id id) {
        if (id.key() == IdKey.RTGUID) {
            throw routers("rtguid=" + String.format("0x%x", id.value()));
        }
        Integer first = pendingIdLines.get(id.key());
        if (first != null) {
            throw new InputException("second " + id.key().name().toLowerCase(java.util.Locale.ROOT)
                    + "= line before a Switch or Ca line (first on line " + first + ")");
        }
        pendingIds.put(id.key(), id);
        pendingIdLines.put(id.key(), line);
    }

    private static InputException routers(String what) {
        return new InputException("routers are not supported (" + what + "): fabricsim simulates one subnet of"
                + " switches and HCAs; remove the router's lines and the lines of its cables");
    }

    private void node(NodeHeader h) {
        if (h.type() == 'R') {
            throw routers("Rt line");
        }
        boolean isSwitch = h.type() == 'S';
        IdKey own = isSwitch ? IdKey.SWITCHGUID : IdKey.CAGUID;
        IdKey other = isSwitch ? IdKey.CAGUID : IdKey.SWITCHGUID;
        String kind = isSwitch ? "Switch" : "Ca";
        if (pendingIds.containsKey(other)) {
            throw new InputException("a " + kind + " line after " + other.name().toLowerCase(java.util.Locale.ROOT)
                    + "= (line " + pendingIdLines.get(other) + ")");
        }
        Id guidLine = pendingIds.get(own);
        if (guidLine != null && guidLine.value() != h.guid()) {
            throw new InputException(kind + " GUID " + String.format("%016x", h.guid()) + " differs from "
                    + own.name().toLowerCase(java.util.Locale.ROOT) + "=" + String.format("0x%x", guidLine.value())
                    + " on line " + pendingIdLines.get(own));
        }
        Block previous = byGuid.get(h.guid());
        if (previous != null) {
            throw new InputException("duplicate GUID " + String.format("0x%016x", h.guid()) + ": line " + previous.line
                    + " already has a " + (previous.isSwitch() ? "Switch" : "Ca") + " with it");
        }
        if (isSwitch) {
            claimLids(h.lid(), h.lmc(), "switch " + "S-" + String.format("%016x", h.guid()));
        }
        Block b = new Block(h, line, new EnumMap<>(pendingIds));
        pendingIds.clear();
        pendingIdLines.clear();
        blocks.add(b);
        byGuid.put(h.guid(), b);
    }

    private void port(Block b, PortLine p) {
        if (b == null) {
            throw new InputException("port line before any Switch or Ca line");
        }
        if (!pendingIdLines.isEmpty()) {
            throw new InputException("port line after identity lines (line " + pendingIdLines.values().stream()
                    .min(Integer::compare).orElseThrow() + ") that have no Switch or Ca line yet");
        }
        if (p.peerType() == 'R') {
            throw routers("a cable to R-" + String.format("%016x", p.peerGuid()));
        }
        if (p.port() == 0) {
            throw new InputException(b.isSwitch() ? "port 0 of a switch is its management port and has no cable"
                    : "ports of a CA are numbered from 1");
        }
        if (p.port() > b.header.ports()) {
            throw new InputException("port " + p.port() + " of " + b.id() + " does not exist: its "
                    + (b.isSwitch() ? "Switch" : "Ca") + " line (line " + b.line + ") gives " + b.header.ports()
                    + " ports");
        }
        Cable previous = b.ports.get(p.port());
        if (previous != null) {
            throw new InputException("port " + p.port() + " of " + b.id() + " is listed twice (first on line "
                    + previous.line() + ")");
        }
        if (!b.isSwitch()) {
            Integer first = portGuidLine.putIfAbsent(p.ownPortGuid(), line);
            if (first != null) {
                throw new InputException("duplicate port GUID " + String.format("0x%016x", p.ownPortGuid())
                        + ": line " + first + " already gives it to a port");
            }
            claimLids(p.ownLid(), p.ownLmc(), b.id() + " port " + p.port());
        }
        Cable c = new Cable(b, p, line);
        b.ports.put(p.port(), c);
        cables.add(c);
    }

    /** A port's LIDs, base to base + 2^lmc - 1, must be nobody else's; LID 0 (none assigned) is not claimed. */
    private void claimLids(int lid, int lmc, String who) {
        if (lid == 0) {
            return;
        }
        int last = lid + (1 << lmc) - 1;
        if (last > IbSubnet.MAX_UNICAST_LID) {
            throw new InputException(who + ": LIDs " + lid + ".." + last + " (lmc " + lmc + ") go beyond the unicast"
                    + " range (at most " + IbSubnet.MAX_UNICAST_LID + ")");
        }
        for (int l = lid; l <= last; l++) {
            Integer first = lidLine.get(l);
            if (first != null) {
                throw new InputException("LID " + l + " of " + who + " is used twice: line " + first + " already"
                        + " gives it to a port");
            }
        }
        for (int l = lid; l <= last; l++) {
            lidLine.put(l, line);
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // cables

    /** Both ends of a cable are listed, point at each other, and agree on rate, LIDs and port GUIDs. */
    private void checkOtherEnd(Cable c) {
        PortLine p = c.port();
        String peerId = p.peerType() + "-" + String.format("%016x", p.peerGuid());
        Block peer = byGuid.get(p.peerGuid());
        if (peer == null) {
            throw new InputException("cable " + c.end() + " -- " + peerId + "[" + p.peerPort() + "]: no "
                    + (p.peerType() == 'S' ? "Switch" : "Ca") + " line in the file has GUID "
                    + String.format("%016x", p.peerGuid()));
        }
        if (peer.header.type() != p.peerType()) {
            throw new InputException("cable " + c.end() + " -- " + peerId + "[" + p.peerPort() + "]: "
                    + String.format("%016x", p.peerGuid()) + " is a " + (peer.isSwitch() ? "Switch" : "Ca")
                    + " (line " + peer.line + "), written " + peer.id());
        }
        if (p.peerPort() < 1 || p.peerPort() > peer.header.ports()) {
            throw new InputException("cable " + c.end() + " -- " + peerId + "[" + p.peerPort() + "]: port "
                    + p.peerPort() + " of " + peerId + " does not exist: its " + (peer.isSwitch() ? "Switch" : "Ca")
                    + " line (line " + peer.line + ") gives " + peer.header.ports() + " ports");
        }
        Cable back = peer.ports.get(p.peerPort());
        if (back == null) {
            throw new InputException("cable " + c.end() + " -- " + peerId + "[" + p.peerPort() + "] is listed at one"
                    + " end only: " + peerId + " (line " + peer.line + ") has no line for its port " + p.peerPort());
        }
        PortLine q = back.port();
        if (q.peerGuid() != c.block().header.guid() || q.peerPort() != p.port()) {
            throw new InputException("the two ends of a cable disagree: this line connects " + c.end() + " to "
                    + peerId + "[" + p.peerPort() + "], but line " + back.line() + " connects " + back.end() + " to "
                    + q.peerType() + "-" + String.format("%016x", q.peerGuid()) + "[" + q.peerPort() + "]");
        }
        if (!q.rate().equals(p.rate())) {
            throw new InputException("the two ends of cable " + c.end() + " -- " + back.end() + " disagree on its"
                    + " width and speed: " + p.rate() + " here, " + q.rate() + " on line " + back.line());
        }
        int peerLid = peer.isSwitch() ? peer.header.lid() : q.ownLid();
        int peerLidLine = peer.isSwitch() ? peer.line : back.line();
        if (p.peerLid() != peerLid) {
            throw new InputException("this line gives " + (peer.isSwitch() ? peerId : back.end()) + " LID "
                    + p.peerLid() + ", but line " + peerLidLine + " gives it LID " + peerLid);
        }
        if (p.peerPortGuid() >= 0 && !peer.isSwitch() && p.peerPortGuid() != q.ownPortGuid()) {
            throw new InputException("this line gives " + back.end() + " port GUID " + String.format("%x",
                    p.peerPortGuid()) + ", but line " + back.line() + " gives it " + String.format("%x",
                    q.ownPortGuid()));
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // the graph

    private Topology build() {
        List<Block> switches = blocks.stream().filter(Block::isSwitch).toList();
        List<Block> cas = blocks.stream().filter(b -> !b.isSwitch()).toList();
        if (cas.isEmpty()) {
            throw new InputException(file + ": no Ca lines: the fabric has no hosts");
        }
        IbNames naming = new IbNames();
        for (Block s : switches) {
            naming.add(nameOf(s));
        }
        List<Cable> hostPorts = new ArrayList<>();
        for (Block ca : cas) {
            if (ca.ports.isEmpty()) {
                throw new InputException(file + ":" + ca.line + ": " + ca.id() + " has no cabled port (no port lines"
                        + " follow its Ca line)");
            }
            for (Cable c : ca.ports.values()) {
                hostPorts.add(c);
                naming.add(nameOf(ca) + (ca.ports.size() > 1 ? "/" + c.port().port() : ""));
            }
        }
        List<String> unique = naming.unique();
        int hostCount = hostPorts.size();
        TopologyBuilder builder = new TopologyBuilder(topologyName);
        Map<Block, Integer> switchId = new HashMap<>();
        Map<Cable, Integer> hostId = new HashMap<>();
        for (int h = 0; h < hostCount; h++) {
            hostId.put(hostPorts.get(h), builder.addHost(unique.get(switches.size() + h)));
        }
        for (int s = 0; s < switches.size(); s++) {
            int id = builder.addSwitch(unique.get(s));
            builder.reservePorts(id, switches.get(s).header.ports());
            switchId.put(switches.get(s), id);
        }
        // builder ids are final ids here: all hosts were added before any switch
        Set<Cable> done = new HashSet<>();
        List<int[]> endpoints = new ArrayList<>();
        List<String> rates = new ArrayList<>();
        for (Cable c : cables) {
            if (done.contains(c)) {
                continue; // added from its other end
            }
            Cable back = byGuid.get(c.port().peerGuid()).ports.get(c.port().peerPort());
            done.add(back);
            int[] a = endpoint(c, switchId, hostId);
            int[] b = endpoint(back, switchId, hostId);
            if (a[0] == b[0]) { // the builder would name our ports, counted from 0: say it in the file's numbers
                throw new InputException(file + ":" + c.line() + ": cable " + c.end() + " -- " + back.end()
                        + " connects a node to itself");
            }
            try {
                builder.connect(a[0], a[1], b[0], b[1], IbLinkRate.bps(c.port().rate()), latencyPs);
            } catch (InputException e) {
                throw e.at(file + ":" + c.line());
            }
            endpoints.add(new int[] {a[0], a[1], b[0], b[1]});
            rates.add(c.port().rate());
        }
        Topology t;
        try {
            t = builder.build();
        } catch (InputException e) {
            throw e.at(file);
        }
        return t.withIbSubnet(subnet(t, switches, hostPorts, endpoints, rates));
    }

    private String nameOf(Block b) {
        String mapped = names.name(b.header.guid());
        return IbNames.fromDescription(mapped != null ? mapped : b.header.description(), b.id());
    }

    /** {node id, local port}: a host's only port is 0, switch port p is our port p - 1. */
    private static int[] endpoint(Cable c, Map<Block, Integer> switchId, Map<Cable, Integer> hostId) {
        return c.block().isSwitch() ? new int[] {switchId.get(c.block()), c.port().port() - 1}
                : new int[] {hostId.get(c), 0};
    }

    private IbSubnet subnet(Topology t, List<Block> switches, List<Cable> hostPorts, List<int[]> endpoints,
            List<String> rates) {
        IbNode[] nodes = new IbNode[t.nodeCount()];
        for (int h = 0; h < hostPorts.size(); h++) {
            Cable c = hostPorts.get(h);
            Block ca = c.block();
            nodes[h] = new IbNode(ca.header.guid(), c.port().ownPortGuid(), ca.id(IdKey.SYSIMGGUID),
                    (int) ca.id(IdKey.VENDID), (int) ca.id(IdKey.DEVID), description(ca), ca.header.ports(),
                    c.port().port(), c.port().ownLid(), c.port().ownLmc(), false);
        }
        for (int s = 0; s < switches.size(); s++) {
            Block b = switches.get(s);
            Id guidLine = b.ids.get(IdKey.SWITCHGUID);
            long portGuid = guidLine != null && guidLine.portGuid() >= 0 ? guidLine.portGuid() : b.header.guid();
            nodes[hostPorts.size() + s] = new IbNode(b.header.guid(), portGuid, b.id(IdKey.SYSIMGGUID),
                    (int) b.id(IdKey.VENDID), (int) b.id(IdKey.DEVID), description(b), b.header.ports(), 0,
                    b.header.lid(), b.header.lmc(), b.header.enhanced());
        }
        String[] linkRates = new String[t.portCount()];
        for (int i = 0; i < endpoints.size(); i++) {
            int[] e = endpoints.get(i);
            linkRates[t.port(e[0], e[1])] = rates.get(i);
            linkRates[t.port(e[2], e[3])] = rates.get(i);
        }
        return new IbSubnet(nodes, linkRates, t.hostCount());
    }

    /** What the node's name was made from, so that an export names it the same way again. */
    private String description(Block b) {
        String mapped = names.name(b.header.guid());
        return mapped != null ? mapped : b.header.description();
    }
}
