package org.fabricsim.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.sweep.StoppingRule;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.SweepPoint;
import org.fabricsim.topology.Topology;

/**
 * Binds {@code experiment = packet-sweep} (docs/SPARK.md, "Packet-level sweeps"): the points of
 * {@code sweep.points} override {@code packet.*} (or any) keys of one packet-level scenario; every trial is
 * one packet run ({@link PacketSweepKernel}), fanned out over Spark like every sweep, and reports the
 * {@code sweep.measures}. One plot per measure against x, one curve per value of {@code sweep.series-by}; a
 * vector read at three or more fractions is drawn once, as the vector at each curve's largest x.
 */
final class PacketSweepBinding {
    static final String EXPERIMENT = "packet-sweep";

    private PacketSweepBinding() {
    }

    static List<String> measures(ExperimentConfig c) {
        List<String> measures = c.strings("sweep.measures");
        if (measures.isEmpty()) {
            throw c.error("sweep.measures", "a packet sweep needs at least one measure: a dotted path of a number in"
                    + " a packet run's summary.json, e.g. metrics.aggregate_gbps");
        }
        if (measures.stream().map(PacketSweepKernel::column).distinct().count() != measures.size()) {
            throw c.error("sweep.measures", "lists a measure twice");
        }
        return measures;
    }

    /**
     * A point: its configuration is bound here, on the driver (every key's mistake surfaces with its name),
     * and a run of one picosecond checks that every measure is a number of its summary.json.
     */
    static SweepPoint point(ExperimentConfig root, ExperimentConfig c, int index, double x, long seed,
            Map<String, String> settings) {
        if (!c.choice("engine.kind", List.of("sequential", "distributed")).equals("sequential")) {
            throw root.error("engine.kind", "a packet sweep runs every trial sequentially in its task: the trials are"
                    + " what is spread over the cores and machines");
        }
        List<String> measures = measures(root);
        Topology topology = NetworkBinding.topology(c);
        ForwardingTables lft = NetworkBinding.packetRouting(c, topology, null);
        PacketParams params = PacketBinding.params(c);
        AdaptiveRouting adaptive = PacketRoutingBinding.adaptiveRouting(c, topology);
        long end = PacketBinding.endTime(c);
        MetricsBinding.options(c, end, params);
        Map<String, Object> probe = PacketSweepKernel.summary(c, seed, topology, lft, adaptive, params, end, 1);
        for (String m : measures) {
            try {
                PacketSweepKernel.value(probe, m);
            } catch (InputException e) {
                throw root.error("sweep.measures", "point " + index + ": " + e.getMessage()
                        .replaceFirst("^sweep\\.measures: ", ""));
            }
        }
        String label = topology.name() + " " + adaptive.mode().key() + (settings.isEmpty() ? "" : " " + settings);
        return new SweepPoint(index, label, x, new PacketSweepKernel(c.toJson(), c.baseDir() == null ? null
                : c.baseDir().toString(), c.source(), measures, seed), Map.of(), settings);
    }

    static SweepPlan plan(ExperimentConfig c, List<ExperimentConfig> configs, List<SweepPoint> points,
            StoppingRule rule, long seed) {
        List<String> measures = measures(c);
        List<String> columns = points.get(0).kernel().columns();
        String title = c.string("sweep.title");
        title = title.isEmpty() ? "Packet-level sweep" : title;
        String xLabel = c.string("sweep.x-label");
        Map<String, List<SweepPoint>> groups = AdaptiveRoutingBinding.groups(c, configs, points);
        List<SweepFigure> figures = new ArrayList<>();
        Map<String, List<Integer>> profiles = profiles(measures);
        for (int i = 0; i < measures.size(); i++) {
            String column = columns.get(i);
            int measure = i;
            if (profiles.values().stream().anyMatch(l -> l.contains(measure))) {
                continue; // drawn once as a profile below
            }
            List<SweepFigure.Series> series = new ArrayList<>();
            for (Map.Entry<String, List<SweepPoint>> g : groups.entrySet()) {
                series.add(new SweepFigure.Series(g.getKey().isEmpty() ? measures.get(i) : g.getKey(),
                        g.getValue().stream().map(p -> new SweepFigure.Sample(p.index(), column, p.x(),
                                1 / PacketSweepKernel.SCALE)).toList()));
            }
            figures.add(new SweepFigure(column.replace("_milli", ""), title, xLabel, measures.get(i) + " (mean, 95% CI)",
                    false, series));
        }
        for (Map.Entry<String, List<Integer>> profile : profiles.entrySet()) {
            figures.add(profile(profile.getKey(), profile.getValue(), measures, columns, title, groups));
        }
        return new SweepPlan(EXPERIMENT, title, xLabel, measures.get(0) + " (thousandths)", c.bool("sweep.log-y"),
                points, columns, columns.get(0), rule, seed, figures);
    }

    /** A measure read at a fraction of a sorted vector: {@code sorted_flow_gbps.d40} is 0.4 of the way along. */
    private static final Pattern AT_FRACTION = Pattern.compile("(.+)\\.d(\\d{1,3})");

    /**
     * The measures that read one vector at three or more fractions (seed 003 Fig 6.8-b's sorted rates), by the
     * vector's path, each with its measures' indices: a person wants that vector drawn, not a plot per fraction.
     */
    static Map<String, List<Integer>> profiles(List<String> measures) {
        Map<String, List<Integer>> byPath = new LinkedHashMap<>();
        for (int i = 0; i < measures.size(); i++) {
            Matcher m = AT_FRACTION.matcher(measures.get(i));
            if (m.matches() && Integer.parseInt(m.group(2)) <= 100) {
                byPath.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(i);
            }
        }
        byPath.values().removeIf(l -> l.size() < 3);
        return byPath;
    }

    /** Where along its vector a measure of {@link #AT_FRACTION}'s form reads: {@code .d40} is 0.4. */
    private static double fraction(String measure) {
        Matcher m = AT_FRACTION.matcher(measure);
        if (!m.matches()) {
            throw new IllegalArgumentException(measure + " is not read at a fraction");
        }
        return Integer.parseInt(m.group(2)) / 100.0;
    }

    /** The vector at each curve's largest x: its fractions on the abscissa, one curve per series. */
    private static SweepFigure profile(String path, List<Integer> at, List<String> measures, List<String> columns,
            String title, Map<String, List<SweepPoint>> groups) {
        List<SweepFigure.Series> series = new ArrayList<>();
        Set<Double> xs = new TreeSet<>();
        for (Map.Entry<String, List<SweepPoint>> g : groups.entrySet()) {
            SweepPoint last = g.getValue().stream().max(Comparator.comparingDouble(SweepPoint::x))
                    .orElseThrow();
            xs.add(last.x());
            List<SweepFigure.Sample> samples = new ArrayList<>();
            for (int i : at) {
                samples.add(new SweepFigure.Sample(last.index(), columns.get(i), fraction(measures.get(i)),
                        1 / PacketSweepKernel.SCALE));
            }
            samples.sort(Comparator.comparingDouble(SweepFigure.Sample::x));
            series.add(new SweepFigure.Series(g.getKey().isEmpty() ? path : g.getKey(), samples));
        }
        double x = xs.iterator().next();
        String where = xs.size() > 1 ? "each curve's largest x"
                : "x = " + (x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x));
        return new SweepFigure(PacketSweepKernel.column(path).replace("_milli", ""), title + " (" + path + " at "
                + where + ")", "fraction of the vector's index range", path + " (mean, 95% CI)", false, series);
    }
}
