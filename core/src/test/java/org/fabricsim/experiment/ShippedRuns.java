package org.fabricsim.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;

/** Tests' runs of the shipped experiment files (conf/experiments), bound as a packet sweep's trial binds them. */
final class ShippedRuns {
    private ShippedRuns() {
    }

    /** summary.json, in memory, of one run (seed 1) of {@code file} with {@code settings} in turn. */
    static Map<String, Object> summary(String file, String[]... settings) {
        List<String> all = new ArrayList<>();
        for (String[] s : settings) {
            all.addAll(List.of(s));
        }
        return PacketSweepKernel.summary(ExperimentConfig.load(Path.of("..", "conf", "experiments", file), all), 1);
    }
}
