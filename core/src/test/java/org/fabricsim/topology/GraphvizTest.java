package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphvizTest {
    static String dot(Topology t) {
        StringWriter out = new StringWriter();
        try {
            Graphviz.write(t, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** A DOT token: a quoted string (unescaped), an identifier, or punctuation. */
    record Token(String text, boolean quoted) {
    }

    static List<Token> tokens(String dot) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < dot.length()) {
            char c = dot.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (dot.startsWith("//", i)) {
                while (i < dot.length() && dot.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '"') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (dot.charAt(i) != '"') {
                    if (dot.charAt(i) == '\\') {
                        i++;
                    }
                    sb.append(dot.charAt(i++));
                }
                i++;
                tokens.add(new Token(sb.toString(), true));
            } else if (dot.startsWith("--", i)) {
                tokens.add(new Token("--", false));
                i += 2;
            } else if ("{}[];=,".indexOf(c) >= 0) {
                tokens.add(new Token(String.valueOf(c), false));
                i++;
            } else {
                int start = i;
                while (i < dot.length() && (Character.isLetterOrDigit(dot.charAt(i)) || dot.charAt(i) == '_'
                        || dot.charAt(i) == '.')) {
                    i++;
                }
                if (i == start) {
                    throw new AssertionError("unexpected character '" + c + "' at " + i);
                }
                tokens.add(new Token(dot.substring(start, i), false));
            }
        }
        return tokens;
    }

    /** The parsed statements: node ids with their attributes and edges with theirs, plus rank groups. */
    static final class Parsed {
        final List<String> nodes = new ArrayList<>();
        final List<String[]> edges = new ArrayList<>(); // tail, head, taillabel, headlabel, label
        final List<List<String>> rankGroups = new ArrayList<>();
        final Map<String, String> nodeShape = new HashMap<>();
    }

    static Parsed parse(String dot) {
        List<Token> t = tokens(dot);
        // balanced braces, never closing more than opened
        int depth = 0;
        for (Token k : t) {
            if (!k.quoted() && k.text().equals("{")) {
                depth++;
            } else if (!k.quoted() && k.text().equals("}")) {
                depth--;
                assertTrue(depth >= 0, "a '}' closes nothing");
            }
        }
        assertEquals(0, depth, "unbalanced braces");
        assertEquals("graph", t.get(0).text());
        assertTrue(t.get(1).quoted());
        assertEquals("{", t.get(2).text());
        Parsed p = new Parsed();
        String shape = null;
        List<String> group = null;
        int i = 3;
        while (i < t.size()) {
            Token k = t.get(i);
            if (!k.quoted() && k.text().equals("{")) {
                group = new ArrayList<>();
                i++;
            } else if (!k.quoted() && k.text().equals("}")) {
                if (group != null) {
                    p.rankGroups.add(group);
                    group = null;
                    shape = null;
                }
                i++;
            } else if (!k.quoted() && k.text().equals(";")) {
                i++;
            } else if (!k.quoted() && (k.text().equals("graph") || k.text().equals("node") || k.text().equals("edge"))) {
                Map<String, String> attrs = new HashMap<>();
                i = attributes(t, i + 1, attrs);
                if (k.text().equals("node") && attrs.containsKey("shape")) {
                    shape = attrs.get("shape");
                }
            } else if (!k.quoted() && k.text().equals("rank")) {
                assertEquals("=", t.get(i + 1).text());
                assertEquals("same", t.get(i + 2).text());
                i += 3;
            } else if (k.quoted() && i + 1 < t.size() && t.get(i + 1).text().equals("--")) {
                Token head = t.get(i + 2);
                assertTrue(head.quoted());
                Map<String, String> attrs = new HashMap<>();
                i = attributes(t, i + 3, attrs);
                p.edges.add(new String[] {k.text(), head.text(), attrs.get("taillabel"), attrs.get("headlabel"),
                        attrs.get("label")});
            } else if (k.quoted()) {
                Map<String, String> attrs = new HashMap<>();
                i = attributes(t, i + 1, attrs);
                p.nodes.add(k.text());
                p.nodeShape.put(k.text(), attrs.getOrDefault("shape", shape));
                if (group != null) {
                    group.add(k.text());
                }
            } else {
                throw new AssertionError("unexpected token " + k + " at " + i);
            }
        }
        return p;
    }

    /** Reads an optional [k=v, ...] list starting at i; returns the index after it. */
    private static int attributes(List<Token> t, int i, Map<String, String> attrs) {
        if (i >= t.size() || !t.get(i).text().equals("[") || t.get(i).quoted()) {
            return i;
        }
        i++;
        while (!t.get(i).text().equals("]") || t.get(i).quoted()) {
            String key = t.get(i).text();
            assertEquals("=", t.get(i + 1).text());
            attrs.put(key, t.get(i + 2).text());
            i += 3;
            if (t.get(i).text().equals(",") && !t.get(i).quoted()) {
                i++;
            }
        }
        return i + 1;
    }

    private static String edgeKey(String a, String pa, String b, String pb) {
        String x = a + ":" + pa;
        String y = b + ":" + pb;
        return x.compareTo(y) < 0 ? x + " -- " + y : y + " -- " + x;
    }

    /** Every cable appears as exactly one edge with the right ports; every node exactly once, ranked by level. */
    static Parsed check(Topology t) {
        String text = dot(t);
        Parsed p = parse(text);
        assertEquals(t.nodeCount(), p.nodes.size(), "one node statement per node");
        assertEquals(t.cableCount(), p.edges.size(), "one edge per cable");
        Map<String, Integer> expected = new TreeMap<>();
        for (int g = 0; g < t.portCount(); g++) {
            int peer = t.peerPort(g);
            if (peer > g) {
                expected.merge(edgeKey(t.nodeName(t.owner(g)), "" + t.localPort(g), t.nodeName(t.owner(peer)),
                        "" + t.localPort(peer)), 1, Integer::sum);
            }
        }
        Map<String, Integer> actual = new TreeMap<>();
        for (String[] e : p.edges) {
            actual.merge(edgeKey(e[0], e[2], e[1], e[3]), 1, Integer::sum);
            assertTrue(t.level(t.node(e[0])) >= t.level(t.node(e[1])), "tail is the upper end: " + e[0] + " -- " + e[1]);
        }
        assertEquals(expected, actual);
        for (int v = 0; v < t.nodeCount(); v++) {
            assertEquals(1, java.util.Collections.frequency(p.nodes, t.nodeName(v)), t.nodeName(v));
            assertEquals(t.isHost(v) ? "box" : "ellipse", p.nodeShape.get(t.nodeName(v)), t.nodeName(v));
        }
        assertEquals(t.maxLevel() + 1, p.rankGroups.size());
        for (int r = 0; r < p.rankGroups.size(); r++) {
            int level = t.maxLevel() - r; // top level first
            for (String name : p.rankGroups.get(r)) {
                assertEquals(level, t.level(t.node(name)), name);
            }
        }
        return p;
    }

    @Test
    void fig11HasOneNodePerNodeAndOneEdgePerCable() {
        Topology t = Presets.find("fig1-1").build();
        Parsed p = check(t);
        assertEquals(10, p.nodes.size());
        assertEquals(9, p.edges.size());
        assertEquals(List.of("sw1", "sw2"), p.rankGroups.get(0));
        for (String[] e : p.edges) {
            assertEquals(null, e[4], "equal bandwidths: no bandwidth labels");
        }
    }

    @Test
    void bandwidthLabelsWhenBandwidthsDiffer() {
        Parsed p = check(Presets.find("testbed7").build());
        int fast = 0;
        for (String[] e : p.edges) {
            boolean interSwitch = e[0].startsWith("S") && e[1].startsWith("S");
            assertEquals(interSwitch ? "40Gbps" : "20Gbps", e[4]);
            fast += interSwitch ? 1 : 0;
        }
        assertEquals(1, fast);
    }

    @Test
    void parallelAndHorizontalCablesStaySeparateEdges() {
        check(Presets.find("c1").build()); // L1 and L2 between the same two switches
        Topology m = FatTrees.modifiedKAryNTree("m", 4, 3, 2, LinkParams.gbps(10, 15));
        Parsed p = check(m);
        long between = p.edges.stream().filter(e -> e[0].equals("s2-0") && e[1].equals("s2-1")
                || e[0].equals("s2-1") && e[1].equals("s2-0")).count();
        assertEquals(2, between);
        check(FatTrees.pgft("p", new int[] {2, 3, 2}, new int[] {1, 2, 2}, new int[] {1, 2, 3}, 0,
                LinkParams.gbps(10, 15)));
        check(TopologyFileTest.parse(TopologyFileTest.SMALL));
    }

    @Test
    void namesAreQuoted() {
        TopologyBuilder b = new TopologyBuilder("we\"ird");
        int h = b.addHost("host\"1");
        int s = b.addSwitch("back\\slash{");
        b.connect(h, 0, s, 3, 1, 1);
        Topology t = b.build();
        String text = dot(t);
        assertTrue(text.contains("\"host\\\"1\""), text);
        assertTrue(text.contains("\"back\\\\slash{\""), text);
        check(t);
    }

    @Test
    void largeTopologiesAreWrittenToo(@TempDir Path dir) throws IOException {
        Topology t = Presets.find("tree4096").build();
        Path file = dir.resolve("tree4096.dot");
        Graphviz.write(t, file);
        String text = Files.readString(file);
        assertTrue(text.contains("// large graph"));
        Parsed p = parse(text);
        assertEquals(4096 + 768, p.nodes.size());
        assertEquals(12288, p.edges.size());
        assertFalse(dot(Presets.find("c2").build()).contains("// large graph"));
    }
}
