package org.fabricsim.engine.distributed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConservativeLpTest {
    private static final Phold.Spec SPEC = new Phold.Spec(8, 3, 1_000, 1, -1);
    private static final int[] HALVES = Phold.roundRobin(8, 2);
    private static final int[] HALVES64 = Phold.roundRobin(64, 2);

    private static ConservativeLp lp(int which) {
        return new ConservativeLp(1, which, 2, SPEC.build(which, 2, HALVES), 1, 1_000_000);
    }

    private static EventBatch nullMessage(int from, int to, long sequence, long promise) {
        return new EventBatch(1, from, to, sequence, promise, 0, 0, 0, new long[0], new long[0], new int[0],
                new int[0], 1, new long[0], System.nanoTime());
    }

    @Test
    void nothingRunsBeforeTheNeighbourPromisesAndPromisesCarryTheLookahead() {
        ConservativeLp a = lp(0);
        assertEquals(0, a.safeTime(), "no promise yet from LP 1");
        List<EventBatch> first = a.step();
        assertEquals(0, a.model().events(), "blocked: nothing processed");
        assertEquals(1, first.size());
        // blocked at safe time 0: it promises 0 + lookahead
        assertEquals(1_000, first.get(0).promisePs());
        assertTrue(first.get(0).isNull());
        assertTrue(a.step().isEmpty(), "no new null message while the promise does not grow");
        a.receive(nullMessage(1, 0, 0, 1_500));
        EventBatch last = null;
        while (a.hasSafeWork()) {
            List<EventBatch> sent = a.step();
            last = sent.isEmpty() ? last : sent.get(0);
        }
        assertTrue(a.model().events() > 0, "events before 1500 ps ran");
        assertTrue(a.model().nextEventTime() >= 1_500, "everything before the safe time ran");
        // horizon = min(next local event, safe time) = 1500: nothing this LP does can reach LP 1 before 2500
        assertEquals(2_500, last.promisePs());
    }

    @Test
    void aStepRunsOneLookaheadAtATimeSoThatAWaitingNeighbourIsNeverHeldUpLonger() {
        // a busy LP: 63 of 64 entities, 4 events each (the neighbour holds one entity and has not run yet)
        int[] partOf = new int[64];
        partOf[63] = 1;
        ConservativeLp a = new ConservativeLp(1, 0, 2, new Phold.Spec(64, 3, 1_000, 4, -1).build(0, 2, partOf), 1,
                1_000_000);
        a.step();
        a.receive(nullMessage(1, 0, 0, 50_000)); // the neighbour is far ahead: 50 lookaheads are safe
        long promised = 1_000;
        int steps = 0;
        while (a.hasSafeWork()) {
            long next = a.model().nextEventTime();
            List<EventBatch> sent = a.step();
            steps++;
            assertTrue(a.model().nextEventTime() >= Math.min(next + 1_000, 50_000), "a whole stride ran");
            assertTrue(a.model().nextEventTime() < 50_000 || !a.hasSafeWork());
            // every step that ran something promises more to the neighbour waiting at the old promise
            assertEquals(1, sent.size());
            assertTrue(sent.get(0).promisePs() > promised, "the promise grows after every stride");
            promised = sent.get(0).promisePs();
        }
        assertTrue(steps >= 40, "50 lookaheads of work in about as many strides, not one: " + steps);
        assertEquals(51_000, promised, "in the end everything before the safe time ran");
    }

    @Test
    void aStepWithMoreEventsThanABatchHoldsSendsSeveralWhichTheNeighbourAccepts() {
        Phold.Spec spec = new Phold.Spec(64, 3, 1_000, 8, -1);
        ConservativeLp a = new ConservativeLp(1, 0, 2, spec.build(0, 2, HALVES64), 1, 1_000_000, 10);
        ConservativeLp b = new ConservativeLp(1, 1, 2, spec.build(1, 2, HALVES64), 1, 1_000_000, 10);
        EventBatch first = a.step().get(0); // blocked: a promise only
        b.receive(first);
        for (EventBatch x : b.step()) { // b runs to a's promise and promises more: a may run a stride's worth
            a.receive(x);
        }
        List<EventBatch> sent = a.step();
        assertTrue(sent.size() > 2, "more than 10 events to LP 1 in one stride: " + sent.size() + " batches");
        long events = 0;
        for (int i = 0; i < sent.size(); i++) {
            EventBatch batch = sent.get(i);
            assertTrue(batch.size() <= 10);
            assertEquals(i + 1, batch.sequence(), "consecutive sequence numbers after the first promise");
            if (i < sent.size() - 1) {
                assertEquals(first.promisePs(), batch.promisePs(), "the front goes under the old promise");
            }
            b.receive(batch); // checks every event against the channel's promise so far
            events += batch.size();
            long rest = Long.MAX_VALUE; // nothing still to come may be earlier than b's safe time
            for (EventBatch later : sent.subList(i + 1, sent.size())) {
                for (long t : later.times()) {
                    rest = Math.min(rest, t);
                }
            }
            assertTrue(b.safeTime() <= rest, "safe time " + b.safeTime() + " past an event at " + rest + " ps");
        }
        assertTrue(sent.get(sent.size() - 1).promisePs() > first.promisePs(), "the last batch promises more");
        assertTrue(events > 20);
    }

    /**
     * Two LPs under an adversarial schedule: batches delivered late and in random interleavings (FIFO per
     * channel), steps taken at random moments, batches split small. Whatever the schedule, every entity sees exactly the sequential
     * run's events (a bound that lets an LP run too far shows as a different digest or an event in the past).
     */
    @Test
    void twoLpsUnderRandomSchedulesEqualTheSequentialRun() {
        for (int seed = 1; seed <= 40; seed++) {
            // sparse (long idle spells between events) and dense runs
            Phold.Spec spec = new Phold.Spec(seed % 2 == 0 ? 6 : 48, seed, 1_000 + 37L * seed, 1 + seed % 3, -1);
            long end = 400_000;
            int[] partOf = Phold.roundRobin(spec.entities(), 2);
            int batch = seed % 3 == 0 ? 3 : ConservativeLp.MAX_BATCH_EVENTS; // some runs split every step's sends
            ConservativeLp[] lps = {new ConservativeLp(1, 0, 2, spec.build(0, 2, partOf), 1, end, batch),
                new ConservativeLp(1, 1, 2, spec.build(1, 2, partOf), 1, end, batch)};
            java.util.List<java.util.ArrayDeque<EventBatch>> channels = java.util.List.of(new java.util.ArrayDeque<>(),
                    new java.util.ArrayDeque<>()); // channel k carries batches to LP k
            java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
            int steps = 0;
            while (!(lps[0].done() && lps[1].done() && channels.get(0).isEmpty() && channels.get(1).isEmpty())) {
                int k = r.nextInt(2);
                if (r.nextInt(3) == 0 && !channels.get(k).isEmpty()) {
                    lps[k].receive(channels.get(k).poll());
                } else {
                    for (EventBatch b : lps[k].step()) {
                        channels.get(b.to()).add(b);
                    }
                    steps++;
                }
                assertTrue(steps < 2_000_000, "seed " + seed + ": no progress");
            }
            WireMessage merged = spec.merge(new WireMessage[] {lps[0].model().result(), lps[1].model().result()});
            assertEquals(Phold.sequential(spec, end), merged, "seed " + seed);
        }
    }

    @Test
    void twoLpsCrossAnIdleSpellInOneExchangeNotOneLookaheadAtATime() {
        long end = 2_000_000;
        ConservativeLp a = new ConservativeLp(1, 0, 2, new RingToken(0, 2), 1, end);
        ConservativeLp b = new ConservativeLp(1, 1, 2, new RingToken(1, 2), 1, end);
        int exchanges = 0;
        while (!(a.done() && b.done())) {
            for (EventBatch x : a.step()) {
                b.receive(x);
            }
            for (EventBatch x : b.step()) {
                a.receive(x);
            }
            exchanges++;
            assertTrue(exchanges < 10_000);
        }
        assertEquals(20, a.model().events() + b.model().events(), "the token hops every 100 000 ps");
        // promises alone would cross the 100 000 ps between hops 1 000 ps per exchange: 2 000 exchanges
        assertTrue(exchanges <= 3 * 20, exchanges + " exchanges for 20 hops");
    }

    @Test
    void aLostOrReorderedBatchIsDetected() {
        ConservativeLp a = lp(0);
        a.receive(nullMessage(1, 0, 0, 10));
        ConservativeLp.ChannelException e = assertThrows(ConservativeLp.ChannelException.class,
                () -> a.receive(nullMessage(1, 0, 2, 20)));
        assertEquals("channel LP 1 -> LP 0: batch 1 expected, batch 2 arrived (lost or out of order)", e.getMessage());
    }

    @Test
    void anEventBeforeThePromiseIsAProtocolViolation() {
        ConservativeLp a = lp(0);
        a.receive(nullMessage(1, 0, 0, 5_000));
        EventBatch early = new EventBatch(1, 1, 0, 1, 6_000, 0, 0, 0, new long[] {4_000}, new long[] {7},
                new int[] {0}, new int[] {0}, 1, new long[] {0}, System.nanoTime());
        assertThrows(ConservativeLp.ChannelException.class, () -> a.receive(early));
    }

    @Test
    void kryoCarriesABatchUnchangedAndRefusesUnregisteredClasses() throws Exception {
        KryoSerializer k = new KryoSerializer(DistributedRunTest.WIRE);
        EventBatch b = new EventBatch(9, 1, 0, 3, 77, 5, 6, 7, new long[] {1, 2}, new long[] {3, 4},
                new int[] {5, 6}, new int[] {7, 8}, 2, new long[] {9, 10, 11, 12}, 42);
        EventBatch back = (EventBatch) k.fromBinary(k.toBinary(b), EventBatch.class);
        assertEquals(b.sequence(), back.sequence());
        assertArrayEquals(b.times(), back.times());
        assertArrayEquals(b.payload(), back.payload());
        Phold.Result r = new Phold.Result(new long[] {1, 2}, new long[] {3, 4});
        assertEquals(r, k.fromBinary(k.toBinary(r), Phold.Result.class));
        assertThrows(IllegalArgumentException.class, () -> new KryoSerializer(List.of()).toBinary(r));
        assertTrue(!DistributedRun.version(List.of()).equals(DistributedRun.version(DistributedRunTest.WIRE)),
                "different wire classes, different versions");
    }
}
