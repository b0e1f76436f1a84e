package org.fabricsim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every event queue implementation against a brute-force sorted list (DESIGN.md lesson 9). */
class EventQueueTest {
    static List<String> kinds() {
        return EventQueue.kinds();
    }

    record Ev(long time, long tie, int target, long payload) {
    }

    private static final Comparator<Ev> ORDER = Comparator.comparingLong(Ev::time).thenComparingLong(Ev::tie);

    /** Pops {@code q}, which must give the least event of {@code reference} (removed there); its time. */
    private static long popMin(EventQueue q, List<Ev> reference) {
        Ev min = reference.stream().min(ORDER).orElseThrow();
        reference.remove(min);
        q.pop();
        assertEquals(min, new Ev(q.time(), q.tie(), q.target(), q.payload()));
        return q.time();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void popsInTimeThenTieOrderWhateverThePushOrder(String kind) {
        EventQueue q = EventQueue.create(kind);
        List<Ev> reference = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(7);
        long seq = 0;
        long now = 0;
        for (int step = 0; step < 200_000; step++) {
            if (r.nextInt(3) != 0 || reference.isEmpty()) {
                // few distinct times, so ties are frequent and must be broken by the key
                long t = now + r.nextInt(20);
                long tie = TieKey.of(r.nextInt(4), r.nextInt(50), seq++);
                Ev e = new Ev(t, tie, r.nextInt(1000), r.nextLong());
                q.push(e.time, e.tie, e.target, e.payload);
                reference.add(e);
            } else {
                assertEquals(reference.stream().min(ORDER).orElseThrow().time, q.peekTime());
                now = popMin(q, reference);
            }
            assertEquals(reference.size(), q.size());
            if (reference.size() > 400) {
                while (reference.size() > 10) {
                    popMin(q, reference);
                }
            }
        }
        while (!reference.isEmpty()) {
            popMin(q, reference);
        }
        assertTrue(q.isEmpty());
        assertEquals(Long.MAX_VALUE, q.peekTime());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void burstsOfThousandsAtOneInstantPopInOrderWhateverTheirSourcesAndSequences(String kind) {
        // the packet model's lockstep: bursts of thousands of events within 256 ps (a calendar sorts such a bucket
        // as one word per event), every kind, times across the whole bucket (its top offset bit set too), sources
        // up to the tie key's largest (a calendar orders a bucket with a source beyond its word's bits in a heap),
        // sequences up to the largest; zero-delay events pushed while a burst drains join it
        EventQueue q = EventQueue.create(kind);
        SplittableRandom r = new SplittableRandom(13);
        long seq = 0;
        for (int burst = 0; burst < 40; burst++) {
            long start = (burst + 1) * 1_000_000L + (burst % 3) * 200; // some bursts straddle two buckets
            int sourceRange = burst % 4 == 3 ? TieKey.MAX_SOURCE + 1 : 1 << 14;
            List<Ev> reference = new ArrayList<>();
            int n = 100 + r.nextInt(3000);
            for (int i = 0; i < n; i++) {
                long sequence = burst % 2 == 0 ? seq++ : TieKey.MAX_SEQUENCE - (seq++);
                // every fifth burst spread over thousands of buckets instead (a calendar's pool of them grows)
                Ev e = new Ev(start + (burst % 5 == 4 ? r.nextInt(1_000_000) : r.nextInt(256)), TieKey.of(r.nextInt(TieKey.MAX_KIND),
                        r.nextInt(sourceRange), sequence), r.nextInt(1000), r.nextLong());
                q.push(e.time, e.tie, e.target, e.payload);
                reference.add(e);
            }
            reference.sort(ORDER);
            List<Ev> popped = new ArrayList<>();
            while (!q.isEmpty()) {
                q.pop();
                popped.add(new Ev(q.time(), q.tie(), q.target(), q.payload()));
                if (r.nextInt(50) == 0) { // an event at the current instant, pushed while the burst drains (its
                    // kind after the burst's: a model never sends an event that orders before the current one)
                    Ev e = new Ev(q.time(), TieKey.of(TieKey.MAX_KIND, TieKey.MAX_SOURCE, seq++), 1, 2);
                    q.push(e.time, e.tie, e.target, e.payload);
                    reference.add(e);
                    reference.sort(ORDER);
                }
            }
            assertEquals(reference.size(), popped.size(), "burst " + burst);
            for (int i = 0; i < popped.size(); i++) {
                assertEquals(reference.get(i), popped.get(i), "burst " + burst + ", event " + i);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void eventsOfOneSourceKindAndInstantPopBySequenceWhateverOrderTheyArrive(String kind) {
        // a calendar sorts a bucket on its keys' high half (time, kind, source) and then orders keys that share it
        // by their low half, the sequence: groups of hundreds share it here, their sequences pushed ascending (as a
        // source sends), descending, or shuffled (as no model sends, but the order must not depend on it)
        EventQueue q = EventQueue.create(kind);
        SplittableRandom r = new SplittableRandom(29);
        for (int burst = 0; burst < 12; burst++) {
            long start = (burst + 1) * 1_000_000L;
            int n = 300 + r.nextInt(2000);
            long[] sequences = new long[n];
            for (int i = 0; i < n; i++) {
                sequences[i] = burst % 3 == 0 ? i : burst % 3 == 1 ? n - i : i * 7L;
            }
            if (burst % 3 == 2) {
                for (int i = n - 1; i > 0; i--) {
                    int j = r.nextInt(i + 1);
                    long s = sequences[i];
                    sequences[i] = sequences[j];
                    sequences[j] = s;
                }
            }
            List<Ev> reference = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                // 2 instants x 2 kinds x 3 sources: a dozen groups; the sequence alone (and its source) tells the
                // members of a group apart, so sequences are unique per source here
                int source = r.nextInt(3) + (burst % 2 == 0 ? 0 : 9000);
                Ev e = new Ev(start + 64 * r.nextInt(2), TieKey.of(1 + r.nextInt(2), source, sequences[i] * 3 + source % 3),
                        i, r.nextLong());
                q.push(e.time, e.tie, e.target, e.payload);
                reference.add(e);
            }
            reference.sort(ORDER);
            for (int i = 0; i < n; i++) {
                q.pop();
                assertEquals(reference.get(i), new Ev(q.time(), q.tie(), q.target(), q.payload()), "burst " + burst + ", event " + i);
            }
            assertTrue(q.isEmpty());
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void popsInOrderWithTimesSpreadOverManyBucketsAndPeeksBetweenPushes(String kind) {
        // times from the same instant to far beyond a calendar's ring (a timer), and a peek before some pushes:
        // a peek may move a calendar's current bucket ahead of an event pushed after it (a message from another
        // LP for a time between now and the next event)
        EventQueue q = EventQueue.create(kind);
        List<Ev> reference = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(11);
        long seq = 0;
        long now = 0;
        long[] spreads = {1, 1 << 10, 1 << 20, 1L << 33};
        for (int step = 0; step < 100_000; step++) {
            if (r.nextInt(8) == 0) {
                assertEquals(reference.stream().min(ORDER).map(Ev::time).orElse(Long.MAX_VALUE), q.peekTime());
            }
            if (r.nextInt(2) == 0 || reference.isEmpty()) {
                long t = now + r.nextLong(spreads[r.nextInt(spreads.length)]);
                Ev e = new Ev(t, TieKey.of(r.nextInt(4), r.nextInt(50), seq++), r.nextInt(1000), r.nextLong());
                q.push(e.time, e.tie, e.target, e.payload);
                reference.add(e);
            } else {
                now = popMin(q, reference);
            }
            assertEquals(reference.size(), q.size());
            if (reference.size() > 300) {
                while (reference.size() > 20) {
                    now = popMin(q, reference);
                }
            }
        }
        while (!reference.isEmpty()) {
            popMin(q, reference);
        }
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void tieKeyOrdersKindThenSourceThenSequence(String kind) {
        EventQueue q = EventQueue.create(kind);
        q.push(5, TieKey.of(1, 0, 0), 0, 0);
        q.push(5, TieKey.of(0, 9, 3), 1, 0);
        q.push(5, TieKey.of(0, 9, 2), 2, 0);
        q.push(5, TieKey.of(0, 2, 100), 3, 0);
        q.push(4, TieKey.of(15, TieKey.MAX_SOURCE, TieKey.MAX_SEQUENCE), 4, 0);
        int[] expected = {4, 3, 2, 1, 0};
        for (int e : expected) {
            q.pop();
            assertEquals(e, q.target());
        }
        long t = TieKey.of(15, TieKey.MAX_SOURCE, TieKey.MAX_SEQUENCE);
        assertTrue(t > 0);
        assertEquals(15, TieKey.kind(t));
        assertEquals(TieKey.MAX_SOURCE, TieKey.source(t));
        assertEquals(TieKey.MAX_SEQUENCE, TieKey.sequence(t));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void logicalProcessRunsStrictlyBeforeTheLimitAndCountsEvents(String kind) {
        LogicalProcess lp = new LogicalProcess(EventQueue.create(kind), 2);
        List<Long> seen = new ArrayList<>();
        lp.handler((time, k, target, payload) -> {
            seen.add(time);
            if (time < 50) {
                lp.send(time + 10, 0, target, target, payload); // a chain of timers
            }
        });
        lp.send(0, 0, 0, 0, 0);
        lp.send(5, 0, 1, 1, 0);
        RunFigures f = SequentialScheduler.run(lp, 40);
        assertEquals(List.of(0L, 5L, 10L, 15L, 20L, 25L, 30L, 35L), seen);
        assertEquals(8, f.events());
        assertEquals(2, lp.pending());
        assertEquals(40, lp.nextEventTime());
    }
}
