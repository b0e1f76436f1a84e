package org.fabricsim.fluid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.commons.numbers.fraction.BigFraction;
import org.fabricsim.fluid.RateOptions.Arithmetic;
import org.fabricsim.fluid.RateOptions.ClaimOrder;
import org.junit.jupiter.api.Test;

/** The worked examples of seed 003 (spec §1.6, §4.6), exactly and in doubles. */
class WorkedExamplesTest {
    private final RateCalculator calc = new RateCalculator();

    private BigFraction[] exact(FluidProblem p, RateAlgorithm a) {
        return calc.calculate(p, RateOptions.of(a).withArithmetic(Arithmetic.EXACT)
                .withClaimOrder(ClaimOrder.FLOW_ORDER), null).exact();
    }

    private double[] doubles(FluidProblem p, RateAlgorithm a) {
        return calc.calculate(p, RateOptions.of(a).withClaimOrder(ClaimOrder.FLOW_ORDER), null).rate();
    }

    /** Asserts exact normalized rates r(f)/w_f, and the double run within 1e-15 of them. */
    private void assertNormalized(FluidProblem p, RateAlgorithm a, BigFraction... expected) {
        BigFraction[] r = exact(p, a);
        double[] d = doubles(p, a);
        for (int f = 0; f < expected.length; f++) {
            assertEquals(expected[f], r[f].divide(BigFraction.from(p.weight()[f])), a + " flow " + f);
            assertEquals(expected[f].doubleValue(), d[f] / p.weight()[f], 1e-15, a + " flow " + f + " (doubles)");
        }
    }

    private static BigFraction q(int num, int den) {
        return BigFraction.of(num, den);
    }

    /**
     * Fig 4.3 (Prop 4.4.1 is tight) with W = 5: f1: s1→sw1→d1, f2: s2→sw1→d1, f3: s2→sw1→d3, w = (1, 2, 3).
     * Links: 0 = s1→sw1, 1 = s2→sw1 (weight W = 5), 2 = sw1→d1 (weight 3), 3 = sw1→d3.
     */
    @Test
    void fig43SaaGivesOneThirdAndFfaThreeFifthsToF1() {
        FluidProblem p = Instances.of(4, new int[][] {{0, 2}, {1, 2}, {1, 3}}, new double[] {1, 2, 3});
        assertNormalized(p, RateAlgorithm.SAA, q(1, 3), q(1, 5), q(1, 5));
        assertNormalized(p, RateAlgorithm.FFA, q(3, 5), q(1, 5), q(1, 5));
        BigFraction ratio = exact(p, RateAlgorithm.FFA)[0].divide(exact(p, RateAlgorithm.SAA)[0]);
        assertEquals(q(36, 20), ratio, "(W+1)^2/(4W) at W = 5");
        // SAA-M meets the SAA requirement and is maximal: f1 takes all of sw1→d1 that f2 leaves
        assertNormalized(p, RateAlgorithm.SAA_M, q(3, 5), q(1, 5), q(1, 5));
    }

    /**
     * Fig 4.4 with W = 5: f1 ∈ a1, f2, f3 ∈ a2, w = (1, 2, 5); f1 and f2 share link 0, f3 alone on link 1.
     * AFA: r̄(a2) = 1/W, r̄(a1) = (W+1)/(2W) = 3/5; FFA: r̄(a1) = 2/(W+1) = 1/3 (Prop 4.4.2).
     */
    @Test
    void fig44AfaGivesThreeFifthsToTheLightApplicationWhereFfaGivesOneThird() {
        FluidProblem p = Instances.of(2, new int[][] {{0}, {0}, {1}}, new double[] {1, 2, 5}, new int[] {1, 2, 2});
        assertNormalized(p, RateAlgorithm.AFA, q(3, 5), q(1, 5), q(1, 5));
        assertNormalized(p, RateAlgorithm.FFA, q(1, 3), q(1, 3), q(1, 5));
        RunMetrics.ApplicationRates apps = RunMetrics.ApplicationRates.of(p,
                calc.calculate(p, RateOptions.of(RateAlgorithm.AFA), null));
        assertArrayEquals(new int[] {1, 2}, apps.app());
        assertArrayEquals(new double[] {0.6, 0.2}, apps.rate(), 1e-15);
    }

