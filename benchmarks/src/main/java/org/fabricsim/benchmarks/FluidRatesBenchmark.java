package org.fabricsim.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.fabricsim.fluid.FluidProblem;
import org.fabricsim.fluid.RateAlgorithm;
import org.fabricsim.fluid.RateAllocation;
import org.fabricsim.fluid.RateCalculator;
import org.fabricsim.fluid.RateOptions;
import org.fabricsim.fluid.StaticRoutes;
import org.fabricsim.routing.DModK;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.RandomFlows;
import org.fabricsim.traffic.Superposition;
import org.fabricsim.traffic.TrafficPattern;
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
 * Rate calculation on {@code tree4096} with D-mod-K routes, in doubles (DESIGN.md target: FFA / AFA with 5
 * flows per host "well under a second"). One operation = one calculation over a fixed flow set, routes
 * already built:
 *
 * <ul>
 *   <li>{@code random-flows-5}: every host sends 1–5 flows to random destinations (spec §6.7,
 *       max_flows = 5; about 12 300 flows);</li>
 *   <li>{@code superposition-5}: 5 superposed random permutations, exactly 5 flows per host (20 480
 *       flows), with one application per 128 consecutive hosts so AFA has 32 applications (spec §6.10's
 *       scale).</li>
 * </ul>
 * {@code buildAndFfa} adds routing every flow through the forwarding tables (the {@link FluidProblem}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 3)
public class FluidRatesBenchmark {
    @Param({"random-flows-5", "superposition-5"})
    String traffic;

    private Topology topology;
    private StaticRoutes routes;
    private FlowSet flows;
    private FluidProblem problem;
    private final RateCalculator calculator = new RateCalculator();
    private final RateOptions ffa = RateOptions.of(RateAlgorithm.FFA);
    private final RateOptions afa = RateOptions.of(RateAlgorithm.AFA);
    private final RateOptions saa = RateOptions.of(RateAlgorithm.SAA);

    @Setup(Level.Trial)
    public void setup() {
        topology = Presets.find("tree4096").build();
        routes = new StaticRoutes(DModK.compute(topology));
        TrafficPattern pattern = traffic.equals("random-flows-5") ? new RandomFlows(5) : new Superposition(5);
        FlowSet f = pattern.generate(HostGroups.of(topology), new SplittableRandom(1));
        int[] app = new int[f.size()];
        for (int i = 0; i < app.length; i++) {
            app[i] = f.src()[i] / 128;
        }
        flows = new FlowSet(f.src(), f.dst(), f.weight(), app);
        problem = FluidProblem.of(topology, routes, flows, null);
    }

    @Benchmark
    public RateAllocation ffa() {
        return calculator.calculate(problem, ffa, null);
    }

    @Benchmark
    public RateAllocation afa() {
        return calculator.calculate(problem, afa, null);
    }

    @Benchmark
    public RateAllocation saa() {
        return calculator.calculate(problem, saa, null);
    }

    @Benchmark
    public RateAllocation buildAndFfa() {
        return calculator.calculate(FluidProblem.of(topology, routes, flows, null), ffa, null);
    }
}
