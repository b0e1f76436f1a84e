package org.fabricsim.topology;

import org.fabricsim.DocsText;

import static org.fabricsim.topology.TopologyAssertions.assertSameStructure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;

/** What docs/TOPOLOGY_FORMAT.md and docs/TOPOLOGIES.md state, checked against the code. */
class TopologyDocsTest {
    private static String doc(String name) throws IOException {
        return DocsText.read(name);
    }

    private static List<String> codeBlocks(String markdown) {
        return DocsText.codeBlocks(markdown);
    }

    @Test
    void formatExamplesAreWhatTheCodeWritesAndReads() throws IOException {
        List<String> blocks = codeBlocks(doc("TOPOLOGY_FORMAT.md"));
        Topology fig = Presets.find("fig1-1").build();
        assertEquals(TopologyFileTest.write(fig), blocks.get(0));
        assertSameStructure(fig, TopologyFile.parse("fig1-1.topo", new StringReader(blocks.get(1))));
    }

    /** Rows of the error table whose input is plain lines after the common prefix: the message is exact. */
    @Test
    void errorTableMessagesAreTheRealOnes() throws IOException {
        String text = doc("TOPOLOGY_FORMAT.md");
        String errors = section(text, "## Errors");
        String prefix = codeBlocks(errors).get(0);
        Pattern row = Pattern.compile("(?m)^\\| [^|]* \\| ((?:`[^`]*`(?:<br>)?)+) \\| `([^`]*)` \\|$");
        Matcher m = row.matcher(errors);
        int checked = 0;
        while (m.find()) {
            String message = m.group(2);
            if (message.contains("...") || message.matches(".*:[NM]:.*")) {
                continue;
            }
            String lines = m.group(1).replace("<br>", "\n").replace("`", "") + "\n";
            InputException e = assertThrows(InputException.class,
                    () -> TopologyFile.parse("net.topo", new StringReader(prefix + lines)), lines);
            assertEquals(message, e.getMessage(), lines);
            checked++;
        }
        assertTrue(checked >= 12, "only " + checked + " rows checked");
    }

    private static String section(String markdown, String heading) {
        return DocsText.section(markdown, heading);
    }

    private static String withoutComments(String text) {
        return String.join("\n", text.lines().filter(l -> !l.startsWith("#")).toList()).strip();
    }

    @Test
    void ibnetdiscoverExamplesAreWhatTheCodeReadsAndWrites() throws IOException {
        List<String> blocks = codeBlocks(section(doc("TOPOLOGY_FORMAT.md"), "## ibnetdiscover output"));
        String example = blocks.get(0);
        Topology t = IbnetdiscoverFile.parse("fabric.ibnd", new StringReader(example), NodeNameMap.none(), 0);
        assertEquals(blocks.get(1), TopologyFileTest.write(t));
        assertEquals(withoutComments(example), withoutComments(IbnetdiscoverFileTest.write(t)));
        NodeNameMap map = NodeNameMap.parse("map", new StringReader(blocks.get(2)));
        Topology named = IbnetdiscoverFile.parse("fabric.ibnd", new StringReader(example), map, 0);
        assertEquals(List.of("node01/1", "node01/2", "node02_HCA-1", "leaf-01", "leaf-02"),
                java.util.stream.IntStream.range(0, named.nodeCount()).mapToObj(named::nodeName).toList());
        String fig = IbnetdiscoverFileTest.write(Presets.find("fig1-1").build());
        assertTrue(fig.startsWith(blocks.get(3)), fig);
        assertTrue(fig.contains("\n\n" + blocks.get(4)), fig);
    }

    /** Each row changes lines of the example ("line N: `text`"); the message is exact. */
    @Test
    void ibnetdiscoverMistakesAreTheRealOnes() throws IOException {
        String text = section(doc("TOPOLOGY_FORMAT.md"), "## ibnetdiscover output");
        List<String> example = codeBlocks(text).get(0).lines().toList();
        Pattern row = Pattern.compile("(?m)^\\| [^|]* \\| ((?:(?:<br>)?line \\d+: `[^`]*`)+) \\| `([^`]*)` \\|$");
        Pattern change = Pattern.compile("line (\\d+): `([^`]*)`");
        Matcher m = row.matcher(section(text, "### Mistakes"));
        int checked = 0;
        while (m.find()) {
            List<String> lines = new ArrayList<>(example);
            Matcher c = change.matcher(m.group(1));
            while (c.find()) {
                lines.set(Integer.parseInt(c.group(1)) - 1, c.group(2));
            }
            InputException e = assertThrows(InputException.class, () -> IbnetdiscoverFile.parse("fabric.ibnd",
                    new StringReader(String.join("\n", lines) + "\n"), NodeNameMap.none(), 0), m.group(1));
            assertEquals(m.group(2), e.getMessage(), m.group(1));
            checked++;
        }
        assertTrue(checked >= 14, "only " + checked + " rows checked");
    }

