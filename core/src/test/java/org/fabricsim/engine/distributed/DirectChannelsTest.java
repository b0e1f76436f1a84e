package org.fabricsim.engine.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.List;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The LPs' direct channels between JVMs, without actors: delivery, strangers, goodbyes and breaks. */
class DirectChannelsTest {
    private static final long RUN = 42;
    private static final long TOKEN = 0x5eed_f00d_1234_5678L;

    private final BlockingQueue<WireMessage> atLp1 = new LinkedBlockingQueue<>();

    private static DirectChannels channels(int lp) throws IOException {
        return new DirectChannels(RUN, lp, 3, TOKEN, "127.0.0.1", null);
    }

    /** The cluster's keys, made once for the class (by keytool: three JVMs). */
    @org.junit.jupiter.api.io.TempDir
    static java.nio.file.Path keys;

    @org.junit.jupiter.api.BeforeAll
    static void makeKeys() throws Exception {
        ClusterKeys.create(keys, 2);
    }

    /** A new TLS context of the cluster's keys, as a member's Artery would use it. */
    private static javax.net.ssl.SSLContext tls() throws Exception {
        return DirectChannels.tls(ClusterTls.open(keys.resolve(ClusterKeys.KEY_STORE),
                keys.resolve(ClusterKeys.TRUST_STORE), keys.resolve(ClusterKeys.PASSWORD), "test").artery()
                .withFallback(com.typesafe.config.ConfigFactory.load()));
    }

    private static EventBatch batch(int from, int to, long sequence, int events) {
        long[] times = new long[events];
        long[] ties = new long[events];
        int[] targets = new int[events];
        int[] kinds = new int[events];
        long[] payload = new long[2 * events];
        for (int i = 0; i < events; i++) {
            times[i] = 1000 + i;
            ties[i] = 7L * i;
            targets[i] = i % 5;
            kinds[i] = i % 3;
            payload[2 * i] = -i;
            payload[2 * i + 1] = Long.MAX_VALUE - i;
        }
        return new EventBatch(RUN, from, to, sequence, 5000 + sequence, 6000, 3, 115, times, ties, targets, kinds, 2,
                payload, 9_000 + sequence);
    }

    private static void assertSameBatch(EventBatch expected, WireMessage actual) {
        BatchCodecTest.assertSame(expected, (EventBatch) actual);
    }

    /**
     * The next message for the LP of {@code channels} within {@code millis}, or null: the LP's thread (here the
     * test's) reads its channels itself (D203).
     */
    private static WireMessage next(DirectChannels channels, BlockingQueue<WireMessage> inbox, long millis)
            throws Exception {
        long end = System.nanoTime() + millis * 1_000_000;
        while (inbox.isEmpty() && System.nanoTime() < end) {
            channels.poll(Math.max(1, (end - System.nanoTime()) / 1_000_000), inbox::add);
        }
        return inbox.poll();
    }

    @Test
    void batchesArriveInOrderAndAnOrderlyCloseIsNoBreak() throws Exception {
        try (DirectChannels lp0 = channels(0); DirectChannels lp1 = channels(1)) {
            lp0.connect(1, lp1.address());
            assertTrue(lp0.connected(1) && !lp0.connected(2));
            // a null message, a small batch, and one larger than the channels' buffers
            List<EventBatch> sent = List.of(batch(0, 1, 0, 0), batch(0, 1, 1, 3), batch(0, 1, 2, 20_000));
            for (EventBatch b : sent) {
                lp0.send(b);
            }
            lp0.flush();
            for (EventBatch b : sent) {
                assertSameBatch(b, next(lp1, atLp1, 10_000));
            }
            assertEquals(3, lp0.batchesSent());
            lp0.close(true);
            assertNull(next(lp1, atLp1, 300), "a goodbye is not a broken channel");
        }
    }

