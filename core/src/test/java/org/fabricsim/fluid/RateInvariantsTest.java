package org.fabricsim.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.numbers.fraction.BigFraction;
import org.fabricsim.fluid.RateOptions.Arithmetic;
import org.fabricsim.fluid.RateOptions.ClaimOrder;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.junit.jupiter.api.Test;

/**
 * Invariants on many small random problems with fixed seeds, checked by the independent
 * {@link FairnessVerifier}: feasibility everywhere, maximality of FFA and SAA-M, the SAA requirement
 * r̄(f) ≥ 1/W_f of SAA-M, weighted max-min fairness of FFA, application fairness of AFA, exact and double
 * answers within 1e-12, and the optimal completion time W of every algorithm for a single application.
 */
class RateInvariantsTest {
    private static final int INSTANCES = 600;
    private static final double TOL = 1e-12;
    private final RateCalculator calc = new RateCalculator();

    private static FluidProblem instance(int i) {
        return Instances.random(Seeds.stream(42, i, Purpose.TRAFFIC), i % 3 != 0);
    }

    private RateAllocation rates(FluidProblem p, RateAlgorithm a, Arithmetic arithmetic, int i) {
        return calc.calculate(p, RateOptions.of(a).withArithmetic(arithmetic), Seeds.stream(42, i, Purpose.FLUID));
    }

    @Test
    void everyAlgorithmIsFeasibleAndFfaAndSaaMAreMaximal() {
        for (int i = 0; i < INSTANCES; i++) {
            FluidProblem p = instance(i);
            for (RateAlgorithm a : RateAlgorithm.values()) {
                for (Arithmetic x : Arithmetic.values()) {
                    double[] r = rates(p, a, x, i).rate();
                    assertEquals(List.of(), FairnessVerifier.infeasible(p, r, TOL), a + " " + x + " instance " + i);
                    if (a == RateAlgorithm.FFA || a == RateAlgorithm.SAA_M) {
                        assertEquals(List.of(), FairnessVerifier.notMaximal(p, r, TOL), a + " " + x + " instance " + i);
                    }
                }
            }
        }
    }

    @Test
    void exactAllocationsAreFeasibleExactlyAndSaturateExactly() {
        for (int i = 0; i < INSTANCES; i++) {
            FluidProblem p = instance(i);
            for (RateAlgorithm a : RateAlgorithm.values()) {
                BigFraction[] r = rates(p, a, Arithmetic.EXACT, i).exact();
                BigFraction[] load = new BigFraction[p.linkCount()];
                java.util.Arrays.fill(load, BigFraction.ZERO);
                for (int f = 0; f < p.flowCount(); f++) {
                    for (int l : p.routes().path(f)) {
                        load[l] = load[l].add(r[f]);
                    }
                }
                for (int l = 0; l < load.length; l++) {
                    assertTrue(load[l].compareTo(BigFraction.from(p.capacity()[l])) <= 0, a + " link " + l);
                }
                if (a == RateAlgorithm.FFA || a == RateAlgorithm.SAA_M) {
                    for (int f = 0; f < p.flowCount(); f++) {
                        boolean saturated = false;
                        for (int l : p.routes().path(f)) {
                            saturated |= load[l].equals(BigFraction.from(p.capacity()[l]));
                        }
                        assertTrue(saturated, a + " instance " + i + " flow " + f + " has no exactly full link");
                    }
                }
            }
        }
    }

    @Test
    void ffaIsWeightedMaxMinFairAndAfaApplicationFair() {
        for (int i = 0; i < INSTANCES; i++) {
            FluidProblem p = instance(i);
            for (Arithmetic x : Arithmetic.values()) {
                assertEquals(List.of(), FairnessVerifier.notMaxMinFair(p, rates(p, RateAlgorithm.FFA, x, i).rate(),
                        TOL), "FFA " + x + " instance " + i);
                assertEquals(List.of(), FairnessVerifier.notApplicationFair(p,
                        rates(p, RateAlgorithm.AFA, x, i).rate(), TOL), "AFA " + x + " instance " + i);
            }
        }
    }

    /** The verifier is not a rubber stamp: it rejects SAA on some instance and any lowered FFA rate. */
    @Test
    void theVerifierRejectsAllocationsThatAreNotFair() {
        int saaRejected = 0;
        for (int i = 0; i < INSTANCES; i++) {
            FluidProblem p = instance(i);
            if (!FairnessVerifier.notMaxMinFair(p, rates(p, RateAlgorithm.SAA, Arithmetic.DOUBLE, i).rate(), TOL)
                    .isEmpty()) {
                saaRejected++;
            }
            double[] lowered = rates(p, RateAlgorithm.FFA, Arithmetic.DOUBLE, i).rate();
            lowered[i % p.flowCount()] *= 0.99;
            assertFalse(FairnessVerifier.notMaxMinFair(p, lowered, TOL).isEmpty(), "instance " + i);
        }
        assertTrue(saaRejected > INSTANCES / 10, "SAA rejected on only " + saaRejected + " instances");
    }