    @Test
    void presetTableMatchesThePresets() throws IOException {
        String text = doc("TOPOLOGIES.md");
        Pattern row = Pattern.compile("(?m)^\\| `([^`]+)` \\| [^|]+ \\| (\\d+) \\| ([\\d +]+) \\| (\\d+) \\| ([^|]+) \\|");
        Matcher m = row.matcher(text);
        int rows = 0;
        while (m.find()) {
            Presets.Preset p = Presets.find(m.group(1));
            assertNotNull(p, m.group(1));
            Topology t = p.build();
            assertEquals(Integer.parseInt(m.group(2)), t.hostCount(), t.name());
            List<Integer> perLevel = new ArrayList<>();
            TreeMap<Integer, List<Integer>> portsByLevel = new TreeMap<>();
            for (int v = t.hostCount(); v < t.nodeCount(); v++) {
                while (perLevel.size() < t.level(v)) {
                    perLevel.add(0);
                }
                perLevel.set(t.level(v) - 1, perLevel.get(t.level(v) - 1) + 1);
                portsByLevel.computeIfAbsent(t.level(v), l -> new ArrayList<>()).add(t.ports(v));
            }
            List<Integer> documented = new ArrayList<>();
            for (String s : m.group(3).trim().split("\\s*\\+\\s*")) {
                documented.add(Integer.parseInt(s));
            }
            assertEquals(documented, perLevel, t.name());
            assertEquals(Integer.parseInt(m.group(4)), t.cableCount(), t.name());
            List<Integer> ports = new ArrayList<>();
            Matcher num = Pattern.compile("\\d+").matcher(m.group(5).replaceAll("\\(.*", ""));
            while (num.find()) {
                ports.add(Integer.parseInt(num.group()));
            }
            List<Integer> actual = new ArrayList<>();
            for (List<Integer> level : portsByLevel.values()) {
                level.stream().distinct().sorted().forEach(actual::add);
            }
            assertEquals(actual, ports, t.name());
            rows++;
        }
        assertEquals(Presets.names().size(), rows);
    }

    /** The Petrini table of TOPOLOGIES.md, on every port of a 4-ary 3-tree. */
    @Test
    void kAryNTreesUsePetriniNumbering() {
        int k = 4;
        int n = 3;
        Topology t = FatTrees.kAryNTree("t", k, n, LinkParams.gbps(10, 15));
        int perLevel = (int) Math.pow(k, n - 1);
        for (int l = 1; l <= n; l++) {
            for (int i = 0; i < perLevel; i++) {
                int v = t.node("s" + l + "-" + i);
                int petriniLevel = n - l;
                int[] w = digits(i, k, n - 1);
                assertEquals(petriniLevel == 0 ? k : 2 * k, t.ports(v));
                for (int j = 0; j < k; j++) {
                    String down;
                    if (petriniLevel == n - 1) {
                        down = "h" + (i * k + j);
                    } else {
                        int[] child = w.clone();
                        child[petriniLevel] = j;
                        down = "s" + (l - 1) + "-" + number(child, k);
                    }
                    assertEquals(down, t.nodeName(t.peerNode(t.port(v, j))), t.nodeName(v) + " down " + j);
                    if (petriniLevel >= 1) {
                        int[] parent = w.clone();
                        parent[petriniLevel - 1] = j;
                        assertEquals("s" + (l + 1) + "-" + number(parent, k),
                                t.nodeName(t.peerNode(t.port(v, k + j))), t.nodeName(v) + " up " + j);
                    }
                }
            }
        }
    }

    /** The 16-ary 3-tree example table, on a sample of digits. */
    @Test
    void tree4096Example() {
        Topology t = Presets.find("tree4096").build();
        for (int a : new int[] {0, 5, 15}) {
            for (int b : new int[] {0, 7, 15}) {
                for (int c : new int[] {0, 3, 15}) {
                    int host = 256 * a + 16 * b + c;
                    assertEquals(t.port(t.node("s1-" + (16 * a + b)), c), t.peerPort(t.hostPort(host)));
                    int j = c;
                    assertEquals(t.port(t.node("s2-" + (16 * a + j)), b),
                            t.peerPort(t.port(t.node("s1-" + (16 * a + b)), 16 + j)));
                    assertEquals(t.port(t.node("s3-" + (16 * j + b)), a),
                            t.peerPort(t.port(t.node("s2-" + (16 * a + b)), 16 + j)));
                }
            }
        }
    }

    private static int[] digits(int x, int k, int length) {
        int[] d = new int[length];
        for (int i = length - 1; i >= 0; i--) {
            d[i] = x % k;
            x /= k;
        }
        return d;
    }

    private static int number(int[] d, int k) {
        int x = 0;
        for (int v : d) {
            x = x * k + v;
        }
        return x;
    }
}
