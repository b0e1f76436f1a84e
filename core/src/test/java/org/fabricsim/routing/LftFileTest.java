package org.fabricsim.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabricsim.InputException;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LftFileTest {
    private static String text(ForwardingTables lft) throws IOException {
        StringWriter w = new StringWriter();
        LftFile.write(lft, w);
        return w.toString();
    }

    private static String error(String text, Topology t) {
        return assertThrows(InputException.class, () -> LftFile.parse("x.lft", new StringReader(text), t))
                .getMessage();
    }

    @Test
    void roundTripKeepsEveryEntry() throws IOException {
        for (String preset : new String[] {"tree648", "c2", "testbed7"}) {
            Topology t = Presets.find(preset).build();
            ForwardingTables lft = Routings.compute("auto", t, null);
            ForwardingTables back = LftFile.parse("x.lft", new StringReader(text(lft)), t);
            assertTrue(LftFile.sameEntries(lft, back), preset);
            assertEquals(lft.algorithm(), back.algorithm());
        }
    }

    /** Generator expressions may contain spaces; the name ends the header so it survives a round trip. */
    @Test
    void namesWithSpacesAndTheReportedRouting() throws IOException {
        Topology t = org.fabricsim.topology.Topologies.resolve("xgft(2; 3,4; 1,2)", 0, 0, null);
        ForwardingTables back = LftFile.parse("c.lft", new StringReader(text(DModK.compute(t))), t);
        assertEquals("dmodk", back.algorithm());
        assertEquals("file:c.lft (dmodk)", back.describe());
        assertEquals("dmodk", DModK.compute(t).describe());
    }

    @Test
    void routingByFileName(@TempDir Path dir) {
        Topology t = Presets.find("c1").build();
        ForwardingTables lft = UpDown.compute(t);
        LftFile.write(lft, dir.resolve("c1.lft"));
        assertTrue(LftFile.sameEntries(lft, Routings.compute("file:c1.lft", t, dir)));
        assertTrue(LftFile.sameEntries(lft, Routings.compute("c1.lft", t, dir)));
        String msg = assertThrows(InputException.class, () -> Routings.compute("missing.lft", t, dir)).getMessage();
        assertTrue(msg.contains("cannot read"), msg);
        assertTrue(assertThrows(InputException.class, () -> Routings.compute("dmodkk", t, dir)).getMessage()
                .contains("unknown routing 'dmodkk'"));
    }

    @Test
    void mistakesNameTheLine() throws IOException {
        Topology t = Presets.find("testbed7").build();
        String good = text(UpDown.compute(t));
        String[] lines = good.split("\n");
        assertTrue(error("hosts 8 switches 2 routing updown topology testbed7\n", t).startsWith("x.lft:1:"));
        assertTrue(error("topology testbed7 hosts 7 switches 2 routing updown\n", t).contains("expected the header"));
        assertTrue(error(lines[0] + "\n" + lines[1] + "\nS9 0 0 0 0 0 0 0\n", t).contains("x.lft:3: 'S9' is not a switch"));
        assertTrue(error(lines[0] + "\n" + lines[1] + "\nS1 0 0 0\n", t).contains("x.lft:3: switch S1 has 3 entries"));
        assertTrue(error(lines[0] + "\n" + lines[1] + "\nS1 0 0 0 3 3 3 x\n", t).contains("x.lft:3: bad port number 'x'"));
        assertTrue(error(lines[0] + "\n" + lines[1] + "\nS1 0 0 0 3 3 3 9\n", t).contains("not a connected port"));
        assertTrue(error(lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n", t).contains("no table for switch S2"));
        // S1 sends H4's traffic to S2, and S2 sends it back: a loop
        String loop = good.replace(lines[3], lines[3].replaceFirst("^S2 (\\S+ \\S+ \\S+) 0", "S2 $1 4"));
        String msg = error(loop, t);
        assertTrue(msg.startsWith("x.lft: ") && msg.contains("loop"), msg);
        assertEquals(4, lines.length);
    }

    @Test
    void writesToFiles(@TempDir Path dir) throws IOException {
        Topology t = Presets.find("fig1-1").build();
        LftFile.write(UpDown.compute(t), dir.resolve("f.lft"));
        assertTrue(Files.readString(dir.resolve("f.lft")).startsWith("# fabricsim forwarding tables\n"));
    }
}
