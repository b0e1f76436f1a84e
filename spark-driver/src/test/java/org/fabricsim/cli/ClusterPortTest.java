package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cluster port something already listens on: one line naming the address and what to do, no trace (issue 34). */
class ClusterPortTest {
    private static final Path ROOT = Path.of(System.getProperty("fabricsim.repoRoot"));

    @TempDir
    Path dir;

    @Test
    void aPortInUseIsRefusedForANodeAndForADriver() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int p = taken.getLocalPort();
            String expected = "cannot listen on 127.0.0.1:" + p + " (";
            assertBadInput("node: --port: " + expected, "node", "--port", String.valueOf(p), "--seed-nodes",
                    "pekko://fabricsim@127.0.0.1:" + p);
            Path out = dir.resolve("out");
            assertBadInput("engine.cluster.port: " + expected, "simulate",
                    ROOT.resolve("conf/experiments/packet-c1-s2.conf").toString(), "--out", out.toString(), "--set",
                    "engine.kind=distributed", "--set", "engine.placement=cluster", "--set", "engine.cluster.port=" + p);
            assertFalse(Files.exists(out), "nothing written");
        }
    }
}
