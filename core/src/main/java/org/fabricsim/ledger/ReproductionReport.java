package org.fabricsim.ledger;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fabricsim.io.ArrowTable;
import org.fabricsim.io.Json;

/**
 * What {@code fabricsim reproduce} writes (docs/REPRODUCTION.md, docs/OUTPUTS.md "reproduce"): every entry's
 * published and measured value, ratio and verdict, with counts per seed — as JSON, as an Arrow table and as the
 * Markdown report that docs/REPRODUCTION.md is.
 *
 * @param meta when, on what and how the run was made
 */
public record ReproductionReport(Meta meta, List<Outcome> outcomes) {
    /**
     * The run's circumstances, printed at the report's head.
     *
     * @param wallSeconds this invocation's
     * @param runs the runs its entries need
     * @param runsKept of those, the ones found finished in DIR/runs from an earlier invocation
     * @param runSeconds the runs' own wall times (run.json), kept ones included
     * @param leftOut with {@code --kept}, the entries at the tier left out because a run of theirs is not kept; else -1
     */
    public record Meta(String date, String commit, String machine, String tier, String only, double wallSeconds,
            int runs, int runsKept, double runSeconds, int leftOut) {
    }

    /** Verdict counts per seed, seeds in order. */
    public Map<String, Map<Verdict, Integer>> counts() {
        Map<String, Map<Verdict, Integer>> c = new TreeMap<>();
        for (Outcome o : outcomes) {
            c.computeIfAbsent(o.entry().seed(), k -> zero()).merge(o.verdict(), 1, Integer::sum);
        }
        return c;
    }

    /** Verdict counts over all entries. */
    public Map<Verdict, Integer> totals() {
        Map<Verdict, Integer> all = zero();
        outcomes.forEach(o -> all.merge(o.verdict(), 1, Integer::sum));
        return all;
    }

    private static Map<Verdict, Integer> zero() {
        Map<Verdict, Integer> m = new EnumMap<>(Verdict.class);
        for (Verdict v : Verdict.values()) {
            m.put(v, 0);
        }
        return m;
    }

    /** reproduction.json. */
    public Json.Obj json() {
        Json.Obj counts = Json.object();
        for (Map.Entry<String, Map<Verdict, Integer>> e : counts().entrySet()) {
            counts.put(e.getKey(), countsJson(e.getValue()));
        }
        Map<Verdict, Integer> all = totals();
        List<Object> entries = new ArrayList<>();
        for (Outcome o : outcomes) {
            LedgerEntry e = o.entry();
            entries.add(Json.object().put("id", e.id()).put("seed", e.seed()).put("place", e.place())
                    .put("words", e.words()).put("published", finite(e.published()))
                    .put("published_text", e.publishedText()).put("unit", e.unit()).put("derived", e.derived())
                    .put("measured", finite(o.measured())).put("ratio", finite(o.ratio()))
                    .put("tolerance", e.tolerance() == null ? null : e.tolerance().describe())
                    .put("tolerance_reason", e.tolerance() == null ? null : e.tolerance().reason())
                    .put("verdict", o.verdict().word()).put("tier", e.tier().word()).put("run", e.runId())
                    .put("measure", e.measure() == null ? null : e.measure().text()).put("calibrated", e.calibrated()).put("note", e.note())
                    .put("cause", e.cause())
                    .put("missing", e.missing()));
        }
        return Json.object().put("schema_version", "1").put("date", meta.date()).put("commit", meta.commit())
                .put("machine", meta.machine()).put("tier", meta.tier()).put("only", meta.only())
                .put("wall_seconds", meta.wallSeconds()).put("runs", meta.runs()).put("runs_kept", meta.runsKept())
                .put("kept_only", meta.leftOut() >= 0).put("entries_left_out", Math.max(0, meta.leftOut()))
                .put("runs_wall_seconds", meta.runSeconds()).put("entries_total", outcomes.size())
                .put("counts", countsJson(all)).put("counts_per_seed", counts).put("entries", entries);
    }

    private static Json.Obj countsJson(Map<Verdict, Integer> m) {
        Json.Obj o = Json.object();
        for (Verdict v : Verdict.values()) {
            o.put(v.word().replace(' ', '_'), m.get(v));
        }
        return o;
    }

