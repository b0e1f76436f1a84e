package org.fabricsim.engine.distributed;

import static org.fabricsim.engine.distributed.ClusterRunTest.freePort;
import static org.fabricsim.engine.distributed.ClusterRunTest.startMember;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.fabricsim.InputException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Who may take part in a run (docs/DISTRIBUTED.md, "Security"): TLS with mutual authentication gives the
 * sequential results, a member without the cluster's certificate is never let in, a member nobody expected
 * makes the run refuse, and random bytes at a member's port neither crash it nor disturb a run.
 */
class ClusterSecurityTest {
    @TempDir
    static Path keys;

    private final List<Process> members = new ArrayList<>();

    @BeforeAll
    static void makeKeys() throws Exception {
        ClusterKeys.create(keys.resolve("a"), 2);
        ClusterKeys.create(keys.resolve("b"), 2);
    }

    @AfterEach
    void killMembers() {
        members.forEach(Process::destroyForcibly);
    }

    private String member(int port, String seed, String... extra) {
        members.add(startMember(port, seed, extra));
        return "127.0.0.1:" + port;
    }

    private static String seed(int port) {
        return "pekko://" + ClusterConfig.SYSTEM_NAME + "@127.0.0.1:" + port;
    }

    private static RunResult run(int driverPort, String seed, ClusterTls tls, Phold.Spec spec, long end, int members,
            List<String> expected, int joinSeconds) {
        return DistributedRun.onCluster(ClusterConfig.member("127.0.0.1", driverPort, List.of(seed),
                DistributedRunTest.WIRE, tls), spec, 2, Phold.roundRobin(spec.entities(), 2), end, members, expected,
                Duration.ofSeconds(joinSeconds), true, t -> { }, true, true);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void randomBytesAtTheMembersPortsDisturbNeitherTheRunNorTheMember(boolean tls) throws Exception {
        // the member seeds its own cluster and stays for a second run
        int memberPort = freePort();
        String seed = seed(memberPort);
        member(memberPort, seed, tls ? "tls=" + keys.resolve("a") : "plain");
        ClusterTls keysA = tls ? MemberMain.tls(keys.resolve("a")) : null;
        long end = DistributedRunTest.END * 2; // seconds, for the noise to arrive during the run
        Phold.Result reference = Phold.sequential(DistributedRunTest.SPEC, end);
        int driverPort = freePort();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger sent = new AtomicInteger();
        CompletableFuture<Void> noise = CompletableFuture.runAsync(() -> {
            Random random = new Random(7);
            while (running.get()) {
                for (int port : new int[] {memberPort, driverPort}) {
                    try (Socket s = new Socket()) {
                        // a member that stops accepting must not hang the noise: bounded connect and write
                        s.connect(new java.net.InetSocketAddress("127.0.0.1", port), 500);
                        s.setSoTimeout(500);
                        OutputStream out = s.getOutputStream();
                        byte[] junk = new byte[1 + random.nextInt(4096)];
                        random.nextBytes(junk);
                        if (random.nextBoolean()) {
                            // Artery's TCP header, then garbage: the frames' parser sees it too
                            System.arraycopy(new byte[] {'A', 'K', 'K', 'A'}, 0, junk, 0, Math.min(4, junk.length));
                        }
                        out.write(junk);
                        out.flush();
                        sent.incrementAndGet();
                    } catch (IOException e) {
                        // the driver's port is not open yet, or the member hung up: both are fine
                    }
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        RunResult r;
        try {
            r = run(driverPort, seed, keysA, DistributedRunTest.SPEC, end, 2, List.of(), 60);
        } finally {
            running.set(false);
            noise.get(10, TimeUnit.SECONDS);
        }
        assertEquals(reference, r.result(), "the run under noise equals the sequential run");
        assertTrue(sent.get() > 10, "noise was sent: " + sent.get());
        assertTrue(members.get(0).isAlive(), "the member survived the noise");
        RunResult again = run(freePort(), seed, keysA, DistributedRunTest.SPEC, DistributedRunTest.END, 2, List.of(), 60);
        assertEquals(Phold.sequential(DistributedRunTest.SPEC, DistributedRunTest.END), again.result(),
                "the member serves the next run");
    }

    @Test
    void aMemberWithoutTheClustersCertificateNeverJoins(@TempDir Path logs) throws Exception {
        // the driver seeds a TLS cluster with keys a and waits for 3 members: one more member holds keys a (the
        // positive control), the other keys b. (A member without TLS at all: ClusterSecurityCliTest.) Both are up
        // before the driver starts, so the join timeout is the same window for both; each logs Pekko's warnings.
        // The timeout's message names certificates whatever kept a member out, so the test also asks the member
        // itself: it came up, and its TLS handshakes with the driver failed
        int driverPort = freePort();
        Path good = logs.resolve("good.txt");
        Path bad = logs.resolve("bad.txt");
        members.add(startMember(freePort(), seed(driverPort), good, "tls=" + keys.resolve("a"), "log"));
        members.add(startMember(freePort(), seed(driverPort), bad, "tls=" + keys.resolve("b"), "log"));
        awaitLine(members.get(0), good, "member up");
        awaitLine(members.get(1), bad, "member up");
        DistributedRunException e = assertThrows(DistributedRunException.class, () -> run(driverPort,
                seed(driverPort), MemberMain.tls(keys.resolve("a")), DistributedRunTest.SPEC, DistributedRunTest.END, 3,
                List.of(), JOIN_SECONDS));
        // 2 of 3: the driver and the member with the right keys joined within the time; the other did not
        assertTrue(e.getMessage().startsWith("only 2 of 3 members joined within " + JOIN_SECONDS + " s"),
                e.getMessage());
        // Pekko's warning of a failed outbound stream to the driver, its cause the TLS handshake (the driver's
        // certificate is not the one it trusts); the member with the right keys has no such warning
        String driver = "[" + seed(driverPort) + "]";
        String seen = Files.readString(bad);
        assertTrue(seen.lines().anyMatch(l -> l.contains("to " + driver) && l.contains("SSLHandshakeException")),
                "the member's TLS handshakes with the driver failed: " + seen);
        assertTrue(members.get(1).isAlive(), "the refused member is still running: " + seen);
        assertTrue(!Files.readString(good).contains("SSLHandshakeException"), Files.readString(good));
    }

    /**
     * Seconds the driver waits for members that are already up: a joining member asks its seed node again every
     * second (ClusterConfig's seed-node-retry-interval, D215), so the right keys join well within it.
     */
    private static final int JOIN_SECONDS = 8;

    /**
     * Waits (60 s at most, for a JVM starting on a busy machine) for a line {@code text} in the output of
     * {@code member}, which must not end before.
     */
    private static void awaitLine(Process member, Path output, String text) throws IOException,
            InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(output).lines().anyMatch(text::equals)) {
            assertTrue(member.isAlive(), "the member ended before '" + text + "': " + Files.readString(output));
            assertTrue(System.nanoTime() < deadline, "no '" + text + "' from the member within 60 s: "
                    + Files.readString(output));
            Thread.sleep(50);
        }
    }

    @Test
    void aMemberBeyondTheExpectedCountMakesTheRunRefuse() throws Exception {
        int driverPort = freePort();
        String seed = seed(driverPort);
        long endless = Long.MAX_VALUE / 4; // the second member joins during the run, or before it starts
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> run(driverPort, seed, null,
                DistributedRunTest.SPEC, endless, 2, List.of(), 60));
        String first = member(freePort(), seed, "plain");
        Thread.sleep(3_000);
        String second = member(freePort(), seed, "plain");
        ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(60, TimeUnit.SECONDS));
        String message = e.getCause().getMessage();
        assertTrue(e.getCause() instanceof DistributedRunException, String.valueOf(e.getCause()));
        assertTrue(message.contains("joined the cluster") && message.contains("expects 2 members"), message);
        assertTrue(message.contains(second) || message.contains(first), "names the member: " + message);
    }

    @Test
    void aMemberNotInTheListIsRefusedByName() throws Exception {
        int driverPort = freePort();
        String seed = seed(driverPort);
        int invitedPort = freePort();
        member(invitedPort, seed, "plain");
        String stranger = member(freePort(), seed, "plain");
        // the stranger's JVM may come up after the invited member's, once the run has started (on a loaded
        // machine): the run must not end before it joins
        long endless = Long.MAX_VALUE / 4;
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> run(driverPort, seed, null,
                DistributedRunTest.SPEC, endless, 2, List.of("127.0.0.1:" + invitedPort), 60));
        ExecutionException thrown = assertThrows(ExecutionException.class, () -> run.get(60, TimeUnit.SECONDS));
        assertTrue(thrown.getCause() instanceof DistributedRunException, String.valueOf(thrown.getCause()));
        String message = thrown.getCause().getMessage();
        // refused by name whichever the driver sees first: the stranger joining, one member too many, or the
        // stranger joining the running run
        assertTrue(message.contains("member pekko://fabricsim@" + stranger + " joined the cluster uninvited")
                || message.contains("pekko://fabricsim@" + stranger) && message.contains("stop the others")
                || message.contains("member pekko://fabricsim@" + stranger + " joined the cluster during the run"),
                message);
        assertTrue(message.contains("127.0.0.1:" + invitedPort), "names the expected ones: " + message);
    }

