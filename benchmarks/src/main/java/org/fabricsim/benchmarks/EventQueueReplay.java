package org.fabricsim.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.fabricsim.engine.EventQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Each event queue on the packet model's own work (issue 36): the operations of an {@link EventTrace} recorded
 * from a run, replayed from the queue's contents when the recording began. The score is the time of one replay;
 * divided by the trace's operations (printed when it was recorded) it is the cost per push or pop.
 * {@code -p trace=FILE} names the trace.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g"})
public class EventQueueReplay {
    @Param({"heap2", "heap4", "heap8", "calendar"})
    String queue;

    @Param({""})
    String trace;

    private EventTrace events;
    private EventQueue q;

    @Setup(Level.Trial)
    public void load() throws IOException {
        if (trace.isEmpty()) {
            throw new IllegalArgumentException("-p trace=FILE: a trace written by EventTrace");
        }
        events = EventTrace.read(Path.of(trace));
    }

    @Setup(Level.Iteration)
    public void fill() {
        q = events.fill(EventQueue.create(queue));
    }

    @Benchmark
    public long replay() {
        return events.replay(q);
    }
}