    private static Double finite(double d) {
        return Double.isFinite(d) ? d : null;
    }

    /** reproduction.arrow: one row per entry. */
    public ArrowTable arrow() {
        int n = outcomes.size();
        String[] id = new String[n];
        String[] seed = new String[n];
        String[] place = new String[n];
        double[] published = new double[n];
        double[] measured = new double[n];
        double[] ratio = new double[n];
        String[] verdict = new String[n];
        String[] tier = new String[n];
        boolean[] derived = new boolean[n];
        boolean[] calibrated = new boolean[n];
        for (int i = 0; i < n; i++) {
            Outcome o = outcomes.get(i);
            LedgerEntry e = o.entry();
            id[i] = e.id();
            seed[i] = e.seed();
            place[i] = e.place();
            published[i] = e.published();
            measured[i] = o.measured();
            ratio[i] = o.ratio();
            verdict[i] = o.verdict().word();
            tier[i] = e.tier().word();
            derived[i] = e.derived();
            calibrated[i] = !e.calibrated().isEmpty();
        }
        return new ArrowTable().metadata("fabricsim.table", "reproduction").metadata("tier", meta.tier())
                .utf8("id", id).utf8("seed", seed).utf8("place", place).float64("published", published)
                .float64("measured", measured).float64("ratio", ratio).utf8("verdict", verdict).utf8("tier", tier)
                .bool("derived", derived).bool("calibrated", calibrated);
    }

