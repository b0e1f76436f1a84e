package org.fabricsim.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.ib.run.PacketRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 36: a trace recorded from the middle of a run replays the run's own pops on every queue. */
class EventTraceTest {
    @Test
    void aTraceFromTheMiddleOfARunReplaysItsPopsOnEveryQueue(@TempDir Path dir) throws Exception {
        PacketEndToEnd.Setup setup = PacketEndToEnd.bind("kary-ntree(4,2)", "0.02", "1");
        // the reference: every pop of the run from 5 us on, as the run made them
        EventTrace.Recorder recorder = new EventTrace.Recorder(EventQueue.create("heap4"), 5_000_000L, 10_000);
        PopLog log = new PopLog(recorder, 5_000_000L);
        PacketRun run = PacketEndToEnd.builder(setup.topology(), setup.lft(), setup.schedule(), setup.params(),
                setup.binding()).queue(log).build().runUntil(setup.end());
        PacketRun plain = PacketEndToEnd.builder(setup.topology(), setup.lft(), setup.schedule(), setup.params(),
                setup.binding()).build().runUntil(setup.end());
        assertEquals(plain.events(), run.events(), "recording changes nothing the run does");
        assertEquals(plain.packetHops(), run.packetHops());
        Path file = dir.resolve("t.trace");
        recorder.trace().write(file);
        EventTrace trace = EventTrace.read(file);
        assertEquals(10_000, trace.operations);
        assertTrue(trace.initial > 10, "the queue held events when the recording began: " + trace.initial);
        int pops = trace.operations - trace.pushes();
        assertTrue(pops > 3_000 && trace.pushes() > 3_000, pops + " pops");
        for (String kind : EventQueue.kinds()) {
            PopLog replayed = new PopLog(trace.fill(EventQueue.create(kind)), Long.MIN_VALUE);
            trace.replay(replayed);
            assertArrayEquals(java.util.Arrays.copyOf(log.ties, pops), java.util.Arrays.copyOf(replayed.ties, pops),
                    kind + " pops the run's events in the run's order");
        }
    }

    /** A queue that notes the tie key of every pop at or after a time (the run's pops: times never go back). */
    private static final class PopLog extends ForwardingEventQueue {
        private final long from;
        long[] ties = new long[1 << 10];
        int n;

        PopLog(EventQueue inner, long from) {
            super(inner);
            this.from = from;
        }

        @Override
        public void pop() {
            inner.pop();
            if (inner.time() >= from) {
                if (n == ties.length) {
                    ties = java.util.Arrays.copyOf(ties, n * 2);
                }
                ties[n++] = inner.tie();
            }
        }
    }
}
