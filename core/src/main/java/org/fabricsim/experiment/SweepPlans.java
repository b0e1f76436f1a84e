package org.fabricsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.convergence.ConvergenceKernel;
import org.fabricsim.convergence.ChainPrecisionException;
import org.fabricsim.convergence.ConvergenceModels;
import org.fabricsim.convergence.ConvergenceOptions;
import org.fabricsim.convergence.HalfRateLastStepModel;
import org.fabricsim.convergence.IndependentModel;
import org.fabricsim.convergence.ModelKind;
import org.fabricsim.fluid.PhaseCompletionKernel;
import org.fabricsim.fluid.RouteSources;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.routing.LftDump;
import org.fabricsim.sweep.StoppingRule;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.SweepPoint;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.IbnetdiscoverFile;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.HostGroups;

/**
 * Builds the {@link SweepPlan} an experiment file describes: its points ({@code sweep.points}, or the
 * configuration itself as one point), their trial kernels and model predictions, and the stopping rule.
 * Everything here runs on the driver; only the plan travels to the executors.
 */
public final class SweepPlans {
    private static final List<String> POINT_ONLY_KEYS = List.of("x");
    private static final String CONVERGENCE = "convergence";

    private SweepPlans() {
    }

    /** Experiments that run as sweeps. */
    public static List<String> experiments() {
        return List.of(CONVERGENCE, PHASE_COMPLETION, AdaptiveRoutingBinding.EXPERIMENT, RateSchemesBinding.EXPERIMENT,
                PacketSweepBinding.EXPERIMENT, RateProtocolsBinding.EXPERIMENT);
    }

    /** The total completion time of one phase-based application under a rate algorithm (seed 003 Fig 6.7). */
    private static final String PHASE_COMPLETION = "phase-completion";

    public static boolean isSweep(ExperimentConfig c) {
        return experiments().contains(c.string("experiment"));
    }

