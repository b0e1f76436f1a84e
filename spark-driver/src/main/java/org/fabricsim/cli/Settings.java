package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.experiment.Experiments;
import org.fabricsim.experiment.Partitioning;
import org.fabricsim.experiment.RunContext;
import org.fabricsim.partitioner.Partition;
import org.fabricsim.partitioner.PartitionMethod;
import org.fabricsim.partitioner.PartitionQuality;
import org.fabricsim.partitioner.Partitioners;
import org.fabricsim.experiment.SweepPlans;
import org.fabricsim.io.Progress;
import org.fabricsim.spark.Sweeps;
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

    /**
     * Runs an experiment into {@code out}, printing on the command line's stdout; run.json records the command.
     * Returns the exit status: 0, or {@link Main#DEADLOCK} after one line on stderr when a packet run deadlocked.
     * Sweeps ({@link SweepPlans#isSweep}) run on Spark with the default master, the others in this JVM.
     */
    int run(Main main, ExperimentConfig config, Path out, List<String> command) {
        if (SweepPlans.isSweep(config)) {
            sweep(main, config, out, null, 0, command);
            return 0;
        }
        Experiments.Outcome[] outcome = {Experiments.Outcome.FINISHED};
        Interruption.during(out, () -> outcome[0] = Experiments.run(config, out,
                new RunContext(main.out, progressMode(), PARTITIONING), recorded(command)));
        if (outcome[0].deadlocked()) {
            // the results are written (a deadlock is what the user studies); the status tells scripts apart (D211)
            main.spec.commandLine().getErr().println("fabricsim: " + outcome[0].report());
            return Main.DEADLOCK;
        }
        return 0;
    }

    /** The partitioner module splits networks for distributed packet-level runs. */
    static final Partitioning PARTITIONING = (t, parts, method, seed) -> {
        PartitionMethod m = PartitionMethod.valueOf(method.toUpperCase(java.util.Locale.ROOT));
        Partition p = Partitioners.partition(t, parts, m, seed);
        PartitionQuality q = PartitionQuality.of(t, p);
        return new Partitioning.Split(p.parts(), p.partOf(), Partitioners.resolve(t, parts, m).label(), q.cutCables(),
                q.minLookaheadPs());
    };

    /** Runs a sweep on Spark ({@code master} null: spark.master or local[*]). */
    void sweep(Main main, ExperimentConfig config, Path out, String master, int slices, List<String> command) {
        Interruption.during(out, () -> Sweeps.stopKeepingRounds(out), () -> Sweeps.run(config, settings, out, master,
                slices, new RunContext(main.out, progressMode()), recorded(command)));
    }

    /** Continues the interrupted sweep in {@code dir}; {@code file} and the settings, if given, must be its own. */
    void resume(Main main, Path dir, Path file, String master, int slices) {
        Interruption.during(dir, () -> Sweeps.stopKeepingRounds(dir), () -> Sweeps.resume(dir, file, settings, master,
                slices, new RunContext(main.out, progressMode())));
    }

    private List<String> recorded(List<String> command) {
        List<String> recorded = new ArrayList<>(command);
        settings.forEach(s -> recorded.add("--set " + s));
        return recorded;
    }
}
