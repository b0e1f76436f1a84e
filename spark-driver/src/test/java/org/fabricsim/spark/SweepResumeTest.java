package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fabricsim.cli.CliTest;
import org.fabricsim.cli.CliTest.Result;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.experiment.RunContext;
import org.fabricsim.io.Json;
import org.fabricsim.io.Progress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabricsim sweep --resume DIR} (docs/OUTPUTS.md, "Interrupted sweeps"): a sweep stopped after a round
 * is kept, resumed on another split, writes the uninterrupted sweep's bytes; what cannot be resumed is refused
 * in one line. One local[2] session for the class (each command borrows it).
 */
class SweepResumeTest {
    private static final String CONF = SweepFiles.SMALL + "output.plots = true\n";
    private static SparkSessions.Handle spark;
    @TempDir
    static Path shared;
    /** The uninterrupted sweep's directory. */
    private static Path reference;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSparkAndRunTheReference() throws IOException {
        spark = SparkSessions.start("local[2]");
        Path conf = SweepFiles.write(shared, "small.conf", CONF);
        reference = shared.resolve("reference");
        Result r = CliTest.fabricsim("sweep", conf.toString(), "--master", "local[2]", "--slices", "1", "--out",
                reference.toString(), "--progress", "off");
        assertEquals(0, r.status(), r.err());
        assertFalse(Files.exists(reference.resolve(SweepRounds.DIR_NAME)), "a completed sweep keeps no rounds");
    }

    @AfterAll
    static void stopSpark() {
        spark.close();
    }

    /** Thrown by the test's hook: the sweep stops as a crashed or killed driver would, its rounds kept. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    /** A sweep of {@code conf} into {@code out} on one slice per round, stopped once round {@code last} is kept. */
    private static void runAndStopAfter(Path conf, Path out, int last, String... settings) {
        ExperimentConfig config = ExperimentConfig.load(conf, List.of(settings));
        RunContext quiet = new RunContext(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                Progress.Mode.OFF);
        assertThrows(Stop.class, () -> Sweeps.run(config, List.of(settings), out, "local[2]", 1, quiet,
                List.of("sweep", conf.toString()), r -> {
                    if (r.round() == last) {
                        throw new Stop();
                    }
                }));
    }

    /** Every file of a directory tree (relative names) with its bytes. */
    private static TreeMap<String, byte[]> files(Path root) throws IOException {
        TreeMap<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return out;
    }

    private static void assertSameFiles(TreeMap<String, byte[]> expected, Path root) throws IOException {
        TreeMap<String, byte[]> actual = files(root);
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((name, bytes) -> assertArrayEquals(bytes, actual.get(name), name + " changed"));
    }

