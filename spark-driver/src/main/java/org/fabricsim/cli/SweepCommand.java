package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run a sweep (e.g. experiment = convergence) on Spark: every point in batches of trials until"
                + " its mean settles (docs/SPARK.md).",
                "Results do not depend on --master or --slices. Each finished round is kept in DIR/rounds until the"
                        + " results are written: an interrupted sweep goes on with --resume DIR (docs/OUTPUTS.md)."})
final class SweepCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", arity = "0..1", paramLabel = "EXPERIMENT.conf",
            description = "Experiment file of a sweep. With --resume: optional; if given, it and the --set settings"
                    + " must be the interrupted sweep's own.")
    Path file;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    /** Where the results go: a new sweep's directory, or the directory of an interrupted one to continue. */
    static final class Target {
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
        Path out;

        @Option(names = "--resume", required = true, paramLabel = "DIR",
                description = "Continue the interrupted sweep in DIR from its finished rounds (DIR/rounds), with the"
                        + " configuration it was started with.")
        Path resume;
    }

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
        if (target.resume != null) {
            settings.resume(main, target.resume, file, master, slices);
            return 0;
        }
        if (file == null) {
            throw new InputException("sweep --out needs an EXPERIMENT.conf (or continue an interrupted sweep with"
                    + " --resume DIR)");
        }
        ExperimentConfig config = ExperimentConfig.load(file, settings.settings);
        settings.sweep(main, config, target.out, master, slices, List.of("sweep", file.toString()));
        return 0;
    }
}
