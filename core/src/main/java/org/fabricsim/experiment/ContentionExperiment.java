package org.fabricsim.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.contention.ContentionAnalysis;
import org.fabricsim.contention.ContentionResult;
import org.fabricsim.contention.ContentionStudy;
import org.fabricsim.contention.LinkClasses;
import org.fabricsim.contention.TrialContention;
import org.fabricsim.io.ArrowTable;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.io.Plots;
import org.fabricsim.io.Progress;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.stats.IntHistogram;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.TrialTraffic;

/**
 * {@code experiment = contention}: static-routing contention over many traffic draws (seed 003 §6.2).
 * Writes {@code summary.json}, {@code contention.arrow} (one row per trial), {@code link_loads.arrow} (the
 * per-class link-load distribution) and two PNGs. Schemas: docs/OUTPUTS.md.
 */
final class ContentionExperiment implements Experiment {
    static final String SCHEMA_VERSION = "1";

    @Override
    public String name() {
        return "contention";
    }

    @Override
    public Map<String, Object> run(ExperimentConfig c, OutputDirectory out, RunContext context) throws IOException {
        long seed = c.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        int trials = c.integer("trials", 1, 100_000_000);
        int threads = c.integer("threads", 0, 4096);
        Topology topology = NetworkBinding.topology(c);
        ForwardingTables lft = NetworkBinding.routing(c, topology);
        String pattern = TrafficBinding.kind(c).key();
        TrialTraffic traffic = TrafficBinding.bind(c, HostGroups.of(topology), seed);
        boolean plots = c.bool("output.plots");

        ContentionAnalysis analysis = new ContentionAnalysis(lft);
        int workers = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
        ContentionResult result;
        try (Progress progress = context.progress("contention " + topology.name(), trials)) {
            result = ContentionStudy.run(analysis, traffic, trials, workers, progress::stepBy);
        }

        Map<String, Object> summary = summary(topology, lft, pattern, seed, result);
        Json.write(out.stage("summary.json"), summary);
        perTrialTable(result).write(out.stage("contention.arrow"));
        linkLoadTable(result).write(out.stage("link_loads.arrow"));
        if (plots) {
            plot(out, topology, lft, pattern, result);
        }
        report(context.console(), topology, lft, pattern, seed, result, out);
        return Map.of();
    }

    private static Map<String, Object> summary(Topology t, ForwardingTables lft, String pattern, long seed,
            ContentionResult r) {
        SampleSummary max = SampleSummary.of(r.maxContention());
        SampleSummary mean = SampleSummary.of(r.meanContention());
        SampleSummary flows = SampleSummary.of(r.trials().stream().mapToDouble(TrialContention::flows).toArray());
        LinkClasses classes = r.classes();
        Json.Obj histograms = Json.object();
        Json.Obj maxLoad = Json.object();
        for (int c = 0; c < classes.count(); c++) {
            IntHistogram h = IntHistogram.ofCounts(r.loadCounts()[c]);
            histograms.put(classes.name(c), Json.object()
                    .put("links", classes.links(c))
                    .put("counts", h.counts())
                    .put("probabilities", h.probabilities())
                    .put("mean", h.mean())
                    .asMap());
            maxLoad.put(classes.name(c), h.maxValue());
        }
        IntHistogram flowContention = IntHistogram.ofCounts(r.flowContentionCounts());
        return Json.object()
                .put("schema_version", SCHEMA_VERSION)
                .put("experiment", "contention")
                .put("topology", Json.object()
                        .put("name", t.name())
                        .put("hosts", t.hostCount())
                        .put("switches", t.switchCount())
                        .put("links", t.cableCount())
                        .asMap())
                .put("routing", lft.describe())
                .put("pattern", pattern)
                .put("seed", seed)
                .put("trials", r.trialCount())
                .put("flows_mean", flows.mean())
                .put("max_contention_mean", max.mean())
                .put("mean_contention_mean", mean.mean())
                .put("max_contention", max.toJson())
                .put("mean_contention", mean.toJson())
                .put("max_contention_histogram", histogramOf(r.maxContention()).toJson())
                .put("flow_contention_histogram", flowContention.toJson())
                .put("max_link_load", maxLoad.asMap())
                .put("link_load_histograms", histograms.asMap())
                .asMap();
    }

    private static IntHistogram histogramOf(double[] values) {
        IntHistogram h = new IntHistogram();
        for (double v : values) {
            h.add((int) v);
        }
        return h;
    }

