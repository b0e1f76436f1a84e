package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.experiment.Experiments;
import org.fabricsim.experiment.RunContext;
import org.fabricsim.io.Progress;
import picocli.CommandLine.Option;

/** Options shared by the commands that run experiments, and the run itself. */
final class Settings {
    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a configuration key (repeatable), e.g. --set traffic.max-flows=3.")
    List<String> settings = new ArrayList<>();

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
            description = "Progress bar on stderr: on, off, or auto (when stderr is a terminal). Default: ${DEFAULT-VALUE}.")
    String progress;

    Progress.Mode progressMode() {
        switch (progress) {
            case "on":
                return Progress.Mode.ON;
            case "off":
                return Progress.Mode.OFF;
            case "auto":
                return Progress.Mode.AUTO;
            default:
                throw new org.fabricsim.InputException("--progress must be on, off or auto (got '" + progress + "')");
        }
    }

    /** Runs an experiment into {@code out}, printing on the command line's stdout; run.json records the command. */
    void run(Main main, ExperimentConfig config, Path out, List<String> command) {
        List<String> recorded = new ArrayList<>(command);
        settings.forEach(s -> recorded.add("--set " + s));
        Experiments.run(config, out, new RunContext(main.out, progressMode()), recorded);
    }
}
