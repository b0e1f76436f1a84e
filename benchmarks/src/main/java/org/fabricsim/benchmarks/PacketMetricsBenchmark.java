package org.fabricsim.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.RandomPermutation;
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
 * The observer hot path of the packet metrics (issue 5, "Metrics"): calls per second of
 * {@code transmitted}, {@code delivered} and {@code bufferOccupancy} on tree648 with a random permutation
 * (647-648 flows, 2 VLs, per-flow latency histograms on), as the packet model would make them: a batch of
 * {@value #BATCH} precomputed calls on random links, flows and buffers, with time advancing 100 ps per call
 * across batches so every call lands inside the measurement window.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class PacketMetricsBenchmark {
    static final int BATCH = 4096;
    private static final long STEP_PS = 100;

    @Param({"tree648"})
    String topology;

    private PacketMetrics metrics;
    private final int[] port = new int[BATCH];
    private final int[] vl = new int[BATCH];
    private final int[] flow = new int[BATCH];
    private final int[] dst = new int[BATCH];
    private final int[] bytes = new int[BATCH];
    private final int[] occupancy = new int[BATCH];
    private final long[] latency = new long[BATCH];
    private long now;

    @Setup(Level.Trial)
    public void setup() {
        Topology t = Presets.find(topology).build();
        SplittableRandom rng = new SplittableRandom(1);
        FlowSet flows = new RandomPermutation(false).generate(HostGroups.of(t), rng);
        // 100 s window: ~10^12 calls before time leaves it, far more than a run makes
        metrics = new PacketMetrics(t, flows, MetricsOptions.until(100_000_000_000_000L).withVirtualLanes(2));
        int[] connected = IntStream.range(0, t.portCount()).filter(t::isConnected).toArray();
        for (int i = 0; i < BATCH; i++) {
            port[i] = connected[rng.nextInt(connected.length)];
            vl[i] = rng.nextInt(2);
            flow[i] = rng.nextInt(flows.size());
            dst[i] = flows.dst()[flow[i]];
            bytes[i] = 2048 + 26;
            occupancy[i] = rng.nextInt(4) == 0 ? 0 : rng.nextInt(32 * 1024);
            latency[i] = 1_000_000 + rng.nextLong(9_000_000); // 1-10 µs
        }
        now = 1_000_000_000; // after the first latencies
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void transmitted() {
        long t = now;
        for (int i = 0; i < BATCH; i++, t += STEP_PS) {
            metrics.transmitted(t, port[i], vl[i], flow[i], bytes[i]);
        }
        now = t;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void delivered() {
        long t = now;
        for (int i = 0; i < BATCH; i++, t += STEP_PS) {
            metrics.delivered(t, flow[i], dst[i], bytes[i], t - latency[i], i);
        }
        now = t;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void bufferOccupancy() {
        long t = now;
        for (int i = 0; i < BATCH; i++, t += STEP_PS) {
            metrics.bufferOccupancy(t, port[i], vl[i], occupancy[i]);
        }
        now = t;
    }
}