    private static ArrowTable perTrialTable(ContentionResult r) {
        int n = r.trialCount();
        int[] trial = new int[n];
        int[] flows = new int[n];
        long[] traversals = new long[n];
        int[] max = new int[n];
        double[] mean = new double[n];
        LinkClasses classes = r.classes();
        int[][] maxLoad = new int[classes.count()][n];
        for (int t = 0; t < n; t++) {
            TrialContention tc = r.trials().get(t);
            trial[t] = t;
            flows[t] = tc.flows();
            traversals[t] = tc.linkTraversals();
            max[t] = tc.maxContention();
            mean[t] = tc.meanContention();
            for (int c = 0; c < classes.count(); c++) {
                maxLoad[c][t] = tc.maxLoadByClass()[c];
            }
        }
        ArrowTable table = new ArrowTable()
                .metadata("schema", "fabricsim.contention")
                .metadata("schema_version", SCHEMA_VERSION)
                .int32("trial", trial)
                .int32("flows", flows)
                .int64("link_traversals", traversals)
                .int32("max_contention", max)
                .float64("mean_contention", mean);
        for (int c = 0; c < classes.count(); c++) {
            table.int32(loadColumn(classes.name(c)), maxLoad[c]);
        }
        return table;
    }

    static String loadColumn(String className) {
        return "max_load_" + className.replace('-', '_');
    }

    private static ArrowTable linkLoadTable(ContentionResult r) {
        LinkClasses classes = r.classes();
        List<String> cls = new ArrayList<>();
        List<Integer> load = new ArrayList<>();
        List<Long> observations = new ArrayList<>();
        List<Double> prob = new ArrayList<>();
        for (int c = 0; c < classes.count(); c++) {
            long[] counts = r.loadCounts()[c];
            double total = 0;
            for (long x : counts) {
                total += x;
            }
            for (int x = 0; x < counts.length; x++) {
                cls.add(classes.name(c));
                load.add(x);
                observations.add(counts[x]);
                prob.add(counts[x] / total);
            }
        }
        return new ArrowTable()
                .metadata("schema", "fabricsim.link_loads")
                .metadata("schema_version", SCHEMA_VERSION)
                .utf8("class", cls.toArray(String[]::new))
                .int32("load", load.stream().mapToInt(Integer::intValue).toArray())
                .int64("observations", observations.stream().mapToLong(Long::longValue).toArray())
                .float64("probability", prob.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static void plot(OutputDirectory out, Topology t, ForwardingTables lft, String pattern,
            ContentionResult r) throws IOException {
        String what = t.name() + ", " + lft.describe() + ", " + pattern + ", " + r.trialCount() + " trials";
        IntHistogram max = histogramOf(r.maxContention());
        Plots.bars(out.stage("max_contention.png"),
                new Plots.Labels("Maximum contention per trial (" + what + ")", "max over flows of C_f",
                        "fraction of trials"),
                List.of(Plots.Bars.fromZero("trials", max.probabilities())));
        List<Plots.Bars> series = new ArrayList<>();
        LinkClasses classes = r.classes();
        for (int c = 0; c < classes.count(); c++) {
            if (!classes.name(c).startsWith("up-0-") && !classes.name(c).endsWith("-0")) {
                series.add(Plots.Bars.fromZero(classes.name(c),
                        IntHistogram.ofCounts(r.loadCounts()[c]).probabilities()));
            }
        }
        if (series.isEmpty()) { // a single-switch network has only host links
            for (int c = 0; c < classes.count(); c++) {
                series.add(Plots.Bars.fromZero(classes.name(c),
                        IntHistogram.ofCounts(r.loadCounts()[c]).probabilities()));
            }
        }
        Plots.bars(out.stage("link_loads.png"),
                new Plots.Labels("Flows per link by link class (" + what + ")", "flows on the link |F_l|",
                        "fraction of links"),
                series);
    }

    private static void report(PrintStream o, Topology t, ForwardingTables lft, String pattern, long seed,
            ContentionResult r, OutputDirectory out) {
        SampleSummary max = SampleSummary.of(r.maxContention());
        SampleSummary mean = SampleSummary.of(r.meanContention());
        o.printf(Locale.ROOT, "contention: %s (%d hosts, %d switches), routing %s, %s, %d trials, seed %d%n",
                t.name(), t.hostCount(), t.switchCount(), lft.describe(), pattern, r.trialCount(), seed);
        o.printf(Locale.ROOT, "  max contention   mean %.3f  95%% CI [%.3f, %.3f]  min %.0f  max %.0f%n",
                max.mean(), max.ciLow(), max.ciHigh(), max.min(), max.max());
        o.printf(Locale.ROOT, "  mean contention  mean %.4f  95%% CI [%.4f, %.4f]%n", mean.mean(), mean.ciLow(),
                mean.ciHigh());
        StringBuilder loads = new StringBuilder("  max flows on a link:");
        LinkClasses classes = r.classes();
        for (int c = 0; c < classes.count(); c++) {
            loads.append(' ').append(classes.name(c)).append(' ').append(r.loadCounts()[c].length - 1);
        }
        o.println(loads);
        o.println("  results in " + out.dir());
    }
}