    /**
     * Fig 2.2: three flows of a1 cross s1→d1 (link 0); s2→d2 (link 1) carries one flow of a1 and one of
     * a2. Application-unaware FFA gives 1/3 on link 0 and 1/2 on link 1; AFA holds a1 at 1/3 everywhere,
     * so the a2 flow gets 2/3.
     */
    @Test
    void fig22ApplicationUnawareVersusAfa() {
        FluidProblem p = Instances.of(2, new int[][] {{0}, {0}, {0}, {1}, {1}}, new double[] {1, 1, 1, 1, 1},
                new int[] {1, 1, 1, 1, 2});
        assertNormalized(p, RateAlgorithm.FFA, q(1, 3), q(1, 3), q(1, 3), q(1, 2), q(1, 2));
        assertNormalized(p, RateAlgorithm.SAA, q(1, 3), q(1, 3), q(1, 3), q(1, 2), q(1, 2));
        assertNormalized(p, RateAlgorithm.AFA, q(1, 3), q(1, 3), q(1, 3), q(1, 3), q(2, 3));
    }

    /**
     * Fig 1.1 (spec §1.6): f1..f4 cross sw1→sw2; f1, f2 go to d1, f3..f6 to d2; f5, f6 enter sw2 directly.
     * Optimal control gives every flow 1/4, and the unit-size phase ends at 4 (the lower bound; round-robin
     * without rate control needs 5). Links: 0..5 injection of s1..s6, 6 = sw1→sw2, 7 = sw2→d1, 8 = sw2→d2.
     */
    @Test
    void fig11RateControlEndsThePhaseAtTheLowerBoundOfFour() {
        FluidProblem p = Instances.of(9, new int[][] {{0, 6, 7}, {1, 6, 7}, {2, 6, 8}, {3, 6, 8}, {4, 8}, {5, 8}},
                new double[] {1, 1, 1, 1, 1, 1});
        for (RateAlgorithm a : RateAlgorithm.values()) {
            RateOptions o = RateOptions.of(a).withArithmetic(Arithmetic.EXACT).withClaimOrder(ClaimOrder.FLOW_ORDER);
            CompletionTimes t = CompletionTimes.of(p, p.weight(), CompletionModel.CONSTANT, o, calc, null);
            assertEquals(4.0, t.total(), 0.0, a.key());
        }
        assertNormalized(p, RateAlgorithm.SAA, q(1, 4), q(1, 4), q(1, 4), q(1, 4), q(1, 4), q(1, 4));
    }

    /**
     * Recalculation as flows finish: f1 on link 0, f2 on links 0 and 1, f3 on link 1, sizes (1, 1, 3). FFA
     * gives 1/2 to each; f1 and f2 end at t = 2, then f3 alone runs its remaining 2 at rate 1 and ends at 4.
     * With the rates held constant f3 ends at 3 / (1/2) = 6.
     */
    @Test
    void recalculatingOnFinishLetsTheLastFlowSpeedUp() {
        FluidProblem p = Instances.of(2, new int[][] {{0}, {0, 1}, {1}}, new double[] {1, 1, 1});
        double[] size = {1, 1, 3};
        for (Arithmetic arithmetic : Arithmetic.values()) {
            RateOptions o = RateOptions.of(RateAlgorithm.FFA).withArithmetic(arithmetic);
            CompletionTimes recalc = CompletionTimes.of(p, size, CompletionModel.RECALCULATE, o, calc, null);
            assertArrayEquals(new double[] {2, 2, 4}, recalc.time(), 0.0, arithmetic.name());
            assertEquals(2, recalc.calculations());
            CompletionTimes constant = CompletionTimes.of(p, size, CompletionModel.CONSTANT, o, calc, null);
            assertArrayEquals(new double[] {2, 2, 6}, constant.time(), 0.0, arithmetic.name());
        }
    }
}
