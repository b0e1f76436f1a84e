package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fabricsim.config.ExperimentConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run a sweep (e.g. experiment = convergence) on Spark: every point in batches of trials until"
                + " its mean settles (docs/SPARK.md).",
                "Results do not depend on --master or --slices."})
final class SweepCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "EXPERIMENT.conf", description = "Experiment file of a sweep.")
    Path file;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master: local[*], local[N], spark://HOST:PORT, yarn, k8s://URL."
                    + " Default: spark.master as spark-submit sets it, else local[*].")
    String master;

    @Option(names = "--slices", paramLabel = "N", defaultValue = "0",
            description = "Spark tasks per round; 0 = four per core Spark offers. Default: ${DEFAULT-VALUE}.")
    int slices;

    @Mixin
    Settings settings;

    @Override
    public Integer call() {
        ExperimentConfig config = ExperimentConfig.load(file, settings.settings);
        settings.sweep(main, config, out, master, slices, List.of("sweep", file.toString()));
        return 0;
    }
}
