package org.fabricsim.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import com.typesafe.config.ConfigValueType;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.fabricsim.InputException;

/**
 * An experiment's configuration: the defaults ({@code conf/defaults.conf}, packaged), overridden by an
 * experiment file (HOCON), overridden by {@code --set key=value} settings. Unknown keys are rejected, and
 * every typed getter reports a bad value as one line naming where it came from ({@code file:line}, or the
 * {@code --set} that gave it) and the key.
 */
public final class ExperimentConfig {
    private static final String DEFAULTS = "org/fabricsim/config/defaults.conf";

    private final Config config;
    private final Path baseDir;
    private final String source;

    private ExperimentConfig(Config config, Path baseDir, String source) {
        this.config = config;
        this.baseDir = baseDir;
        this.source = source;
    }

    /** Loads an experiment file and applies {@code --set key=value} settings (HOCON syntax for the value). */
    public static ExperimentConfig load(Path file, List<String> settings) {
        if (Files.isDirectory(file)) {
            throw new InputException(file + ": is a directory, not an experiment file");
        }
        if (!Files.isRegularFile(file)) {
            throw new InputException(file + ": no such experiment file");
        }
        Config experiment;
        try {
            experiment = ConfigFactory.parseFile(file.toFile(),
                    ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF).setAllowMissing(false));
        } catch (ConfigException e) {
            throw new InputException(oneLine(e));
        }
        Path base = file.toAbsolutePath().getParent();
        return build(experiment, Setting.set(settings), base, file.toString());
    }

    /**
     * A configuration from {@link #toJson()}'s output: how another JVM of a distributed run gets exactly the
     * driver's resolved configuration. Paths stay relative to {@code baseDir}.
     */
    public static ExperimentConfig fromJson(String json, Path baseDir, String source) {
        Config c;
        try {
            c = ConfigFactory.parseString(json, ConfigParseOptions.defaults().setSyntax(ConfigSyntax.JSON)
                    .setOriginDescription(source));
        } catch (ConfigException e) {
            throw new InputException(oneLine(e));
        }
        return build(c, List.of(), baseDir, source);
    }

    /** A configuration made of command-line settings only (the shortcut commands). */
    public static ExperimentConfig fromSettings(List<Setting> settings, Path baseDir) {
        return build(ConfigFactory.empty(), settings, baseDir, "command line");
    }

    /** {@link #fromSettings} with every setting a {@code --set}. */
    public static ExperimentConfig fromSets(List<String> settings, Path baseDir) {
        return fromSettings(Setting.set(settings), baseDir);
    }

    private static ExperimentConfig build(Config experiment, List<Setting> settings, Path baseDir, String source) {
        Config merged = experiment;
        for (Setting s : settings) {
            merged = parseSetting(s).withFallback(merged);
        }
        Config defaults = defaults();
        Config resolved;
        Config given;
        try {
            // substitutions (${trials}, ${?HOME}) are resolved before the keys are checked
            resolved = merged.withFallback(defaults).resolve();
            given = merged.resolveWith(resolved);
        } catch (ConfigException e) {
            throw new InputException(oneLine(e));
        }
        checkKnownKeys(given);
        return new ExperimentConfig(resolved, baseDir, source);
    }

    private static Config parseSetting(Setting setting) {
        String text = setting.text();
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new InputException(setting.origin() + ": expected key=value");
        }
        String key = text.substring(0, eq).trim();
        String value = text.substring(eq + 1).trim();
        try {
            return ConfigFactory.parseString(key + " = " + quoteIfNeeded(value),
                    ConfigParseOptions.defaults().setOriginDescription(setting.origin()));
        } catch (ConfigException e) {
            throw new InputException(setting.origin() + ": " + stripOrigin(e));
        }
    }

    // Bare HOCON values cannot contain some characters that are common here ("xgft(2;18,36;1,18)", "a:b").
    private static String quoteIfNeeded(String value) {
        if (value.isEmpty() || value.matches("-?[0-9][0-9.eE+-]*|true|false|null|\".*\"|\\[.*]|\\{.*}")) {
            return value.isEmpty() ? "\"\"" : value;
        }
        return ConfigValueFactory.fromAnyRef(value).render(ConfigRenderOptions.concise());
    }

    static Config defaults() {
        return Defaults.CONFIG;
    }

    /**
     * The packaged defaults and their keys, parsed once per JVM (a {@link Config} is immutable): every run, sweep
     * point, trial and LP builds its configuration on them, and parsing the 28 kB file each time was a tenth of
     * the CPU of a test JVM running many short experiments.
     */
    private static final class Defaults {
        static final Config CONFIG = parse();
        static final Set<String> KEYS = keys(CONFIG);

        private static Config parse() {
            try (InputStream in = ExperimentConfig.class.getClassLoader().getResourceAsStream(DEFAULTS)) {
                if (in == null) {
                    throw new IllegalStateException("missing " + DEFAULTS + " on the classpath");
                }
                // buffered: the HOCON tokenizer reads a character at a time
                return ConfigFactory.parseReader(new java.io.BufferedReader(new InputStreamReader(in,
                        StandardCharsets.UTF_8)), ConfigParseOptions.defaults().setOriginDescription("defaults.conf"));
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }

        private static Set<String> keys(Config defaults) {
            Set<String> known = new TreeSet<>();
            collect(defaults.root(), "", known);
            return java.util.Collections.unmodifiableSet(known);
        }
    }

    private static void checkKnownKeys(Config given) {
        walkGiven(given.root(), "", Defaults.KEYS);
    }

    private static void collect(ConfigObject obj, String prefix, Set<String> into) {
        for (Map.Entry<String, ConfigValue> e : obj.entrySet()) {
            String path = prefix + quoteKey(e.getKey());
            into.add(path);
            if (e.getValue().valueType() == ConfigValueType.OBJECT) {
                collect((ConfigObject) e.getValue(), path + ".", into);
            }
        }
    }

    private static void walkGiven(ConfigObject obj, String prefix, Set<String> known) {
        for (Map.Entry<String, ConfigValue> e : obj.entrySet()) {
            String path = prefix + quoteKey(e.getKey());
            if (!known.contains(path)) {
                throw new InputException(where(e.getValue().origin()) + "unknown key '" + path + "'"
                        + suggestion(path, known));
            }
            boolean section = known.stream().anyMatch(k -> k.startsWith(path + "."));
            if (e.getValue().valueType() == ConfigValueType.OBJECT) {
                if (!section) {
                    throw new InputException(where(e.getValue().origin()) + path + ": expected a value, not a section");
                }
                walkGiven((ConfigObject) e.getValue(), path + ".", known);
            } else if (section) {
                throw new InputException(where(e.getValue().origin()) + path + " is a section { ... }; set its keys,"
                        + " e.g. " + known.stream().filter(k -> k.startsWith(path + ".")).findFirst().orElse(path));
            }
        }
    }

    private static String quoteKey(String key) {
        return key.matches("[A-Za-z0-9_-]+") ? key : "\"" + key + "\"";
    }

    private static String suggestion(String path, Set<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = Levenshtein.distance(path, k);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best != null && bestDistance <= Math.max(2, path.length() / 4) ? " (did you mean '" + best + "'?)" : "";
    }

    /** {@code file:line: } of a value's origin, or {@code --set ...: }, or empty. */
    static String where(ConfigOrigin origin) {
        if (origin == null) {
            return "";
        }
        if (origin.filename() != null) {
            return origin.filename() + (origin.lineNumber() > 0 ? ":" + origin.lineNumber() : "") + ": ";
        }
        String d = origin.description();
        if (d != null && d.startsWith("--")) { // a command-line setting (see Setting)
            return d.replaceFirst(": \\d+$", "") + ": "; // Typesafe appends the line number
        }
        return "";
    }

    private String where(String key) {
        return config.hasPathOrNull(key) ? where(config.getValue(key).origin()) : source + ": ";
    }

    /** Typesafe's message on one line, its "file: 4: " origin written as "file:4: " like ours. */
    private static String oneLine(ConfigException e) {
        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
        return msg.replace('\n', ' ').replaceFirst("^(.+?): (\\d+): ", "$1:$2: ");
    }

    private static String stripOrigin(ConfigException e) {
        String msg = oneLine(e);
        int colon = msg.indexOf(": ");
        return colon >= 0 && msg.startsWith("String") ? msg.substring(colon + 2) : msg;
    }

    /**
     * The configurations of the list {@code key} (e.g. {@code sweep.points}): for each element, an object of
     * keys that override this configuration, this configuration with them applied, checked for unknown keys
     * like a file. {@code skip} names keys of the elements that are not configuration keys (e.g. {@code x});
     * they are read with {@link #elementValue}.
     */
    public List<ExperimentConfig> elements(String key, List<String> skip) {
        List<ExperimentConfig> out = new ArrayList<>();
        List<? extends ConfigObject> list;
        try {
            list = config.getObjectList(key);
        } catch (ConfigException.WrongType e) {
            throw error(key, "expected a list of objects { key = value, ... }");
        }
        for (ConfigObject element : list) {
            Config overrides = element.toConfig();
            for (String s : skip) {
                overrides = overrides.withoutPath(s);
            }
            checkKnownKeys(overrides);
            Config merged = overrides.withFallback(config).resolve();
            out.add(new ExperimentConfig(merged, baseDir, source));
        }
        return out;
    }

    /** The value of {@code key} inside element {@code index} of the list {@code listKey}, as a string. */
    public String elementValue(String listKey, int index, String key) {
        ConfigObject element = config.getObjectList(listKey).get(index);
        Config c = element.toConfig();
        if (!c.hasPath(key)) {
            throw new InputException(where(element.origin()) + listKey + "[" + index + "]: missing key '" + key + "'");
        }
        return String.valueOf(c.getValue(key).unwrapped());
    }

    /** The keys an element of {@code listKey} sets, with their values as strings (for summaries), sorted. */
    public Map<String, String> elementSettings(String listKey, int index, List<String> skip) {
        Config c = config.getObjectList(listKey).get(index).toConfig();
        Map<String, String> out = new java.util.TreeMap<>();
        c.entrySet().forEach(e -> {
            if (!skip.contains(e.getKey())) {
                out.put(e.getKey(), String.valueOf(e.getValue().unwrapped()));
            }
        });
        return out;
    }

    /** Where relative paths (topology files, table files) are resolved. */
    public Path baseDir() {
        return baseDir;
    }

    /** The experiment file or "command line". */
    public String source() {
        return source;
    }

    /** An error about {@code key}, prefixed with where its value came from. */
    public InputException error(String key, String problem) {
        return new InputException(where(key) + key + ": " + problem);
    }

    /** Prefixes an error raised while using the value of {@code key} with where it came from. */
    public InputException errorAt(String key, InputException e) {
        return new InputException(where(key) + e.getMessage(), e);
    }

    public boolean isSet(String key) {
        return config.hasPath(key);
    }

    private ConfigValue value(String key) {
        if (!config.hasPath(key)) {
            throw new InputException(source + ": missing key '" + key + "'");
        }
        return config.getValue(key);
    }

    public String string(String key) {
        ConfigValue v = value(key);
        if (v.valueType() == ConfigValueType.OBJECT || v.valueType() == ConfigValueType.LIST) {
            throw error(key, "expected a single value");
        }
        return String.valueOf(v.unwrapped());
    }

    /** Whether {@code key} holds a list (for keys that take a single value or a list). */
    public boolean isList(String key) {
        return value(key).valueType() == ConfigValueType.LIST;
    }

    /** A list of single values, as strings (e.g. seed nodes). */
    public List<String> strings(String key) {
        ConfigValue v = value(key);
        if (v.valueType() != ConfigValueType.LIST) {
            throw error(key, "expected a list [ ... ]");
        }
        List<String> out = new ArrayList<>();
        for (ConfigValue e : config.getList(key)) {
            if (e.valueType() == ConfigValueType.OBJECT || e.valueType() == ConfigValueType.LIST) {
                throw error(key, "expected a list of single values");
            }
            out.add(String.valueOf(e.unwrapped()));
        }
        return out;
    }

    /** One of the allowed words. */
    public String choice(String key, List<String> allowed) {
        String s = string(key);
        if (!allowed.contains(s)) {
            throw error(key, "'" + s + "' is not one of " + String.join(", ", allowed));
        }
        return s;
    }

    public boolean bool(String key) {
        ConfigValue v = value(key);
        if (v.valueType() != ConfigValueType.BOOLEAN) {
            String s = String.valueOf(v.unwrapped());
            if (s.equals("true") || s.equals("false")) {
                return Boolean.parseBoolean(s);
            }
            throw error(key, "expected true or false, got '" + s + "'");
        }
        return (Boolean) v.unwrapped();
    }

    public long integer(String key, long min, long max) {
        String s = string(key);
        long n;
        try {
            n = Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw error(key, "expected a whole number, got '" + s + "'");
        }
        if (n < min || n > max) {
            throw error(key, "must be in [" + min + ", " + max + "] (got " + n + ")");
        }
        return n;
    }

    public int integer(String key, int min, int max) {
        return (int) integer(key, (long) min, (long) max);
    }

    public double number(String key, double min, double max) {
        String s = string(key);
        double x;
        try {
            x = Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            throw error(key, "expected a number, got '" + s + "'");
        }
        if (!(x >= min && x <= max)) {
            throw error(key, "must be in [" + min + ", " + max + "] (got " + s + ")");
        }
        return x;
    }

    /** Bits per second, e.g. "40Gbps". */
    public long bandwidth(String key) {
        return withUnits(key, Units::bandwidth);
    }

    /** Picoseconds, e.g. "100ns". */
    public long time(String key) {
        return withUnits(key, Units::time);
    }

    /** Bytes, e.g. "2KiB". */
    public long size(String key) {
        return withUnits(key, Units::size);
    }

    private long withUnits(String key, java.util.function.ToLongFunction<String> parser) {
        try {
            return parser.applyAsLong(string(key));
        } catch (InputException e) {
            throw error(key, e.getMessage());
        }
    }

    /** The resolved configuration as JSON (for run.json). */
    public String toJson() {
        return config.root().render(ConfigRenderOptions.concise().setFormatted(true));
    }

    /** The resolved configuration as a plain tree of maps (keys sorted), lists and values. */
    public Map<String, Object> toMap() {
        return sorted(config.root().unwrapped());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> sorted(Map<String, Object> map) {
        Map<String, Object> out = new java.util.TreeMap<>();
        map.forEach((k, v) -> out.put(k, v instanceof Map ? sorted((Map<String, Object>) v) : v));
        return out;
    }

    /** Keys a person set explicitly (for run.json), in order. */
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        config.entrySet().forEach(e -> keys.add(e.getKey()));
        keys.sort(null);
        return keys;
    }
}
