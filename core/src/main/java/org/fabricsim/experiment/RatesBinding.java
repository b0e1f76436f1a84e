package org.fabricsim.experiment;

import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.fluid.CompletionModel;
import org.fabricsim.fluid.RateAlgorithm;
import org.fabricsim.fluid.RateOptions;

/** Binds the {@code rates.*} keys to the options of the fluid rate calculation (docs/RATES.md). */
final class RatesBinding {
    private RatesBinding() {
    }

    static RateOptions options(ExperimentConfig c) {
        RateAlgorithm algorithm = RateAlgorithm.byKey(c.choice("rates.algorithm", RateAlgorithm.keys()));
        return new RateOptions(algorithm,
                ConvergenceBinding.pick(c, "rates.arithmetic", RateOptions.Arithmetic.class),
                ConvergenceBinding.pick(c, "rates.claim-order", RateOptions.ClaimOrder.class),
                c.number("rates.tie-tolerance", 0, 1e-6));
    }

    static CompletionModel completion(ExperimentConfig c) {
        return ConvergenceBinding.pick(c, "rates.completion", CompletionModel.class);
    }
}
