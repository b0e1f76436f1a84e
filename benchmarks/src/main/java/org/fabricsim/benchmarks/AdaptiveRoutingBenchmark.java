package org.fabricsim.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.fabricsim.contention.AdaptiveContentionKernel;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.routing.adaptive.AdaptiveOptions.SetupOrder;
import org.fabricsim.routing.adaptive.AdaptiveRouter;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.Topologies;
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
 * Adaptive flow routing on the modified 16-ary 3-tree (w_h = 2, ForcedDir(8)), docs/BENCHMARKS.md.
 * {@code routePermutation}: the route set-ups of one fixed random permutation (4096 flows) on empty switches.
 * {@code trial}: one whole trial of the contention sweep — draw a permutation, route it obliviously and
 * adaptively, analyse both.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 2)
public class AdaptiveRoutingBenchmark {
    private static final String TREE = "mkary-ntree(16,3,2)";

    @Param({"interleaved", "sequential"})
    String order;

    private AdaptiveRouter router;
    private FlowSet permutation;
    private SplittableRandom rng;
    private TrialRunner runner;
    private long trial;
    private long[] out;

    @Setup(Level.Trial)
    public void setup() {
        Topology t = Topologies.resolve(TREE, 0, 0, null);
        AdaptiveOptions options = AdaptiveOptions.DEFAULT.withOrder(SetupOrder.valueOf(order.toUpperCase()));
        router = AdaptiveRouter.dModK(t, options);
        rng = new SplittableRandom(1);
        permutation = new RandomPermutation(false).generate(HostGroups.of(t), rng);
        AdaptiveContentionKernel kernel = new AdaptiveContentionKernel(TREE, options, false, 0, 1);
        runner = kernel.open();
        out = new long[kernel.columns().size()];
    }

    @Benchmark
    public FlowRoutes routePermutation() {
        return router.route(permutation, rng);
    }

    @Benchmark
    public long[] trial() {
        runner.run(trial++, out);
        return out;
    }
}