    /** One line, status 2, nothing in {@code out} changed. */
    private static void assertRefused(String expected, Path out, String... args) throws IOException {
        TreeMap<String, byte[]> before = Files.isDirectory(out) ? files(out) : null;
        Result r = CliTest.fabricsim(args);
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().startsWith("fabricsim: ") && r.err().contains(expected), r.err());
        if (before != null) {
            assertSameFiles(before, out);
        }
    }

    @Test
    void aSweepStoppedBetweenRoundsResumesOnAnotherSplitToTheSameBytes() throws IOException {
        Path conf = SweepFiles.write(dir, "small.conf", CONF);
        Path out = dir.resolve("out");
        runAndStopAfter(conf, out, 1);
        assertEquals(Set.of("rounds/sweep.json", "rounds/round-00000.arrow", "rounds/round-00001.arrow"),
                files(out).keySet(), "the finished rounds, and no result");
        // a process killed while it wrote round 2 (SIGKILL: no clean-up) leaves its partial file
        Files.writeString(out.resolve("rounds/.round-00002.arrow.partial"), "half a round");

        Result r = CliTest.fabricsim("sweep", "--resume", out.toString(), "--master", "local[2]", "--slices", "3",
                "--progress", "off");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("convergence sweep: resuming in " + out + " after 2 finished rounds"), r.out());
        TreeMap<String, byte[]> expected = files(reference);
        expected.remove("run.json");
        expected.put("run.json", Files.readAllBytes(out.resolve("run.json")));
        assertSameFiles(expected, out); // summary.json, trials.arrow, iterations.png; rounds/ is gone
        JsonNode resumed = Json.read(out.resolve("run.json"));
        JsonNode whole = Json.read(reference.resolve("run.json"));
        assertEquals(whole.get("rounds"), resumed.get("rounds"));
        assertEquals(2, resumed.get("rounds_restored").asInt());
        assertEquals(0, whole.get("rounds_restored").asInt());
        assertEquals(3, resumed.get("slices_per_round").asInt());
        assertEquals(whole.get("config"), resumed.get("config"));
        assertEquals("[\"sweep\",\"" + conf + "\"]", resumed.get("command_line").toString(), "the sweep's command");

        assertRefused("--resume " + out + ": the run there is complete (run.json, no rounds/): nothing to resume", out,
                "sweep", "--resume", out.toString());
    }

    @Test
    void aSweepStoppedAfterItsLastRoundOnlyWritesItsResults() throws IOException {
        Path conf = SweepFiles.write(dir, "small.conf", CONF);
        Path out = dir.resolve("out");
        int rounds = Json.read(reference.resolve("run.json")).get("rounds").asInt();
        runAndStopAfter(conf, out, rounds - 1); // every point done, the results not written
        Result r = CliTest.fabricsim("sweep", conf.toString(), "--resume", out.toString(), "--master", "local[2]",
                "--progress", "off");
        assertEquals(0, r.status(), r.err());
        for (String f : List.of("summary.json", "trials.arrow", "iterations.png")) {
            assertArrayEquals(Files.readAllBytes(reference.resolve(f)), Files.readAllBytes(out.resolve(f)), f);
        }
    }

    @Test
    void whatCannotBeResumedIsRefusedInOneLine() throws IOException {
        Path conf = SweepFiles.write(dir, "small.conf", CONF);
        Path out = dir.resolve("out");
        runAndStopAfter(conf, out, 0, "sweep.tolerance=0.03");
        String resume = "--resume " + out + ": ";

        // a new sweep does not overwrite the rounds of an interrupted one
        assertRefused("--out " + out + ": " + out.resolve("rounds") + " holds the finished rounds of an interrupted"
                + " sweep; continue it with 'fabricsim sweep --resume " + out + "'", out,
                "sweep", conf.toString(), "--out", out.toString());
        // restated with other settings, or none where the sweep had some
        assertRefused(resume + "sweep.tolerance: 0.03 then, 0.05 now (this command against the sweep being resumed)",
                out, "sweep", conf.toString(), "--set", "sweep.tolerance=0.05", "--resume", out.toString());
        assertRefused(resume + "sweep.tolerance: 0.03 then, 0.02 now", out, "sweep", conf.toString(), "--resume",
                out.toString());
        // the experiment file edited since the sweep started
        Files.writeString(conf, CONF.replace("batch-size = 50", "batch-size = 40"));
        assertRefused(resume + conf + " changed since the sweep started (sweep.batch-size: 50 then, 40 now)", out,
                "sweep", "--resume", out.toString());
        Files.writeString(conf, CONF);

        // damaged rounds: bytes changed, cut short, missing
        Path round = out.resolve("rounds/round-00000.arrow");
        byte[] good = Files.readAllBytes(round);
        byte[] flipped = good.clone();
        flipped[good.length / 2] ^= 1;
        Files.write(round, flipped);
        assertRefused(resume + round + ": damaged round (", out, "sweep", "--resume", out.toString());
        Files.write(round, java.util.Arrays.copyOf(good, good.length / 3));
        assertRefused(resume + round + ": damaged round (not a readable Arrow file); delete it and the rounds after"
                + " it to run them again, or delete " + out.resolve("rounds") + " to start afresh", out,
                "sweep", "--resume", out.toString());
        Files.write(round, good);
        Files.copy(round, out.resolve("rounds/round-00002.arrow"));
        assertRefused(resume + out.resolve("rounds/round-00001.arrow") + ": damaged round (missing, but"
                + " round-00002.arrow is there)", out, "sweep", "--resume", out.toString());
        Files.delete(out.resolve("rounds/round-00002.arrow"));
        // a round of another sweep of the same file, with another seed (issue 34): its own SHA-256 holds, but it is
        // not this sweep's
        Path other = dir.resolve("other");
        runAndStopAfter(conf, other, 0, "sweep.tolerance=0.03", "seed=2");
        byte[] mine = Files.readAllBytes(round);
        Files.copy(other.resolve("rounds/round-00000.arrow"), round, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertRefused(resume + round + ": damaged round (a round of another sweep: its configuration, settings or seed"
                + " are not this one's)", out, "sweep", "--resume", out.toString());
        Files.write(round, mine);

        // a standalone master that cannot be reached (issue 34): one line in seconds, the rounds as they were
        int closed;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            closed = free.getLocalPort();
        }
        String master = "spark://127.0.0.1:" + closed;
        assertRefused("--master: cannot reach the Spark master " + master + " (", out, "sweep", "--resume",
                out.toString(), "--master", master);
        assertRefused("--master: cannot reach the Spark master " + master + " (", dir.resolve("fresh"), "sweep",
                conf.toString(), "--out", dir.resolve("fresh").toString(), "--master", master);
        assertFalse(Files.exists(dir.resolve("fresh")), "nothing written");

        // the record gone (issue 34): both commands say what is missing and how to start over
        Path record = out.resolve("rounds/sweep.json");
        byte[] kept = Files.readAllBytes(record);
        Files.delete(record);
        assertRefused(resume + out.resolve("rounds") + " holds rounds but no sweep.json: the sweep's configuration is"
                + " lost and it cannot be continued; delete " + out.resolve("rounds") + " and run the sweep again with"
                + " --out " + out, out, "sweep", "--resume", out.toString());
        assertRefused("--out " + out + ": " + out.resolve("rounds") + " holds rounds of a sweep whose record (sweep.json)"
                + " is missing, so it cannot be continued: delete " + out.resolve("rounds") + " to start afresh", out,
                "sweep", conf.toString(), "--out", out.toString());
        Files.write(record, kept);

        Files.writeString(out.resolve("rounds/sweep.json"), "{\"schema\": \"something else\"}\n");
        assertRefused(resume + out.resolve("rounds/sweep.json") + ": damaged (not the record of a sweep)", out,
                "sweep", "--resume", out.toString());

        // not a sweep's directory
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertRefused("--resume " + empty + ": no interrupted sweep there (no " + empty.resolve("rounds/sweep.json")
                + ")", empty, "sweep", "--resume", empty.toString());
        assertRefused("--resume " + dir.resolve("none") + ": no such directory", dir.resolve("none"),
                "sweep", "--resume", dir.resolve("none").toString());
        assertFalse(Files.exists(dir.resolve("none")));
        assertRefused("--out=DIR, --resume=DIR are mutually exclusive", dir.resolve("a"), "sweep", conf.toString(),
                "--out", dir.resolve("a").toString(), "--resume", out.toString());
    }
}
