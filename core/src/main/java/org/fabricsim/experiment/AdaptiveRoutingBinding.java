package org.fabricsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.contention.AdaptiveContentionKernel;
import org.fabricsim.contention.LinkClasses;
import org.fabricsim.routing.DModK;
import org.fabricsim.routing.Routings;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.routing.adaptive.AdaptiveOptions.HopScope;
import org.fabricsim.routing.adaptive.AdaptiveOptions.Policy;
import org.fabricsim.routing.adaptive.AdaptiveOptions.SetupOrder;
import org.fabricsim.routing.adaptive.AdaptiveOptions.Ties;
import org.fabricsim.sweep.StoppingRule;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.SweepPoint;
import org.fabricsim.topology.FatTrees;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.PatternKind;

/**
 * Binds {@code experiment = adaptive-routing} sweeps (seed 003 §6.2; docs/ADAPTIVE_ROUTING.md): the
 * {@code adaptive.*} keys, one {@link AdaptiveContentionKernel} per point, and the plots — maximum and mean
 * contention against x (oblivious and adaptive; one adaptive curve per value of {@code sweep.series-by}),
 * and with {@code adaptive.link-load-bins} the Fig 6.2 link-load distributions of every point.
 */
final class AdaptiveRoutingBinding {
    static final String EXPERIMENT = "adaptive-routing";
    static final String STOP_COLUMN = "adaptive_max_contention";
    private static final String UNLIMITED = "unlimited";

    private AdaptiveRoutingBinding() {
    }

    static AdaptiveOptions options(ExperimentConfig c) {
        return new AdaptiveOptions(ConvergenceBinding.pick(c, "adaptive.policy", Policy.class),
                limit(c, "adaptive.horizontal-hops"),
                ConvergenceBinding.pick(c, "adaptive.hop-scope", HopScope.class),
                ConvergenceBinding.pick(c, "adaptive.setup-order", SetupOrder.class),
                ConvergenceBinding.pick(c, "adaptive.ties", Ties.class),
                limit(c, "adaptive.route-cache"),
                c.integer("adaptive.start-jitter", 0, 1_000_000));
    }

