package org.fabricsim.topology;

import static org.fabricsim.topology.TopologyFile.DEFAULT_BANDWIDTH_BPS;
import static org.fabricsim.topology.TopologyFile.DEFAULT_LATENCY_PS;
import static org.fabricsim.topology.TopologyFile.MAX_LEVEL;
import static org.fabricsim.topology.TopologyFile.MAX_PORT;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.Units;

/**
 * Writes a topology as a topology file, in the layout {@link TopologyFile#write(Topology, Writer)} describes, after
 * checking that the format can carry it ({@link #checkWritable}): a bad name is refused before anything is
 * written.
 */
final class TopologyFileWriter {
    /** Names per host or switch line when writing. */
    private static final int NAMES_PER_LINE = 16;

    private TopologyFileWriter() {
    }

    /** What {@link TopologyFile#write(Topology, Writer)} promises. */
    static void write(Topology t, Writer out) throws IOException {
        checkWritable(t);
        long defaultBandwidth = mostCommon(t, true);
        long defaultLatency = mostCommon(t, false);
        BufferedWriter w = out instanceof BufferedWriter bw ? bw : new BufferedWriter(out, 1 << 16);
        w.write("# fabricsim topology file (format: docs/TOPOLOGY_FORMAT.md)\n");
        w.write("# " + t.hostCount() + " hosts, " + t.switchCount() + " switches, " + t.cableCount() + " cables");
        if (t.fatTree().isPresent()) {
            w.write("; generated as " + t.fatTree().get().expression());
        }
        w.write("\n");
        w.write("topology " + t.name() + "\n");
        w.write("default bandwidth " + Units.formatBandwidth(defaultBandwidth) + "\n");
        w.write("default latency " + Units.formatTime(defaultLatency) + "\n");
        w.write("\n");

        for (int v = 0; v < t.hostCount(); v += NAMES_PER_LINE) {
            w.write("host");
            for (int u = v; u < Math.min(t.hostCount(), v + NAMES_PER_LINE); u++) {
                w.write(' ');
                w.write(t.nodeName(u));
            }
            w.write('\n');
        }
        int v = t.hostCount();
        while (v < t.nodeCount()) {
            int level = t.level(v);
            int ports = explicitPorts(t, v);
            int end = v + 1;
            while (end < t.nodeCount() && end - v < NAMES_PER_LINE && t.level(end) == level
                    && explicitPorts(t, end) == ports) {
                end++;
            }
            w.write("switch");
            for (int u = v; u < end; u++) {
                w.write(' ');
                w.write(t.nodeName(u));
            }
            w.write(" level=" + level);
            if (ports >= 0) {
                w.write(" ports=" + ports);
            }
            w.write('\n');
            v = end;
        }
        w.write('\n');

        StringBuilder sb = new StringBuilder(96);
        for (int node = 0; node < t.nodeCount(); node++) {
            for (int lp = 0; lp < t.ports(node); lp++) {
                int g = t.port(node, lp);
                int peer = t.peerPort(g);
                if (peer <= g) {
                    continue; // unconnected, or written from the other end
                }
                sb.setLength(0);
                sb.append("link ").append(t.nodeName(node)).append(':').append(lp).append(' ')
                        .append(t.nodeName(t.owner(peer))).append(':').append(t.localPort(peer));
                sb.append(' ').append(Units.formatBandwidth(t.bandwidthBps(g))).append(' ')
                        .append(Units.formatTime(t.latencyPs(g))).append('\n');
                w.append(sb);
            }
        }
        w.flush();
    }

    /** The ports= value a switch line needs (its port count), or -1 when the port count follows from the links. */
    private static int explicitPorts(Topology t, int v) {
        int ports = t.ports(v);
        return ports > 0 && t.isConnected(t.port(v, ports - 1)) ? -1 : ports;
    }

    /** Refuses, before anything is written, a topology whose names, ports or levels the format cannot carry. */
    static void checkWritable(Topology t) {
        String cannot = "topology " + t.name() + " cannot be written as a topology file: ";
        if (t.name().isEmpty() || t.name().chars().anyMatch(c -> Character.isWhitespace(c) || c == '#')) {
            throw new InputException(cannot + "its name '" + t.name() + "' is empty or contains whitespace or '#'");
        }
        for (int v = 0; v < t.nodeCount(); v++) {
            if (!isWritableNodeName(t.nodeName(v))) {
                throw new InputException(cannot + "node name '" + t.nodeName(v)
                        + "' contains whitespace, '#', ':' or '='");
            }
            if (t.isHost(v) && t.ports(v) != 1) {
                throw new InputException(cannot + "host " + t.nodeName(v) + " has " + t.ports(v)
                        + " ports (the format gives every host exactly one, port 0)");
            }
            if (t.isSwitch(v) && (t.ports(v) > MAX_PORT + 1 || t.level(v) > MAX_LEVEL || t.level(v) < 1)) {
                throw new InputException(cannot + "switch " + t.nodeName(v) + " has " + t.ports(v)
                        + " ports and level " + t.level(v) + " (supported: at most " + (MAX_PORT + 1)
                        + " ports, levels 1.." + MAX_LEVEL + ")");
            }
        }
    }

    /** The most common cable bandwidth (or latency); ties go to the smaller value. */
    private static long mostCommon(Topology t, boolean bandwidth) {
        Map<Long, Integer> count = new HashMap<>();
        for (int g = 0; g < t.portCount(); g++) {
            if (t.peerPort(g) > g) {
                count.merge(bandwidth ? t.bandwidthBps(g) : t.latencyPs(g), 1, Integer::sum);
            }
        }
        long best = bandwidth ? DEFAULT_BANDWIDTH_BPS : DEFAULT_LATENCY_PS;
        int bestCount = 0;
        for (Map.Entry<Long, Integer> e : count.entrySet()) {
            if (e.getValue() > bestCount || (e.getValue() == bestCount && e.getKey() < best)) {
                best = e.getKey();
                bestCount = e.getValue();
            }
        }
        return best;
    }

    /** Whether a node name can be written in this format. */
    private static boolean isWritableNodeName(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isWhitespace(c) || c == '#' || c == ':' || c == '=') {
                return false;
            }
        }
        return true;
    }
}
