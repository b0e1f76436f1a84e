package org.fabricsim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fabricsim.spark.SparkSessions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM during a run, in a separate JVM (docs/OUTPUTS.md, "Commit protocol" and "Interrupted sweeps"): one
 * line, 143, no --out left — except a sweep's finished rounds, from which --resume finishes it. The commands
 * run in this JVM (the resume, the uninterrupted sweep) borrow one local[2] session for the class.
 */
class InterruptTest {
    @TempDir
    Path dir;

    private static SparkSessions.Handle spark;

    @BeforeAll
    static void startSpark() {
        spark = SparkSessions.start("local[2]");
    }

    @AfterAll
    static void stopSpark() {
        spark.close();
    }

    @Test
    void sigtermDuringARunRemovesTheOutputDirectoryItCreatedAndExits143() throws Exception {
        Path out = dir.resolve("a/run");
        Path err = dir.resolve("stderr.txt");
        // a run of minutes: the output directory exists once the run has started writing into it
        int status = terminateWhenExists(out, err, "simulate",
                Path.of("..", "conf", "experiments", "packet-tree648.conf").toString(),
                "--set", "packet.end-time=50ms", "--set", "output.plots=false", "--progress", "off",
                "--out", out.toString());
        String stderr = Files.readString(err);
        assertEquals(List.of("fabricsim: interrupted (SIGTERM): nothing written to " + out), lines(stderr), stderr);
        assertEquals(143, status, stderr);
        assertFalse(Files.exists(out), "the output directory the run created is removed");
        assertTrue(Files.isDirectory(dir.resolve("a")), "its parent, created too, is left");
    }

    @Test
    void sigtermDuringASweepKeepsItsFinishedRoundsAndResumeWritesTheUninterruptedBytes() throws Exception {
        Path conf = dir.resolve("sweep.conf");
        Files.writeString(conf, SweepCommandTest.SWEEP);
        // six or seven rounds: at least five after the first, each a Spark job of its own (about a second on a
        // busy 2-core machine, tens of milliseconds at the very least), while the signal follows the first
        // round's file within the 20 ms poll of terminateWhenExists. With three rounds the two after the first
        // were all that stood between the signal and the sweep's end, and the sweep could win the race
        List<String> sweep = List.of("sweep", conf.toString(), "--set", "sweep.min-batches=6", "--set",
                "sweep.max-batches=7", "--progress", "off");
        Path out = dir.resolve("sweep");
        Path err = dir.resolve("stderr.txt");
        // as soon as round 0 is kept: the signal comes while round 1 runs
        int status = terminateWhenExists(out.resolve("rounds/round-00000.arrow"), err,
                with(sweep, "--master", "local[1]", "--out", out.toString()));
        String stderr = Files.readString(err);
        List<String> lines = lines(stderr);
        assertEquals(1, lines.size(), stderr);
        Matcher m = Pattern.compile(Pattern.quote("fabricsim: interrupted (SIGTERM): results not written; ")
                + "(\\d+) finished rounds? " + Pattern.quote("kept in " + out.resolve("rounds")
                + "; continue with 'fabricsim sweep --resume " + out + "'")).matcher(lines.get(0));
        assertTrue(m.matches(), lines.get(0));
        assertEquals(143, status, stderr);
        List<String> kept;
        try (Stream<Path> files = Files.walk(out)) {
            kept = files.filter(Files::isRegularFile).map(f -> out.relativize(f).toString()).sorted().toList();
        }
        int rounds = Integer.parseInt(m.group(1));
        assertTrue(rounds < 6, "interrupted before its last round: " + rounds);
        assertTrue(rounds >= 1 && kept.size() == rounds + 1 && kept.contains("rounds/sweep.json"),
                "the rounds it says, and nothing else (no result, no partial file): " + kept);

        CliTest.Result resumed = CliTest.fabricsim("sweep", "--resume", out.toString(), "--master", "local[2]",
                "--progress", "off");
        assertEquals(0, resumed.status(), resumed.err());
        Path whole = dir.resolve("whole");
        CliTest.Result reference = CliTest.fabricsim(with(sweep, "--master", "local[2]", "--out", whole.toString()));
        assertEquals(0, reference.status(), reference.err());
        for (String f : List.of("summary.json", "trials.arrow", "iterations.png")) {
            assertArrayEquals(Files.readAllBytes(whole.resolve(f)), Files.readAllBytes(out.resolve(f)), f);
        }
        assertFalse(Files.exists(out.resolve("rounds")), "the rounds go once the results are written");
    }

    /**
     * Starts {@code fabricsim ARGS} in a JVM of its own, sends it SIGTERM once {@code path} exists and returns its
     * exit status; its stderr goes to {@code err}.
     */
    private static int terminateWhenExists(Path path, Path err, String... args) throws IOException,
            InterruptedException {
        List<String> command = CliTest.fabricsimCommand(args);
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.exists(path)) {
                if (!p.isAlive()) {
                    fail("the run ended before it was interrupted (" + p.exitValue() + "): " + Files.readString(err));
                }
                if (System.nanoTime() > deadline) {
                    fail("the run did not create " + path + " within 120 s: " + Files.readString(err));
                }
                Thread.sleep(20);
            }
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run stops after SIGTERM");
            return p.exitValue();
        } finally {
            p.destroyForcibly();
        }
    }

    private static String[] with(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** stderr without the JVM's own notice of the incubator module (jvm.config). */
    private static List<String> lines(String stderr) {
        return stderr.lines().filter(l -> !l.startsWith("WARNING: Using incubator modules")).toList();
    }
}
