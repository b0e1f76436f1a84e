package org.fabricsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGTERM during a run, in a separate JVM (docs/OUTPUTS.md, "Commit protocol"): one line, 143, no --out left. */
class InterruptTest {
    @TempDir
    Path dir;

    @Test
    void sigtermDuringARunRemovesTheOutputDirectoryItCreatedAndExits143() throws Exception {
        Path out = dir.resolve("a/run");
        Path err = dir.resolve("stderr.txt");
        List<String> command = CliTest.fabricsimCommand("simulate",
                Path.of("..", "conf", "experiments", "packet-tree648.conf").toString(),
                "--set", "packet.end-time=50ms", "--set", "output.plots=false", "--progress", "off",
                "--out", out.toString());
        // a run of minutes: the output directory exists once the run has started writing into it
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.isDirectory(out)) {
                if (!p.isAlive()) {
                    fail("the run ended before it was interrupted (" + p.exitValue() + "): " + Files.readString(err));
                }
                if (System.nanoTime() > deadline) {
                    fail("the run did not create " + out + " within 60 s: " + Files.readString(err));
                }
                Thread.sleep(20);
            }
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run stops after SIGTERM");
        } finally {
            p.destroyForcibly();
        }
        String stderr = Files.readString(err);
        // the JVM's own notice of the incubator module (jvm.config) aside, the one line of the interrupted run
        List<String> lines = stderr.lines().filter(l -> !l.startsWith("WARNING: Using incubator modules")).toList();
        assertEquals(List.of("fabricsim: interrupted (SIGTERM): nothing written to " + out), lines, stderr);
        assertEquals(143, p.exitValue(), stderr);
        assertFalse(Files.exists(out), "the output directory the run created is removed");
        assertTrue(Files.isDirectory(dir.resolve("a")), "its parent, created too, is left");
    }
}
