package org.fabricsim.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.fluid.RateScheme;
import org.fabricsim.fluid.RateSchemesKernel;
import org.fabricsim.fluid.RateSchemesKernel.Measure;
import org.fabricsim.fluid.RouteSources;
import org.fabricsim.fluid.RunMetrics;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.sweep.StoppingRule;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.SweepPoint;
import org.fabricsim.topology.FatTrees;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.PatternKind;

/**
 * Binds {@code experiment = rate-schemes} sweeps (seed 003 Figs 6.7, 6.8, 6.10; docs/RATES.md): the schemes of
 * {@code rates.schemes}, the baseline {@code rates.baseline}, the measure {@code rates.measure}, one
 * {@link RateSchemesKernel} per point, and the plots — every scheme's figure against x, the ratios to the
 * baseline against x, and (rates) the sorted-vector ratios at the point {@code rates.sorted-at}.
 */
final class RateSchemesBinding {
    static final String EXPERIMENT = "rate-schemes";
    private static final String LAST = "last";

    private RateSchemesBinding() {
    }

    static List<RateScheme> schemes(ExperimentConfig c) {
        List<RateScheme> schemes = new ArrayList<>();
        for (String word : c.string("rates.schemes").trim().split("[,\\s]+")) {
            RateScheme s = parse(c, "rates.schemes", word);
            if (schemes.contains(s)) {
                throw c.error("rates.schemes", "lists " + s.key() + " twice");
            }
            schemes.add(s);
        }
        return schemes;
    }

    private static RateScheme parse(ExperimentConfig c, String key, String word) {
        try {
            return RateScheme.parse(word);
        } catch (InputException e) {
            throw c.errorAt(key, e);
        }
    }

    static SweepPoint point(ExperimentConfig c, int index, double x, long seed, Map<String, String> settings) {
        Topology t = NetworkBinding.topology(c);
        if (t.fatTree().isEmpty()) {
            throw c.error("topology.name", EXPERIMENT + " needs a generated fat tree (adaptive routing runs on it,"
                    + " static routing on it without horizontal links), not " + c.string("topology.name"));
        }
        Topology plain = FatTrees.withoutHorizontalLinks(t);
        if (RouteSources.isAdaptive(c.string("routing"))) {
            throw c.error("routing", "is the static routing of the schemes without +ar (e.g. dmodk); the +ar schemes"
                    + " route adaptively on topology.name");
        }
        try {
            RouteSources.of(c.string("routing"), plain, c.baseDir());
        } catch (InputException e) {
            throw c.errorAt("routing", e);
        }
        List<RateScheme> schemes = schemes(c);
        RateScheme baseline = parse(c, "rates.baseline", c.string("rates.baseline"));
        if (!schemes.contains(baseline)) {
            schemes.add(0, baseline);
        }
        Measure measure;
        try {
            measure = Measure.byKey(c.string("rates.measure").trim());
        } catch (InputException e) {
            throw c.errorAt("rates.measure", e);
        }
        long pointSeed = Seeds.seed(seed, index, 0, Purpose.SWEEP_POINT);
        TrafficBinding.bind(c, HostGroups.of(plain), pointSeed); // pattern errors at their key
        if (measure == Measure.APPLICATION_RATES && TrafficBinding.kind(c) != PatternKind.FRAGMENTED_APPLICATIONS) {
            throw c.error("rates.measure", "application-rates needs traffic with applications"
                    + " (traffic.pattern = fragmented-applications)");
        }
        RateSchemesKernel kernel = new RateSchemesKernel(c.string("topology.name").trim(), c.string("routing").trim(),
                AdaptiveRoutingBinding.options(c), TrafficBinding.pattern(c, plain.hostCount()), schemes,
                schemes.indexOf(baseline), measure, RatesBinding.options(c), RatesBinding.completion(c), pointSeed);
        String label = c.string("topology.name") + " " + kernel.pattern().name();
        return new SweepPoint(index, label, x, kernel, Map.of(), settings);
    }

