package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34 item 1, "a deadlocked run looks like a finished one", on the command line: the input (a
 * 5-switch ring under min-hop routing, shift-2 traffic, 4 KiB buffers, 200 µs) writes its results, prints one
 * line naming the time, the packets held and the credit cycle, and exits with status 4; the cycle is one that
 * {@code topology --check} reports; a partitioned run says the same; up*&#47;down* on the same ring finishes.
 */
class DeadlockCommandTest {
    static final String CYCLE = "s0/1 -> s1/2 -> s2/2 -> s3/2 -> s4/2 -> s0/1";

    @TempDir
    Path dir;

    /** The ring the demo shows. */
    private static final Path RING5 = Path.of(System.getProperty("fabricsim.repoRoot"), "conf", "topologies",
            "ring5.topo");

    private Path conf;

    @BeforeEach
    void ring() throws IOException {
        conf = dir.resolve("ring.conf");
        Files.writeString(conf, """
                experiment = packet
                topology.name = "%s"
                routing = minhop
                traffic { pattern = shift, shift = 2 }
                packet { buffer = 4KiB, end-time = 200us }
                """.formatted(RING5));
    }

    private CliTest.Result simulate(String out, String... more) {
        List<String> args = new ArrayList<>(List.of("simulate", conf.toString(), "--out", dir.resolve(out).toString(),
                "--progress", "off"));
        args.addAll(List.of(more));
        return fabricsim(args.toArray(String[]::new));
    }

    @Test
    void aCreditLoopDeadlockIsWrittenReportedInOneLineAndExitsWithFour() throws IOException {
        CliTest.Result r = simulate("seq");
        assertEquals(Main.DEADLOCK, r.status(), r.err());
        assertEquals(4, Main.DEADLOCK, "docs/OUTPUTS.md, Exit status");
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        String line = r.err().strip();
        assertEquals("fabricsim: deadlock at 1.0716us: 10 packets held, credit cycle " + CYCLE + " (routing minhop;"
                + " fabricsim topology --check lists its channel dependency cycles)", line);
        assertTrue(r.out().contains("200us simulated"), "the run still covers its end time: " + r.out());

        // everything is written, as for a run that finished: a deadlock is a result
        Path out = dir.resolve("seq");
        for (String file : List.of("summary.json", "run.json", "flows.arrow", "ports.arrow", "flow-throughput.arrow")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
        JsonNode deadlock = Json.read(out.resolve("summary.json")).path("deadlock");
        assertEquals(1_071_600, deadlock.path("time_ps").asLong());
        assertEquals(10, deadlock.path("packets").asLong());
        assertEquals(List.of("s0/1", "s1/2", "s2/2", "s3/2", "s4/2"), texts(deadlock.path("ports")));
        assertEquals(0, deadlock.path("vl").asInt());
        assertEquals(10, Json.read(out.resolve("summary.json")).path("packets_in_flight").asLong());
        JsonNode run = Json.read(out.resolve("run.json"));
        assertEquals("deadlock", run.path("outcome").asText());
        assertEquals(line.substring("fabricsim: ".length()), run.path("deadlock").asText());

        // the same cycle as the routing check's (up to where each starts)
        CliTest.Result check = fabricsim("topology", "--topology", RING5.toString(), "--routing",
                "minhop", "--check");
        assertEquals(3, check.status(), check.out());
        assertTrue(check.out().contains("MAY DEADLOCK"), check.out());
        List<List<String>> cycles = new ArrayList<>();
        Matcher m = Pattern.compile("cycle: \\d+ links: (.*)").matcher(check.out());
        while (m.find()) {
            cycles.add(rotated(m.group(1)));
        }
        assertTrue(cycles.contains(rotated(CYCLE)), "a cycle of topology --check: " + check.out());
    }

    @Test
    void aPartitionedRunFindsTheSameDeadlock() throws IOException {
        CliTest.Result seq = simulate("seq");
        CliTest.Result two = simulate("two", "--engine", "distributed", "--partitions", "2");
        assertEquals(Main.DEADLOCK, two.status(), two.err());
        assertEquals(seq.err(), two.err(), "the same line");
        assertArrayEquals(Files.readAllBytes(dir.resolve("seq").resolve("summary.json")),
                Files.readAllBytes(dir.resolve("two").resolve("summary.json")), "the same summary.json");
        assertEquals("deadlock", Json.read(dir.resolve("two").resolve("run.json")).path("outcome").asText());
    }

    @Test
    void upDownOnTheSameRingRunsToTheEndWithoutAReport() throws IOException {
        for (String engine : List.of("sequential", "distributed")) {
            CliTest.Result r = simulate(engine, "--set", "routing=updown", "--engine", engine);
            assertEquals(0, r.status(), r.err());
            assertEquals("", r.err(), "no report");
            JsonNode summary = Json.read(dir.resolve(engine).resolve("summary.json"));
            assertFalse(summary.has("deadlock"), "no deadlock object");
            assertTrue(summary.path("packets_delivered").asLong() > 500, summary.toString());
            JsonNode run = Json.read(dir.resolve(engine).resolve("run.json"));
            assertEquals("finished", run.path("outcome").asText());
            assertFalse(run.has("deadlock"));
        }
    }

    private static List<String> texts(JsonNode array) {
        List<String> r = new ArrayList<>();
        array.forEach(n -> r.add(n.asText()));
        return r;
    }

    /** A cycle {@code a -> b -> ... -> a} as its links, started at the least (as text). */
    private static List<String> rotated(String cycle) {
        String[] links = cycle.split(" -> ");
        List<String> open = List.of(links).subList(0, links.length - 1);
        int least = open.indexOf(open.stream().min(String::compareTo).orElseThrow());
        List<String> r = new ArrayList<>(open.subList(least, open.size()));
        r.addAll(open.subList(0, least));
        return r;
    }
}