    /** A whole number ≥ 0 or {@code unlimited}. */
    private static int limit(ExperimentConfig c, String key) {
        if (c.string(key).trim().equals(UNLIMITED)) {
            return AdaptiveOptions.UNLIMITED;
        }
        try {
            long v = Long.parseLong(c.string(key).trim());
            if (v >= 0 && v < AdaptiveOptions.UNLIMITED) {
                return (int) v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw c.error(key, "must be a whole number >= 0 or '" + UNLIMITED + "' (got '" + c.string(key) + "')");
    }

    static SweepPoint point(ExperimentConfig c, int index, double x, long seed, Map<String, String> settings) {
        String spec = c.string("topology.name");
        Topology t = NetworkBinding.topology(c);
        if (t.fatTree().isEmpty()) {
            throw c.error("topology.name", "adaptive routing needs a generated fat tree (kary-ntree, mkary-ntree,"
                    + " xgft, pgft, clos or a tree preset), not " + spec);
        }
        String routing = c.string("routing").trim();
        if (!routing.equals(Routings.AUTO) && !routing.equals(DModK.NAME)) {
            throw c.error("routing", EXPERIMENT + " uses D-mod-K as the oblivious baseline and as the default ports"
                    + " (spec §2.5): routing must be auto or " + DModK.NAME);
        }
        if (!c.string("traffic.pattern").equals(PatternKind.RANDOM_PERMUTATION.key())) {
            throw c.error("traffic.pattern", EXPERIMENT + " routes random permutations (seed 003 §6.2): use "
                    + PatternKind.RANDOM_PERMUTATION.key());
        }
        AdaptiveOptions options = options(c);
        int bins = c.integer("adaptive.link-load-bins", 0, 1000);
        AdaptiveContentionKernel kernel = new AdaptiveContentionKernel(spec, options, c.bool("traffic.derangement"),
                bins, seed);
        try {
            kernel.open(); // the topology is rebuilt wherever trials run: check it here, with the key
        } catch (InputException e) {
            throw c.errorAt("topology.name", e);
        }
        boolean modified = t.fatTree().orElseThrow().horizontalWidth() > 0;
        String label = spec + " " + (modified ? policy(options) : "adaptive ascent");
        return new SweepPoint(index, label, x, kernel, Map.of(), settings);
    }

    private static String policy(AdaptiveOptions o) {
        String i = o.horizontalHops() == AdaptiveOptions.UNLIMITED ? "inf" : Integer.toString(o.horizontalHops());
        return (o.policy() == Policy.FORCED_DIR ? "ForcedDir(" : "FreeDir(") + i + ")";
    }

    static SweepPlan plan(ExperimentConfig c, List<ExperimentConfig> configs, List<SweepPoint> points,
            StoppingRule rule, long seed) {
        List<String> columns = points.get(0).kernel().columns();
        for (SweepPoint p : points) {
            if (!p.kernel().columns().equals(columns)) {
                throw c.error("sweep.points", "point " + p.index() + " (" + p.label() + ") has other link classes than"
                        + " point 0: with adaptive.link-load-bins > 0 every point needs a tree of the same height");
            }
        }
        String title = c.string("sweep.title");
        title = title.isEmpty() ? "Adaptive flow routing: contention (seed 003 §6.2)" : title;
        String xLabel = c.string("sweep.x-label");
        Map<String, List<SweepPoint>> groups = groups(c, configs, points);
        List<SweepFigure> figures = new ArrayList<>();
        figures.add(contention(title, xLabel, groups, configs, "max", "maximum contention (flows, mean over trials)",
                1));
        figures.add(contention(title, xLabel, groups, configs, "mean", "mean contention (flows, mean over trials)",
                1e-6));
        int bins = configs.get(0).integer("adaptive.link-load-bins", 0, 1000);
        if (bins > 0) {
            for (SweepPoint p : points) {
                for (String routing : List.of(AdaptiveContentionKernel.OBLIVIOUS, AdaptiveContentionKernel.ADAPTIVE)) {
                    figures.add(linkLoads(title, p, points.size() > 1, routing, bins, configs.get(p.index())));
                }
            }
        }
        return new SweepPlan(EXPERIMENT, title, xLabel, "maximum contention (flows)", c.bool("sweep.log-y"), points,
                columns, STOP_COLUMN, rule, seed, figures);
    }

    /** Points by the value of {@code sweep.series-by} (one group of all points when it is empty), in order. */
    static Map<String, List<SweepPoint>> groups(ExperimentConfig c, List<ExperimentConfig> configs,
            List<SweepPoint> points) {
        String key = c.string("sweep.series-by").trim();
        // one key: its value names the curve; several, comma-separated: "key=value, key=value" without the
        // keys' first part (traffic.p -> p, packet.cc.enabled -> cc.enabled)
        List<String> keys = key.isEmpty() ? List.of() : java.util.Arrays.stream(key.split(",")).map(String::trim).toList();
        Map<String, List<SweepPoint>> groups = new LinkedHashMap<>();
        for (SweepPoint p : points) {
            String value;
            try {
                ExperimentConfig pc = configs.get(p.index());
                value = keys.size() == 1 ? pc.string(keys.get(0)) : keys.stream().map(k -> k.substring(k.indexOf('.')
                        + 1) + "=" + pc.string(k)).collect(java.util.stream.Collectors.joining(", "));
            } catch (InputException e) {
                throw c.errorAt("sweep.series-by", e);
            }
            groups.computeIfAbsent(value, v -> new ArrayList<>()).add(p);
        }
        return groups;
    }

    /**
     * Oblivious and adaptive curves of one statistic. The oblivious baseline ignores the adaptive options, so
     * when every group has the same trees at the same abscissas it is drawn once.
     */
    private static SweepFigure contention(String title, String xLabel, Map<String, List<SweepPoint>> groups,
            List<ExperimentConfig> configs, String stat, String yLabel, double scale) {
        String suffix = stat.equals("max") ? "_max_contention" : "_mean_contention_ppm";
        List<SweepFigure.Series> series = new ArrayList<>();
        boolean shared = groups.values().stream().map(g -> trees(g, configs)).distinct().count() == 1;
        for (Map.Entry<String, List<SweepPoint>> g : groups.entrySet()) {
            String name = g.getKey().isEmpty() ? "" : ", " + g.getKey();
            if (!shared || series.isEmpty()) {
                series.add(curve("oblivious" + (shared ? "" : name), g.getValue(), "oblivious" + suffix, scale));
            }
            series.add(curve("adaptive" + name, g.getValue(), "adaptive" + suffix, scale));
        }
        return new SweepFigure(stat + "-contention", title, xLabel, yLabel, false, series);
    }

    private static List<String> trees(List<SweepPoint> group, List<ExperimentConfig> configs) {
        return group.stream().map(p -> p.x() + " " + configs.get(p.index()).string("topology.name") + " "
                + configs.get(p.index()).string("traffic.derangement")).toList();
    }

    private static SweepFigure.Series curve(String label, List<SweepPoint> points, String column, double scale) {
        return new SweepFigure.Series(label, points.stream()
                .map(p -> new SweepFigure.Sample(p.index(), column, p.x(), scale)).toList());
    }

    /** Fig 6.2: per switch-to-switch link class, the probability that a link carries x flows (idle links too, D20). */
    private static SweepFigure linkLoads(String title, SweepPoint p, boolean several, String routing, int bins,
            ExperimentConfig c) {
        Topology base = FatTrees.withoutHorizontalLinks(NetworkBinding.topology(c));
        int height = base.fatTree().orElseThrow().height();
        LinkClasses classes = new LinkClasses(base);
        List<SweepFigure.Series> series = new ArrayList<>();
        for (int k : AdaptiveContentionKernel.switchClasses(classes)) {
            String name = classes.name(k);
            List<SweepFigure.Sample> samples = new ArrayList<>();
            for (int x = 0; x < bins; x++) {
                samples.add(new SweepFigure.Sample(p.index(), AdaptiveContentionKernel.loadColumn(routing, name, x), x,
                        1.0 / classes.links(k)));
            }
            series.add(new SweepFigure.Series(thesisName(name, height) + " (" + name + ")", samples));
        }
        String file = "link-loads-" + routing + (several ? "-" + p.index() : "");
        String what = routing + " routing" + (several ? ", " + p.label() : "");
        return new SweepFigure(file, title + " — " + what, "flows on the link (last bin: or more)",
                "probability", true, series);
    }

    /** Seed 003's name of a link set, counting levels from the roots (Fig 6.1-b): up-1-2 → U(2,1) in a 3-tree. */
    static String thesisName(String linkClass, int height) {
        String[] f = linkClass.split("-");
        int from = height - Integer.parseInt(f[1]);
        int to = height - Integer.parseInt(f[2]);
        return (f[0].equals("up") ? "U(" : "D(") + from + "," + to + ")";
    }
}
