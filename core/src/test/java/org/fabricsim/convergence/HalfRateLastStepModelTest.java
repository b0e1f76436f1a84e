package org.fabricsim.convergence;

import static org.fabricsim.convergence.ExactChain.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.InputException;
import org.fabricsim.convergence.HalfRateLastStepModel.Reading;
import org.junit.jupiter.api.Test;

class HalfRateLastStepModelTest {

    @Test
    void lumpedChainEqualsTheFullChain() {
        for (Reading reading : Reading.values()) {
            for (int n = 3; n <= 7; n++) {
                for (int m : new int[] {n, n + 2}) {
                    for (int r = 1; r <= 7; r++) {
                        AbsorptionTime full = HalfRateLastStepModel.fullChain(n, m, r, reading);
                        AbsorptionTime lumped = HalfRateLastStepModel.lumpedChain(n, m, r, reading);
                        String at = reading.key() + " n=" + n + " m=" + m + " r=" + r;
                        assertClose(full.mean(), lumped.mean(), "mean " + at);
                        assertClose(full.variance(), lumped.variance(), "variance " + at);
                    }
                }
            }
        }
    }

    @Test
    void matchesExactRationalChainForEvenAndOddN() {
        int[][] nm = {{3, 2}, {3, 3}, {4, 4}, {5, 4}, {5, 5}, {6, 6}, {7, 9}, {8, 8}};
        for (int[] c : nm) {
            int n = c[0];
            int m = c[1];
            for (int r = 1; r <= 4; r++) {
                int start = (1 << r) - 2;
                String at = "n=" + n + " m=" + m + " r=" + r;
                ExactChain recommended = ExactLastStep.halfRateRecommended(n, m, r);
                AbsorptionTime t = HalfRateLastStepModel.lumpedChain(n, m, r, Reading.RECOMMENDED);
                assertClose(recommended.t[start], t.mean(), "recommended mean " + at);
                assertClose(recommended.variance(start), t.variance(), "recommended variance " + at);
                if (2 * m > n) {
                    ExactChain literal = ExactLastStep.halfRateLiteral(n, m, r);
                    AbsorptionTime l = HalfRateLastStepModel.lumpedChain(n, m, r, Reading.LITERAL);
                    assertClose(literal.t[start], l.mean(), "literal mean " + at);
                    assertClose(literal.variance(start), l.variance(), "literal variance " + at);
                }
            }
        }
    }

    /**
     * Fig. 9b: "very small even for large n". A bound from the model itself: with C(U) ≥ C_imp
     * and B(U) ≤ B_max, E[U' | U] = U(1 − C(U)) + (r − U)B(U) ≤ λU with λ = 1 − C_imp + B_max
     * (= 1 − 2/n for m = n), so P(T &gt; t) = P(U_t ≥ 1) ≤ E[U_t] ≤ rλ^t and
     * E[T] = Σ_t P(T &gt; t) ≤ Σ_t min(1, rλ^t), which grows only like (n/2)·ln r.
     */
    @Test
    void recommendedReadingStaysBelowItsDriftBound() {
        for (int n = 3; n <= 16; n++) {
            double maxBad = (n / 2.0 - 1) / n;
            double lambda = 1 - (1 - maxBad) + maxBad;
            double bound = 0;
            for (int t = 0; t < 10_000; t++) {
                bound += Math.min(1.0, n * Math.pow(lambda, t));
            }
            AbsorptionTime time = HalfRateLastStepModel.lumpedChain(n, n, n, Reading.RECOMMENDED);
            assertTrue(time.mean() >= 1 && time.mean() <= bound,
                    "n=m=r=" + n + ": E[T] = " + time.mean() + " above the drift bound " + bound);
            assertTrue(bound < 30, "bound for n=" + n + " is " + bound);
        }
        // contrast with p = 1 at the same size (Fig. 8a against Fig. 9b)
        assertTrue(LastStepModel.lumpedChain(16, 16, 16).mean() > 1e12);
    }

    @Test
    void literalReadingIsTrivialWhenTheCapBinds() {
        // m = n = 6: C_imp = 1/2 and C_ind(U) = U/4, capped at U = 4 = 2n/3 and above
        for (int r = 4; r <= 10; r++) {
            AbsorptionTime t = HalfRateLastStepModel.lumpedChain(6, 6, r, Reading.LITERAL);
            assertEquals(1.0, t.mean(), 1e-12, "r=" + r);
            assertEquals(0.0, t.variance(), 1e-12, "r=" + r);
        }
        assertTrue(HalfRateLastStepModel.lumpedChain(6, 6, 3, Reading.LITERAL).mean() > 1.0);
    }

    @Test
    void readingsHaveConfigurationNames() {
        assertEquals(Reading.RECOMMENDED, Reading.byKey("recommended"));
        assertEquals(Reading.LITERAL, Reading.byKey("literal"));
        InputException e = assertThrows(InputException.class, () -> Reading.byKey("loose"));
        assertTrue(e.getMessage().contains("recommended, literal"), e.getMessage());
    }

    @Test
    void refusesParametersWithoutAProbabilityModel() {
        InputException n = assertThrows(InputException.class,
                () -> HalfRateLastStepModel.lumpedChain(2, 2, 2, Reading.RECOMMENDED));
        assertTrue(n.getMessage().startsWith("n = 2"), n.getMessage());
        InputException m = assertThrows(InputException.class,
                () -> HalfRateLastStepModel.lumpedChain(7, 3, 2, Reading.RECOMMENDED));
        assertTrue(m.getMessage().startsWith("m = 3 is below n/2 = 3.5"), m.getMessage());
        InputException literal = assertThrows(InputException.class,
                () -> HalfRateLastStepModel.lumpedChain(6, 3, 2, Reading.LITERAL));
        assertTrue(literal.getMessage().startsWith("m = 3"), literal.getMessage());
        HalfRateLastStepModel.lumpedChain(6, 3, 2, Reading.RECOMMENDED); // 2m = n is fine here
        assertThrows(InputException.class, () -> HalfRateLastStepModel.fullChain(6, 6, 13, Reading.RECOMMENDED));
    }
}
