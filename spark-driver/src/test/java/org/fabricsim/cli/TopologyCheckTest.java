package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.assertBadInput;
import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabricsim topology --check}: output lines and exit status (docs/ROUTING.md, "--check"). */
class TopologyCheckTest {
    @TempDir
    Path dir;

    private static List<String> lines(CliTest.Result r) {
        return r.out().lines().toList();
    }

    @Test
    void cleanTablesExitZero() {
        for (String routing : new String[] {"ftree", "minhop", "dmodk", "updown"}) {
            CliTest.Result r = fabricsim("topology", "--topology", "kary-ntree(4,3)", "--routing", routing, "--check");
            assertEquals(0, r.status(), r.out() + r.err());
            List<String> out = lines(r);
            assertTrue(out.get(out.size() - 2).startsWith("check " + routing + " on kary-ntree(4,3): 64 hosts, 48 switches,"
                    + " 1 VL"), r.out());
            assertEquals("check: clean: complete, deadlock-free (no channel dependency cycle), minimal; 4032 of 4032"
                    + " routes checked", out.get(out.size() - 1));
        }
    }

    /**
     * A table file with the last spine's line removed, and h1's routes through spine s2-1 detoured: s2-1 sends
     * h1 down to leaf s1-1 instead of s1-0, and s1-1 sends it up to spine s2-0, which takes it to s1-0. Status 3.
     */
    @Test
    void missingEntriesAndNonMinimalRoutesExitThree() throws Exception {
        Path lft = dir.resolve("t.lft");
        assertEquals(0, fabricsim("topology", "--topology", "xgft(2;4,8;1,4)", "--routing", "dmodk", "--lft",
                lft.toString()).status());
        List<String> text = new java.util.ArrayList<>(Files.readAllLines(lft));
        setEntry(text, "s2-1", 1, "0", "1");
        setEntry(text, "s1-1", 1, "5", "4");
        String removed = text.remove(text.size() - 1).split(" ")[0];
        assertEquals("s2-3", removed);
        Files.write(lft, text);
        CliTest.Result r = fabricsim("topology", "--topology", "xgft(2;4,8;1,4)", "--routing", "file:" + lft,
                "--check");
        assertEquals(3, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("  missing: switch s2-3 has no entry for 32 of 32 hosts: h0, h1, h2, h3 and 28"
                + " more\n"), r.out());
        assertTrue(r.out().contains("  non-minimal: h8 -> h1 takes 6 links, shortest 4\n"), r.out());
        assertTrue(r.out().contains("  ... and 4 more non-minimal routes\n"), r.out());
        String summary = lines(r).get(lines(r).size() - 1);
        // 8 destinations (3, 7, ..., 31) lose their spine: 28 sources each, 224 routes
        assertEquals("check: NOT CLEAN: INCOMPLETE (32 missing entries on 1 switches, 0 destinations with loops, 224"
                + " of 992 routes do not arrive), deadlock-free (no channel dependency cycle), NOT MINIMAL (24 of 768"
                + " routes longer than a shortest path); 768 of 992 routes checked", summary);
    }

    /** Replaces switch {@code sw}'s entry for host {@code host} (checking its old value) in a table file's lines. */
    private static void setEntry(List<String> text, String sw, int host, String was, String now) {
        for (int i = 0; i < text.size(); i++) {
            String[] f = text.get(i).split(" ");
            if (f[0].equals(sw)) {
                assertEquals(was, f[host + 1]);
                f[host + 1] = now;
                text.set(i, String.join(" ", f));
                return;
            }
        }
        throw new AssertionError("no line for " + sw);
    }

    /** A ring of three switches routed clockwise: one cycle; deadlock with 1 VL, layered away with 2. */
    @Test
    void channelDependencyCycleDependsOnTheVirtualLanes() throws Exception {
        Path topo = dir.resolve("ring.topo");
        Files.writeString(topo, String.join("\n", "topology ring3", "host h0 h1 h2", "switch sw0 sw1 sw2",
                "link h0:0 sw0:0", "link h1:0 sw1:0", "link h2:0 sw2:0", "link sw0:1 sw1:2", "link sw1:1 sw2:2",
                "link sw2:1 sw0:2", ""));
        Path lft = dir.resolve("ring.lft");
        Files.writeString(lft, String.join("\n", "hosts 3 switches 3 routing clockwise topology ring3",
                "sw0 0 1 1", "sw1 1 0 1", "sw2 1 1 0", ""));
        CliTest.Result one = fabricsim("topology", "--topology", topo.toString(), "--routing", "file:" + lft, "--check");
        assertEquals(3, one.status(), one.out() + one.err());
        assertTrue(one.out().contains("  cycle: 3 links: sw"), one.out());
        assertTrue(one.out().contains("MAY DEADLOCK (1 channel dependency cycles with 1 VL)"), one.out());
        CliTest.Result two = fabricsim("topology", "--topology", topo.toString(), "--routing", "file:" + lft, "--check",
                "--vls", "2");
        assertTrue(two.out().contains("deadlock-free with 2 VLs if routes to each destination use the VL of its layer"
                + " (1 channel dependency cycles; 2 layers by destination)"), two.out());
        assertEquals(3, two.status(), "still not minimal"); // h_i -> h_(i+2) goes the long way round
        assertTrue(two.out().contains("NOT MINIMAL (3 of 6 routes"), two.out());
    }

    @Test
    void badInputIsStatusTwo() {
        assertBadInput("--vls 0: must be 1 to 15", "topology", "--topology", "tree648", "--check", "--vls", "0");
        assertBadInput("routing ftree: topology testbed7 is not a fat tree", "topology", "--topology", "testbed7",
                "--routing", "ftree", "--check");
        assertBadInput("cannot read forwarding tables", "topology", "--topology", "tree648", "--routing",
                "file:" + dir.resolve("none.lft"), "--check");
    }
}
