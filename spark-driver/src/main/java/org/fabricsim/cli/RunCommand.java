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

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the experiment an experiment file describes (HOCON, see docs/CONFIG.md).")
final class RunCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "EXPERIMENT.conf", description = "Experiment file, e.g. conf/experiments/contention-tree4096.conf.")
    Path file;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Mixin
    Settings settings;

    @Override
    public Integer call() {
        return settings.run(main, ExperimentConfig.load(file, settings.settings), out, List.of("run", file.toString()));
    }
}
