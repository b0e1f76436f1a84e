package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Setting;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** A contention study from options alone: the same run as an experiment file with experiment = contention. */
@Command(name = "contention", mixinStandardHelpOptions = true,
        description = "Contention of static routing over many traffic draws (flows per link, per-flow C_f).")
final class ContentionCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--topology", required = true, paramLabel = "TOPOLOGY",
            description = "Preset, generator expression or topology file (see 'fabricsim topology --list').")
    String topology;

    @Option(names = "--routing", paramLabel = "ROUTING", description = "auto, dmodk, updown or file:<path>.")
    String routing;

    @Option(names = "--pattern", paramLabel = "PATTERN", description = "Traffic pattern (docs/TRAFFIC.md).")
    String pattern;

    @Option(names = "--trials", paramLabel = "N", description = "Number of traffic draws.")
    String trials;

    @Option(names = "--seed", paramLabel = "SEED", description = "Master seed.")
    String seed;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (0 = all processors).")
    String threads;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Mixin
    Settings settings;

    @Override
    public Integer call() {
        List<Setting> keys = new ArrayList<>();
        keys.add(new Setting("experiment=contention", "contention"));
        add(keys, "topology.name", "--topology", topology);
        add(keys, "routing", "--routing", routing);
        add(keys, "traffic.pattern", "--pattern", pattern);
        add(keys, "trials", "--trials", trials);
        add(keys, "seed", "--seed", seed);
        add(keys, "threads", "--threads", threads);
        List<String> command = new ArrayList<>(List.of("contention"));
        keys.subList(1, keys.size()).forEach(k -> command.add(k.origin()));
        keys.addAll(Setting.set(settings.settings));
        settings.run(main, ExperimentConfig.fromSettings(keys, Path.of("").toAbsolutePath()), out, command);
        return 0;
    }

    private static void add(List<Setting> keys, String key, String option, String value) {
        if (value != null) {
            keys.add(new Setting(key + "=" + value, option + " " + value));
        }
    }
}
