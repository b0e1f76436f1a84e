package org.fabricsim.spark;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.experiment.Experiments;
import org.fabricsim.io.Json;

/**
 * What a sweep in progress is, {@code rounds/sweep.json} (docs/OUTPUTS.md, "Interrupted sweeps"): the fabricsim
 * version, the experiment file and its {@code --set} settings, the command line for {@code run.json}, and the
 * resolved configuration. {@code --resume} continues that configuration and refuses one that differs from it.
 *
 * @param version the fabricsim version that started the sweep
 * @param file the experiment file, absolute; null when the configuration came from no file
 * @param settings its {@code --set} settings, in order
 * @param baseDir the directory relative paths of the configuration are resolved against
 * @param commandLine the command that started the sweep, as {@code run.json} records it
 * @param config the resolved configuration ({@link ExperimentConfig#toMap()} as JSON)
 */
record SweepRecord(String version, Path file, List<String> settings, Path baseDir, List<String> commandLine,
        JsonNode config) {
    static final String FILE = "sweep.json";
    private static final String SCHEMA = "fabricsim.sweep_record";
    /** Longest value shown in a mismatch line. */
    private static final int SHOWN = 60;

    static SweepRecord of(ExperimentConfig config, List<String> settings, List<String> commandLine) {
        Path source = Path.of(config.source());
        Path file = Files.isRegularFile(source) ? source.toAbsolutePath().normalize() : null;
        return new SweepRecord(Experiments.version(), file, List.copyOf(settings), config.baseDir(),
                List.copyOf(commandLine), resolved(config));
    }

    /**
     * What makes this sweep this one, as a SHA-256: its resolved configuration (the seed, every setting, what the
     * experiment file said) and its settings. Each round carries it, so a round of another sweep — another seed, an
     * edited file — is refused on resume (issue 34).
     */
    String identity() {
        return org.fabricsim.files.Sha256.hex(Json.format(Json.object().put("config", config).put("settings", settings)
                .asMap()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    void write(Path to) throws IOException {
        Json.write(to, Json.object()
                .put("schema", SCHEMA)
                .put("fabricsim_version", version)
                .put("experiment_file", file == null ? null : file.toString())
                .put("settings", settings)
                .put("base_dir", baseDir.toString())
                .put("command_line", commandLine)
                .put("config", config)
                .asMap());
    }

    /** @throws InputException if {@code from} is not a sweep record ({@code where} names the sweep) */
    static SweepRecord read(Path from, String where) {
        try {
            JsonNode j = Json.read(from);
            if (!SCHEMA.equals(j.path("schema").asText()) || !j.path("config").isObject()) {
                throw new IllegalArgumentException("not a sweep record");
            }
            return new SweepRecord(j.get("fabricsim_version").textValue(),
                    j.get("experiment_file").isNull() ? null : Path.of(j.get("experiment_file").textValue()),
                    strings(j.get("settings")), Path.of(j.get("base_dir").textValue()), strings(j.get("command_line")),
                    j.get("config"));
        } catch (IOException | RuntimeException e) {
            throw new InputException(where + ": " + from + ": damaged (not the record of a sweep); delete "
                    + from.getParent() + " to start the sweep afresh");
        }
    }

    private static List<String> strings(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(n -> out.add(n.textValue()));
        return out;
    }

    /**
     * The configuration to resume: the recorded one. A command that restates the experiment ({@code file} or
     * {@code settings} given) must resolve to it; without, the recorded file is read again with the recorded
     * settings, when it is still there, so that an edit made since is refused rather than silently not used.
     *
     * @param file the experiment file given with {@code --resume}, or null
     * @param settings the {@code --set} settings given with {@code --resume}
     * @param where how the sweep is named in messages ({@code --resume DIR})
     * @throws InputException if the fabricsim version or the configuration differs
     */
    ExperimentConfig resumed(Path file, List<String> settings, String where) {
        if (!version.equals(Experiments.version())) {
            throw new InputException(where + ": the sweep was started by fabricsim " + version + ", this is "
                    + Experiments.version() + " (its trials could differ); start it afresh with --out");
        }
        boolean restated = file != null || !settings.isEmpty();
        if (!restated && (this.file == null || !Files.isRegularFile(this.file))) {
            // nothing to compare with: the record alone says what the sweep is
            return ExperimentConfig.fromJson(Json.format(config), baseDir,
                    this.file == null ? "the recorded configuration" : this.file.toString());
        }
        ExperimentConfig given = ExperimentConfig.load(restated ? (file == null ? this.file : file) : this.file,
                restated ? settings : this.settings);
        String difference = firstDifference(config, resolved(given),
                resolved(ExperimentConfig.fromSets(List.of(), baseDir)));
        if (difference == null) {
            return given;
        }
        throw new InputException(restated
                ? where + ": " + difference + " (this command against the sweep being resumed); give the sweep's"
                        + " own experiment file and --set settings, or none, or start afresh with --out"
                : where + ": " + this.file + " changed since the sweep started (" + difference + "); restore it,"
                        + " or start afresh with --out");
    }

    private static JsonNode resolved(ExperimentConfig config) {
        return Json.parse(Json.format(config.toMap()));
    }

    /**
     * The first key, in sorted order, whose value differs: {@code "k: 0.02 then, 0.05 now"}; null if none. A key
     * the record lacks that now holds its default ({@code defaults}) is no difference: fabricsim gained the key
     * after the sweep started, and a new key's default keeps the results it gave before (D234).
     */
    static String firstDifference(JsonNode then, JsonNode now, JsonNode defaults) {
        Map<String, JsonNode> a = flat(then);
        Map<String, JsonNode> b = flat(now);
        Map<String, JsonNode> d = flat(defaults);
        TreeMap<String, Boolean> keys = new TreeMap<>();
        a.keySet().forEach(k -> keys.put(k, true));
        b.keySet().forEach(k -> keys.put(k, true));
        for (String k : keys.keySet()) {
            JsonNode x = a.get(k);
            JsonNode y = b.get(k);
            if (x == null && y != null && y.equals(d.get(k))) {
                continue; // added since, at its default
            }
            if (x == null || !x.equals(y)) {
                return k + ": " + shown(x) + " then, " + shown(y) + " now";
            }
        }
        return null;
    }

    private static Map<String, JsonNode> flat(JsonNode node) {
        Map<String, JsonNode> out = new TreeMap<>();
        flat("", node, out);
        return out;
    }

    private static void flat(String prefix, JsonNode node, Map<String, JsonNode> out) {
        if (!node.isObject()) {
            out.put(prefix, node);
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            flat(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out);
        }
    }

    private static String shown(JsonNode v) {
        if (v == null) {
            return "not set";
        }
        String s = v.isTextual() ? v.textValue() : v.toString();
        return s.length() <= SHOWN ? s : s.substring(0, SHOWN - 1) + "…";
    }
}