    /**
     * A batch already waiting when the LP first takes its new channel in (over TLS it may have been read with the
     * greeting, and the socket will not announce it again) is handed on by that first poll.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "TLS: {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aBatchThatCameWithTheChannelIsHandedOnByTheFirstPoll(boolean overTls) throws Exception {
        javax.net.ssl.SSLContext tls = overTls ? tls() : null;
        try (DirectChannels lp0 = new DirectChannels(RUN, 0, 3, TOKEN, "127.0.0.1", tls);
                DirectChannels lp1 = new DirectChannels(RUN, 1, 3, TOKEN, "127.0.0.1", tls)) {
            lp0.connect(1, lp1.address());
            EventBatch b = batch(0, 1, 0, 5);
            lp0.send(b);
            lp0.flush();
            Thread.sleep(300); // the listener has greeted the channel; the batch waits behind the greeting
            var polled = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return lp1.poll(-1, atLp1::add);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertEquals(1, polled.get(10, TimeUnit.SECONDS));
            assertSameBatch(b, atLp1.poll());
        }
    }

    @Test
    void strangersAreDroppedAndTheRunsChannelStillConnects() throws Exception {
        try (DirectChannels lp0 = channels(0); DirectChannels lp1 = channels(1)) {
            String[] at = lp1.address().split(":");
            Random random = new Random(3);
            for (int k = 0; k < 20; k++) {
                try (Socket s = new Socket(at[0], Integer.parseInt(at[1]))) {
                    // one write: the listener may drop the connection as soon as it has read the greeting
                    DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(s.getOutputStream(),
                            1 << 16));
                    if (k % 2 == 0) {
                        byte[] junk = new byte[1 + random.nextInt(2000)];
                        random.nextBytes(junk);
                        out.write(junk);
                    } else { // a well-formed greeting with a wrong token, then a frame
                        out.writeInt(0x46534443);
                        out.writeInt(2);
                        out.writeLong(RUN);
                        out.writeLong(TOKEN + k);
                        out.writeInt(0);
                        out.writeInt(1);
                        out.writeInt(4);
                        out.writeInt(-1);
                    }
                    out.flush();
                } catch (java.net.SocketException dropped) {
                    // the listener closed the connection under the stranger's feet: what it should do
                }
            }
            lp0.connect(1, lp1.address());
            EventBatch b = batch(0, 1, 0, 2);
            lp0.send(b);
            lp0.flush();
            assertSameBatch(b, next(lp1, atLp1, 10_000));
            // a second channel that names LP 0 and holds the token is refused too: the first one stays
            try (DirectChannels again = channels(0)) {
                again.connect(1, lp1.address());
                again.send(batch(0, 1, 0, 2));
                again.flush();
            } catch (IOException refused) {
                // dropped under its feet: what it should be
            }
            assertNull(next(lp1, atLp1, 300), "nothing from the strangers");
        }
    }

    /**
     * An LP's channels close at once even over TLS while the far LP has not stopped yet and this LP's reader is
     * still waiting on the channel from it: the JDK's TLS socket waits for the reader before closing, and an LP
     * that waited in its PostStop held up its actor system's shutdown.
     */
    @Test
    void closingDoesNotWaitForTheFarEndOverTls() throws Exception {
        javax.net.ssl.SSLContext tls = tls();
        BlockingQueue<WireMessage> atLp0 = new LinkedBlockingQueue<>();
        try (DirectChannels lp0 = new DirectChannels(RUN, 0, 3, TOKEN, "127.0.0.1", tls);
                DirectChannels lp1 = new DirectChannels(RUN, 1, 3, TOKEN, "127.0.0.1", tls)) {
            lp0.connect(1, lp1.address());
            lp1.connect(0, lp0.address());
            EventBatch b = batch(0, 1, 0, 2);
            lp0.send(b);
            lp0.flush();
            assertSameBatch(b, next(lp1, atLp1, 10_000));
            java.util.concurrent.CompletableFuture<Void> closed = java.util.concurrent.CompletableFuture.runAsync(
                    () -> lp1.close(true));
            closed.get(20, TimeUnit.SECONDS); // lp0 stays open all along
            assertNull(next(lp0, atLp0, 300), "lp1's goodbye is not a broken channel");
        }
    }

