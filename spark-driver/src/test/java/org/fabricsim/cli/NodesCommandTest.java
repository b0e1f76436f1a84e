package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabricsim nodes N}: N node JVMs on this machine that serve runs and stop together; a run over them
 * (3 LPs in 3 JVMs, with the global bound) equals the sequential run.
 */
class NodesCommandTest {
    @TempDir
    Path dir;

    @Test
    void twoNodesServeARunAndStopTogether() throws Exception {
        int port = freePortPair();
        Process nodes = new ProcessBuilder(CliTest.fabricsimCommand("nodes", "2", "--port", String.valueOf(port)))
                .redirectError(dir.resolve("nodes.err").toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(nodes.getInputStream(), StandardCharsets.UTF_8));
            String up = out.readLine();
            String driver = out.readLine();
            assertTrue(up != null && up.startsWith("fabricsim nodes: 2 nodes at 127.0.0.1:" + port + ", 127.0.0.1:"
                    + (port + 1)), up + " / " + Files.readString(dir.resolve("nodes.err")));
            assertTrue(driver.contains("engine.partitions=3") && driver.contains("engine.cluster.members=[\"127.0.0.1:"
                    + port + "\",\"127.0.0.1:" + (port + 1) + "\"]"), driver);

            Path conf = dir.resolve("k4.conf");
            Files.writeString(conf, "experiment = packet\ntopology.name = \"kary-ntree(4,3)\"\n"
                    + "traffic.pattern = random-permutation\npacket.end-time = 30us\n");
            Path seq = dir.resolve("seq");
            assertEquals(0, fabricsim("simulate", conf.toString(), "--out", seq.toString(), "--progress", "off").status());
            for (int run = 1; run <= 1; run++) { // (ClusterSecurityTest has a node serve a second run)
                Path three = dir.resolve("three-" + run);
                CliTest.Result r = fabricsim("simulate", conf.toString(), "--out", three.toString(), "--progress", "off",
                        "--set", "engine.kind=distributed", "--set", "engine.placement=cluster", "--set",
                        "engine.partitions=3", "--set", "engine.cluster.port=0", "--set",
                        "engine.cluster.seed-nodes=[\"pekko://fabricsim@127.0.0.1:" + port + "\"]", "--set",
                        "engine.cluster.members=[\"127.0.0.1:" + port + "\",\"127.0.0.1:" + (port + 1) + "\"]");
                assertEquals(0, r.status(), r.err());
                for (String f : DistributedSimulateTest.RESULTS) {
                    assertArrayEquals(Files.readAllBytes(seq.resolve(f)), Files.readAllBytes(three.resolve(f)),
                            "run " + run + ": " + f);
                }
                String engine = Files.readString(three.resolve("run.json"));
                assertTrue(engine.contains("\"logical_processes\": 3") && engine.contains("\"global_bound_waves\""),
                        engine);
            }
        } finally {
            nodes.destroy(); // SIGTERM: the command stops its nodes
        }
        assertTrue(nodes.waitFor(30, TimeUnit.SECONDS), "the command ends");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && (accepts(port) || accepts(port + 1))) {
            Thread.sleep(200);
        }
        assertFalse(accepts(port) || accepts(port + 1), "the nodes stopped with the command");
    }

    @Test
    void badArgumentsAreOneLine() {
        CliTest.assertBadInput("nodes: N must be in 1..64, got 0", "nodes", "0");
        CliTest.assertBadInput("nodes: --heap 'lots' is not a size", "nodes", "2", "--heap", "lots");
        CliTest.assertBadInput("nodes: --host = 10.1.2.3 is reachable from other machines", "nodes", "2", "--host",
                "10.1.2.3");
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 300);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A port whose successor is free too (as far as one can tell). */
    private static int freePortPair() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int p;
            try (ServerSocket s = new ServerSocket(0)) {
                p = s.getLocalPort();
            }
            if (p < 65535) {
                try (ServerSocket next = new ServerSocket(p + 1)) {
                    return p;
                } catch (IOException e) {
                    // taken: try another
                }
            }
        }
        throw new IOException("no two free ports in a row");
    }
}
