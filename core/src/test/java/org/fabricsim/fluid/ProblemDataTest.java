package org.fabricsim.fluid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.InputException;
import org.fabricsim.routing.FlowRoutes;
import org.junit.jupiter.api.Test;

/** The plain-data boundary: what routes and problems accept, subsets, and the empty problem. */
class ProblemDataTest {

    @Test
    void problemsRejectEmptyRepeatedAndUnknownLinks() {
        double[] cap = FluidProblem.unitCapacities(3);
        assertThrows(IllegalArgumentException.class, () -> new FluidProblem(new FlowRoutes(new int[] {0, 0},
                new int[0]), new double[] {1}, new int[] {-1}, cap));
        assertThrows(IllegalArgumentException.class, () -> new FluidProblem(new FlowRoutes(new int[] {0, 2},
                new int[] {1, 1}), new double[] {1}, new int[] {-1}, cap));
        assertThrows(IllegalArgumentException.class, () -> new FluidProblem(new FlowRoutes(new int[] {0, 1},
                new int[] {3}), new double[] {1}, new int[] {-1}, cap));
        assertThrows(IllegalArgumentException.class, () -> new FlowRoutes(new int[] {0, 2}, new int[] {1}));
    }

    @Test
    void problemsRejectNonPositiveWeightsAndCapacities() {
        FlowRoutes r = new FlowRoutes(new int[] {0, 1, 2}, new int[] {0, 1});
        int[] app = {-1, -1};
        assertThrows(IllegalArgumentException.class, () -> new FluidProblem(r, new double[] {1, 0}, app,
                new double[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> new FluidProblem(r, new double[] {1, 1}, app,
                new double[] {1, 0}));
        assertThrows(IllegalArgumentException.class, () -> new FluidProblem(r, new double[] {1, 1}, app,
                new double[] {1}));
    }

    @Test
    void aSubsetKeepsTheListedFlowsInTheListedOrder() {
        FluidProblem p = Instances.of(3, new int[][] {{0}, {1, 2}, {2}}, new double[] {1, 2, 3}, new int[] {4, 5, 6});
        FluidProblem q = p.subset(new int[] {2, 1});
        assertArrayEquals(new int[] {2}, q.routes().path(0));
        assertArrayEquals(new int[] {1, 2}, q.routes().path(1));
        assertArrayEquals(new double[] {3, 2}, q.weight());
        assertArrayEquals(new int[] {6, 5}, q.app());
    }

    @Test
    void anEmptyProblemHasNoRatesAndCompletesAtZero() {
        FluidProblem p = Instances.of(2, new int[0][], new double[0]);
        RateCalculator calc = new RateCalculator();
        for (RateAlgorithm a : RateAlgorithm.values()) {
            for (RateOptions.Arithmetic x : RateOptions.Arithmetic.values()) {
                RateOptions o = RateOptions.of(a).withArithmetic(x);
                assertEquals(0, calc.calculate(p, o, new java.util.SplittableRandom(1)).flowCount());
                for (CompletionModel m : CompletionModel.values()) {
                    assertEquals(0.0, CompletionTimes.of(p, new double[0], m, o, calc,
                            new java.util.SplittableRandom(1)).total());
                }
            }
        }
        RunMetrics m = RunMetrics.of(p, calc.calculate(p, RateOptions.of(RateAlgorithm.FFA), null), null);
        assertEquals(0, m.sortedRates().length);
        assertEquals(0, m.applications().count());
    }

    /** Fig 6.8-b's reading of a sorted vector: nearest index round(x·(n−1)); and the metrics of a run. */
    @Test
    void runMetricsOfAHandComputedAllocation() {
        FluidProblem p = Instances.of(3, new int[][] {{0}, {0}, {1}, {2}, {2}}, new double[] {1, 1, 1, 1, 2},
                new int[] {0, 0, 1, -1, 1});
        RateAllocation a = new RateCalculator().calculate(p, RateOptions.of(RateAlgorithm.FFA), null);
        assertArrayEquals(new double[] {0.5, 0.5, 1, 1.0 / 3, 2.0 / 3}, a.rate(), 1e-15);
        RunMetrics m = RunMetrics.of(p, a, CompletionTimes.constant(a, p.weight()));
        assertArrayEquals(new double[] {1.0 / 3, 0.5, 0.5, 2.0 / 3, 1}, m.sortedRates(), 1e-15);
        assertEquals(3.0, m.totalCompletion(), 1e-15); // the weight-1 flow at rate 1/3 (flow 3)
        assertEquals(3.0 / 5, m.meanRate(), 1e-15);
        // r̄(0) = 1/2; application 1: min(1/1, (2/3)/2) = 1/3; flow 3 has no application
        assertArrayEquals(new int[] {0, 1}, m.applications().app());
        assertArrayEquals(new double[] {0.5, 1.0 / 3}, m.applications().rate(), 1e-15);
        // indices round(x·4) for x = 0, 0.1, …, 1: 0 0 1 1 2 2 2 3 3 4 4
        assertArrayEquals(new double[] {1.0 / 3, 1.0 / 3, 0.5, 0.5, 0.5, 0.5, 0.5, 2.0 / 3, 2.0 / 3, 1, 1},
                m.sortedSample(RunMetrics.DECILES), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> m.sortedSample(new double[] {1.5}));
    }

    @Test
    void algorithmAndCompletionModelKeys() {
        assertEquals(RateAlgorithm.SAA_M, RateAlgorithm.byKey("saa-m"));
        assertEquals(CompletionModel.RECALCULATE, CompletionModel.byKey("recalculate"));
        assertThrows(InputException.class, () -> RateAlgorithm.byKey("dffa"));
    }
}
