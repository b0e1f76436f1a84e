package org.fabricsim.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.fabricsim.contention.ContentionAnalysis;
import org.fabricsim.contention.TrialContention;
import org.fabricsim.routing.DModK;
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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Contention analysis of one random permutation (DESIGN.md target: 1000-permutation sweeps in seconds).
 * {@code analyse}: routes every flow of a fixed permutation through the D-mod-K tables, counts flows per
 * link, C_f per flow and the per-class histograms. {@code drawAndAnalyse}: the same with a fresh
 * permutation drawn each time, i.e. one trial of a contention study.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 3)
public class ContentionBenchmark {
    @Param({"tree4096", "tree648"})
    String topology;

    private ContentionAnalysis analysis;
    private ContentionAnalysis.Scratch scratch;
    private HostGroups hosts;
    private FlowSet permutation;
    private long[][] loadCounts;
    private long[] flowCounts;
    private SplittableRandom rng;
    private final RandomPermutation pattern = new RandomPermutation(false);

    @Setup(Level.Trial)
    public void setup() {
        Topology t = Presets.find(topology).build();
        analysis = new ContentionAnalysis(DModK.compute(t));
        scratch = analysis.newScratch();
        hosts = HostGroups.of(t);
        rng = new SplittableRandom(1);
        permutation = pattern.generate(hosts, rng);
        loadCounts = new long[analysis.linkClasses().count()][t.hostCount() + 1];
        flowCounts = new long[t.hostCount() + 1];
    }

    @Benchmark
    public TrialContention analyse() {
        return analysis.analyze(permutation, scratch, loadCounts, flowCounts);
    }

    @Benchmark
    public TrialContention drawAndAnalyse() {
        return analysis.analyze(pattern.generate(hosts, rng), scratch, loadCounts, flowCounts);
    }
}
