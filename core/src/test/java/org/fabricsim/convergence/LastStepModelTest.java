package org.fabricsim.convergence;

import static org.fabricsim.convergence.ExactChain.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.apache.commons.numbers.fraction.BigFraction;
import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;

class LastStepModelTest {

    @Test
    void lumpedChainEqualsTheFullChain() {
        int[][] rectangular = {{2, 3}, {3, 5}, {4, 8}, {5, 7}};
        for (int n = 2; n <= 6; n++) {
            for (int r = 1; r <= 8; r++) {
                assertSame(n, n, r);
            }
        }
        for (int[] nm : rectangular) {
            for (int r = 1; r <= 8; r++) {
                assertSame(nm[0], nm[1], r);
            }
        }
    }

    private static void assertSame(int n, int m, int r) {
        AbsorptionTime full = LastStepModel.fullChain(n, m, r);
        AbsorptionTime lumped = LastStepModel.lumpedChain(n, m, r);
        String at = "n=" + n + " m=" + m + " r=" + r;
        assertClose(full.mean(), lumped.mean(), "mean " + at);
        assertClose(full.variance(), lumped.variance(), "variance " + at);
    }

    @Test
    void matchesExactRationalChain() {
        for (int n = 2; n <= 5; n++) {
            for (int m : new int[] {n, n + 1, 2 * n}) {
                for (int r = 1; r <= 4; r++) {
                    ExactChain exact = ExactLastStep.fullRate(n, m, r);
                    int start = (1 << r) - 2;
                    String at = "n=" + n + " m=" + m + " r=" + r;
                    for (AbsorptionTime t : new AbsorptionTime[] {
                            LastStepModel.lumpedChain(n, m, r), LastStepModel.fullChain(n, m, r)}) {
                        assertClose(exact.t[start], t.mean(), "mean " + at);
                        assertClose(exact.variance(start), t.variance(), "variance " + at);
                    }
                }
            }
        }
    }

    @Test
    void oneSwitchIsGeometric() {
        // r = 1: U = 1 leaves with C = C_imp + C_ind - C_imp C_ind, C_ind = 2(m-n+1)/(nm)
        int n = 4;
        int m = 5;
        double imp = (m - n + 1) / (double) m;
        double ind = 2.0 * (m - n + 1) / (n * m);
        double c = imp + ind - imp * ind;
        AbsorptionTime t = LastStepModel.lumpedChain(n, m, 1);
        assertEquals(1 / c, t.mean(), 1e-12);
        assertEquals((1 - c) / (c * c), t.variance(), 1e-12);
    }

    /**
     * Fig. 9a: with n = m = 6 fixed the convergence time is exponential in r. Each extra output
     * switch multiplies E[T] by at least 2 here, and from r = 4 on the factor never shrinks
     * (log E[T] convex), so the growth is at least exponential.
     */
    @Test
    void growsExponentiallyInTheNumberOfSwitches() {
        double previousRatio = 0;
        double previous = LastStepModel.lumpedChain(6, 6, 1).mean();
        for (int r = 2; r <= 20; r++) {
            AbsorptionTime t = LastStepModel.lumpedChain(6, 6, r);
            assertTrue(t.relativeErrorEstimate() < 1e-6, "r=" + r + " beyond double precision");
            double ratio = t.mean() / previous;
            assertTrue(ratio >= 2.0, "r=" + r + ": E[T] grew only by " + ratio);
            if (r > 4) {
                assertTrue(ratio >= previousRatio * (1 - 1e-9),
                        "r=" + r + ": growth factor fell from " + previousRatio + " to " + ratio);
            }
            previousRatio = ratio;
            previous = t.mean();
        }
    }

    /**
     * The error estimate κ·2^-52 against the exact rational value, where double precision runs
     * out (E[T] from 5·10^4 at r = 8 to 1.6·10^14 at r = 16); r = 17 is refused.
     */
    @Test
    void relativeErrorEstimateBoundsTheActualError() {
        for (int r = 8; r <= 16; r++) {
            AbsorptionTime t = LastStepModel.lumpedChain(r, r, r);
            double exact = exactLumpedMean(r, r, r);
            double actual = Math.abs(t.mean() - exact) / exact;
            assertTrue(actual <= t.relativeErrorEstimate(),
                    "r=" + r + ": error " + actual + " above the estimate " + t.relativeErrorEstimate());
        }
        ChainPrecisionException e = assertThrows(ChainPrecisionException.class,
                () -> LastStepModel.lumpedChain(17, 17, 17));
        assertTrue(e.conditionNumber() * Math.ulp(1.0) > AbsorbingChain.MAX_RELATIVE_ERROR, e.getMessage());
    }

    /** E[T] from U = r of the lumped chain, in fractions (binomial moves of eqs. (1)-(5)). */
    private static double exactLumpedMean(int n, int m, int r) {
        BigFraction improve = BigFraction.of(m - n + 1, m);
        BigFraction[][] q = new BigFraction[r][r];
        for (BigFraction[] row : q) {
            java.util.Arrays.fill(row, BigFraction.ZERO);
        }
        for (int u = 1; u <= r; u++) {
            BigFraction b = BigFraction.of(u, r);
            BigFraction ind = BigFraction.of(u, r).multiply(BigFraction.of(2 * (m - n + 1), n * m));
            BigFraction c = improve.add(ind).subtract(improve.multiply(ind));
            for (int x = 0; x <= u; x++) {
                for (int y = 0; y <= r - u; y++) {
                    int next = u - x + y;
                    if (next > 0) {
                        q[u - 1][next - 1] = q[u - 1][next - 1].add(binomial(u, x, c).multiply(binomial(r - u, y, b)));
                    }
                }
            }
        }
        return new ExactChain(q).t[r - 1].doubleValue();
    }

    private static BigFraction binomial(int trials, int k, BigFraction p) {
        BigInteger choose = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            choose = choose.multiply(BigInteger.valueOf(trials - i)).divide(BigInteger.valueOf(i + 1));
        }
        return p.pow(k).multiply(BigFraction.ONE.subtract(p).pow(trials - k)).multiply(choose);
    }

    @Test
    void refusesParametersWithoutAProbabilityModel() {
        InputException m = assertThrows(InputException.class, () -> LastStepModel.lumpedChain(6, 4, 6));
        assertTrue(m.getMessage().startsWith("m = 4"), m.getMessage());
        // m = n - 1 would give C = 0 (never converges), m < n - 1 a negative C_imp
        assertThrows(InputException.class, () -> LastStepModel.lumpedChain(6, 5, 6));
        InputException n = assertThrows(InputException.class, () -> LastStepModel.lumpedChain(1, 4, 6));
        assertTrue(n.getMessage().startsWith("n = 1"), n.getMessage());
        assertThrows(InputException.class, () -> LastStepModel.lumpedChain(4, 4, 0));
        InputException r = assertThrows(InputException.class, () -> LastStepModel.fullChain(4, 4, 13));
        assertTrue(r.getMessage().contains("r = 13"), r.getMessage());
    }
}
