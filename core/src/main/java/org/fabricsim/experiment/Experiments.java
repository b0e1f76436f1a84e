package org.fabricsim.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;

/**
 * Runs the experiment a configuration names and writes its output directory: the experiment's files, then
 * {@code run.json} (resolved configuration, version, seed, start and end time, wall time), all renamed into
 * place only when everything succeeded.
 */
public final class Experiments {
    private static final Map<String, Experiment> KNOWN = new LinkedHashMap<>();

    static {
        register(new ContentionExperiment());
    }

    private Experiments() {
    }

    private static void register(Experiment e) {
        KNOWN.put(e.name(), e);
    }

    public static List<String> names() {
        return List.copyOf(KNOWN.keySet());
    }

    /** The fabricsim version from the jar manifest, or "dev" when run from classes. */
    public static String version() {
        String v = Experiments.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    public static void run(ExperimentConfig config, Path outDir, RunContext context, List<String> commandLine) {
        Experiment experiment = KNOWN.get(config.choice("experiment", names()));
        Instant start = Instant.now();
        long t0 = System.nanoTime();
        try (OutputDirectory out = OutputDirectory.open(outDir)) {
            experiment.run(config, out, context);
            Instant end = Instant.now();
            Map<String, Object> run = Json.object()
                    .put("fabricsim_version", version())
                    .put("experiment", experiment.name())
                    .put("source", config.source())
                    .put("command_line", commandLine)
                    .put("seed", config.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE))
                    .put("start", start.toString())
                    .put("end", end.toString())
                    .put("wall_time_s", Duration.ofNanos(System.nanoTime() - t0).toNanos() / 1e9)
                    .put("java", System.getProperty("java.version"))
                    .put("processors", Runtime.getRuntime().availableProcessors())
                    .put("config", config.toMap())
                    .asMap();
            Json.write(out.stage("run.json"), run);
            out.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + outDir + ": " + e.getMessage(), e);
        }
    }
}
