package org.fabricsim.topology;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import org.fabricsim.config.Units;
import org.fabricsim.files.TextFiles;

/**
 * Writes a topology as a Graphviz DOT file: an undirected {@code graph}, one node per host (small box) or
 * switch (ellipse), one {@code rank=same} group per level with the top level first, and one edge per
 * cable, parallel cables as separate edges. The port at each end of a cable is the edge's
 * {@code taillabel} / {@code headlabel}; the tail is always the end at the higher level, so that dot draws
 * trees top down. When the cables do not all have the same bandwidth, each edge is labelled with its own.
 *
 * <p>The output is streamed line by line, whatever the size of the topology ({@code dot} itself becomes
 * slow beyond a few thousand nodes; {@code sfdp} copes better).
 */
public final class Graphviz {
    /** Above this many nodes the output carries a comment suggesting a faster layout engine. */
    static final int LARGE = 2000;

    private Graphviz() {
    }

    public static void write(Topology t, Writer out) throws IOException {
        BufferedWriter w = out instanceof BufferedWriter bw ? bw : new BufferedWriter(out, 1 << 16);
        boolean labelBandwidth = bandwidthsDiffer(t);
        w.write("graph " + quote(t.name()) + " {\n");
        w.write("  // fabricsim topology " + t.name().replace('\n', ' ') + ": " + t.hostCount() + " hosts, "
                + t.switchCount() + " switches, " + t.cableCount() + " cables\n");
        if (t.nodeCount() > LARGE) {
            w.write("  // large graph: dot may take long; sfdp or neato draw it faster (ranks are then ignored)\n");
        }
        w.write("  graph [rankdir=TB, ranksep=1.2, nodesep=0.15];\n");
        w.write("  node [fontsize=10];\n");
        w.write("  edge [fontsize=8, labelfontsize=7, labeldistance=1.5];\n");

        // nodes grouped by level, top level first: a counting sort, so big topologies stay linear
        int maxLevel = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            maxLevel = Math.max(maxLevel, t.level(v));
        }
        int[] start = new int[maxLevel + 2];
        for (int v = 0; v < t.nodeCount(); v++) {
            start[t.level(v) + 1]++;
        }
        for (int l = 0; l <= maxLevel; l++) {
            start[l + 1] += start[l];
        }
        int[] order = new int[t.nodeCount()];
        int[] fill = start.clone();
        for (int v = 0; v < t.nodeCount(); v++) {
            order[fill[t.level(v)]++] = v;
        }
        for (int l = maxLevel; l >= 0; l--) {
            if (start[l] == start[l + 1]) {
                continue;
            }
            w.write("  { rank=same; // level " + l + (l == 0 ? " (hosts)" : "") + "\n");
            boolean hostsHere = t.isHost(order[start[l]]);
            w.write(hostsHere ? "    node [shape=box, width=0.3, height=0.2, fontsize=8];\n"
                    : "    node [shape=ellipse];\n");
            for (int i = start[l]; i < start[l + 1]; i++) {
                int v = order[i];
                w.write("    ");
                w.write(quote(t.nodeName(v)));
                if (t.isHost(v) != hostsHere) { // a switch at level 0 cannot happen, but stay correct
                    w.write(t.isHost(v) ? " [shape=box]" : " [shape=ellipse]");
                }
                w.write(";\n");
            }
            w.write("  }\n");
        }

        StringBuilder sb = new StringBuilder(128);
        for (int g = 0; g < t.portCount(); g++) {
            int peer = t.peerPort(g);
            if (peer <= g) {
                continue;
            }
            int tail = g;
            int head = peer;
            if (t.level(t.owner(head)) > t.level(t.owner(tail))) {
                tail = peer;
                head = g;
            }
            sb.setLength(0);
            sb.append("  ").append(quote(t.nodeName(t.owner(tail)))).append(" -- ")
                    .append(quote(t.nodeName(t.owner(head)))).append(" [taillabel=\"").append(t.localPort(tail))
                    .append("\", headlabel=\"").append(t.localPort(head)).append('"');
            if (labelBandwidth) {
                sb.append(", label=\"").append(Units.formatBandwidth(t.bandwidthBps(g))).append('"');
            }
            sb.append("];\n");
            w.append(sb);
        }
        w.write("}\n");
        w.flush();
    }

    /** Writes a DOT file (to a temporary sibling, renamed at the end); an I/O problem is an InputException. */
    public static void write(Topology t, Path file) {
        TextFiles.writeAtomically(file, "Graphviz file", out -> write(t, out));
    }

    private static boolean bandwidthsDiffer(Topology t) {
        long seen = -1;
        for (int g = 0; g < t.portCount(); g++) {
            if (t.isConnected(g)) {
                if (seen >= 0 && t.bandwidthBps(g) != seen) {
                    return true;
                }
                seen = t.bandwidthBps(g);
            }
        }
        return false;
    }

    /** A DOT double-quoted string: backslashes and quotes escaped, so any name is one ID. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> { }
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
