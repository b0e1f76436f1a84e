package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.Map;

/**
 * One point of a sweep.
 *
 * @param index position in the sweep (0-based)
 * @param label what the point is, e.g. {@code CLOS(6,6,6) p=1}
 * @param x abscissa in the sweep's plots
 * @param kernel its trials
 * @param models model predictions of the stop column's mean at this point, by model name (e.g. the Markov
 *     chains of seed 001), drawn beside the simulated curve; NaN where a model does not apply
 * @param settings the configuration keys the point overrides, for summary.json
 */
public record SweepPoint(int index, String label, double x, TrialKernel kernel, Map<String, Double> models,
        Map<String, String> settings) implements Serializable {
}
