package org.fabricsim.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.io.Json;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.sweep.TrialKernel;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * The trials of one point of a packet-level sweep ({@code experiment = packet-sweep}; docs/SPARK.md): trial
 * t is one sequential packet run of the point's configuration with seed {@code seed + t} — exactly what
 * {@code fabricsim simulate} would run with that seed, so every point sees the same traffic draws (common
 * random numbers: static against adaptive routing on the same permutations) — and reports the
 * {@code measures}, numeric fields of that run's summary.json named by their dotted paths, in thousandths
 * (a column holds whole numbers). A field that is null (undefined, e.g. the mean out-of-order window when
 * nothing is out of order), or inside a null section, counts as 0.
 *
 * @param config the point's configuration as JSON (plain data: travels to any executor)
 * @param baseDir the experiment file's directory, for files it names
 * @param source the experiment file, for messages
 * @param measures dotted paths into summary.json
 * @param seed the run seed of trial 0
 */
record PacketSweepKernel(String config, String baseDir, String source, List<String> measures, long seed)
        implements TrialKernel {
    private static final long serialVersionUID = 1L;
    /** Measures are kept in thousandths. */
    static final double SCALE = 1000.0;
    private static final java.util.regex.Pattern ELEMENT = java.util.regex.Pattern.compile("(.+)\\[(\\d{1,9})]");

    @Override
    public List<String> columns() {
        return measures.stream().map(PacketSweepKernel::column).toList();
    }

    /**
     * The column of a measure: its path without {@code metrics.}, dots (and a list element's brackets) as
     * underscores, in thousandths: {@code metrics.flow_gbps_values[2]} is {@code flow_gbps_values_2_milli}.
     */
    static String column(String measure) {
        String m = measure.startsWith("metrics.") ? measure.substring("metrics.".length()) : measure;
        return m.replace('.', '_').replace('-', '_').replace('[', '_').replace("]", "") + "_milli";
    }

    @Override
    public TrialRunner open() {
        ExperimentConfig c = ExperimentConfig.fromJson(config, baseDir == null ? null : Path.of(baseDir), source);
        Bound bound = Bound.of(c);
        return (trial, out) -> {
            Map<String, Object> summary = bound.summary(seed + trial);
            for (int i = 0; i < measures.size(); i++) {
                out[i] = Math.round(value(summary, measures.get(i)) * SCALE);
            }
        };
    }

    /** summary.json of one run of {@code c} with {@code runSeed}, bound as a sweep's trial binds it, in memory. */
    static Map<String, Object> summary(ExperimentConfig c, long runSeed) {
        return Bound.of(c).summary(runSeed);
    }

    /** What a trial's run takes from its configuration, bound once per task. */
    private record Bound(ExperimentConfig c, Topology topology, ForwardingTables lft, AdaptiveRouting adaptive,
            PacketParams params, long end) {
        static Bound of(ExperimentConfig c) {
            Topology topology = NetworkBinding.topology(c);
            return new Bound(c, topology, NetworkBinding.packetRouting(c, topology, null), PacketRoutingBinding
                    .adaptiveRouting(c, topology), PacketBinding.params(c), PacketBinding.endTime(c));
        }

        Map<String, Object> summary(long runSeed) {
            return PacketSweepKernel.summary(c, runSeed, topology, lft, adaptive, params, end, end);
        }
    }

    /** summary.json of one sequential packet run with {@code runSeed} stopped at {@code stopPs}, in memory. */
    static Map<String, Object> summary(ExperimentConfig c, long runSeed, Topology topology, ForwardingTables lft,
            AdaptiveRouting adaptive, PacketParams params, long end, long stopPs) {
        FlowSchedule schedule = RateRealisationBinding.rated(c, topology, lft, PacketBinding.schedule(c, topology, runSeed),
                runSeed);
        PacketExperiment.Sequential r = PacketExperiment.sequential(c, runSeed, topology, lft, adaptive, schedule,
                end, params, (PacketSimulation sim) -> sim.runUntil(stopPs));
        Map<String, Object> summary = PacketExperiment.summary(topology, lft, params, adaptive,
                CongestionBinding.congestionControl(c),
                CongestionBinding.isolation(c), MessageTrafficBinding.messages(c, topology, runSeed),
                MessageTrafficBinding.trace(c, topology, runSeed),
                MessageTrafficBinding.collective(c, topology), runSeed, end, schedule, r.metrics(),
                r.run().events(), r.run().packetHops(), r.controlHops(), r.injected(), r.delivered());
        IngressSummary.add(c, summary, topology, lft, adaptive);
        return summary;
    }

    /**
     * The number at {@code path} in {@code summary} ({@code name[i]}: element i of a list, as the ledger reads
     * it); null is 0; anything else absent or not a number is refused.
     */
    static double value(Map<String, Object> summary, String path) {
        Object at = summary;
        for (String part : path.split("\\.")) {
            if (at == null) {
                return 0; // an undefined section (e.g. sorted rates of a run without finished flows)
            }
            java.util.regex.Matcher element = ELEMENT.matcher(part);
            String name = element.matches() ? element.group(1) : part;
            if (at instanceof Json.Obj o) {
                at = o.asMap(); // a section built as an ordered JSON object (congestion_control, isolation)
            }
            if (!(at instanceof Map<?, ?> m) || !m.containsKey(name)) {
                throw new InputException("sweep.measures: '" + path + "' is not in a packet run's summary.json"
                        + " (no '" + name + "' there; see docs/OUTPUTS.md)");
            }
            at = m.get(name);
            if (element.matches() && at != null) {
                at = element(at, Integer.parseInt(element.group(2)), path);
            }
        }
        if (at == null) {
            return 0;
        }
        if (!(at instanceof Number n)) {
            throw new InputException("sweep.measures: '" + path + "' is not a number in summary.json (" + at + ")");
        }
        return n.doubleValue();
    }

    /** Element {@code i} of a list in summary.json (a Java array or a List there); out of range is refused. */
    private static Object element(Object list, int i, String path) {
        int n = list instanceof double[] d ? d.length : list instanceof long[] l ? l.length
                : list instanceof int[] k ? k.length : list instanceof List<?> x ? x.size() : -1;
        if (n < 0) {
            throw new InputException("sweep.measures: '" + path + "' selects an element of what is not a list");
        }
        if (i >= n) {
            throw new InputException("sweep.measures: '" + path + "' asks for element " + i + " of a list of " + n);
        }
        return list instanceof double[] d ? d[i] : list instanceof long[] l ? l[i]
                : list instanceof int[] k ? k[i] : ((List<?>) list).get(i);
    }
}
