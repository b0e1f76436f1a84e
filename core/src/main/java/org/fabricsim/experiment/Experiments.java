package org.fabricsim.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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
    private static final String RUN_JSON = "run.json";
    private static final java.util.regex.Pattern PLAIN_NAME = java.util.regex.Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");

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

    /**
     * Before a new run's files move in: deletes the previous run's run.json (so the directory is not marked
     * complete while it changes), then those of the previous run's files, as its run.json lists them, that
     * this run does not write again (a plot switched off must not survive beside fresh results).
     */
    private static void removePreviousRun(Path dir, List<String> files) throws IOException {
        Path previous = dir.resolve(RUN_JSON);
        if (!Files.isRegularFile(previous)) {
            return;
        }
        List<String> old = new java.util.ArrayList<>();
        try {
            Json.read(previous).path("files").forEach(n -> old.add(n.asText()));
        } catch (IOException | RuntimeException e) {
            // an unreadable old run.json lists nothing; it is replaced all the same
        }
        Files.delete(previous);
        for (String name : old) {
            if (!files.contains(name) && PLAIN_NAME.matcher(name).matches()) {
                Files.deleteIfExists(dir.resolve(name));
            }
        }
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
            List<String> files = new java.util.ArrayList<>(out.stagedNames());
            files.add(RUN_JSON);
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
                    .put("files", files)
                    .put("config", config.toMap())
                    .asMap();
            Json.write(out.stage(RUN_JSON), run);
            removePreviousRun(outDir, files);
            out.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + outDir + ": " + e.getMessage(), e);
        }
    }
}
