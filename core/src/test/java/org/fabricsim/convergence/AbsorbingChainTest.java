package org.fabricsim.convergence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

class AbsorbingChainTest {

    private static final double TOL = 1e-12;

    @Test
    void geometricChainHasClosedFormMoments() {
        for (double q : new double[] {0.0, 0.1, 0.5, 0.9, 0.999}) {
            AbsorptionTime t = AbsorbingChain.builder(1).set(0, 0, q).build().from(0);
            // T ~ Geometric(1 - q) on {1, 2, ...}: E = 1/(1-q), Var = q/(1-q)^2
            assertEquals(1 / (1 - q), t.mean(), TOL / (1 - q), "mean for q = " + q);
            assertEquals(q / ((1 - q) * (1 - q)), t.variance(), 1e-9 * Math.max(1, t.variance()),
                    "variance for q = " + q);
        }
    }

    @Test
    void twoStatePathIsASumOfTwoGeometrics() {
        double a = 0.3;
        double b = 0.6;
        // 0 stays with a, else goes to 1; 1 stays with b, else is absorbed
        AbsorbingChain chain = AbsorbingChain.of(new DMatrixRMaj(new double[][] {{a, 1 - a}, {0, b}}));
        AbsorptionTime from0 = chain.from(0);
        assertEquals(1 / (1 - a) + 1 / (1 - b), from0.mean(), TOL);
        assertEquals(a / ((1 - a) * (1 - a)) + b / ((1 - b) * (1 - b)), from0.variance(), 1e-11);
        assertArrayEquals(new double[] {1 / (1 - a) + 1 / (1 - b), 1 / (1 - b)}, chain.expectedSteps(), TOL);
        assertEquals(2, chain.size());
    }

    @Test
    void deterministicPathHasNoVariance() {
        AbsorbingChain chain = AbsorbingChain.builder(3).set(0, 1, 1).set(1, 2, 1).build();
        assertEquals(3, chain.from(0).mean(), TOL);
        assertEquals(0, chain.from(0).variance(), TOL);
        assertEquals(1, chain.from(2).mean(), TOL);
    }

    @Test
    void initialDistributionIsAMixtureWithAbsorbedMass() {
        double q = 0.75;
        AbsorbingChain chain = AbsorbingChain.builder(1).set(0, 0, q).build();
        // T = 0 with probability 1/2, Geometric(1/4) otherwise
        AbsorptionTime t = chain.from(new double[] {0.5});
        double mean = 0.5 / (1 - q);
        double second = 0.5 * (1 + q) / ((1 - q) * (1 - q));
        assertEquals(mean, t.mean(), TOL);
        assertEquals(second - mean * mean, t.variance(), 1e-11);
        assertThrows(IllegalArgumentException.class, () -> chain.from(new double[] {1.5}));
        assertThrows(IllegalArgumentException.class, () -> chain.from(new double[] {-0.1}));
        assertThrows(IllegalArgumentException.class, () -> chain.from(new double[] {0.5, 0.5}));
    }

    @Test
    void conditionNumberIsNormTimesLargestExpectedTime() {
        double q = 0.9;
        AbsorbingChain chain = AbsorbingChain.builder(1).set(0, 0, q).build();
        assertEquals((1 - q) * 10, chain.conditionNumber(), 1e-12);
        assertEquals(chain.conditionNumber() * Math.ulp(1.0), chain.from(0).relativeErrorEstimate(), 0);
    }

    @Test
    void rejectsRowsThatAreNotSubProbabilities() {
        assertThrows(IllegalArgumentException.class,
                () -> AbsorbingChain.builder(2).set(0, 0, -0.1).set(0, 1, 0.5).build());
        IllegalArgumentException sum = assertThrows(IllegalArgumentException.class,
                () -> AbsorbingChain.builder(2).set(1, 0, 0.6).set(1, 1, 0.5).build());
        assertTrue(sum.getMessage().contains("row 1"), sum.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> AbsorbingChain.builder(1).set(0, 0, Double.NaN).build());
        assertThrows(IllegalArgumentException.class, () -> AbsorbingChain.of(new DMatrixRMaj(2, 3)));
        assertThrows(IllegalArgumentException.class, () -> AbsorbingChain.builder(0));
        // a rounding excess within the tolerance is accepted
        AbsorbingChain.builder(2).set(0, 0, 0.5).set(0, 1, 0.5 + 1e-13).set(1, 1, 0.5).build();
    }

    @Test
    void aClosedClassOfTransientStatesIsSingular() {
        // 0 leaks to absorption; 1 and 2 swap forever
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> AbsorbingChain.builder(3).set(0, 0, 0.5).set(1, 2, 1).set(2, 1, 1).build());
        assertTrue(e.getMessage().contains("never reaches absorption"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> AbsorbingChain.builder(1).set(0, 0, 1).build());
    }

    @Test
    void refusesAChainTooSlowForDoublePrecision() {
        // 0 -> 1 surely, 1 -> 0 with 1 - eps: t0 = 2/eps, kappa = 2 * 2/eps
        double eps = 1e-6;
        AbsorptionTime ok = AbsorbingChain.builder(2).set(0, 1, 1).set(1, 0, 1 - eps).build().from(0);
        assertEquals(2 / eps, ok.mean(), 1e-9 * 2 / eps);
        assertTrue(ok.relativeErrorEstimate() < 1e-8, ok.toString());
        ChainPrecisionException e = assertThrows(ChainPrecisionException.class,
                () -> AbsorbingChain.builder(2).set(0, 1, 1).set(1, 0, 1 - 1e-16).build());
        assertTrue(e.conditionNumber() > 1e15, e.getMessage());
    }

    @Test
    void reachesAbsorptionThroughOtherStates() {
        // only state 2 leaks, and 0 -> 1 -> 2: no direct exit is needed everywhere
        AbsorbingChain chain = AbsorbingChain.builder(3).set(0, 1, 1).set(1, 2, 1).set(2, 0, 0.5).build();
        // E2 = 1 + 0.5 * E0 and E0 = 2 + E2, so E2 = 4 and E0 = 6
        assertEquals(4, chain.from(2).mean(), TOL);
        assertEquals(6, chain.from(0).mean(), TOL);
    }
}
