package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fabricsim.config.ExperimentConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;

@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Run a packet-level simulation (experiment = packet; docs/PACKET_MODEL.md): throughput over"
                + " time, link utilisation, latency, completion times.")
final class SimulateCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "EXPERIMENT.conf", description = "Experiment file, e.g. conf/experiments/packet-c1-s2.conf.")
    Path file;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(names = "--engine", paramLabel = "KIND",
            description = "sequential or distributed (same as --set engine.kind=KIND; docs/DISTRIBUTED.md).")
    String engine;

    @Option(names = "--partitions", paramLabel = "N",
            description = "Logical processes of a distributed run (same as --set engine.partitions=N).")
    Integer partitions;

    @Mixin
    Settings settings;

    @Override
    public Integer call() {
        // the shorthands go first, so that an explicit --set of the same key wins
        if (engine != null) {
            settings.settings.add(0, "engine.kind=" + engine);
        }
        if (partitions != null) {
            settings.settings.add(0, "engine.partitions=" + partitions);
        }
        ExperimentConfig config = ExperimentConfig.load(file, settings.settings);
        if (!config.string("experiment").equals("packet")) {
            throw config.error("experiment", "simulate runs experiment = packet (this file is '"
                    + config.string("experiment") + "'; use fabricsim run)");
        }
        return settings.run(main, config, out, List.of("simulate", file.toString()));
    }
}
