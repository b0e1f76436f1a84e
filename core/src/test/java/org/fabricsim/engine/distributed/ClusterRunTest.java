package org.fabricsim.engine.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Two JVMs over Artery TCP: this one (coordinator and a member) and a child member process. */
class ClusterRunTest {
    private Process member;

    @AfterEach
    void killMember() {
        if (member != null) {
            member.destroyForcibly();
        }
    }

    @Test
    void twoLpsInTwoJvmsEqualTheSequentialRun() {
        // the member is its own seed, so that it serves one driver after the other
        int memberPort = freePort();
        String seed = "pekko://" + ClusterConfig.SYSTEM_NAME + "@127.0.0.1:" + memberPort;
        member = startMember(memberPort, seed);
        Phold.Result reference = Phold.sequential(DistributedRunTest.SPEC, DistributedRunTest.END);
        RunResult r = DistributedRun.onCluster(ClusterConfig.member("127.0.0.1", freePort(), List.of(seed),
                DistributedRunTest.WIRE), DistributedRunTest.SPEC, 2, Phold.roundRobin(64, 2), DistributedRunTest.END, 2,
                Duration.ofSeconds(60));
        assertEquals(reference, r.result());
        assertTrue(r.realMessages() > 0 && r.nullMessages() >= 0);
        assertEquals(r.batches(), r.directBatches(), "every batch crossed over the direct channels");

        // a driver that runs no LP (engine.cluster.driver-runs-lps = false): both LPs go to the member, so no
        // batch crosses between JVMs, and the result is the same
        RunResult apart = DistributedRun.onCluster(ClusterConfig.member("127.0.0.1", freePort(), List.of(seed),
                DistributedRunTest.WIRE), DistributedRunTest.SPEC, 2, Phold.roundRobin(64, 2), DistributedRunTest.END,
                2, List.of(), Duration.ofSeconds(60), true, t -> { }, true, false);
        assertEquals(reference, apart.result());
        assertTrue(apart.batches() > 0);
        assertEquals(0, apart.directBatches(), "both LPs ran in the member's JVM");

        // a result that travels in pieces (a part's packet metrics can exceed the largest frame, 4 MiB, which
        // Artery would drop): 150 000 entities make each LP's result larger than a piece; the batches go
        // through Artery this time (engine.cluster.channels = artery)
        Phold.Spec big = new Phold.Spec(150_000, 5, 10_000, 4, -1);
        long end = 25_000;
        Phold.Result bigReference = Phold.sequential(big, end);
        assertTrue(new KryoSerializer(DistributedRunTest.WIRE).toBinary(bigReference).length
                > LogicalProcessActor.RESULT_CHUNK_BYTES, "the result needs several pieces");
        RunResult b = DistributedRun.onCluster(ClusterConfig.member("127.0.0.1", freePort(), List.of(seed),
                DistributedRunTest.WIRE), big, 2, Phold.roundRobin(big.entities(), 2), end, 2, List.of(),
                Duration.ofSeconds(60), true, t -> { }, false, true);
        assertEquals(bigReference, b.result());
        assertEquals(0, b.directBatches(), "no batch took a direct channel");
        assertTrue(b.batches() > 0);
    }

    @Test
    void killingAMemberMidRunAbortsWithinSeconds() throws Exception {
        int driverPort = freePort();
        String seed = "pekko://" + ClusterConfig.SYSTEM_NAME + "@127.0.0.1:" + driverPort;
        member = startMember(freePort(), seed);
        // a thousand times the other tests' run: minutes between JVMs; its first percent, a fraction of a second
        // once the member has joined, says that the LPs run on both members (rather than a guess at how long the
        // member's JVM takes to start)
        long longRun = DistributedRunTest.END * 1000;
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> DistributedRun.onCluster(
                ClusterConfig.member("127.0.0.1", driverPort, List.of(seed), DistributedRunTest.WIRE),
                DistributedRunTest.SPEC, 2, Phold.roundRobin(64, 2), longRun, 2, List.of(), Duration.ofSeconds(60),
                true, reached -> running.countDown(), true, true));
        assertTrue(running.await(60, TimeUnit.SECONDS), "the LPs run");
        assertTrue(!run.isDone(), "still running before the kill");
        member.destroyForcibly();
        ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(30, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof DistributedRunException, String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().contains("unreachable") || e.getCause().getMessage().contains("stopped"),
                e.getCause().getMessage());
    }

    @Test
    void aMemberOfAnotherBuildIsRefused() {
        int driverPort = freePort();
        String seed = "pekko://" + ClusterConfig.SYSTEM_NAME + "@127.0.0.1:" + driverPort;
        member = startMember(freePort(), seed, "other");
        DistributedRunException e = assertThrows(DistributedRunException.class, () -> DistributedRun.onCluster(
                ClusterConfig.member("127.0.0.1", driverPort, List.of(seed), DistributedRunTest.WIRE),
                DistributedRunTest.SPEC, 2, Phold.roundRobin(64, 2), DistributedRunTest.END, 2, Duration.ofSeconds(60)));
        assertTrue(e.getMessage().contains("runs version"), e.getMessage());
    }

    static Process startMember(int port, String seed, String... extra) {
        return startMember(port, seed, null, extra);
    }

    /** {@link #startMember}, its stdout and stderr into {@code output} (null: discarded). */
    static Process startMember(int port, String seed, Path output, String... extra) {
        try {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            // the client compiler only: a member runs for seconds, mostly code that runs once (class loading,
            // Pekko's start, a short run), and C2's compilations of it cost a 2-core machine more CPU than they save;
            // the parallel collector, as the test JVMs' own (pom.xml, fabricsim.test.gc)
            List<String> command = new java.util.ArrayList<>(List.of(java.toString(), "-XX:TieredStopAtLevel=1",
                    "-XX:+UseParallelGC", "-cp",
                    System.getProperty("java.class.path"), MemberMain.class.getName(), String.valueOf(port), seed));
            command.addAll(List.of(extra));
            return new ProcessBuilder(command)
                    .redirectErrorStream(true).redirectOutput(output == null ? ProcessBuilder.Redirect.DISCARD
                            : ProcessBuilder.Redirect.to(output.toFile())).start();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