    @Test
    void aChannelThatBreaksMidRunIsReported() throws Exception {
        try (DirectChannels lp2 = channels(2); DirectChannels lp1 = channels(1)) {
            lp2.connect(1, lp1.address());
            lp2.send(batch(2, 1, 0, 1));
            lp2.flush();
            assertTrue(next(lp1, atLp1, 10_000) instanceof EventBatch);
            lp2.close(false); // as when its JVM is killed: no goodbye
            WireMessage lost = next(lp1, atLp1, 10_000);
            assertTrue(lost instanceof Messages.ChannelLost c && c.from() == 2 && c.to() == 1
                    && c.reason().contains("closed mid-run"), String.valueOf(lost));
        }
    }

    /**
     * Two LPs that each write far more than the sockets hold to the other before reading: over plain TCP a
     * flush reads the LP's own channels while its socket is full, so neither waits for the other for ever and
     * every batch arrives, in order (D203).
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "TLS: {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void twoLpsWritingMoreThanTheSocketsHoldToEachOtherBothGetThrough(boolean overTls) throws Exception {
        BlockingQueue<WireMessage> atLp0 = new LinkedBlockingQueue<>();
        javax.net.ssl.SSLContext tls = overTls ? tls() : null;
        try (DirectChannels lp0 = new DirectChannels(RUN, 0, 3, TOKEN, "127.0.0.1", tls);
                DirectChannels lp1 = new DirectChannels(RUN, 1, 3, TOKEN, "127.0.0.1", tls)) {
            lp0.connect(1, lp1.address());
            lp1.connect(0, lp0.address());
            int batches = 40; // 40 batches of 20 000 events: 32 MB each way
            var lps = java.util.concurrent.Executors.newFixedThreadPool(2, r -> {
                Thread t = new Thread(r);
                t.setDaemon(true); // a side that hangs must not hold up the test JVM
                return t;
            });
            var lp0Side = lps.submit(() -> exchange(lp0, 0, 1, batches, atLp0));
            var lp1Side = lps.submit(() -> exchange(lp1, 1, 0, batches, atLp1));
            lp0Side.get(60, TimeUnit.SECONDS);
            lp1Side.get(60, TimeUnit.SECONDS);
            lps.shutdown();
            lp0.close(true); // its socket waited for room: the goodbye still goes
            assertNull(next(lp1, atLp1, 300), "a goodbye after a wait for room is not a broken channel");
        }
    }

    /** As an LP: writes {@code batches} large batches to LP {@code to}, then reads as many from it, in order. */
    private static Void exchange(DirectChannels lp, int from, int to, int batches, BlockingQueue<WireMessage> inbox)
            throws Exception {
        for (int k = 0; k < batches; k++) {
            lp.send(batch(from, to, k, 20_000));
        }
        lp.flush();
        // 32 MB went out, but a few frames at a time: what waits unwritten stays near the 1 MiB it may hold
        assertTrue(lp.pendingCapacity(to) <= 2 << 20, "unwritten bytes held: " + lp.pendingCapacity(to));
        for (int k = 0; k < batches; k++) {
            assertSameBatch(batch(to, from, k, 20_000), next(lp, inbox, 30_000));
        }
        return null;
    }

    /**
     * A message queued in the LP's mailbox ends the LP's wait on its channels at once, also when it was queued
     * just before the wait began; without one the wait goes on.
     */
    @Test
    void aMessageToTheMailboxEndsAWaitOnTheChannels() throws Exception {
        try (DirectChannels lp1 = channels(1)) {
            WakingMailbox.Queue mailbox = new WakingMailbox.Queue(null);
            lp1.watch(mailbox);
            mailbox.enqueue(null, new org.apache.pekko.dispatch.Envelope("before", null));
            assertEquals(0, lp1.poll(-1, atLp1::add)); // returns at once: a message waits
            mailbox.dequeue();
            var waiting = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return lp1.poll(-1, atLp1::add);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Thread.sleep(200);
            assertTrue(!waiting.isDone(), "nothing came: the LP still waits");
            mailbox.enqueue(null, new org.apache.pekko.dispatch.Envelope("during", null));
            assertEquals(0, waiting.get(10, TimeUnit.SECONDS));
        }
    }
}