    public static SweepPlan of(ExperimentConfig c) {
        String experiment = c.choice("experiment", experiments());
        long seed = c.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        List<ExperimentConfig> configs = c.elements("sweep.points", POINT_ONLY_KEYS);
        boolean single = configs.isEmpty();
        if (single && !c.isSet("topology.name")) {
            throw c.error("sweep.points", "is empty, and without points the file itself is the one point: it needs a"
                    + " topology.name");
        }
        if (single) {
            configs = List.of(c);
        }
        boolean convergence = experiment.equals(CONVERGENCE);
        boolean adaptive = experiment.equals(AdaptiveRoutingBinding.EXPERIMENT);
        boolean schemes = experiment.equals(RateSchemesBinding.EXPERIMENT);
        boolean packets = experiment.equals(PacketSweepBinding.EXPERIMENT);
        boolean protocols = experiment.equals(RateProtocolsBinding.EXPERIMENT);
        if (!adaptive && !packets && !protocols && !convergence && !c.string("sweep.series-by").isEmpty()) {
            throw c.error("sweep.series-by", "is used by " + CONVERGENCE + ", " + AdaptiveRoutingBinding.EXPERIMENT
                    + ", " + PacketSweepBinding.EXPERIMENT + " and " + RateProtocolsBinding.EXPERIMENT
                    + " sweeps only");
        }
        List<SweepPoint> points = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            ExperimentConfig pc = configs.get(i);
            double x = single ? 0 : number(c, i);
            Map<String, String> settings = single ? Map.of() : c.elementSettings("sweep.points", i, POINT_ONLY_KEYS);
            points.add(packets ? PacketSweepBinding.point(c, pc, i, x, seed, settings)
                    : protocols ? RateProtocolsBinding.point(pc, i, x, seed, settings)
                    : convergence ? convergencePoint(pc, i, x, seed, settings)
                    : adaptive ? AdaptiveRoutingBinding.point(pc, i, x, seed, settings)
                    : schemes ? RateSchemesBinding.point(pc, i, x, seed, settings)
                    : phaseCompletionPoint(pc, i, x, seed, settings));
        }
        int minBatches = c.integer("sweep.min-batches", 1, 1_000_000);
        int maxBatches = c.integer("sweep.max-batches", 1, 1_000_000);
        if (maxBatches < minBatches) { // checked before StoppingRule's constructor refuses it without a key
            throw c.error("sweep.max-batches", "must be at least sweep.min-batches (" + minBatches + ")");
        }
        StoppingRule rule = new StoppingRule(c.integer("sweep.batch-size", 1, 100_000_000),
                c.number("sweep.tolerance", 0, 1e9), minBatches, maxBatches);
        String title = c.string("sweep.title");
        if (adaptive) {
            return AdaptiveRoutingBinding.plan(c, configs, points, rule, seed);
        }
        if (packets) {
            return PacketSweepBinding.plan(c, configs, points, rule, seed);
        }
        if (protocols) {
            return RateProtocolsBinding.plan(c, configs, points, rule, seed);
        }
        if (schemes) {
            return RateSchemesBinding.plan(c, points, rule, seed);
        }
        if (experiment.equals(PHASE_COMPLETION)) {
            return new SweepPlan(experiment, title.isEmpty() ? "Completion time of a phase-based application"
                    + " (seed 003)" : title, c.string("sweep.x-label"), "total completion time (mean, 95% CI)",
                    c.bool("sweep.log-y"), points, PhaseCompletionKernel.COLUMNS, "completion", rule, seed);
        }
        String convergenceTitle = title.isEmpty() ? "Convergence of adaptive routing (seed 001)" : title;
        String yLabel = "iterations to converge (mean, 95% CI)";
        if (c.string("sweep.series-by").isEmpty()) {
            return new SweepPlan(experiment, convergenceTitle, c.string("sweep.x-label"), yLabel,
                    c.bool("sweep.log-y"), points, ConvergenceKernel.COLUMNS, "iterations", rule, seed);
        }
        // one curve per value of sweep.series-by (a reading of Algorithm 3, say), the models left out: they do
        // not depend on the options a series varies
        List<SweepFigure.Series> series = new ArrayList<>();
        for (Map.Entry<String, List<SweepPoint>> g : AdaptiveRoutingBinding.groups(c, configs, points).entrySet()) {
            series.add(new SweepFigure.Series(g.getKey(), g.getValue().stream()
                    .map(p -> new SweepFigure.Sample(p.index(), "iterations", p.x(), 1)).toList()));
        }
        return new SweepPlan(experiment, convergenceTitle, c.string("sweep.x-label"), yLabel, c.bool("sweep.log-y"),
                points, ConvergenceKernel.COLUMNS, "iterations", rule, seed, List.of(new SweepFigure("iterations",
                convergenceTitle, c.string("sweep.x-label"), "iterations to converge (mean)", c.bool("sweep.log-y"),
                series)));
    }

    /**
     * A point of a phase-completion sweep: static or adaptive routes, the rate algorithm of {@code rates.*}, one draw of
     * {@code traffic.*} per trial. The topology, routing and traffic are checked here, on the driver.
     */
    private static SweepPoint phaseCompletionPoint(ExperimentConfig c, int index, double x, long seed,
            Map<String, String> settings) {
        Topology t = NetworkBinding.topology(c);
        try { // a bad routing is reported with its key, before any executor sees it
            RouteSources.of(c.string("routing"), t, c.baseDir(), AdaptiveRoutingBinding.options(c));
        } catch (InputException e) {
            throw c.errorAt("routing", e);
        }
        long pointSeed = Seeds.seed(seed, index, 0, Purpose.SWEEP_POINT);
        TrafficBinding.bind(c, HostGroups.of(t), pointSeed); // draws trial 0 once: pattern errors at their key
        PhaseCompletionKernel kernel = new PhaseCompletionKernel(topologySpec(c), routingSpec(c),
                AdaptiveRoutingBinding.options(c),
                TrafficBinding.pattern(c, t.hostCount()), RatesBinding.options(c), RatesBinding.completion(c),
                pointSeed);
        String label = c.string("topology.name") + " " + kernel.pattern().name() + " " + kernel.options().algorithm()
                .key();
        return new SweepPoint(index, label, x, kernel, Map.of(), settings);
    }

    /**
     * A topology file named relative to the experiment file, made absolute so that the kernel finds it from
     * any working directory; presets and generator expressions stay as they are (as Topologies.resolve reads).
     */
    private static String topologySpec(ExperimentConfig c) {
        String s = c.string("topology.name").trim();
        boolean named = Presets.find(s) != null || s.replace(" ", "").matches("[a-zA-Z-]+\\(.*\\)");
        String prefix = s.startsWith(IbnetdiscoverFile.PREFIX) ? IbnetdiscoverFile.PREFIX : "";
        return named || c.baseDir() == null ? s
                : prefix + c.baseDir().resolve(s.substring(prefix.length())).toAbsolutePath().normalize();
    }

    /** A forwarding-table file made absolute likewise (file:<path>, a path ending in .lft, lft-dump:<path>). */
    private static String routingSpec(ExperimentConfig c) {
        String s = c.string("routing").trim();
        String prefix = s.startsWith("file:") ? "file:" : s.startsWith(LftDump.PREFIX) ? LftDump.PREFIX : "";
        if ((prefix.isEmpty() && !s.endsWith(".lft")) || c.baseDir() == null) {
            return s;
        }
        return prefix + c.baseDir().resolve(s.substring(prefix.length())).toAbsolutePath().normalize();
    }

    private static double number(ExperimentConfig c, int index) {
        String x = c.elementValue("sweep.points", index, "x");
        try {
            return Double.parseDouble(x);
        } catch (NumberFormatException e) {
            throw c.error("sweep.points", "point " + index + ": x must be a number (got '" + x + "')");
        }
    }

    private static SweepPoint convergencePoint(ExperimentConfig c, int index, double x, long seed,
            Map<String, String> settings) {
        String spec = c.string("topology.name");
        Topology t = NetworkBinding.topology(c);
        ConvergenceOptions options = ConvergenceBinding.options(c);
        ConvergenceKernel kernel = new ConvergenceKernel(spec, options, Seeds.seed(seed, index, 0,
                Purpose.SWEEP_POINT));
        try {
            kernel.open(); // checks the topology suits the process, here, with the file and line
        } catch (InputException e) {
            throw c.errorAt("topology.name", e);
        }
        String label = label(spec, t) + " p=" + fmt(options.p());
        return new SweepPoint(index, label, x, kernel, models(c, t, options), settings);
    }

    private static String label(String spec, Topology t) {
        return t.fatTree().filter(f -> f.height() == 2)
                .map(f -> "CLOS(" + f.m(1) + "," + f.m(2) + "," + f.w(2) + ")")
                .orElse(spec);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * Markov predictions of the mean iterations for two-level Clos points (seed 001 §III): CLOS(n, r, m) =
     * XGFT(2; n, r; 1, m). A model that does not apply (another p, a parameter out of its range, a value too
     * large for double precision) is NaN at that point, and the plot leaves it out.
     */
    static Map<String, Double> models(ExperimentConfig c, Topology t, ConvergenceOptions options) {
        Map<String, Double> models = new LinkedHashMap<>();
        List<ModelKind> kinds = modelKinds(c, options.p());
        FatTree f = t.fatTree().orElse(null);
        ConvergenceModels.Options mo = new ConvergenceModels.Options(
                ConvergenceBinding.pick(c, "convergence.independent-combination", IndependentModel.Combination.class),
                ConvergenceBinding.pick(c, "convergence.half-rate-reading", HalfRateLastStepModel.Reading.class));
        for (ModelKind kind : kinds) {
            double value = Double.NaN;
            if (f != null && f.height() == 2 && options.p() == kind.flowsPerLink()) {
                try {
                    value = ConvergenceModels.evaluate(kind, f.m(1), f.w(2), f.m(2), kind.flowsPerLink(), mo).mean();
                } catch (InputException | ChainPrecisionException e) {
                    value = Double.NaN; // outside the model's range or beyond double precision
                }
            }
            models.put(kind.key(), value);
        }
        return models;
    }

    private static List<ModelKind> modelKinds(ExperimentConfig c, double p) {
        String spec = c.string("convergence.models").trim();
        if (spec.equals("auto")) {
            return p == 1 ? List.of(ModelKind.INDEPENDENT, ModelKind.LAST_STEP)
                    : p == 2 ? List.of(ModelKind.LAST_STEP_HALF) : List.of();
        }
        if (spec.equals("none")) {
            return List.of();
        }
        List<ModelKind> kinds = new ArrayList<>();
        for (String word : spec.split("[,\\s]+")) {
            try {
                kinds.add(ModelKind.byKey(word));
            } catch (InputException e) {
                throw c.errorAt("convergence.models", e);
            }
        }
        return kinds;
    }
}
