package org.fabricsim.experiment;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;

/**
 * Runs the experiment a configuration names and writes its output directory through {@link RunDirectory}: the
 * experiment's files, then {@code run.json} (resolved configuration, version, seed, start and end time, wall
 * time), all renamed into place only when everything succeeded.
 */
public final class Experiments {
    private static final Map<String, Experiment> KNOWN = new LinkedHashMap<>();

    static {
        register(new ContentionExperiment());
        register(new PacketExperiment());
    }

    private Experiments() {
    }

    private static void register(Experiment e) {
        KNOWN.put(e.name(), e);
    }

    public static List<String> names() {
        return List.copyOf(KNOWN.keySet());
    }

    /** The classes distributed runs send between members (a member must register the same, in order). */
    public static List<String> wireClasses() {
        return PacketModelSpec.WIRE_CLASSES;
    }

    /** The fabricsim version from the jar manifest, or "dev" when run from classes. */
    public static String version() {
        String v = Experiments.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /**
     * Runs the experiment into {@code outDir}. Returns how it ended: a packet run that deadlocked has written its
     * results like any other and says so in {@code run.json}'s {@code outcome} (D211); the caller reports it.
     */
    public static Outcome run(ExperimentConfig config, Path outDir, RunContext context, List<String> commandLine) {
        Experiment experiment = KNOWN.get(config.choice("experiment", names()));
        RunMemory.of(config).requireFits(); // before anything is built or written
        Outcome[] outcome = {Outcome.FINISHED};
        RunDirectory.write(config, experiment.name(), outDir, commandLine, out -> {
            Map<String, Object> recorded = experiment.run(config, out, context);
            if (DeadlockReport.DEADLOCK.equals(recorded.get("outcome"))) {
                outcome[0] = new Outcome((String) recorded.get(DeadlockReport.DEADLOCK));
            }
            return recorded;
        });
        return outcome[0];
    }

    /**
     * How a run ended: it reached its end time ({@link #FINISHED}), or a packet run deadlocked and {@code report}
     * is the one line that says where and when (docs/OUTPUTS.md, "Exit status").
     */
    public record Outcome(String report) {
        public static final Outcome FINISHED = new Outcome(null);

        public boolean deadlocked() {
            return report != null;
        }
    }
}
