package org.fabricsim.convergence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.InputException;
import org.fabricsim.convergence.ConvergenceModels.Options;
import org.fabricsim.convergence.HalfRateLastStepModel.Reading;
import org.fabricsim.convergence.IndependentModel.Combination;
import org.junit.jupiter.api.Test;

class ConvergenceModelsTest {

    @Test
    void independentModelDoesNotDependOnR() {
        AbsorptionTime one = ConvergenceModels.evaluate(ModelKind.INDEPENDENT, 5, 6, 1, 1);
        for (int r : new int[] {2, 6, 17, 64}) {
            assertEquals(one, ConvergenceModels.evaluate(ModelKind.INDEPENDENT, 5, 6, r, 1), "r=" + r);
        }
    }

    @Test
    void dispatchesToEachModelWithItsOptions() {
        Options sequentialLiteral = new Options(Combination.SEQUENTIAL, Reading.LITERAL);
        assertEquals(new IndependentModel(6, 7, Combination.SIMULTANEOUS).absorptionTime(),
                ConvergenceModels.evaluate(ModelKind.INDEPENDENT, 6, 7, 3, 1));
        assertEquals(new IndependentModel(6, 7, Combination.SEQUENTIAL).absorptionTime(),
                ConvergenceModels.evaluate(ModelKind.INDEPENDENT, 6, 7, 3, 1, sequentialLiteral));
        assertEquals(LastStepModel.lumpedChain(6, 7, 9),
                ConvergenceModels.evaluate(ModelKind.LAST_STEP, 6, 7, 9, 1));
        assertEquals(HalfRateLastStepModel.lumpedChain(6, 7, 9, Reading.RECOMMENDED),
                ConvergenceModels.evaluate(ModelKind.LAST_STEP_HALF, 6, 7, 9, 2));
        assertEquals(HalfRateLastStepModel.lumpedChain(6, 7, 9, Reading.LITERAL),
                ConvergenceModels.evaluate(ModelKind.LAST_STEP_HALF, 6, 7, 9, 2, sequentialLiteral));
    }

    @Test
    void defaultsAreSimultaneousAndRecommended() {
        assertEquals(Combination.SIMULTANEOUS, Options.DEFAULTS.combination());
        assertEquals(Reading.RECOMMENDED, Options.DEFAULTS.reading());
        assertThrows(IllegalArgumentException.class, () -> new Options(null, Reading.LITERAL));
    }

    @Test
    void refusesAModelForTheWrongFlowRate() {
        InputException e = assertThrows(InputException.class,
                () -> ConvergenceModels.evaluate(ModelKind.LAST_STEP, 6, 6, 6, 2));
        assertTrue(e.getMessage().contains("p = 1"), e.getMessage());
        assertThrows(InputException.class, () -> ConvergenceModels.evaluate(ModelKind.INDEPENDENT, 6, 6, 6, 2));
        assertThrows(InputException.class, () -> ConvergenceModels.evaluate(ModelKind.LAST_STEP_HALF, 6, 6, 6, 1));
        assertThrows(InputException.class, () -> ConvergenceModels.evaluate(ModelKind.INDEPENDENT, 6, 6, 0, 1));
    }

    @Test
    void kindsHaveConfigurationNames() {
        for (ModelKind kind : ModelKind.values()) {
            assertEquals(kind, ModelKind.byKey(kind.key()));
        }
        InputException e = assertThrows(InputException.class, () -> ModelKind.byKey("last_step"));
        assertTrue(e.getMessage().contains("independent, last-step, last-step-half"), e.getMessage());
    }

    @Test
    void sweepSizesSolve() {
        for (int k = 2; k <= 48; k += 2) {
            AbsorptionTime half = ConvergenceModels.evaluate(ModelKind.LAST_STEP_HALF, Math.max(3, k), k, 64, 2);
            assertTrue(half.mean() >= 1 && half.relativeErrorEstimate() < 1e-9, k + ": " + half);
        }
        // p = 1 with m = 2n stays well conditioned at the largest sizes (Fig. 8b)
        AbsorptionTime snb = ConvergenceModels.evaluate(ModelKind.LAST_STEP, 24, 48, 48, 1);
        assertTrue(snb.relativeErrorEstimate() < 1e-6, snb.toString());
    }
}