    @Test
    void storesAndPasswordsAreCheckedBeforeAnythingStarts() throws IOException {
        Path a = keys.resolve("a");
        Path wrong = keys.resolve("wrong.password");
        Files.writeString(wrong, "not-the-password\n");
        InputException e = assertThrows(InputException.class, () -> ClusterTls.open(a.resolve(ClusterKeys.KEY_STORE),
                a.resolve(ClusterKeys.TRUST_STORE), wrong, "engine.cluster.tls"));
        assertTrue(e.getMessage().contains("wrong password") && !e.getMessage().contains("not-the-password"),
                e.getMessage());
        e = assertThrows(InputException.class, () -> ClusterTls.open(a.resolve(ClusterKeys.TRUST_STORE),
                a.resolve(ClusterKeys.TRUST_STORE), a.resolve(ClusterKeys.PASSWORD), "engine.cluster.tls"));
        assertTrue(e.getMessage().contains("holds no private key"), e.getMessage());
        e = assertThrows(InputException.class, () -> ClusterTls.open(a.resolve("missing.p12"),
                a.resolve(ClusterKeys.TRUST_STORE), a.resolve(ClusterKeys.PASSWORD), "engine.cluster.tls"));
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
        e = assertThrows(InputException.class, () -> ClusterKeys.create(a, 2));
        assertTrue(e.getMessage().contains("exists"), e.getMessage());
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(a.resolve(ClusterKeys.PASSWORD))));
        assertTrue(!MemberMain.tls(a).toString().contains(MemberMain.tls(a).password()), "toString hides the password");
    }

    @Test
    void aMemberReachableFromOtherMachinesNeedsTls() {
        assertTrue(OpenPortRule.check("127.0.0.1", false, false, "h", "t", "i").isEmpty());
        assertTrue(OpenPortRule.check("localhost", false, false, "h", "t", "i").isEmpty());
        assertTrue(OpenPortRule.check("10.1.2.3", true, false, "h", "t", "i").isEmpty());
        InputException e = assertThrows(InputException.class,
                () -> OpenPortRule.check("10.1.2.3", false, false, "engine.cluster.host", "t", "i"));
        assertTrue(e.getMessage().startsWith("engine.cluster.host = 10.1.2.3 is reachable from other machines"),
                e.getMessage());
        assertTrue(OpenPortRule.check("0.0.0.0", false, true, "h", "t", "i").orElseThrow().startsWith("WARNING"));
    }
}
