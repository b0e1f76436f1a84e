package org.fabricsim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.engine.TieKey;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The classic hold model of event-queue benchmarks: a queue of {@code pending} events; each operation pops
 * the earliest and pushes one later by a pseudo-random increment (0-4 µs in ps, so ties and near-ties occur
 * as in the packet model). Hold operations per second for each queue (heaps of arity 2, 4, 8; the calendar).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class EventQueueBenchmark {
    static final int BATCH = 1024;

    @Param({"heap2", "heap4", "heap8", "calendar"})
    String queue;

    @Param({"1024", "65536"})
    int pending;

    private EventQueue q;
    private long seq;
    private long x = 0x9E3779B97F4A7C15L;

    @Setup(Level.Trial)
    public void setup() {
        q = EventQueue.create(queue);
        for (int i = 0; i < pending; i++) {
            q.push(next() % 4_000_000, TieKey.of(1, i & 1023, seq++), i, i);
        }
    }

    private long next() {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x & Long.MAX_VALUE;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long hold() {
        long sum = 0;
        for (int i = 0; i < BATCH; i++) {
            q.pop();
            long t = q.time();
            sum += q.payload();
            q.push(t + next() % 4_000_000, TieKey.of(1, q.target() & 1023, seq++), q.target(), sum);
        }
        return sum;
    }
}
