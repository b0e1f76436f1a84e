package org.fabricsim.convergence;

import static org.fabricsim.convergence.ExactChain.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