    static SweepPlan plan(ExperimentConfig c, List<SweepPoint> points, StoppingRule rule, long seed) {
        RateSchemesKernel first = (RateSchemesKernel) points.get(0).kernel();
        for (SweepPoint p : points) {
            if (!p.kernel().columns().equals(first.columns())) {
                throw c.error("sweep.points", "point " + p.index() + " changes rates.schemes, rates.baseline or"
                        + " rates.measure: they are the sweep's, not a point's");
            }
        }
        String title = c.string("sweep.title");
        title = title.isEmpty() ? "Rate schemes (seed 003 §6.3-6.5)" : title;
        String xLabel = c.string("sweep.x-label");
        RateScheme base = first.schemes().get(first.baseline());
        Measure m = first.measure();
        String what = switch (m) {
            case COMPLETION -> "total completion time";
            case FLOW_RATES -> "mean flow rate";
            case APPLICATION_RATES -> "mean application rate";
        };
        List<SweepFigure> figures = new ArrayList<>();
        List<SweepFigure.Series> values = new ArrayList<>();
        for (RateScheme s : first.schemes()) {
            values.add(curve(s.label(), points, first.valueColumn(s)));
        }
        figures.add(new SweepFigure(m.column(), title, xLabel, what + (m == Measure.COMPLETION ? " (flow times)"
                : " (line rate = 1)"), false, values));
        List<SweepFigure.Series> ratios = new ArrayList<>();
        for (RateScheme s : first.compared()) {
            ratios.add(curve(s.label(), points, first.ratioColumn(s)));
        }
        if (!ratios.isEmpty()) {
            figures.add(new SweepFigure(m.column() + "-ratio", title + " — ratio to " + base.label(), xLabel,
                    what + " / " + base.label() + " (mean of per-run ratios)", false, ratios));
        }
        if (m != Measure.COMPLETION && !ratios.isEmpty()) {
            SweepPoint at = sortedAt(c, points);
            List<SweepFigure.Series> sorted = new ArrayList<>();
            for (RateScheme s : first.compared()) {
                List<SweepFigure.Sample> samples = new ArrayList<>();
                for (int i = 0; i < RunMetrics.DECILES.length; i++) {
                    samples.add(new SweepFigure.Sample(at.index(), first.sortedColumn(s, i), RunMetrics.DECILES[i],
                            1e-6));
                }
                sorted.add(new SweepFigure.Series(s.label(), samples));
            }
            figures.add(new SweepFigure("sorted-ratio", title + " — sorted vectors at x = " + fmt(at.x()),
                    "sorted index (0 = lowest " + (m == Measure.FLOW_RATES ? "flow" : "application") + " rate, 1 ="
                    + " highest)", "sorted " + (m == Measure.FLOW_RATES ? "flow" : "application") + " rate / "
                    + base.label() + " (mean of per-run ratios)", false, sorted));
        }
        return new SweepPlan(EXPERIMENT, title, xLabel, what, c.bool("sweep.log-y"), points, first.columns(),
                first.valueColumn(first.compared().isEmpty() ? base : first.compared().get(0)), rule, seed, figures);
    }

    private static SweepFigure.Series curve(String label, List<SweepPoint> points, String column) {
        return new SweepFigure.Series(label, points.stream()
                .map(p -> new SweepFigure.Sample(p.index(), column, p.x(), 1e-6)).toList());
    }

    /** The point {@code rates.sorted-at} names by its x ({@code last}: the last point). */
    private static SweepPoint sortedAt(ExperimentConfig c, List<SweepPoint> points) {
        String v = c.string("rates.sorted-at").trim();
        if (v.equals(LAST)) {
            return points.get(points.size() - 1);
        }
        try {
            double x = Double.parseDouble(v);
            for (SweepPoint p : points) {
                if (p.x() == x) {
                    return p;
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw c.error("rates.sorted-at", "must be '" + LAST + "' or the x of a point (got '" + v + "')");
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
