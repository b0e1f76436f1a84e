package org.fabricsim.fluid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.InputException;
import org.fabricsim.contention.ContentionAnalysis;
import org.fabricsim.contention.TrialContention;
import org.fabricsim.routing.DModK;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.routing.adaptive.AdaptiveRouter;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.RandomFlows;
import org.fabricsim.traffic.Superposition;
import org.junit.jupiter.api.Test;

/** The fluid problem built from a topology, its forwarding tables and a flow set. */
class FluidOnTopologyTest {
    private static final Topology TREE = Topologies.resolve("kary-ntree(4,3)", 0, 0, null);
    private static final ForwardingTables LFT = DModK.compute(TREE);

    @Test
    void staticRoutesAreTheRoutesOfTheForwardingTables() {
        FlowSet flows = new RandomFlows(3).generate(HostGroups.of(TREE), new SplittableRandom(5));
        FluidProblem p = FluidProblem.of(TREE, new StaticRoutes(LFT), flows, null);
        assertEquals(TREE.portCount(), p.linkCount());
        int[] path = new int[LFT.maxRouteLength()];
        for (int f = 0; f < flows.size(); f++) {
            int n = LFT.route(flows.src()[f], flows.dst()[f], path);
            assertArrayEquals(java.util.Arrays.copyOf(path, n), p.routes().path(f), "flow " + f);
        }
        assertArrayEquals(flows.weight(), p.weight());
        assertArrayEquals(flows.app(), p.app());
    }

    /**
     * With unit weights and capacities W_f is the flow's contention C_f (spec §6.2), so SAA gives
     * r(f) = 1/C_f: the maximum of 1/r is the contention analysis' maximum and its mean the mean C_f.
     */
    @Test
    void saaRatesAreTheInverseContention() {
        ContentionAnalysis analysis = new ContentionAnalysis(LFT);
        RateCalculator calc = new RateCalculator();
        for (int trial = 0; trial < 20; trial++) {
            FlowSet flows = new Superposition(1 + trial % 5).generate(HostGroups.of(TREE), new SplittableRandom(trial));
            TrialContention c = analysis.analyze(flows, analysis.newScratch(), null, null);
            FluidProblem p = FluidProblem.of(TREE, new StaticRoutes(LFT), flows, null);
            RateAllocation a = calc.calculate(p, RateOptions.of(RateAlgorithm.SAA), null);
            double max = 0;
            double sum = 0;
            for (double r : a.rate()) {
                max = Math.max(max, 1 / r);
                sum += 1 / r;
            }
            assertEquals(c.maxContention(), max, 1e-12);
            assertEquals(c.meanContention(), sum / flows.size(), 1e-12);
            CompletionTimes t = CompletionTimes.of(p, p.weight(), CompletionModel.CONSTANT,
                    RateOptions.of(RateAlgorithm.SAA), calc, null);
            assertEquals(c.maxContention(), t.total(), 1e-12, "SAA completes at W (Theorem 4.1.1)");
        }
    }

    /**
     * FFA and AFA on tree4096 with 5 superposed permutations (20 480 flows) allocate their O(flows) result
     * and, once warm, nothing per saturation event: well under 64 bytes per flow in all.
     */
    @Test
    void ffaOnTwentyThousandFlowsAllocatesOnlyItsResult() {
        Topology t = Presets.find("tree4096").build();
        FlowSet flows = new Superposition(5).generate(HostGroups.of(t), new SplittableRandom(1));
        FluidProblem p = FluidProblem.of(t, new StaticRoutes(DModK.compute(t)), flows, null);
        RateCalculator calc = new RateCalculator();
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (RateAlgorithm a : List.of(RateAlgorithm.FFA, RateAlgorithm.AFA)) {
            RateOptions o = RateOptions.of(a);
            RateAllocation warm = calc.calculate(p, o, null);
            long before = mx.getCurrentThreadAllocatedBytes();
            RateAllocation again = calc.calculate(p, o, null);
            long allocated = mx.getCurrentThreadAllocatedBytes() - before;
            assertArrayEquals(warm.rate(), again.rate(), 0.0, "deterministic");
            assertTrue(allocated < 16L * flows.size() + 4096, a + " allocated " + allocated + " bytes for "
                    + flows.size() + " flows");
            assertEquals(List.of(), FairnessVerifier.infeasible(p, again.rate(), 1e-12));
        }
    }

    /** {@code routing = adaptive} is the adaptive router's set-up, fed the trial's routing stream; static names stay static. */
    @Test
    void adaptiveRoutingIsARouteSource() {
        Topology tree = Topologies.resolve("mkary-ntree(4,3,2)", 0, 0, null);
        FlowSet flows = new Superposition(2).generate(HostGroups.of(tree), new SplittableRandom(3));
        RouteSource adaptive = RouteSources.of(RouteSources.ADAPTIVE, tree, null, AdaptiveOptions.DEFAULT);
        FlowRoutes expected = AdaptiveRouter.dModK(tree, AdaptiveOptions.DEFAULT).route(flows, new SplittableRandom(9));
        FluidProblem p = FluidProblem.of(tree, adaptive, flows, new SplittableRandom(9));
        assertEquals(expected, p.routes());
        assertTrue(p.routes().links().length > 0);
        assertEquals(FlowRoutes.of(TREE, LFT, flows), RouteSources.of("dmodk", TREE, null).routes(flows, null));
        assertThrows(InputException.class, () -> RouteSources.of(RouteSources.ADAPTIVE, Presets.find("testbed7")
                .build(), null));
    }
}
