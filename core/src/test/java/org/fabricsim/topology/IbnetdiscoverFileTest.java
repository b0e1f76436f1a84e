package org.fabricsim.topology;

import static org.fabricsim.topology.TopologyAssertions.assertSameStructure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Import and export of ibnetdiscover output (docs/TOPOLOGY_FORMAT.md, "ibnetdiscover output"). */
class IbnetdiscoverFileTest {
    private static final long GBPS = 1_000_000_000L;
    private static final long NS = 1_000L;

    /** The hand-written fixture: a spine, two leaves, four HCAs (one dual-rail), 9 cables. */
    static String fixture(String name) {
        try (InputStream in = IbnetdiscoverFileTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final String SMALL = fixture("small-fabric.ibnd");

    static Topology parse(String fileName, String text) {
        return IbnetdiscoverFile.parse(fileName, new StringReader(text), NodeNameMap.none(), 0);
    }

    static String write(Topology t) {
        StringWriter out = new StringWriter();
        try {
            IbnetdiscoverFile.write(t, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static String peerName(Topology t, String node, int port) {
        int g = t.peerPort(t.port(t.node(node), port));
        return g < 0 ? "-" : t.nodeName(t.owner(g)) + ":" + t.localPort(g);
    }

    private static long bandwidth(Topology t, String node, int port) {
        return t.bandwidthBps(t.port(t.node(node), port));
    }

    // ---------------------------------------------------------------------------------------------------
    // the hand-written fixture

    @Test
    void readsSwitchesHcaPortsCablesAndRates() {
        Topology t = parse("small-fabric.ibnd", SMALL);
        assertEquals("small-fabric", t.name());
        assertEquals(List.of("node01_HCA-1/1", "node01_HCA-1/2", "node02_HCA-1", "node03_mlx5_0", "node04_mlx5_0",
                "MF0;spine-01_MQM8700/U1", "MF0;leaf_MQM8700/U1", "MF0;leaf_MQM8700/U1-2"), names(t));
        assertEquals(5, t.hostCount());
        assertEquals(9, t.cableCount());
        String spine = "MF0;spine-01_MQM8700/U1";
        String leaf1 = "MF0;leaf_MQM8700/U1";
        String leaf2 = "MF0;leaf_MQM8700/U1-2";
        // switch port p of the file is our port p - 1; every switch keeps its 40 ports
        for (String s : List.of(spine, leaf1, leaf2)) {
            assertEquals(40, t.ports(t.node(s)), s);
        }
        assertEquals(leaf1 + ":0", peerName(t, "node01_HCA-1/1", 0));
        assertEquals(leaf2 + ":0", peerName(t, "node01_HCA-1/2", 0));
        assertEquals(spine + ":0", peerName(t, leaf1, 38));
        assertEquals(spine + ":1", peerName(t, leaf1, 39));
        assertEquals(spine + ":3", peerName(t, leaf2, 39));
        assertEquals("-", peerName(t, leaf1, 2));
        assertEquals("node04_mlx5_0:0", peerName(t, leaf2, 2));
        // width x nominal lane rate
        assertEquals(200 * GBPS, bandwidth(t, "node01_HCA-1/1", 0));
        assertEquals(50 * GBPS, bandwidth(t, "node04_mlx5_0", 0)); // 1xHDR: a degraded cable
        assertEquals(100 * GBPS, bandwidth(t, spine, 3)); // 4xEDR
        assertEquals(IbnetdiscoverFile.DEFAULT_LATENCY_PS, t.latencyPs(t.port(t.node(spine), 0)));
        assertEquals(10 * NS, IbnetdiscoverFile.DEFAULT_LATENCY_PS);
        // levels from the distance to the hosts
        assertEquals(1, t.level(t.node(leaf1)));
        assertEquals(2, t.level(t.node(spine)));
        assertTrue(t.fatTree().isEmpty());
    }

    @Test
    void keepsTheFabricsGuidsLidsAndDescriptions() {
        Topology t = parse("small-fabric.ibnd", SMALL);
        IbSubnet s = t.ibSubnet().orElseThrow();
        IbNode dualRail2 = s.node(t.node("node01_HCA-1/2"));
        assertEquals(0x0002c90300b00010L, dualRail2.nodeGuid());
        assertEquals(0x0002c90300b00012L, dualRail2.portGuid());
        assertEquals(2, dualRail2.port());
        assertEquals(2, dualRail2.ports());
        assertEquals(11, dualRail2.lid());
        assertEquals("node01 HCA-1", dualRail2.description());
        assertEquals(0x2c9, dualRail2.vendorId());
        assertEquals(0x101b, dualRail2.deviceId());
        int spine = t.node("MF0;spine-01_MQM8700/U1");
        assertEquals(1, s.node(spine).lid());
        assertTrue(s.node(spine).enhancedPort0());
        assertEquals(spine, s.switchWithGuid(0x0002c90300a00001L));
        assertEquals(t.node("node04_mlx5_0"), s.nodeOfLid(14));
        assertEquals(-1, s.nodeOfLid(15));
        assertEquals("1xHDR", s.linkRate(t.hostPort(t.node("node04_mlx5_0"))));
    }

    @Test
    void nodeNameMapNamesNodesByGuid(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("fabric.ibnd");
        Files.writeString(file, SMALL);
        Path map = dir.resolve("names.map");
        Files.writeString(map, fixture("small-fabric.node-name-map"));
        Topology t = IbnetdiscoverFile.read(file, NodeNameMap.read(map), 0);
        assertEquals(List.of("node01/1", "node01/2", "node02_HCA-1", "node03_mlx5_0", "node04_mlx5_0", "spine-01",
                "leaf-01", "leaf-02"), names(t));
        // the export writes the mapped names as descriptions, so it reads back with the same names, map or not
        assertEquals(names(t), names(parse("again.ibnd", write(t))));
    }

    @Test
    void exportOfTheImportIsTheFileItself() {
        Topology t = parse("small-fabric.ibnd", SMALL);
        String out = write(t);
        assertEquals(withoutComments(SMALL), withoutComments(out));
        Topology back = parse("small-fabric.ibnd", out);
        assertSameStructure(t, back);
        assertEquals(out, write(back));
    }

    private static String withoutComments(String text) {
        return String.join("\n", text.lines().filter(l -> !l.startsWith("#")).toList()).strip();
    }

    private static List<String> names(Topology t) {
        List<String> names = new ArrayList<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            names.add(t.nodeName(v));
        }
        return names;
    }

    // ---------------------------------------------------------------------------------------------------
    // round trips: import(export(t)) is t

    static Stream<String> generated() {
        return Stream.of("kary-ntree(4,3)", "xgft(2;4,8;1,4)", "tree648", "mkary-ntree(4,3,2)", "pgft(2;4,3;1,2;1,2)",
                "clos(3,4,2)", "c1", "c2", "testbed7", "fig1-1", "xgft1152-rnb");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("generated")
    void roundTrips(String spec) {
        Topology t = Topologies.resolve(spec, 0, 0, null);
        String text = write(t);
        long latency = t.latencyPs(t.hostPort(0));
        Topology back = IbnetdiscoverFile.parse(t.name() + ".ibnd", new StringReader(text), NodeNameMap.none(),
                latency);
        assertEquals(t.name(), back.name());
        assertSameGraph(t, back);
        // switch levels: a generated tree's are the distances to the hosts the import computes
        if (t.fatTree().isPresent()) {
            for (int v = 0; v < t.nodeCount(); v++) {
                assertEquals(t.level(v), back.level(v), t.nodeName(v));
            }
        }
        // the export of the import is the same text: GUIDs and LIDs survive
        assertEquals(text, write(back));
    }

    /** Names, node order, port counts, peers, bandwidths and latencies; not levels (a file has none). */
    static void assertSameGraph(Topology a, Topology b) {
        assertEquals(a.nodeCount(), b.nodeCount());
        assertEquals(a.hostCount(), b.hostCount());
        assertEquals(a.cableCount(), b.cableCount());
        for (int v = 0; v < a.nodeCount(); v++) {
            assertEquals(a.nodeName(v), b.nodeName(v));
            assertEquals(a.ports(v), b.ports(v), a.nodeName(v));
            for (int p = 0; p < a.ports(v); p++) {
                int ga = a.port(v, p);
                int gb = b.port(v, p);
                assertEquals(a.peerPort(ga), b.peerPort(gb), a.nodeName(v) + " port " + p);
                assertEquals(a.bandwidthBps(ga), b.bandwidthBps(gb), a.nodeName(v) + " port " + p);
                assertEquals(a.latencyPs(ga), b.latencyPs(gb), a.nodeName(v) + " port " + p);
            }
        }
    }

    @Test
    void writesInfinibandDiagsLayout() {
        String text = write(Presets.find("fig1-1").build());
        // fig1-1: hosts s1..s6 d1 d2 are nodes 0..7 (LIDs 1..8), sw1 and sw2 nodes 8, 9 (LIDs 9, 10); 10 Gb/s is 4xSDR
        assertTrue(text.contains("\nvendid=0x0\ndevid=0x0\nsysimgguid=0xfab0000000000090\n"
                + "switchguid=0xfab0000000000090(fab0000000000090)\n"
                + "Switch\t5 \"S-fab0000000000090\"\t\t# \"sw1\" enhanced port 0 lid 9 lmc 0\n"
                + "[1]\t\"H-fab0000000000010\"[1](fab0000000000011) \t\t# \"s1\" lid 1 4xSDR\n"), text);
        assertTrue(text.contains("\n[5]\t\"S-fab00000000000a0\"[5]\t\t# \"sw2\" lid 10 4xSDR\n"), text);
        assertTrue(text.contains("\ncaguid=0xfab0000000000010\nCa\t1 \"H-fab0000000000010\"\t\t# \"s1\"\n"
                + "[1](fab0000000000011) \t\"S-fab0000000000090\"[1]\t\t# lid 1 lmc 0 \"sw1\" lid 9 4xSDR\n"), text);
    }

    @Test
    void refusesWhatTheFormatCannotCarry() {
        Topology odd = Topologies.resolve("kary-ntree(2,2)", 13_500_000_000L, 0, null);
        InputException e = assertThrows(InputException.class, () -> write(odd));
        assertTrue(e.getMessage().startsWith("topology kary-ntree(2,2) cannot be written as ibnetdiscover output: the"
                + " cable "), e.getMessage());
        assertTrue(e.getMessage().contains("runs at 13.5Gbps, which no InfiniBand link does (1x, 2x, 4x, 8x or 12x"
                + " times SDR 2.5, DDR 5, QDR 10, FDR10 10, FDR 14, EDR 25, HDR 50, NDR 100, XDR 200 Gb/s per lane)"),
                e.getMessage());
        TopologyBuilder b = new TopologyBuilder("odd");
        int h = b.addHost("h:1");
        int s = b.addSwitch("s");
        b.connect(h, 0, s, 0, 40 * GBPS, NS);
        e = assertThrows(InputException.class, () -> write(b.build()));
        assertEquals("topology odd cannot be written as ibnetdiscover output: node name 'h:1' contains blanks, '#',"
                + " ':' or '=', which a reader turns into '_'", e.getMessage());
    }

    @Test
    void writesFilesWholeOrNotAtAll(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.ibnd");
        IbnetdiscoverFile.write(Presets.find("c2").build(), file);
        assertSameGraph(Presets.find("c2").build(), IbnetdiscoverFile.read(file, NodeNameMap.none(), 0));
        Path bad = dir.resolve("bad.ibnd");
        assertThrows(InputException.class, () -> IbnetdiscoverFile.write(
                Topologies.resolve("kary-ntree(2,2)", 13_500_000_000L, 0, null), bad));
        assertFalse(Files.exists(bad));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // how a topology spec finds ibnetdiscover output

    @Test
    void resolveRecognisesIbnetdiscoverOutput(@TempDir Path dir) throws IOException {
        Path plain = dir.resolve("fabric.txt");
        Files.writeString(plain, SMALL);
        assertTrue(IbnetdiscoverFile.looksLikeIbnetdiscover(plain));
        assertEquals(5, Topologies.resolve(plain.toString(), 0, 0, null).hostCount()); // by content
        assertEquals(5, Topologies.resolve("fabric.txt", 0, 0, dir).hostCount());
        assertEquals(5, Topologies.resolve("ibnet:fabric.txt", 0, 0, dir).hostCount()); // forced
        Path ibnd = dir.resolve("fabric.ibnd");
        Files.writeString(ibnd, SMALL);
        assertEquals(5, Topologies.resolve("fabric.ibnd", 0, 0, dir).hostCount());
        // a topology file is not mistaken for one, nor the other way round
        Path topo = dir.resolve("net.topo");
        Files.writeString(topo, TopologyFileTest.SMALL);
        assertFalse(IbnetdiscoverFile.looksLikeIbnetdiscover(topo));
        assertEquals("my-net", Topologies.resolve("net.topo", 0, 0, dir).name());
        InputException e = assertThrows(InputException.class, () -> Topologies.resolve("ibnet:net.topo", 0, 0, dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("net.topo") + ":2: not a line of ibnetdiscover output:"),
                e.getMessage());
        // the latency override applies (the output has none), the bandwidth override does not
        Topology slow = Topologies.resolve("fabric.ibnd", 0, 250 * NS, dir);
        assertEquals(250 * NS, slow.latencyPs(0));
        e = assertThrows(InputException.class, () -> Topologies.resolve("fabric.ibnd", GBPS, 0, dir));
        assertEquals("topology fabric.ibnd: link-bandwidth applies to presets and generators only; ibnetdiscover"
                + " output gives each cable's width and speed", e.getMessage());
        e = assertThrows(InputException.class, () -> Topologies.resolve("net.topo", 0, 0, dir, NodeNameMap.none()));
        assertTrue(e.getMessage().contains("a node name map applies to ibnetdiscover output only"), e.getMessage());
        e = assertThrows(InputException.class, () -> Topologies.resolve("tree648", 0, 0, dir, NodeNameMap.none()));
        assertTrue(e.getMessage().contains("a node name map applies to ibnetdiscover output only"), e.getMessage());
        e = assertThrows(InputException.class, () -> Topologies.resolve("missing.ibnd", 0, 0, dir));
        assertEquals(dir.resolve("missing.ibnd") + ": cannot read ibnetdiscover output (no such file)",
                e.getMessage());
    }
    // ---------------------------------------------------------------------------------------------------
    // errors: one line, "<file>:<line>: what is wrong"

    /** The fixture with line {@code n} (1-based) replaced by {@code text}; null deletes it. */
    private static String replace(int n, String text) {
        List<String> lines = new ArrayList<>(SMALL.lines().toList());
        if (text == null) {
            lines.remove(n - 1);
        } else {
            lines.set(n - 1, text);
        }
        return String.join("\n", lines) + "\n";
    }

    /** The fixture with {@code text} inserted as line {@code n}. */
    private static String insert(int n, String text) {
        List<String> lines = new ArrayList<>(SMALL.lines().toList());
        lines.add(n - 1, text);
        return String.join("\n", lines) + "\n";
    }

    private static String line(int n) {
        return SMALL.lines().toList().get(n - 1);
    }

    private static String error(String text) {
        InputException e = assertThrows(InputException.class, () -> parse("f.ibnd", text));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    private static final String ROUTERS = ": fabricsim simulates one subnet of switches and HCAs; remove the router's"
            + " lines and the lines of its cables";

    @Test
    void portNumbersBeyondTheNodesPorts() {
        assertEquals("f.ibnd:26: port 41 of S-0002c90300a00011 does not exist: its Switch line (line 22) gives 40"
                + " ports", error(replace(26, line(26).replace("[40]", "[41]"))));
        assertEquals("f.ibnd:45: port 3 of H-0002c90300b00010 does not exist: its Ca line (line 43) gives 2 ports",
                error(replace(45, line(45).replace("[2]", "[3]"))));
        assertEquals("f.ibnd:13: cable S-0002c90300a00001[1] -- S-0002c90300a00011[41]: port 41 of"
                + " S-0002c90300a00011 does not exist: its Switch line (line 22) gives 40 ports",
                error(replace(13, line(13).replace("[39]", "[41]"))));
        assertEquals("f.ibnd:25: port 0 of a switch is its management port and has no cable",
                error(replace(25, line(25).replace("[39]", "[0]"))));
        assertEquals("f.ibnd:44: ports of a CA are numbered from 1", error(replace(44, line(44).replace("[1](", "[0]("))));
        assertEquals("f.ibnd:12: port count 300 is out of range (1..254)",
                error(replace(12, line(12).replace("40", "300"))));
        assertEquals("f.ibnd:25: port number 256 is out of range (0..255)",
                error(replace(25, line(25).replace("[39]", "[256]"))));
    }

    @Test
    void cableEndsThatDisagree() {
        assertEquals("f.ibnd:13: cable S-0002c90300a00001[1] -- S-0002c90300a00011[38] is listed at one end only:"
                + " S-0002c90300a00011 (line 22) has no line for its port 38",
                error(replace(13, line(13).replace("[39]", "[38]"))));
        assertEquals("f.ibnd:13: the two ends of a cable disagree: this line connects S-0002c90300a00001[1] to"
                + " S-0002c90300a00011[40], but line 26 connects S-0002c90300a00011[40] to S-0002c90300a00001[2]",
                error(replace(13, line(13).replace("[39]", "[40]"))));
        assertEquals("f.ibnd:16: the two ends of cable S-0002c90300a00001[4] -- S-0002c90300a00021[40] disagree on"
                + " its width and speed: 4xHDR here, 4xEDR on line 37",
                error(replace(16, line(16).replace("4xEDR", "4xHDR"))));
        assertEquals("f.ibnd:23: this line gives H-0002c90300b00010[1] LID 19, but line 44 gives it LID 10",
                error(replace(23, line(23).replace("lid 10", "lid 19"))));
        assertEquals("f.ibnd:25: this line gives S-0002c90300a00001 LID 7, but line 12 gives it LID 1",
                error(replace(25, line(25).replace("lid 1 ", "lid 7 "))));
        assertEquals("f.ibnd:23: this line gives H-0002c90300b00010[1] port GUID 2c90300b00019, but line 44 gives it"
                + " 2c90300b00011", error(replace(23, line(23).replace("(2c90300b00011)", "(2c90300b00019)"))));
        assertEquals("f.ibnd:23: cable S-0002c90300a00011[1] -- S-0002c90300b00010[1]: 0002c90300b00010 is a Ca"
                + " (line 43), written H-0002c90300b00010", error(replace(23, line(23).replace("\"H-", "\"S-"))));
    }

    @Test
    void nodesThatAreMissingDuplicatedOrOfAnotherKind() {
        String withoutNode04 = String.join("\n", SMALL.lines().limit(60).toList()) + "\n";
        assertEquals("f.ibnd:35: cable S-0002c90300a00021[3] -- H-0002c90300b00040[1]: no Ca line in the file has"
                + " GUID 0002c90300b00040", error(withoutNode04));
        assertEquals("f.ibnd:31: duplicate GUID 0x0002c90300a00011: line 22 already has a Switch with it",
                error(replace(31, null).replace(line(32), line(32).replace("a00021", "a00011"))));
        assertEquals("f.ibnd:32: Switch GUID 0002c90300a00021 differs from switchguid=0x2c90300a00022 on line 31",
                error(replace(31, line(31).replace("0x2c90300a00021", "0x2c90300a00022"))));
        assertEquals("f.ibnd:43: a Ca line after switchguid= (line 42)",
                error(replace(42, "switchguid=0x2c90300b00010")));
        assertEquals("f.ibnd:12: Switch line with a \"H-\" GUID: a Switch's GUID is written \"S-<guid>\"",
                error(replace(12, line(12).replace("\"S-", "\"H-"))));
        String node04WithoutCable = replace(35, null).replace(line(66) + "\n", "");
        assertEquals("f.ibnd:64: H-0002c90300b00040 has no cabled port (no port lines follow its Ca line)",
                error(node04WithoutCable));
        assertEquals("f.ibnd:45: duplicate port GUID 0x0002c90300b00011: line 44 already gives it to a port",
                error(replace(45, line(45).replace("(2c90300b00012)", "(2c90300b00011)"))));
        assertEquals("f.ibnd:45: LID 10 of H-0002c90300b00010 port 2 is used twice: line 44 already gives it to a"
                + " port", error(replace(45, line(45).replace("lid 11 ", "lid 10 "))));
        assertEquals("f.ibnd:25: port 2 of S-0002c90300a00011 is listed twice (first on line 24)",
                error(replace(25, line(24))));
    }

    @Test
    void routersAreRefused() {
        assertEquals("f.ibnd:42: routers are not supported (rtguid=0x2c90300b00010)" + ROUTERS,
                error(replace(42, "rtguid=0x2c90300b00010")));
        assertEquals("f.ibnd:42: routers are not supported (Rt line)" + ROUTERS,
                error(replace(42, null).replace(line(43), "Rt\t2 \"R-0002c90300b00010\"\t\t# \"gateway\"")));
        assertEquals("f.ibnd:23: routers are not supported (a cable to R-0002c90300b00010)" + ROUTERS,
                error(replace(23, line(23).replace("\"H-", "\"R-"))));
    }

    @Test
    void malformedLines() {
        assertEquals("f.ibnd:23: malformed port line: after '#' a switch's port line gives '\"<peer description>\""
                + " lid <peer lid> <width><speed>' (got '\"node01 HCA-1\" 10 4xHDR')",
                error(replace(23, line(23).replace("lid 10", "10"))));
        assertEquals("f.ibnd:23: unknown link speed in '4xQQR' (use one of SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR,"
                + " XDR)", error(replace(23, line(23).replace("4xHDR", "4xQQR"))));
        assertEquals("f.ibnd:23: unknown link width in '3xHDR' (ibnetdiscover prints 1x, 2x, 4x, 8x or 12x followed"
                + " by the speed, e.g. 4xQDR)", error(replace(23, line(23).replace("4xHDR", "3xHDR"))));
        assertEquals("f.ibnd:23: unexpected 'extra words' after the link's width and speed",
                error(replace(23, line(23) + " extra words")));
        assertEquals("f.ibnd:44: a CA's port line gives the port's GUID after its number, e.g. '[1](2c90300c0ffe1)'"
                + " (expected '[<port>](<port guid>) \"S-<guid>\"[<port>] # lid <lid> lmc <lmc> \"<description>\" lid"
                + " <lid> <width><speed>')", error(replace(44, line(44).replace("[1](2c90300b00011)", "[1]"))));
        assertEquals("f.ibnd:12: malformed Switch line: after the description ibnetdiscover writes 'enhanced port 0"
                + " lid <lid> lmc <lmc>' or 'base port 0 ...' (got 'enhanced port 0 lmc 0')",
                error(replace(12, line(12).replace(" lid 1", ""))));
        assertTrue(error(replace(43, "Ca 2 H-0002c90300b00010")).startsWith("f.ibnd:43: malformed node line 'Ca 2"
                + " H-0002c90300b00010' (expected 'Switch <ports> \"S-<guid>\""));
        assertEquals("f.ibnd:8: bad vendid= 'ZZ': expected up to 16 hexadecimal digits",
                error(replace(8, "vendid=0xZZ")));
        assertEquals("f.ibnd:8: unknown line 'vendor=' (ibnetdiscover writes vendid=, devid=, sysimgguid=,"
                + " switchguid= and caguid= lines before a node)", error(replace(8, "vendor=0x2c9")));
        assertEquals("f.ibnd:17: not a line of ibnetdiscover output: 'hello world' (expected vendid=, devid=,"
                + " sysimgguid=, switchguid=, caguid=, a Switch or Ca line, or a [port] line)",
                error(replace(17, "hello world")));
        assertEquals("f.ibnd:9: second vendid= line before a Switch or Ca line (first on line 8)",
                error(insert(9, "vendid=0x2c9")));
        assertEquals("f.ibnd:7: port line before any Switch or Ca line", error(insert(7, line(13))));
        assertEquals("f.ibnd:14: port line after identity lines (line 13) that have no Switch or Ca line yet",
                error(insert(13, "vendid=0x2c9")));
        assertEquals("f.ibnd:67: identity lines without a Switch or Ca line after them (the file ends)",
                error(SMALL + "vendid=0x2c9\n"));
    }

    @Test
    void wholeFileProblemsNameTheFile() {
        assertEquals("f.ibnd: no Switch or Ca lines: this is not ibnetdiscover output", error("# nothing\n\n"));
        assertEquals("f.ibnd: no Ca lines: the fabric has no hosts", error(line(22) + "\n"));
        // two islands: node03's HCA cabled to a switch of its own
        String island = SMALL + "\nswitchguid=0x99(99)\nSwitch\t8 \"S-0000000000000099\"\t\t# \"lonely\" base port 0 lid 40 lmc 0\n"
                + "[1]\t\"H-0000000000000098\"[1](99) \t\t# \"h\" lid 41 4xQDR\n"
                + "caguid=0x98\nCa\t1 \"H-0000000000000098\"\t\t# \"h\"\n"
                + "[1](99) \t\"S-0000000000000099\"[1]\t\t# lid 41 lmc 0 \"lonely\" lid 40 4xQDR\n";
        assertTrue(error(island).startsWith("f.ibnd: the topology is not connected: "), error(island));
        String loop = "Switch\t8 \"S-0000000000000099\"\t\t# \"sw\" base port 0 lid 40 lmc 0\n"
                + "[1]\t\"S-0000000000000099\"[2]\t\t# \"sw\" lid 40 4xQDR\n"
                + "[2]\t\"S-0000000000000099\"[1]\t\t# \"sw\" lid 40 4xQDR\n"
                + "[3]\t\"H-0000000000000098\"[1](99) \t\t# \"h\" lid 41 4xQDR\n"
                + "Ca\t1 \"H-0000000000000098\"\t\t# \"h\"\n"
                + "[1](99) \t\"S-0000000000000099\"[3]\t\t# lid 41 lmc 0 \"sw\" lid 40 4xQDR\n";
        // the file's own port numbers (issue 34: they were counted from 0)
        assertEquals("f.ibnd:2: cable S-0000000000000099[1] -- S-0000000000000099[2] connects a node to itself",
                error(loop));
        String self = loop.replace("[1]\t\"S-0000000000000099\"[2]", "[5]\t\"S-0000000000000099\"[5]")
                .replace("[2]\t\"S-0000000000000099\"[1]\t\t# \"sw\" lid 40 4xQDR\n", "");
        assertEquals("f.ibnd:2: cable S-0000000000000099[5] -- S-0000000000000099[5] connects a node to itself",
                error(self));
    }

    /** Damaged variants of the fixture and of an export: each reads or fails with one line naming the file. */
    @Test
    void damagedFilesOnlyEverGiveInputExceptions() {
        String[] bases = {SMALL, write(Presets.find("c2").build())};
        String[] junk = {"", "[", "]", "\"", "#", "(", ")", "x", "0", "99999999999", "S-", "H-", "R-", "lid", "lmc",
                "4x", "QDR", "1xSDR", "Switch", "Ca", "=", "0x", "\t"};
        java.util.SplittableRandom random = new java.util.SplittableRandom(20260301);
        int parsed = 0;
        int rejected = 0;
        for (int trial = 0; trial < 3000; trial++) {
            List<String> lines = new ArrayList<>(bases[trial % bases.length].lines().toList());
            DamagedText.damage(lines, random, junk, "[ \\t]");
            try {
                parse("fuzz.ibnd", String.join("\n", lines));
                parsed++;
            } catch (InputException e) {
                rejected++;
                assertTrue(e.getMessage().startsWith("fuzz.ibnd"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
            }
        }
        assertTrue(parsed > 50 && rejected > 500, parsed + " parsed, " + rejected + " rejected");
    }
}
