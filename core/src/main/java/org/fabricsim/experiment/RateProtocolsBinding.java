package org.fabricsim.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.fluid.RouteSources;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.ratecontrol.ControlTiming;
import org.fabricsim.ratecontrol.RateProtocols;
import org.fabricsim.ratecontrol.RateProtocolsKernel;
import org.fabricsim.sweep.StoppingRule;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.SweepPoint;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.PatternKind;

/**
 * Binds {@code experiment = rate-protocols} (seed 003 §6.8-6.9, docs/RATES.md): the protocols of
 * {@code protocols.names} run as control packets with the timing of {@code protocols.*} (Table 6.2 by default)
 * on each trial's flows; plots of the mean and largest calculation time and of the control packets per flow,
 * one curve per protocol (and per value of {@code sweep.series-by}).
 */
final class RateProtocolsBinding {
    static final String EXPERIMENT = "rate-protocols";

    private RateProtocolsBinding() {
    }

    static List<RateProtocols.Kind> kinds(ExperimentConfig c) {
        List<RateProtocols.Kind> kinds = new ArrayList<>();
        for (String word : c.string("protocols.names").trim().split("[,\\s]+")) {
            RateProtocols.Kind k;
            try {
                k = RateProtocols.Kind.byKey(word);
            } catch (IllegalArgumentException e) {
                throw c.error("protocols.names", e.getMessage());
            }
            if (kinds.contains(k)) {
                throw c.error("protocols.names", "lists " + word + " twice");
            }
            kinds.add(k);
        }
        return kinds;
    }

    static RateProtocols.Options options(ExperimentConfig c) {
        ControlTiming timing = new ControlTiming(c.time("protocols.routing-delay"), c.time("protocols.propagation"),
                positive(c, "protocols.link-bandwidth", c.bandwidth("protocols.link-bandwidth")),
                (int) positive(c, "protocols.control-bytes", c.size("protocols.control-bytes")),
                c.time("protocols.control-processing"),
                (int) positive(c, "protocols.broadcast-bytes", c.size("protocols.broadcast-bytes")),
                c.time("protocols.broadcast-processing"));
        long probe = positive(c, "protocols.probe-period", c.time("protocols.probe-period"));
        long jitter = c.time("protocols.start-jitter");
        long late = c.time("protocols.late-start");
        long horizon = c.time("protocols.horizon");
        if (horizon <= Math.max(jitter, late)) {
            throw c.error("protocols.horizon", "must be after protocols.start-jitter and protocols.late-start");
        }
        long extra = c.time("protocols.dafa-aggregation") - c.time("protocols.dafa-distribution");
        if (extra < 0) {
            throw c.error("protocols.dafa-aggregation", "must be at least protocols.dafa-distribution (T_c includes"
                    + " T_d)");
        }
        return new RateProtocols.Options(timing, probe, c.time("protocols.backoff"), jitter, late, horizon,
                c.number("protocols.epsilon", 0, 1e-3), extra);
    }

    private static long positive(ExperimentConfig c, String key, long v) {
        if (v <= 0) {
            throw c.error(key, "must be positive");
        }
        return v;
    }

    static SweepPoint point(ExperimentConfig c, int index, double x, long seed, Map<String, String> settings) {
        Topology t = NetworkBinding.topology(c);
        String routing = c.string("routing").trim();
        if (RouteSources.isAdaptive(routing)) {
            throw c.error("routing", "is the static routing (the default return paths); protocols.routes = adaptive"
                    + " routes the flows adaptively");
        }
        try {
            RouteSources.of(routing, t, c.baseDir());
        } catch (InputException e) {
            throw c.errorAt("routing", e);
        }
        boolean adaptive = c.choice("protocols.routes", List.of("tables", "adaptive")).equals("adaptive");
        long pointSeed = Seeds.seed(seed, index, 0, Purpose.SWEEP_POINT);
        TrafficBinding.bind(c, HostGroups.of(t), pointSeed); // pattern errors at their key
        List<RateProtocols.Kind> kinds = kinds(c);
        if (kinds.contains(RateProtocols.Kind.DAFA) && TrafficBinding.kind(c) != PatternKind.FRAGMENTED_APPLICATIONS) {
            throw c.error("protocols.names", "dafa needs traffic with applications (traffic.pattern ="
                    + " fragmented-applications)");
        }
        RateProtocolsKernel kernel = new RateProtocolsKernel(c.string("topology.name").trim(), routing, adaptive,
                AdaptiveRoutingBinding.options(c), TrafficBinding.pattern(c, t.hostCount()), kinds, options(c),
                c.time("protocols.dafa-distribution"), c.time("protocols.dafa-aggregation"), pointSeed);
        String label = c.string("topology.name") + " " + kernel.pattern().name();
        return new SweepPoint(index, label, x, kernel, Map.of(), settings);
    }

    static SweepPlan plan(ExperimentConfig c, List<ExperimentConfig> configs, List<SweepPoint> points,
            StoppingRule rule, long seed) {
        RateProtocolsKernel first = (RateProtocolsKernel) points.get(0).kernel();
        for (SweepPoint p : points) {
            if (!p.kernel().columns().equals(first.columns())) {
                throw c.error("sweep.points", "point " + p.index() + " changes protocols.names: it is the sweep's");
            }
        }
        String title = c.string("sweep.title");
        title = title.isEmpty() ? "Distributed rate protocols as control packets (seed 003 §6.8-6.9)" : title;
        String xLabel = c.string("sweep.x-label");
        Map<String, List<SweepPoint>> groups = AdaptiveRoutingBinding.groups(c, configs, points);
        List<SweepFigure> figures = new ArrayList<>();
        figures.add(figure(title, xLabel, groups, first, "calc_mean_ns", "mean calculation time (us)", 1e-3));
        figures.add(figure(title, xLabel, groups, first, "calc_max_ns", "largest calculation time (us)", 1e-3));
        figures.add(figure(title, xLabel, groups, first, "packets_mean_milli",
                "control packets per flow to its final rate (mean)", 1e-3));
        figures.add(figure(title, xLabel, groups, first, "packets_max",
                "control packets per flow to its final rate (most)", 1));
        String stop = RateProtocolsKernel.prefix(first.kinds().get(0)) + "calc_mean_ns";
        return new SweepPlan(EXPERIMENT, title, xLabel, "mean calculation time (ns)", c.bool("sweep.log-y"), points,
                first.columns(), stop, rule, seed, figures);
    }

    private static SweepFigure figure(String title, String xLabel, Map<String, List<SweepPoint>> groups,
            RateProtocolsKernel first, String measure, String yLabel, double scale) {
        List<SweepFigure.Series> series = new ArrayList<>();
        for (RateProtocols.Kind k : first.kinds()) {
            for (Map.Entry<String, List<SweepPoint>> g : groups.entrySet()) {
                String label = k.key().toUpperCase(java.util.Locale.ROOT) + (g.getKey().isEmpty() ? "" : " " + g.getKey());
                series.add(new SweepFigure.Series(label, g.getValue().stream()
                        .map(p -> new SweepFigure.Sample(p.index(), RateProtocolsKernel.prefix(k) + measure, p.x(),
                                scale)).toList()));
            }
        }
        return new SweepFigure(measure.replace("_ns", "").replace("_milli", ""), title, xLabel, yLabel, false, series);
    }
}
