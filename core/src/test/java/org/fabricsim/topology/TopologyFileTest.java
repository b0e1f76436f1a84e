package org.fabricsim.topology;

import static org.fabricsim.topology.TopologyAssertions.assertSameStructure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TopologyFileTest {
    private static final long GBPS = 1_000_000_000L;
    private static final long NS = 1_000L;

    static final String SMALL = """
            # a small two-level network, with everything the format offers
            topology my-net   # the name
            default bandwidth 20Gbps
            default latency 50ns

            host h1 h2
            host h3 h4
            switch sw1 sw2
            switch spine1 spine2 level=2
            switch core
            link h1 sw1:0
            link h2 sw1                # sw1 port 1, the lowest unused
            link h3:0 sw2:3 40Gbps
            link sw2 h4 1us            # sw2 port 0
            link sw1:4 spine1 10ns 100Gbps
            link sw1 spine2            # sw1 port 2, spine2 port 0
            link spine1 sw2            # spine1 port 1, sw2 port 1
            link sw2:5 spine2:7
            link core spine1:5
            """;

    static Topology parse(String text) {
        return TopologyFile.parse("test.topo", new StringReader(text));
    }

    static String write(Topology t) {
        StringWriter out = new StringWriter();
        try {
            TopologyFile.write(t, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static int peerOf(Topology t, String node, int port) {
        return t.peerPort(t.port(t.node(node), port));
    }

    private static String peerName(Topology t, String node, int port) {
        int g = peerOf(t, node, port);
        return g < 0 ? "-" : t.nodeName(t.owner(g)) + ":" + t.localPort(g);
    }

    @Test
    void parsesASmallFile() {
        Topology t = parse(SMALL);
        assertEquals("my-net", t.name());
        assertEquals(4, t.hostCount());
        assertEquals(5, t.switchCount());
        assertEquals(9, t.cableCount());
        // host order over all host lines, then switches in declaration order
        List<String> names = new ArrayList<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            names.add(t.nodeName(v));
        }
        assertEquals(List.of("h1", "h2", "h3", "h4", "sw1", "sw2", "spine1", "spine2", "core"), names);
        // levels: computed for sw1, sw2 and core (distance to the nearest host), explicit for the spines
        assertEquals(0, t.level(t.node("h1")));
        assertEquals(1, t.level(t.node("sw1")));
        assertEquals(1, t.level(t.node("sw2")));
        assertEquals(2, t.level(t.node("spine1")));
        assertEquals(2, t.level(t.node("spine2")));
        assertEquals(3, t.level(t.node("core")));
        // automatic ports: lowest port of that switch unused so far, in file order
        assertEquals("h2:0", peerName(t, "sw1", 1));
        assertEquals("spine2:0", peerName(t, "sw1", 2));
        assertEquals("sw1:4", peerName(t, "spine1", 0));
        assertEquals("sw2:1", peerName(t, "spine1", 1));
        assertEquals("h4:0", peerName(t, "sw2", 0));
        assertEquals("core:0", peerName(t, "spine1", 5));
        // holes in the numbering stay holes
        assertEquals(6, t.ports(t.node("sw2")));
        assertEquals("-", peerName(t, "sw2", 2));
        assertEquals("-", peerName(t, "sw2", 4));
        assertEquals(8, t.ports(t.node("spine2")));
        assertEquals("sw2:5", peerName(t, "spine2", 7));
        // defaults, and values given in either order
        int h1 = t.hostPort(t.node("h1"));
        assertEquals(20 * GBPS, t.bandwidthBps(h1));
        assertEquals(50 * NS, t.latencyPs(h1));
        int h3 = t.hostPort(t.node("h3"));
        assertEquals(40 * GBPS, t.bandwidthBps(h3));
        assertEquals(50 * NS, t.latencyPs(h3));
        int h4 = t.hostPort(t.node("h4"));
        assertEquals(20 * GBPS, t.bandwidthBps(h4));
        assertEquals(1_000 * NS, t.latencyPs(h4));
        int up = t.port(t.node("sw1"), 4);
        assertEquals(100 * GBPS, t.bandwidthBps(up));
        assertEquals(10 * NS, t.latencyPs(up));
        assertEquals(100 * GBPS, t.bandwidthBps(t.peerPort(up)));
        assertTrue(t.fatTree().isEmpty());
    }

    @Test
    void builtInDefaultsAndNameFromTheFileName() {
        Topology t = TopologyFile.parse("some/dir/lab-net.topo", new StringReader("""
                host a b
                switch s
                link a s
                link b s
                """));
        assertEquals("lab-net", t.name());
        assertEquals(40 * GBPS, t.bandwidthBps(t.hostPort(0)));
        assertEquals(100 * NS, t.latencyPs(t.hostPort(0)));
        assertEquals(TopologyFile.DEFAULT_BANDWIDTH_BPS, t.bandwidthBps(t.hostPort(1)));
        assertEquals("b:0", peerName(t, "s", 1));
        assertEquals("plain", TopologyFile.defaultName("plain"));
        assertEquals("x.y", TopologyFile.defaultName("C:\\nets\\x.y.txt"));
    }

    @Test
    void portsOptionKeepsTrailingUnconnectedPorts() {
        Topology t = parse("""
                host a
                switch s ports=8
                link a s
                """);
        assertEquals(8, t.ports(t.node("s")));
        assertEquals("a:0", peerName(t, "s", 0));
    }

    @Test
    void readsAFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("small.topo");
        Files.writeString(file, SMALL);
        assertSameStructure(parse(SMALL), TopologyFile.read(file));
        Path unnamed = dir.resolve("unnamed.net");
        Files.writeString(unnamed, SMALL.replace("topology my-net", ""));
        assertEquals("unnamed", TopologyFile.read(unnamed).name());
    }

    // ---------------------------------------------------------------------------------------------------
    // round trips

    static Stream<Topology> topologies() {
        List<Topology> all = new ArrayList<>();
        for (Presets.Preset p : Presets.all()) {
            all.add(p.build());
        }
        LinkParams l = LinkParams.gbps(10, 15);
        all.add(FatTrees.kAryNTree("t", 4, 3, l));
        all.add(FatTrees.modifiedKAryNTree("m", 4, 3, 2, l));
        all.add(FatTrees.modifiedKAryNTree("m1", 2, 4, 1, LinkParams.gbps(13.5, 7)));
        all.add(FatTrees.pgft("p", new int[] {2, 3, 2}, new int[] {1, 2, 2}, new int[] {1, 2, 3}, 0, l));
        all.add(FatTrees.clos("clos", 3, 4, 2, l));
        all.add(parse(SMALL));
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("topologies")
    void roundTrips(Topology t) {
        String text = write(t);
        Topology back = TopologyFile.parse(t.name() + ".topo", new StringReader(text));
        assertSameStructure(t, back);
        // and writing again gives the same text, apart from the comment naming the generator
        assertEquals(withoutComments(text), withoutComments(write(back)));
        assertTrue(text.lines().filter(line -> !line.startsWith("#")).noneMatch(line -> line.contains("#")));
    }

    private static String withoutComments(String text) {
        return String.join("\n", text.lines().filter(line -> !line.startsWith("#")).toList());
    }

    @Test
    void writesDefaultsLevelsExplicitPortsAndPortCountsOnlyWhereNeeded() {
        String text = write(Presets.find("testbed7").build());
        assertTrue(text.contains("\ntopology testbed7\n"), text);
        assertTrue(text.contains("\ndefault bandwidth 20Gbps\n"), text);
        assertTrue(text.contains("\ndefault latency 10ns\n"), text);
        assertTrue(text.contains("\nhost H1 H2 H3 H4 H5 H6 H7\n"), text);
        assertTrue(text.contains("\nswitch S1 S2 level=1\n"), text);
        assertTrue(text.contains("\nlink H1:0 S1:0 20Gbps 10ns\n"), text);
        assertTrue(text.contains("\nlink S1:3 S2:4 40Gbps 10ns\n"), text);
        assertEquals(8, text.lines().filter(line -> line.startsWith("link ")).count());
        assertFalse(text.contains("ports="), text);

        String modified = write(FatTrees.modifiedKAryNTree("m", 4, 3, 2, LinkParams.gbps(10, 15)));
        // 4 down + 4 up + 2 left + 2 right; the first switch of a chain has its left ports unconnected,
        // the last its right ones: the right ones are the trailing ports, so ports= is needed there
        assertTrue(modified.contains("level=2 ports=12\n"), modified);
        assertTrue(modified.contains("level=3 ports=8\n"), modified); // roots: 4 down + 2 + 2
        assertFalse(write(FatTrees.kAryNTree("t", 4, 3, LinkParams.gbps(10, 15))).contains("ports="));
    }

    @Test
    void refusesNamesTheFormatCannotCarry() {
        TopologyBuilder b = new TopologyBuilder("odd");
        int h = b.addHost("h:1");
        int s = b.addSwitch("s");
        b.connect(h, 0, s, 0, 1, 1);
        InputException e = assertThrows(InputException.class, () -> write(b.build()));
        assertTrue(e.getMessage().contains("'h:1'"), e.getMessage());
    }

    @Test
    void structuralComparisonSeesEveryDifference() {
        Topology a = Presets.find("fig1-1").build();
        assertSameStructure(a, Presets.find("fig1-1").build());
        assertNotNull(TopologyAssertions.firstDifference(a, Presets.find("fig1-1").build(LinkParams.gbps(10, 11))));
        assertNotNull(TopologyAssertions.firstDifference(a, Presets.find("fig1-1").build(LinkParams.gbps(11, 10))));
        assertNotNull(TopologyAssertions.firstDifference(a, parse(write(a).replace("sw1:4 sw2:4", "sw1:5 sw2:4"))));
        assertNotNull(TopologyAssertions.firstDifference(a, parse(write(a).replace("sw1:4 sw2:4", "sw1:4 sw2:5"))));
        assertNotNull(TopologyAssertions.firstDifference(a, parse(write(a).replace("level=1", "level=2"))));
        assertNotNull(TopologyAssertions.firstDifference(a, parse(write(a).replace("host s1 s2", "host s2 s1"))));
        assertNotNull(TopologyAssertions.firstDifference(a, parse(write(a).replace("fig1-1", "fig"))));
    }

    // ---------------------------------------------------------------------------------------------------
    // errors: one line, "<file>:<line>: what is wrong"

    private static String error(String text) {
        InputException e = assertThrows(InputException.class, () -> parse(text));
        String m = e.getMessage();
        assertFalse(m.contains("\n"), m);
        return m;
    }

    private static void assertMessage(String message, String prefix, String... words) {
        assertTrue(message.startsWith(prefix), "expected prefix '" + prefix + "': " + message);
        for (String w : words) {
            assertTrue(message.contains(w), "expected '" + w + "' in: " + message);
        }
    }

    private static final String NODES = """
            host h1 h2
            switch sw1
            """;

    @Test
    void unknownNode() {
        String m = error(NODES + "link h1 sw1\nlink h2 sw9:1\n");
        assertMessage(m, "test.topo:4: ", "unknown node 'sw9'", "not declared", "host or switch line");
        // declared only after its use is still unknown at the link
        assertMessage(error("host h1\nlink h1 sw1\nswitch sw1\n"), "test.topo:2: ", "unknown node 'sw1'");
    }

    @Test
    void portUsedTwiceNamesBothLines() {
        String m = error(NODES + "switch sw2\nlink h1 sw1:0\nlink h2 sw1:1\nlink sw1:1 sw2\n");
        assertMessage(m, "test.topo:6: ", "port 1 of sw1 is used twice", "line 5", "h2 port 0");
        // a port chosen automatically counts as used
        assertMessage(error(NODES + "switch sw2\nlink h1 sw1\nlink h2 sw1:0\n"), "test.topo:5: ",
                "port 0 of sw1 is used twice", "line 4");
    }

    @Test
    void hostWithSeveralLinks() {
        String m = error(NODES + "switch sw2\nlink h1 sw1\nlink h2 sw1\nlink h1 sw2\n");
        assertMessage(m, "test.topo:6: ", "host h1 has several links", "line 4");
    }

    @Test
    void hostWithNoLinkNamesItsDeclarationLine() {
        String m = error("host h1\nswitch sw1\nhost h2\nlink h1 sw1\n");
        assertMessage(m, "test.topo:3: ", "host h2 has no link");
    }

    @Test
    void hostPortOtherThanZero() {
        assertMessage(error(NODES + "link h1:1 sw1\n"), "test.topo:3: ", "host port must be 0", "h1:1");
    }

    @Test
    void danglingLinks() {
        assertMessage(error(NODES + "link h1\n"), "test.topo:3: ", "dangling link", "only one endpoint (h1)");
        assertMessage(error(NODES + "link h1 40Gbps\n"), "test.topo:3: ", "dangling link", "only one endpoint");
        assertMessage(error(NODES + "link\n"), "test.topo:3: ", "dangling link", "no endpoints");
        assertMessage(error(NODES + "link h1 sw1:\n"), "test.topo:3: ", "dangling link", "'sw1:'", "no port");
        assertMessage(error(NODES + "link h1 :3\n"), "test.topo:3: ", "dangling link", "no node name");
    }

    @Test
    void badNumbers() {
        assertMessage(error(NODES + "link h1 sw1:x\n"), "test.topo:3: ", "bad port 'x'", "'sw1:x'", "not a whole");
        assertMessage(error(NODES + "link h1 sw1:-1\n"), "test.topo:3: ", "bad port '-1'", "numbered from 0");
        assertMessage(error(NODES + "link h1 sw1:99999999999\n"), "test.topo:3: ", "bad port", "at most 65535");
        assertMessage(error("host h1\nswitch s level=abc\n"), "test.topo:2: ", "bad level 'abc'", "not a whole");
        assertMessage(error("host h1\nswitch s level=0\n"), "test.topo:2: ", "bad level '0'", "at least 1");
        assertMessage(error("host h1\nswitch s ports=many\n"), "test.topo:2: ", "bad ports 'many'");
        assertMessage(error("host h1\nswitch s ports=2\nlink h1 s:2\n"), "test.topo:3: ", "port 2 of s",
                "ports=2", "line 2");
        assertMessage(error("host h1 h2 h3\nswitch s ports=2\nlink h1 s\nlink h2 s\nlink h3 s\n"), "test.topo:5: ",
                "no free port");
    }

    @Test
    void badUnitsAreReportedByUnitsWithTheLocation() {
        assertMessage(error(NODES + "link h1 sw1 40Gbs\n"), "test.topo:3: ", "bad bandwidth '40Gbs'",
                "unknown unit 'Gbs'", "Gbps");
        assertMessage(error(NODES + "link h1 sw1 100nss\n"), "test.topo:3: ", "bad time '100nss'",
                "unknown unit 'nss'", "ns");
        assertMessage(error(NODES + "link h1 sw1 100\n"), "test.topo:3: ", "'100'", "unit is required");
        assertMessage(error("default latency 10 parsecs\n"), "test.topo:1: ", "bad time", "parsecs");
        assertMessage(error("default bandwidth fast\n"), "test.topo:1: ", "bad bandwidth 'fast'");
        assertMessage(error(NODES + "link h1 sw1 0Gbps\n"), "test.topo:3: ", "bandwidth must be positive");
        assertMessage(error(NODES + "link h1 sw1 10Gbps 20Gbps\n"), "test.topo:3: ", "two bandwidths");
    }

    @Test
    void unknownKeyword() {
        assertMessage(error(NODES + "lnk h1 sw1\n"), "test.topo:3: ", "unknown keyword 'lnk'", "link");
        assertMessage(error("default mtu 2KiB\n"), "test.topo:1: ", "unknown default 'mtu'");
        assertMessage(error("host h1\nswitch s speed=2\n"), "test.topo:2: ", "unknown switch option 'speed=2'");
        assertMessage(error("host h1 level=1\n"), "test.topo:1: ", "host lines take no options");
    }

    @Test
    void duplicateNode() {
        assertMessage(error("host h1\nswitch sw1 h1\n"), "test.topo:2: ", "duplicate node", "h1", "host",
                "line 1");
        assertMessage(error("host h1 h1\n"), "test.topo:1: ", "duplicate node", "h1");
    }

    @Test
    void disconnectedGraphHasNoLineNumber() {
        String m = error("host h1 h2\nswitch a b\nlink h1 a\nlink h2 b\n");
        assertMessage(m, "test.topo: the topology is not connected: ", "cannot reach");
    }

    @Test
    void misplacedOrRepeatedHeaderLines() {
        assertMessage(error("host h1\ntopology late\n"), "test.topo:2: ", "topology line must come before",
                "line 1");
        assertMessage(error("topology a\ntopology b\n"), "test.topo:2: ", "second topology line", "line 1");
        assertMessage(error("topology a b\n"), "test.topo:1: ", "exactly one name");
        assertMessage(error(NODES + "link h1 sw1\ndefault latency 5ns\n"), "test.topo:4: ",
                "default lines must come before the first link line", "line 3");
        assertMessage(error("default latency 5ns\ndefault latency 6ns\n"), "test.topo:2: ", "second default latency");
    }

    @Test
    void otherLinkMistakes() {
        assertMessage(error(NODES + "switch sw2\nlink h1 sw1 sw2\n"), "test.topo:4: ", "two endpoints", "'sw2'");
        assertMessage(error(NODES + "link sw1:0 sw1:1\n"), "test.topo:3: ", "connects sw1 to itself");
        assertMessage(error("host h1\nswitch a:b\n"), "test.topo:2: ", "bad node name 'a:b'");
        assertMessage(error("switch s\n"), "test.topo: ", "no hosts");
    }

    @Test
    void missingOrUnreadableFile(@TempDir Path dir) {
        Path missing = dir.resolve("nope.topo");
        InputException e = assertThrows(InputException.class, () -> TopologyFile.read(missing));
        assertEquals(missing + ": cannot read topology file (no such file)", e.getMessage());
        InputException d = assertThrows(InputException.class, () -> TopologyFile.read(dir));
        assertMessage(d.getMessage(), dir + ": cannot read topology file (");
    }

    @Test
    void notUtf8(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("latin1.topo");
        Files.write(file, new byte[] {'h', 'o', 's', 't', ' ', 'h', (byte) 0xE9, '\n'});
        InputException e = assertThrows(InputException.class, () -> TopologyFile.read(file));
        assertEquals(file + ": cannot read topology file (not UTF-8 text)", e.getMessage());
    }

    @Test
    void writesFilesWholeOrNotAtAll(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("out.topo");
        Topology t = Presets.find("c2").build();
        TopologyFile.write(t, file);
        assertSameStructure(t, TopologyFile.read(file));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList()); // no temporary file left behind
        }
        InputException e = assertThrows(InputException.class,
                () -> TopologyFile.write(t, dir.resolve("no-such-dir").resolve("x.topo")));
        assertMessage(e.getMessage(), dir.resolve("no-such-dir").resolve("x.topo") + ": cannot write topology file");
    }

    /** Thousands of damaged variants of valid files: each parses or fails with a one-line InputException. */
    @Test
    void damagedFilesOnlyEverGiveInputExceptions() {
        String[] bases = {SMALL, write(Presets.find("c1").build()),
                write(FatTrees.modifiedKAryNTree("m", 2, 3, 1, LinkParams.gbps(10, 15)))};
        String[] junk = {"", ":", "::", "=", "level=", "ports=", "-1", "99999999999", "#", "x", "0", "link",
                "host", "switch", "10Gbps", "1ns", "1e9999Gbps", ":0", "h1", "s1-0", "\t"};
        SplittableRandom random = new SplittableRandom(20240601);
        int parsed = 0;
        int rejected = 0;
        for (int trial = 0; trial < 3000; trial++) {
            String base = bases[trial % bases.length];
            List<String> lines = new ArrayList<>(List.of(base.split("\n", -1)));
            DamagedText.damage(lines, random, junk, " ");
            String text = String.join("\n", lines);
            try {
                TopologyFile.parse("fuzz.topo", new StringReader(text));
                parsed++;
            } catch (InputException e) {
                rejected++;
                assertTrue(e.getMessage().startsWith("fuzz.topo"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
            }
        }
        // the mutations exercise both outcomes
        assertTrue(parsed > 50 && rejected > 500, parsed + " parsed, " + rejected + " rejected");
    }
}