    @Test
    void saaMMeetsTheSaaRequirement() {
        for (int i = 0; i < INSTANCES; i++) {
            FluidProblem p = instance(i);
            double[] saa = rates(p, RateAlgorithm.SAA, Arithmetic.EXACT, i).rate();
            for (ClaimOrder order : ClaimOrder.values()) {
                double[] m = calc.calculate(p, RateOptions.of(RateAlgorithm.SAA_M).withClaimOrder(order),
                        Seeds.stream(42, i, Purpose.FLUID)).rate();
                for (int f = 0; f < p.flowCount(); f++) {
                    assertTrue(m[f] >= saa[f] * (1 - TOL), "instance " + i + " flow " + f + " " + order);
                }
            }
        }
    }

    @Test
    void exactAndDoubleAgreeWithin1e12() {
        for (int i = 0; i < INSTANCES; i++) {
            FluidProblem p = instance(i);
            for (RateAlgorithm a : RateAlgorithm.values()) {
                RateAllocation exact = rates(p, a, Arithmetic.EXACT, i);
                RateAllocation dbl = rates(p, a, Arithmetic.DOUBLE, i);
                assertNotNull(exact.exact());
                for (int f = 0; f < p.flowCount(); f++) {
                    assertEquals(exact.rate()[f], dbl.rate()[f], TOL * exact.rate()[f], a + " instance " + i);
                }
            }
        }
    }

    /** The heap-based filling (both arithmetics) against Alg 4.12 transcribed literally. */
    @Test
    void ffaAndAfaEqualTheLiteralAlgorithm412() {
        for (int i = 0; i < INSTANCES; i++) {
            FluidProblem p = instance(i);
            for (RateAlgorithm a : List.of(RateAlgorithm.FFA, RateAlgorithm.AFA)) {
                BigFraction[] reference = Alg412Reference.rates(p, a == RateAlgorithm.AFA);
                BigFraction[] exact = rates(p, a, Arithmetic.EXACT, i).exact();
                double[] dbl = rates(p, a, Arithmetic.DOUBLE, i).rate();
                for (int f = 0; f < p.flowCount(); f++) {
                    assertEquals(reference[f], exact[f], a + " instance " + i + " flow " + f);
                    assertEquals(reference[f].doubleValue(), dbl[f], TOL * dbl[f], a + " instance " + i);
                }
            }
        }
    }

    /** A flow without an application is an application of its own, so AFA without applications is FFA. */
    @Test
    void afaWithoutApplicationsIsFfa() {
        for (int i = 0; i < INSTANCES; i++) {
            FluidProblem p = instance(i);
            int[] none = new int[p.flowCount()];
            java.util.Arrays.fill(none, org.fabricsim.traffic.FlowSet.NO_APP);
            FluidProblem q = new FluidProblem(p.routes(), p.weight(), none, p.capacity());
            assertEquals(List.of(rates(q, RateAlgorithm.FFA, Arithmetic.EXACT, i).exact()),
                    List.of(rates(q, RateAlgorithm.AFA, Arithmetic.EXACT, i).exact()), "instance " + i);
        }
    }

    /**
     * Single application with w_f = d_f (spec §4.6): SAA, SAA-M, FFA and AFA are all optimal, completing at
     * W = max_l W_l (Theorem 4.1.1), with the rates held constant and with recalculation as flows end.
     */
    @Test
    void everyAlgorithmCompletesASingleApplicationAtTheMaximumLinkWeight() {
        for (int i = 0; i < INSTANCES; i += 3) {
            FluidProblem p = instance(i);
            double[] loads = FairnessVerifier.loads(p, p.weight());
            BigFraction w = BigFraction.ZERO;
            for (int l = 0; l < loads.length; l++) {
                BigFraction wl = BigFraction.from(loads[l]).divide(BigFraction.from(p.capacity()[l]));
                w = wl.compareTo(w) > 0 ? wl : w;
            }
            for (RateAlgorithm a : RateAlgorithm.values()) {
                for (CompletionModel m : CompletionModel.values()) {
                    RateOptions o = RateOptions.of(a).withArithmetic(Arithmetic.EXACT);
                    CompletionTimes t = CompletionTimes.of(p, p.weight(), m, o, calc,
                            new SplittableRandom(i));
                    BigFraction total = BigFraction.ZERO;
                    for (BigFraction x : t.exact()) {
                        total = x.compareTo(total) > 0 ? x : total;
                    }
                    assertEquals(w, total, a + " " + m + " instance " + i);
                }
            }
        }
    }
}
