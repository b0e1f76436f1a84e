package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.fabricsim;
import static org.fabricsim.cli.DistributedSimulateTest.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster's security from the command line (docs/DISTRIBUTED.md, "Security"): keys made by
 * {@code cluster-keys}, a TLS run over two JVMs equal to the sequential one, a node without the keys told why
 * it was not let in, and every bad setting refused in one line.
 */
class ClusterSecurityCliTest {
    @TempDir
    Path dir;

    private Path experiment() throws IOException {
        Path conf = dir.resolve("k4.conf");
        Files.writeString(conf, "experiment = packet\ntopology.name = \"kary-ntree(4,3)\"\n"
                + "traffic.pattern = random-permutation\npacket.end-time = 50us\n");
        return conf;
    }

    /** {@code fabricsim ARGS} in a JVM of its own, its stdout and stderr together in {@code log}. */
    private static Process fabricsimProcess(Path log, String... args) throws IOException {
        return new ProcessBuilder(CliTest.fabricsimCommand(args)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Lines a user would take for trouble: Pekko's or Spark's warnings and errors, stack traces. */
    private static List<String> trouble(Path log) throws IOException {
        java.util.regex.Pattern level = java.util.regex.Pattern.compile("\\b(WARN|ERROR)\\b|Exception");
        return Files.readAllLines(log).stream().filter(l -> level.matcher(l).find()).toList();
    }

    private static String[] tlsSettings(Path keys) {
        return new String[] {"--set", "engine.cluster.tls.key-store=" + keys.resolve("cluster-keystore.p12"),
            "--set", "engine.cluster.tls.trust-store=" + keys.resolve("cluster-truststore.p12"),
            "--set", "engine.cluster.tls.password-file=" + keys.resolve("cluster.password")};
    }


    @Test
    void twoJvmsOverTlsReproduceTheSequentialRunAndAStrangerIsNotLetIn() throws Exception {
        Path keys = dir.resolve("keys");
        CliTest.Result made = fabricsim("cluster-keys", keys.toString());
        assertEquals(0, made.status(), made.err());
        assertTrue(made.out().contains("--tls-key-store"), made.out());
        CliTest.Result again = fabricsim("cluster-keys", keys.toString());
        assertEquals(2, again.status());
        assertTrue(again.err().startsWith("fabricsim: cluster-keys: ") && again.err().contains("exists"), again.err());

        int nodePort = freePort();
        String seed = "pekko://fabricsim@127.0.0.1:" + nodePort;
        Path nodeLog = dir.resolve("node.log");
        Process node = fabricsimProcess(nodeLog, "node", "--port", String.valueOf(nodePort), "--seed-nodes", seed,
                "--tls-key-store", keys.resolve("cluster-keystore.p12").toString(), "--tls-trust-store",
                keys.resolve("cluster-truststore.p12").toString(), "--tls-password-file",
                keys.resolve("cluster.password").toString());
        Process stranger = null;
        try {
            Path conf = experiment();
            Path seq = dir.resolve("seq");
            assertEquals(0, fabricsim("simulate", conf.toString(), "--out", seq.toString(), "--progress", "off").status());
            // the driver in a JVM of its own, as a user runs it: its log must stay quiet, the node's too
            Path two = dir.resolve("two");
            Path driverLog = dir.resolve("driver.log");
            Process driver = fabricsimProcess(driverLog, concat(new String[] {"simulate", conf.toString(),
                "--out", two.toString(), "--progress", "off", "--set", "engine.kind=distributed", "--set",
                "engine.placement=cluster", "--set", "engine.cluster.port=" + freePort(), "--set",
                "engine.cluster.seed-nodes=[\"" + seed + "\"]", "--set",
                "engine.cluster.members=[\"127.0.0.1:" + nodePort + "\"]"}, tlsSettings(keys)));
            assertTrue(driver.waitFor(120, TimeUnit.SECONDS), "the run ends");
            assertEquals(0, driver.exitValue(), Files.readString(driverLog));
            for (String f : DistributedSimulateTest.RESULTS) {
                assertArrayEquals(Files.readAllBytes(seq.resolve(f)), Files.readAllBytes(two.resolve(f)), f);
            }
            Thread.sleep(2_000); // the driver has left; the node would have logged the goodbye by now
            assertEquals(List.of(), trouble(driverLog), "a successful cluster run ends quietly");
            assertEquals(List.of(), trouble(nodeLog), "the node too");

            // a node without the cluster's keys is refused by the seed and says why it gave up
            Path strangerLog = dir.resolve("stranger.log");
            stranger = fabricsimProcess(strangerLog, "node", "--port", String.valueOf(freePort()), "--seed-nodes",
                    seed, "--join-timeout", "4");
            assertTrue(stranger.waitFor(60, TimeUnit.SECONDS), "the stranger gives up");
            String said = Files.readString(strangerLog);
            assertEquals(1, stranger.exitValue(), said);
            assertTrue(said.contains("fabricsim node: not let in by " + seed + " within 4 s"), said);
            assertFalse(said.contains("Exception"), said);
            assertTrue(node.isAlive(), "the cluster's node is still up");
        } finally {
            node.destroyForcibly();
            if (stranger != null) {
                stranger.destroyForcibly();
            }
        }
    }

    @Test
    void badClusterSettingsAreRefusedInOneLine() throws IOException {
        Path conf = experiment();
        String[] cluster = {"simulate", conf.toString(), "--out", dir.resolve("out").toString(), "--progress", "off",
            "--set", "engine.kind=distributed", "--set", "engine.placement=cluster"};
        Path keys = dir.resolve("keys");
        assertEquals(0, fabricsim("cluster-keys", keys.toString()).status());
        Files.writeString(dir.resolve("wrong.password"), "guess\n");
        String[][] cases = {
            {"engine.cluster.host=10.1.2.3", "engine.cluster.host = 10.1.2.3 is reachable from other machines"},
            {"engine.cluster.members=[]", "engine.cluster.members: lists no member"},
            {"engine.cluster.members=[\"nohost\"]", "engine.cluster.members: 'nohost' is not HOST:PORT"},
            {"engine.cluster.members=[\"127.0.0.1:2553\",\"127.0.0.1:2553\"]", "is listed twice"},
            {"engine.cluster.seed-nodes=[\"10.0.0.1:2552\"]", "'10.0.0.1:2552' is not pekko://fabricsim@HOST:PORT"},
            {"engine.cluster.tls.key-store=" + keys.resolve("cluster-keystore.p12"),
                "engine.cluster.tls.trust-store: is needed"},
            {"engine.cluster.tls.password-file=" + keys.resolve("cluster.password"),
                "engine.cluster.tls.key-store: is empty but"},
            {"engine.cluster.channels=udp", "engine.cluster.channels: 'udp' is not one of direct, artery"},
        };
        for (String[] c : cases) {
            CliTest.Result r = fabricsim(concat(cluster, "--set", c[0]));
            assertEquals(2, r.status(), c[0] + ": " + r.err());
            assertTrue(r.err().contains(c[1]) && r.err().strip().lines().count() == 1, c[0] + ": " + r.err());
            assertFalse(Files.exists(dir.resolve("out")), c[0] + ": nothing written");
        }
        // a driver that runs no LP needs a member to run them
        CliTest.Result alone = fabricsim(concat(cluster, "--set", "engine.cluster.members=1", "--set",
                "engine.cluster.driver-runs-lps=false"));
        assertEquals(2, alone.status(), alone.err());
        assertTrue(alone.err().contains("engine.cluster.driver-runs-lps: false needs a member besides the driver")
                && alone.err().strip().lines().count() == 1, alone.err());
        String[] tls = tlsSettings(keys);
        tls[tls.length - 1] = "engine.cluster.tls.password-file=" + dir.resolve("wrong.password");
        CliTest.Result r = fabricsim(concat(cluster, tls));
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("wrong password") && !r.err().contains("guess"), r.err());
        assertTrue(r.err().startsWith("fabricsim: --set engine.cluster.tls.password-file="), r.err());
        // the setting that is wrong is the one named (issue 34: a directory was blamed on the key store)
        for (String setting : new String[] {"password-file", "trust-store"}) {
            String[] wrong = tlsSettings(keys);
            for (int i = 0; i < wrong.length; i++) {
                if (wrong[i].startsWith("engine.cluster.tls." + setting + "=")) {
                    wrong[i] = "engine.cluster.tls." + setting + "=" + dir;
                }
            }
            r = fabricsim(concat(cluster, wrong));
            assertEquals(2, r.status(), r.err());
            assertTrue(r.err().startsWith("fabricsim: --set engine.cluster.tls." + setting + "=" + dir + ": ")
                    && r.err().contains("cannot be read") && r.err().strip().lines().count() == 1, setting + ": " + r.err());
        }

        CliTest.Result n = fabricsim("node", "--host", "10.1.2.3", "--seed-nodes", "pekko://fabricsim@10.1.2.3:2552");
        assertEquals(2, n.status(), n.err());
        assertTrue(n.err().startsWith("fabricsim: node: --host = 10.1.2.3 is reachable from other machines: enable"
                + " TLS (--tls-key-store"), n.err());
        n = fabricsim("node", "--seed-nodes", "pekko://fabricsim@127.0.0.1:2552", "--tls-trust-store", "x.p12");
        assertEquals(2, n.status(), n.err());
        assertTrue(n.err().contains("need --tls-key-store"), n.err());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
