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

    private static ConservativeLp lp(int which) {
        return new ConservativeLp(1, which, 2, SPEC.build(which, 2, HALVES), 1, 1_000_000);
    }

    private static EventBatch nullMessage(int from, int to, long sequence, long promise) {
        return new EventBatch(1, from, to, sequence, promise, new long[0], new long[0], new int[0], new int[0], 1,
                new long[0], System.nanoTime());
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
        List<EventBatch> second = a.step();
        assertTrue(a.model().events() > 0, "events before 1500 ps ran");
        assertTrue(a.model().nextEventTime() >= 1_500, "everything before the safe time ran");
        // horizon = min(next local event, safe time) = 1500: nothing this LP does can reach LP 1 before 2500
        assertEquals(2_500, second.get(0).promisePs());
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
        EventBatch early = new EventBatch(1, 1, 0, 1, 6_000, new long[] {4_000}, new long[] {7}, new int[] {0},
                new int[] {0}, 1, new long[] {0}, System.nanoTime());
        assertThrows(ConservativeLp.ChannelException.class, () -> a.receive(early));
    }

    @Test
    void kryoCarriesABatchUnchangedAndRefusesUnregisteredClasses() throws Exception {
        KryoSerializer k = new KryoSerializer(DistributedRunTest.WIRE);
        EventBatch b = new EventBatch(9, 1, 0, 3, 77, new long[] {1, 2}, new long[] {3, 4}, new int[] {5, 6},
                new int[] {7, 8}, 2, new long[] {9, 10, 11, 12}, 42);
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
