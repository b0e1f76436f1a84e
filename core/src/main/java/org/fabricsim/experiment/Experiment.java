package org.fabricsim.experiment;

import java.io.IOException;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.io.OutputDirectory;

/**
 * One kind of run selected by the configuration key {@code experiment}. An experiment stages its result
 * files in the output directory (they appear only when the whole run succeeds) and reports to the
 * console; {@link Experiments} adds {@code run.json} and commits.
 */
public interface Experiment {
    /** The value of the {@code experiment} key. */
    String name();

    /**
     * Runs and stages the result files; returns what {@code run.json} should add beside the configuration
     * (engine figures, wall-clock rates: what may differ between equivalent runs and so stays out of the
     * results).
     */
    Map<String, Object> run(ExperimentConfig config, OutputDirectory out, RunContext context) throws IOException;
}
