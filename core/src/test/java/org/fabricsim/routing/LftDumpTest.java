package org.fabricsim.routing;

import org.fabricsim.DocsText;

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
import org.fabricsim.InputException;
import org.fabricsim.topology.IbnetdiscoverFile;
import org.fabricsim.topology.NodeNameMap;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** LFT dumps in the dump_fts / ibroute format (docs/ROUTING.md, "LFT dumps"). */
class LftDumpTest {
    private static final String FIXTURE = resource("/org/fabricsim/topology/small-fabric.ibnd");

    private static String resource(String name) {
        try (InputStream in = LftDumpTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The hand-written ibnetdiscover fixture: real-looking GUIDs and LIDs 1..3 (switches), 10..14 (hosts). */
    private static Topology fabric(String text) {
        return IbnetdiscoverFile.parse("small-fabric.ibnd", new StringReader(text), NodeNameMap.none(), 0);
    }

    private static String dump(ForwardingTables lft) {
        StringWriter w = new StringWriter();
        try {
            LftDump.write(lft, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private static ForwardingTables parse(String text, Topology t) throws IOException {
        return LftDump.parse("t.lft", new StringReader(text), t);
    }

    private static String error(String text, Topology t) {
        InputException e = assertThrows(InputException.class, () -> parse(text, t));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {"kary-ntree(4,3)|dmodk", "xgft(2;4,8;1,4)|dmodk", "tree648|dmodk",
            "tree648|updown", "c1|updown", "testbed7|updown", "mkary-ntree(4,3,2)|dmodk"})
    void roundTrips(String topology, String routing) throws IOException {
        Topology t = Topologies.resolve(topology, 0, 0, null);
        ForwardingTables lft = Routings.compute(routing, t, null);
        ForwardingTables back = parse(dump(lft), t);
        assertTrue(LftFile.sameEntries(lft, back));
        assertEquals("lft-dump", back.algorithm());
        assertEquals("lft-dump:t.lft (lft-dump)", back.describe());
        assertEquals(dump(lft), dump(back));
    }

    @Test
    void roundTripsOnAnImportedFabricWithItsOwnLids() throws IOException {
        Topology t = fabric(FIXTURE);
        ForwardingTables lft = Routings.compute("updown", t, null);
        String text = dump(lft);
        // leaf 1 (LID 2): node01's first port (LID 10) on its port 1, node02 (LID 12) on port 2
        assertTrue(text.contains("Unicast lids [0x0-0xe] of switch Lid 2 guid 0x0002c90300a00011"
                + " (MF0;leaf:MQM8700/U1):\n"), text);
        assertTrue(text.contains("\n0x000a 001 : (Channel Adapter portguid 0x0002c90300b00011: 'node01 HCA-1')\n"
                + "0x000b 039 : (Channel Adapter portguid 0x0002c90300b00012: 'node01 HCA-1')\n"), text);
        assertTrue(LftFile.sameEntries(lft, parse(text, t)));
    }

    @Test
    void writesTheDumpFtsLayout() {
        Topology t = Topologies.resolve("fig1-1", 0, 0, null);
        String text = dump(Routings.compute("updown", t, null));
        assertTrue(text.startsWith("""
                Unicast lids [0x0-0xa] of switch Lid 9 guid 0xfab0000000000090 (sw1):
                  Lid  Out   Destination
                       Port     Info\s
                0x0001 001 : (Channel Adapter portguid 0xfab0000000000011: 's1')
                0x0002 002 : (Channel Adapter portguid 0xfab0000000000021: 's2')
                """), text);
        assertTrue(text.contains("""
                0x0008 005 : (Channel Adapter portguid 0xfab0000000000081: 'd2')
                0x0009 000 : (Switch portguid 0xfab0000000000090: 'sw1')
                9 valid lids dumped\s
                Unicast lids [0x0-0xa] of switch Lid 10 guid 0xfab00000000000a0 (sw2):
                """), text);
    }

    /** OpenSM's opensm-lfts.dump: ('desc') in the header, '#' before the info, "N lids dumped". */
    @Test
    void readsOpenSmsOwnDumpAndTheBriefFormat() throws IOException {
        Topology t = Topologies.resolve("fig1-1", 0, 0, null);
        ForwardingTables lft = Routings.compute("updown", t, null);
        String opensm = dump(lft).replace("[0x0-0xa]", "[0-10]").replace(" (sw1):", " ('sw1'):")
                .replace(" (sw2):", " ('sw2'):").replace(" : (", " # ").replace("')\n", "'\n")
                .replace(" valid lids dumped \n", " lids dumped\n").replace("  Lid  Out   Destination\n", "")
                .replace("       Port     Info \n", "");
        assertTrue(opensm.contains("\n0x0001 001 # Channel Adapter portguid 0xfab0000000000011: 's1'\n"), opensm);
        assertTrue(LftFile.sameEntries(lft, parse(opensm, t)));
        // ibroute -n: no destination info at all
        String brief = dump(lft).replaceAll(" : \\(.*\\)\n", " \n");
        assertTrue(brief.contains("\n0x0001 001 \n"), brief);
        assertTrue(LftFile.sameEntries(lft, parse(brief, t)));
    }

    @Test
    void routingSpecReadsADump(@TempDir Path dir) throws IOException {
        Topology t = Topologies.resolve("c2", 0, 0, null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        LftDump.write(lft, dir.resolve("c2.dump"));
        ForwardingTables back = Routings.compute("lft-dump:c2.dump", t, dir);
        assertTrue(LftFile.sameEntries(lft, back));
        assertEquals("lft-dump:" + dir.resolve("c2.dump") + " (lft-dump)", back.describe());
        assertEquals(dir.resolve("none.dump") + ": cannot read LFT dump (no such file)", assertThrows(
                InputException.class, () -> Routings.compute("lft-dump:none.dump", t, dir)).getMessage());
    }

    // ---------------------------------------------------------------------------------------------------
    // mistakes: one line, "<file>:<line>: what is wrong"

    private static final Topology FIG = Topologies.resolve("fig1-1", 0, 0, null);
    private static final String FIG_DUMP = dump(Routings.compute("updown", FIG, null));

    /** The fig1-1 dump with line n (1-based) replaced; null deletes it. */
    private static String replace(int n, String text) {
        List<String> lines = new ArrayList<>(FIG_DUMP.lines().toList());
        if (text == null) {
            lines.remove(n - 1);
        } else {
            lines.set(n - 1, text);
        }
        return String.join("\n", lines) + "\n";
    }

    private static String line(int n) {
        return FIG_DUMP.lines().toList().get(n - 1);
    }

    private static final String LMC = ": LMC > 0 (several LIDs per port, one path each) is not supported; our tables"
            + " have one route per destination host, so dump a subnet run with LMC 0";

    @Test
    void lmcAboveZeroIsRefused() throws IOException {
        assertEquals("t.lft:5: LID 0x0002 is an extra path LID (path #2 out of 2: portguid 0xfab0000000000011)"
                + LMC, error(replace(5, "0x0002 001 : (path #2 out of 2: portguid 0xfab0000000000011)"), FIG));
        // a fabric whose node03 port has LMC 1 (LIDs 13 and 14; node04 moved to LID 16)
        String lmc1 = FIXTURE.replace("lid 14 ", "lid 16 ").replace("# lid 13 lmc 0", "# lid 13 lmc 1");
        Topology t = fabric(lmc1);
        String text = dump(Routings.compute("updown", t, null));
        String extra = text.replaceFirst("(0x000d (\\d{3}) [^\n]*\n)", "$10x000e $2 \n").replaceFirst(
                "11 valid lids dumped", "12 valid lids dumped");
        assertTrue(error(extra, t).matches("t\\.lft:\\d+: LID 0x000e is path 2 of node03_mlx5_0 \\(base LID 0x000d,"
                + " LMC 1\\)" + LMC.replace("(", "\\(").replace(")", "\\)")), error(extra, t));
        // its base LIDs alone read
        assertTrue(LftFile.sameEntries(Routings.compute("updown", t, null), parse(text, t)));
    }

    @Test
    void missingEntriesAreReportedPerSwitch() {
        String twoMissing = replace(5, null).replace(line(6) + "\n", "").replace("9 valid lids dumped \nUnicast",
                "7 valid lids dumped \nUnicast");
        assertEquals("t.lft:1: switch sw1 has no entry for 2 of the 8 hosts: s2 (LID 0x0002), s3 (LID 0x0003)",
                error(twoMissing, FIG));
        List<String> lines = FIG_DUMP.lines().toList();
        String onlyS1 = String.join("\n", lines.subList(0, 17)) + "\n" + line(25) + "\n2 valid lids dumped \n";
        assertEquals("t.lft:14: switch sw2 has no entry for 7 of the 8 hosts: s2 (LID 0x0002), s3 (LID 0x0003),"
                + " s4 (LID 0x0004), s5 (LID 0x0005) and 3 more", error(onlyS1, FIG));
        assertEquals("t.lft:1: switch sw1 has no entry for 1 of the 8 hosts: s1 (LID 0x0001)",
                error(replace(4, "0x0001 255 : (illegal port)"), FIG));
        assertEquals("t.lft: no table for switch sw2 (guid 0xfab00000000000a0)",
                error(String.join("\n", FIG_DUMP.lines().limit(13).toList()) + "\n", FIG));
        assertEquals("t.lft:12: the table of switch sw1 (line 1) has 8 entries, but this line says 9: the dump is cut"
                + " or edited", error(replace(7, null), FIG));
    }

    @Test
    void entriesThatDoNotFitTheTopology() {
        assertEquals("t.lft:4: switch sw1 sends LID 0x0001 to port 17, which it does not have (ports 1..5)",
                error(replace(4, line(4).replace(" 001 ", " 017 ")), FIG));
        assertEquals("t.lft:4: switch sw1 sends host s1's LID 0x0001 to port 0, the switch itself",
                error(replace(4, line(4).replace(" 001 ", " 000 ")), FIG));
        assertEquals("t.lft:4: LID 0x0063 belongs to no host or switch of topology fig1-1",
                error(replace(4, line(4).replace("0x0001 ", "0x0063 ")), FIG));
        assertEquals("t.lft:5: LID 0x0001 appears twice in the table of sw1", error(replace(5, line(4)), FIG));
        assertEquals("t.lft:4: LID 0x0001 is s1 with port GUID 0xfab0000000000011 in the topology, but this line says"
                + " portguid 0xfab0000000000012", error(replace(4, line(4).replace("0011:", "0012:")), FIG));
        assertEquals("t.lft:1: guid 0x0000000000000099 is not a switch of topology fig1-1",
                error(replace(1, line(1).replace("0xfab0000000000090", "0x0000000000000099")), FIG));
        assertEquals("t.lft:1: guid 0xfab0000000000010 is not a switch of topology fig1-1",
                error(replace(1, line(1).replace("0xfab0000000000090", "0xfab0000000000010")), FIG));
        assertEquals("t.lft:1: switch sw1 has LID 9 in the topology, not 7",
                error(replace(1, line(1).replace("Lid 9", "Lid 7")), FIG));
        assertEquals("t.lft:27: switch sw1 appears twice (first on line 1)",
                error(FIG_DUMP + String.join("\n", FIG_DUMP.lines().limit(13).toList()) + "\n", FIG));
        // a leaf port without a cable, on the imported fabric (leaf 1 has 40 ports, 4 cabled)
        Topology t = fabric(FIXTURE);
        String text = dump(Routings.compute("updown", t, null));
        int leaf1 = text.indexOf("of switch Lid 2 ");
        text = text.substring(0, leaf1) + text.substring(leaf1).replaceFirst("0x000a 001", "0x000a 003");
        assertTrue(error(text, t).matches("t\\.lft:\\d+: switch MF0;leaf_MQM8700/U1 sends host node01_HCA-1/1's LID"
                + " 0x000a to port 3, which has no cable"), error(text, t));
    }

    @Test
    void linesThatAreNoDump() {
        assertEquals("t.lft: no 'Unicast lids ... of switch' line: not an LFT dump", error("# nothing\n", FIG));
        assertEquals("t.lft:1: entry before any 'Unicast lids ... of switch' line", error(line(4) + "\n", FIG));
        assertEquals("t.lft:1: multicast forwarding tables (ibroute -M) are not unicast LFTs",
                error("Multicast mlids [0xc000-0xc3ff] of switch Lid 9 guid 0xfab0000000000090 (sw1):\n", FIG));
        assertEquals("t.lft:1: malformed switch line (expected 'Unicast lids [0x0-0x<top>] of switch Lid <lid> guid"
                + " 0x<guid> (<description>):')", error(replace(1, "Unicast lids of sw1"), FIG));
        assertEquals("t.lft:4: not a line of an LFT dump: 's1 1' (expected a 'Unicast lids ... of switch' line, an"
                + " entry '0x<lid> <port> ...' or '<n> valid lids dumped')", error(replace(4, "s1 1"), FIG));
        assertEquals("t.lft:1: 'lids dumped' line without a 'Unicast lids ... of switch' line before it",
                error("9 valid lids dumped\n", FIG));
        // sw2 sends s1 back up to sw1 (its port 5), which sends it to sw2: a loop
        String loop = replace(4, line(4).replace(" 001 ", " 005 "));
        assertTrue(error(loop, FIG).startsWith("t.lft: forwarding tables (lft-dump): "), error(loop, FIG));
    }
    // ---------------------------------------------------------------------------------------------------
    // docs/ROUTING.md, "LFT dumps": the example and every row of its table of mistakes

    private static String docSection(String doc, String heading) throws IOException {
        return DocsText.section(DocsText.read(doc), heading);
    }

    private static String firstBlock(String markdown) {
        return DocsText.codeBlocks(markdown).get(0);
    }

    @Test
    void docsExampleAndMistakesAreTheRealOnes() throws IOException {
        Topology t = IbnetdiscoverFile.parse("fabric.ibnd", new StringReader(firstBlock(docSection(
                "TOPOLOGY_FORMAT.md", "## ibnetdiscover output"))), NodeNameMap.none(), 0);
        String section = docSection("ROUTING.md", "## LFT dumps");
        String example = firstBlock(section);
        assertEquals(example, dump(Routings.compute("updown", t, null)));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "(?m)^\\| [^|]* \\| line (\\d+): `([^`]*)` \\| `([^`]*)` \\|$").matcher(section);
        int checked = 0;
        while (m.find()) {
            List<String> lines = new ArrayList<>(example.lines().toList());
            lines.set(Integer.parseInt(m.group(1)) - 1, m.group(2));
            InputException e = assertThrows(InputException.class, () -> LftDump.parse("fabric.dump",
                    new StringReader(String.join("\n", lines) + "\n"), t), m.group(2));
            assertEquals(m.group(3), e.getMessage());
            checked++;
        }
        assertEquals(13, checked);
    }
}
