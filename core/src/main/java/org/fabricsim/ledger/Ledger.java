package org.fabricsim.ledger;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.fabricsim.InputException;

/**
 * The reproduction ledger (docs/REPRODUCTION.md): every published number the project compares with, in HOCON files
 * of a directory ({@code conf/ledger/*.conf}), each with {@code runs} (what to run) and {@code entries} (what to
 * compare). Read whole and checked before anything runs; every mistake is one line naming the file, line and key.
 */
public record Ledger(Map<String, LedgerRun> runs, List<LedgerEntry> entries) {
    private static final Set<String> RUN_KEYS = Set.of("experiment", "tier", "set");
    private static final Set<String> ENTRY_KEYS = Set.of("id", "seed", "place", "words", "published", "published-text",
            "unit", "derived", "run", "measure", "partly-measure", "tolerance", "calibrated", "note", "cause", "missing");
    private static final Set<String> TOLERANCE_KEYS = Set.of("relative", "absolute", "at-most", "at-least", "claim",
            "partly", "reason");
    private static final Set<String> SEEDS = Set.of("000", "001", "002", "003", "004");

    /** Reads every {@code *.conf} of {@code dir}; experiment paths are relative to {@code root}. */
    public static Ledger load(Path dir, Path root) {
        if (!Files.isDirectory(dir)) {
            throw new InputException(dir + ": no ledger directory");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".conf")).sorted().toList();
        } catch (IOException e) {
            throw new InputException(dir + ": cannot list the ledger (" + e.getMessage() + ")");
        }
        Map<String, LedgerRun> runs = new LinkedHashMap<>();
        List<Config> parsed = new ArrayList<>();
        for (Path f : files) {
            Config c;
            try {
                c = ConfigFactory.parseFile(f.toFile(), ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF)
                        .setAllowMissing(false));
            } catch (ConfigException e) {
                throw new InputException(e.getMessage().replace('\n', ' '));
            }
            try {
                refuseRunTogether(f, Files.readString(f));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            unknown(c, Set.of("runs", "entries"), f.toString());
            parsed.add(c);
            if (c.hasPath("runs")) {
                for (String id : c.getObject("runs").keySet()) {
                    Config r = c.getConfig("runs").getConfig("\"" + id + "\"");
                    String where = where(f, r);
                    unknown(r, RUN_KEYS, where + ": run '" + id + "'");
                    if (runs.containsKey(id)) {
                        throw new InputException(where + ": run '" + id + "' is defined twice (also "
                                + runs.get(id).where() + ")");
                    }
                    runs.put(id, run(id, r, root, where));
                }
            }
        }
        List<LedgerEntry> entries = new ArrayList<>();
        Map<String, String> ids = new LinkedHashMap<>();
        for (int k = 0; k < files.size(); k++) {
            Config c = parsed.get(k);
            if (!c.hasPath("entries")) {
                continue;
            }
            for (Config e : c.getConfigList("entries")) {
                String where = where(files.get(k), e);
                LedgerEntry entry = entry(e, runs, where);
                if (ids.containsKey(entry.id())) {
                    throw new InputException(where + ": entry '" + entry.id() + "' is defined twice (also "
                            + ids.get(entry.id()) + ")");
                }
                ids.put(entry.id(), where);
                entries.add(entry);
            }
        }
        return new Ledger(Map.copyOf(runs), List.copyOf(entries));
    }

    private static LedgerRun run(String id, Config r, Path root, String where) {
        String file = string(r, "experiment", where);
        Path experiment = Path.of(file);
        if (!Files.isRegularFile(root.resolve(experiment))) {
            throw new InputException(where + ": run '" + id + "': experiment file " + file + " does not exist");
        }
        Tier tier;
        try {
            tier = Tier.of(string(r, "tier", where));
        } catch (InputException e) {
            throw e.at(where + ": run '" + id + "'");
        }
        List<String> settings = new ArrayList<>();
        if (r.hasPath("set")) {
            for (Map.Entry<String, ConfigValue> s : r.getConfig("set").entrySet()) {
                ConfigValue v = s.getValue();
                String key = String.join(".", com.typesafe.config.ConfigUtil.splitPath(s.getKey()));
                settings.add(key + "=" + (v.valueType() == ConfigValueType.STRING ? v.unwrapped()
                        : v.render(com.typesafe.config.ConfigRenderOptions.concise())));
            }
            settings.sort(null);
        }
        return new LedgerRun(id, experiment, settings, tier, where);
    }

    private static LedgerEntry entry(Config e, Map<String, LedgerRun> runs, String where) {
        unknown(e, ENTRY_KEYS, where + ": an entry");
        String id = string(e, "id", where);
        String at = where + ": entry '" + id + "'";
        String seed = string(e, "seed", at);
        if (!SEEDS.contains(seed)) {
            throw new InputException(at + ": seed must be one of " + new java.util.TreeSet<>(SEEDS) + " (got '" + seed
                    + "')");
        }
        String missing = optional(e, "missing");
        if (!missing.isEmpty()) {
            for (String k : List.of("run", "measure", "partly-measure", "tolerance")) {
                if (e.hasPath(k)) {
                    throw new InputException(at + ": an entry that is missing has no " + k + " (it cannot be run yet)");
                }
            }
            return new LedgerEntry(id, seed, string(e, "place", at), string(e, "words", at),
                    e.hasPath("published") ? e.getDouble("published") : Double.NaN, optional(e, "published-text"),
                    optional(e, "unit"), e.hasPath("derived") && e.getBoolean("derived"), null, null, null, null,
                    optional(e, "calibrated"), optional(e, "note"), optional(e, "cause"), missing, where);
        }
        String runId = string(e, "run", at);
        LedgerRun run = runs.get(runId);
        if (run == null) {
            throw new InputException(at + ": no run '" + runId + "' in the ledger");
        }
        Expression measure = expression(e, "measure", at);
        Expression partly = e.hasPath("partly-measure") ? expression(e, "partly-measure", at) : null;
        for (Expression x : partly == null ? List.of(measure) : List.of(measure, partly)) {
            for (String other : x.runs()) {
                if (!other.isEmpty() && !runs.containsKey(other)) {
                    throw new InputException(at + ": the measure reads run '" + other + "', which the ledger lacks");
                }
            }
        }
        Tolerance tolerance = tolerance(e, at);
        double published = Double.NaN;
        if (e.hasPath("published")) {
            try {
                published = e.getDouble("published");
            } catch (ConfigException.WrongType x) {
                throw new InputException(at + ": published must be a number (the paper's; words go in published-text)");
            }
        } else if (tolerance.kind() != Tolerance.Kind.CLAIM) {
            throw new InputException(at + ": published is missing (only a claim may go without a number)");
        }
        if (partly != null && tolerance.kind() != Tolerance.Kind.CLAIM) {
            throw new InputException(at + ": partly-measure is a claim's weaker test; a number has tolerance.partly");
        }
        String text = optional(e, "published-text");
        if (tolerance.kind() == Tolerance.Kind.CLAIM && text.isEmpty() && Double.isNaN(published)) {
            throw new InputException(at + ": a claim needs published-text (what the paper states, in short)");
        }
        return new LedgerEntry(id, seed, string(e, "place", at), string(e, "words", at), published, text,
                optional(e, "unit"), e.hasPath("derived") && e.getBoolean("derived"), run, measure, partly, tolerance,
                optional(e, "calibrated"), optional(e, "note"), optional(e, "cause"), "", where);
    }

    private static Tolerance tolerance(Config e, String at) {
        if (!e.hasPath("tolerance")) {
            throw new InputException(at + ": tolerance is missing");
        }
        Config t = e.getConfig("tolerance");
        unknown(t, TOLERANCE_KEYS, at + ": tolerance");
        String reason = string(t, "reason", at + ": tolerance");
        List<Tolerance.Kind> kinds = new ArrayList<>();
        for (Tolerance.Kind k : Tolerance.Kind.values()) {
            if (t.hasPath(k.key())) {
                kinds.add(k);
            }
        }
        if (kinds.size() != 1) {
            throw new InputException(at + ": tolerance needs exactly one of relative, absolute, at-most, at-least, claim");
        }
        Tolerance.Kind kind = kinds.get(0);
        double band = kind == Tolerance.Kind.CLAIM ? 0 : t.getDouble(kind.key());
        if (kind == Tolerance.Kind.CLAIM && !t.getBoolean("claim")) {
            throw new InputException(at + ": tolerance.claim must be true (or be left out)");
        }
        double partly = t.hasPath("partly") ? t.getDouble("partly") : Double.NaN;
        if (band < 0 || partly < band) {
            throw new InputException(at + ": tolerance bands must be ≥ 0, the partly band at least the first");
        }
        return new Tolerance(kind, band, partly, reason);
    }

    private static Expression expression(Config e, String key, String at) {
        try {
            return Expression.parse(string(e, key, at));
        } catch (InputException x) {
            throw x.at(at);
        }
    }

    private static String string(Config c, String key, String at) {
        if (!c.hasPath(key)) {
            throw new InputException(at + ": " + key + " is missing");
        }
        try {
            String s = c.getString(key).strip();
            if (s.isEmpty()) {
                throw new InputException(at + ": " + key + " is empty");
            }
            return s;
        } catch (ConfigException.WrongType x) {
            throw new InputException(at + ": " + key + " must be a string");
        }
    }

    private static String optional(Config c, String key) {
        return c.hasPath(key) ? c.getString(key).strip() : "";
    }

    private static void unknown(Config c, Set<String> known, String at) {
        for (String k : c.root().keySet()) {
            if (!known.contains(k)) {
                throw new InputException(at + ": unknown key '" + k + "'");
            }
        }
    }

    /** A '}' and a '{' on one line, strings and comments blanked out first. */
    private static final java.util.regex.Pattern RUN_TOGETHER = java.util.regex.Pattern.compile("\\}[ \\t]*\\{");

    /**
     * Refuses a '}' followed by '{' on the same line: HOCON concatenates two objects written so into one, the later
     * keys winning, so an entry would vanish without a word.
     */
    static void refuseRunTogether(Path file, String text) {
        StringBuilder b = new StringBuilder(text);
        int i = 0;
        while (i < b.length()) {
            char c = b.charAt(i);
            if (text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                end = end < 0 ? b.length() : end + 3;
                blank(b, i, end);
                i = end;
            } else if (c == '"') {
                int end = i + 1;
                while (end < b.length() && text.charAt(end) != '"' && text.charAt(end) != '\n') {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(b.length(), end + 1);
                blank(b, i, end);
                i = end;
            } else if (c == '#' || text.startsWith("//", i)) {
                int end = text.indexOf('\n', i);
                end = end < 0 ? b.length() : end;
                blank(b, i, end);
                i = end;
            } else {
                i++;
            }
        }
        java.util.regex.Matcher m = RUN_TOGETHER.matcher(b);
        if (m.find()) {
            long line = b.substring(0, m.start()).chars().filter(ch -> ch == '\n').count() + 1;
            throw new InputException(file + ":" + line + ": a '}' and a '{' on one line: HOCON makes the two objects"
                    + " one (an entry would be lost); put them on lines of their own");
        }
    }

    private static void blank(StringBuilder b, int from, int to) {
        for (int j = from; j < to; j++) {
            if (b.charAt(j) != '\n') {
                b.setCharAt(j, ' ');
            }
        }
    }

    private static String where(Path file, Config c) {
        int line = c.origin().lineNumber();
        return file + (line > 0 ? ":" + line : "");
    }

    /** The entries at {@code tier} or below, and only those {@code only} names (a seed or an entry id; null: all). */
    /** Every entry of {@code only} (a seed, an entry, or null for all), whatever its tier. */
    public List<LedgerEntry> matching(String only) {
        return entries.stream().filter(e -> only == null || only.equals(e.seed()) || only.equals(e.id())).toList();
    }

    public List<LedgerEntry> select(Tier tier, String only) {
        List<LedgerEntry> out = new ArrayList<>();
        for (LedgerEntry e : entries) {
            if (e.tier().compareTo(tier) <= 0 && (only == null || only.equals(e.seed()) || only.equals(e.id()))) {
                out.add(e);
            }
        }
        if (only != null && out.isEmpty()) {
            boolean known = SEEDS.contains(only) || entries.stream().anyMatch(e -> e.id().equals(only));
            throw new InputException("--only " + only + ": " + (known ? "no entry of it at tier " + tier.word()
                    : "no such seed (000 ... 004) or entry in the ledger"));
        }
        return out;
    }
}
