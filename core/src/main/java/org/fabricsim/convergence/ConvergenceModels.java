package org.fabricsim.convergence;

import org.fabricsim.InputException;

/**
 * One entry point for the Markov-chain convergence models of seed 001 §III: the expected number of
 * iterations until a CLOS(n, r, m) carrying a full permutation reaches a good routing, and its
 * variance. Each call builds and solves a small chain (the Last-Step chains have r + 1 states, the
 * Independent model about n²/4); nothing is cached.
 */
public final class ConvergenceModels {

    /**
     * Modelling options.
     *
     * @param combination how the Independent model combines improvement and induced move
     *     (key {@code combination}, default {@code simultaneous})
     * @param reading how the p = 2 Last-Step model reads eqs. (12)–(15) (key {@code reading},
     *     default {@code recommended})
     */
    public record Options(IndependentModel.Combination combination, HalfRateLastStepModel.Reading reading) {

        public static final Options DEFAULTS =
                new Options(IndependentModel.Combination.SIMULTANEOUS, HalfRateLastStepModel.Reading.RECOMMENDED);

        public Options {
            if (combination == null || reading == null) {
                throw new IllegalArgumentException("options must not be null");
            }
        }
    }

    private ConvergenceModels() {
    }

    /**
     * T for model {@code kind} on CLOS(n, r, m) with p flows per link. The Independent model
     * ignores r (it has none) but still requires r ≥ 1; the Last-Step models start with all r
     * output switches bad and use the exactly lumped chain.
     *
     * @throws InputException if p is not the model's (1 for {@code independent} and
     *     {@code last-step}, 2 for {@code last-step-half}) or n, m, r are out of the model's range
     * @throws ChainPrecisionException if E[T] is too large for double precision (relative error
     *     estimate above {@link AbsorbingChain#MAX_RELATIVE_ERROR}; p = 1 Last-Step with n = m = r ≥ 17):
     *     a sweep drawing the curve should leave the point out. Results that are returned carry
     *     {@link AbsorptionTime#relativeErrorEstimate()}.
     */
    public static AbsorptionTime evaluate(ModelKind kind, int n, int m, int r, int p, Options options) {
        if (p != kind.flowsPerLink()) {
            throw new InputException("model " + kind.key() + " is written for p = " + kind.flowsPerLink()
                    + " flows per link, got p = " + p);
        }
        Probabilities.atLeast("r", r, 1, "a Clos network has an output switch");
        return switch (kind) {
            case INDEPENDENT -> new IndependentModel(n, m, options.combination()).absorptionTime();
            case LAST_STEP -> LastStepModel.lumpedChain(n, m, r);
            case LAST_STEP_HALF -> HalfRateLastStepModel.lumpedChain(n, m, r, options.reading());
        };
    }

    /** {@link #evaluate(ModelKind, int, int, int, int, Options)} with {@link Options#DEFAULTS}. */
    public static AbsorptionTime evaluate(ModelKind kind, int n, int m, int r, int p) {
        return evaluate(kind, n, m, r, p, Options.DEFAULTS);
    }
}