    /** The Markdown report (docs/REPRODUCTION.md is the latest standard run's). */
    public String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("# Reproduction\n\n");
        b.append("Every published number fabricsim compares with, run and judged by `fabricsim reproduce` from the\n")
                .append("ledger in `conf/ledger/` (how it works: [below](#how-to-read-this-report)). This page is its\n")
                .append("report; do not edit it by hand.\n\n");
        b.append("- tier: ").append(meta.tier()).append(meta.only() == null ? "" : ", only " + meta.only())
                .append("\n- date: ").append(meta.date()).append("\n- commit: ").append(meta.commit())
                .append("\n- machine: ").append(meta.machine())
                .append(String.format(Locale.ROOT, "%n- wall time: %.0f s", meta.wallSeconds()))
                .append(meta.runs() == 0 ? "" : String.format(Locale.ROOT, "; its %d runs took %.0f s of wall time in"
                        + " all, %d of them kept from an earlier invocation with the same --out", meta.runs(),
                        meta.runSeconds(), meta.runsKept()))
                .append(meta.leftOut() < 0 ? "" : String.format(Locale.ROOT, "%n- from the kept runs only (`--kept`):"
                        + " nothing was run for this report; %d entries at this tier whose runs are not kept are left"
                        + " out", meta.leftOut()))
                .append("\n\n");
        b.append("| seed | entries | reproduced | partly | not reproduced | not run (a higher tier) |\n")
                .append("|---|---|---|---|---|---|\n");
        Map<Verdict, Integer> all = totals();
        for (Map.Entry<String, Map<Verdict, Integer>> e : counts().entrySet()) {
            Map<Verdict, Integer> m = e.getValue();
            b.append("| [").append(e.getKey()).append("](#seed-").append(e.getKey()).append(") | ")
                    .append(m.values().stream().mapToInt(Integer::intValue).sum()).append(" | ")
                    .append(m.get(Verdict.REPRODUCED)).append(" | ").append(m.get(Verdict.PARTLY)).append(" | ")
                    .append(m.get(Verdict.NOT_REPRODUCED)).append(" | ").append(m.get(Verdict.NOT_RUN)).append(" |\n");
        }
        b.append("| all | ").append(outcomes.size()).append(" | ").append(all.get(Verdict.REPRODUCED)).append(" | ")
                .append(all.get(Verdict.PARTLY)).append(" | ").append(all.get(Verdict.NOT_REPRODUCED)).append(" | ")
                .append(all.get(Verdict.NOT_RUN)).append(" |\n");
        Map<String, List<Outcome>> bySeed = new LinkedHashMap<>();
        for (Outcome o : outcomes) {
            bySeed.computeIfAbsent(o.entry().seed(), k -> new ArrayList<>()).add(o);
        }
        for (String seed : new TreeMap<>(bySeed).keySet()) {
            b.append("\n## Seed ").append(seed).append("\n\n");
            b.append("| entry | place | the paper's words | published | measured | ratio | tolerance | verdict |\n")
                    .append("|---|---|---|---|---|---|---|---|\n");
            for (Outcome o : bySeed.get(seed)) {
                LedgerEntry e = o.entry();
                b.append("| <a name=\"").append(e.id()).append("\"></a>").append(cell(e.id())).append(" | ")
                        .append(cell(e.place())).append(" | ").append(cell("\"" + e.words() + "\"")).append(" | ")
                        .append(cell(published(e))).append(" | ").append(cell(measured(o))).append(" | ")
                        .append(Double.isNaN(o.ratio()) ? "" : String.format(Locale.ROOT, "%.2f", o.ratio()))
                        .append(" | ").append(e.tolerance() == null ? "" : cell(e.tolerance().describe())).append(" | **")
                        .append(o.verdict().word()).append("** |\n");
            }
            b.append('\n');
            for (Outcome o : bySeed.get(seed)) {
                LedgerEntry e = o.entry();
                StringBuilder notes = new StringBuilder();
                append(notes, "Tolerance", e.tolerance() == null ? "" : e.tolerance().reason());
                append(notes, "Calibrated", e.calibrated());
                append(notes, "Note", e.note());
                append(notes, "Not measurable yet", e.missing());
                if (o.verdict() != Verdict.REPRODUCED && o.verdict() != Verdict.NOT_RUN && e.missing().isEmpty()) {
                    append(notes, "Cause", e.cause().isEmpty() ? "open" : e.cause());
                }
                b.append("- **").append(e.id()).append("** (").append(e.tier().word())
                        .append(e.run() == null ? ", not run" : ", run `" + e.run().id() + "`, measure `"
                                + e.measure().text() + "`").append("). ").append(notes.toString().strip()).append('\n');
            }
        }
        b.append("\n## How to read this report\n\n")
                .append("Each entry is one published figure or claim: the seed and place, the paper's own words, the\n")
                .append("published value (*derived* when computed from the paper's numbers rather than printed), what\n")
                .append("fabricsim measures (an expression over a run's `summary.json`), and a tolerance with its\n")
                .append("reason. The verdict is computed: **reproduced** within the tolerance, **partly** within its\n")
                .append("wider band (for a claim: when its weaker test holds), **not reproduced** otherwise — a result,\n")
                .append("with its cause where known; **not run at this tier** for an entry of a higher tier than the\n")
                .append("report's (the full tier: the papers' own sizes, hours each). An entry marked *calibrated* measures a number a constant was\n")
                .append("chosen to give; it shows the calibration holds, and is no test of the model.\n");
        return b.toString();
    }

    private static String published(LedgerEntry e) {
        String p = e.publishedText().isEmpty() ? number(e.published()) + (e.unit().isEmpty() ? "" : " " + e.unit())
                : e.publishedText();
        return (e.derived() ? p + " (derived)" : p) + (e.calibrated().isEmpty() ? "" : " (calibrated)");
    }

    private static String measured(Outcome o) {
        if (o.entry().run() == null) {
            return "not measurable yet";
        }
        if (o.verdict() == Verdict.NOT_RUN) {
            return "not run (tier " + o.entry().tier().word() + ")";
        }
        if (o.entry().tolerance().kind() == Tolerance.Kind.CLAIM) { // after "not run": a missing entry has none
            return o.measured() != 0 ? "holds" : "does not hold";
        }
        return number(o.measured()) + (o.entry().unit().isEmpty() ? "" : " " + o.entry().unit());
    }

    /** Four significant digits, without trailing zeros. */
    static String number(double d) {
        if (Double.isNaN(d)) {
            return "—";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e9) {
            return Long.toString((long) d);
        }
        String s = new java.math.BigDecimal(d).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
        return s;
    }

    private static void append(StringBuilder b, String label, String text) {
        if (!text.isEmpty()) {
            b.append(label).append(": ").append(text.endsWith(".") ? text : text + ".").append(' ');
        }
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
