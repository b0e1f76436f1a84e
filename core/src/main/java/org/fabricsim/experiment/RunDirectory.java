package org.fabricsim.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;

/**
 * Writes the output directory of one run (docs/OUTPUTS.md, "Commit protocol"): the run's own files, staged
 * by {@link Body}, then {@code run.json} (resolved configuration, version, seed, start and end time, wall
 * time, the files written), then the removal of an earlier run's files that this run does not write again,
 * then the commit. Nothing appears under a final name unless the whole run succeeded. Every experiment runs
 * through here: {@link Experiments#run} for those of core, the Spark sweep runner for sweeps.
 */
public final class RunDirectory {
    /** The completion marker, staged last. */
    public static final String RUN_JSON = "run.json";

    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");

    private RunDirectory() {
    }

    /** What a run writes: it stages its files in {@code out} and returns extra {@code run.json} entries. */
    @FunctionalInterface
    public interface Body {
        /**
         * Computes the results and stages their files.
         *
         * @return entries for {@code run.json} that only the run knows (e.g. the Spark master), inserted after
         *     {@code seed}, in the map's order; empty for none
         */
        Map<String, Object> write(OutputDirectory out) throws IOException;
    }

    /**
     * Runs {@code body} into {@code outDir} and commits it with {@code run.json}.
     *
     * @param config the resolved configuration (recorded in full)
     * @param experiment the experiment's name, e.g. {@code contention}
     * @param commandLine the command that started the run, as recorded in {@code run.json}
     * @throws UncheckedIOException if the results cannot be written (nothing is left under a final name)
     */
    public static void write(ExperimentConfig config, String experiment, Path outDir, List<String> commandLine,
            Body body) {
        Instant start = Instant.now();
        long t0 = System.nanoTime();
        try (OutputDirectory out = OutputDirectory.open(outDir)) {
            Map<String, Object> extra = body.write(out);
            List<String> files = new ArrayList<>(out.stagedNames());
            files.add(RUN_JSON);
            Instant end = Instant.now();
            Json.Obj run = Json.object()
                    .put("fabricsim_version", Experiments.version())
                    .put("experiment", experiment)
                    .put("source", config.source())
                    .put("command_line", commandLine)
                    .put("seed", config.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE));
            extra.forEach(run::put);
            run.put("start", start.toString())
                    .put("end", end.toString())
                    .put("wall_time_s", Duration.ofNanos(System.nanoTime() - t0).toNanos() / 1e9)
                    .put("java", System.getProperty("java.version"))
                    .put("processors", Runtime.getRuntime().availableProcessors())
                    .put("files", files)
                    .put("config", config.toMap());
            Json.write(out.stage(RUN_JSON), run.asMap());
            removePreviousRun(outDir, files);
            out.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + outDir + ": " + OutputDirectory.describe(e),
                    e);
        }
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
        List<String> old = new ArrayList<>();
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
}
