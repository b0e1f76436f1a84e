package org.fabricsim.io;

import static org.fabricsim.io.MetricsTables.table;
import static org.fabricsim.io.PacketMetricsFiles.MAX_SUMMARY_PERMUTATIONS;
import static org.fabricsim.io.TimeAxis.timeUnitPs;
import static org.fabricsim.io.TimeAxis.unitName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.Units;
import org.fabricsim.ib.ControlPacket;
import org.fabricsim.stats.AdaptationMeter;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.stats.PermutationConvergence;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.topology.Topology;

/**
 * The adaptive routing files of a packet-level run (seed 001 Figs 10-11): {@code adaptations.arrow} (per switch
 * and adaptation bin), {@code permutations.arrow} (per permutation of a sequence), the adaptations plot, and the
 * {@code summary.json} block {@code adaptation}.
 */
final class AdaptationMetricsFiles {
    private AdaptationMetricsFiles() {
    }

    /** {@code adaptations.arrow}: one row per (switch, adaptation bin), switch-major, empty bins included. */
    static ArrowTable adaptationsTable(PacketMetrics m) {
        Topology t = m.topology();
        AdaptationMeter a = m.adaptation();
        int bins = a.bins();
        int rows = Math.multiplyExact(t.switchCount(), bins);
        int[] sw = new int[rows];
        String[] name = new String[rows];
        int[] bin = new int[rows];
        long[] startPs = new long[rows];
        long[] widthPs = new long[rows];
        int[] count = new int[rows];
        int r = 0;
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            String n = t.nodeName(v);
            for (int b = 0; b < bins; b++, r++) {
                sw[r] = v;
                name[r] = n;
                bin[r] = b;
                startPs[r] = a.binStartPs(b);
                widthPs[r] = a.binWidthPs(b);
                count[r] = a.count(v, b);
            }
        }
        return table("fabricsim.adaptations", m)
                .metadata("bin_width_ps", Long.toString(m.options().adaptationBinPs()))
                .int32("switch", sw).utf8("name", name).int32("bin", bin).int64("bin_start_ps", startPs)
                .int64("bin_width_ps", widthPs).int32("adaptations", count);
    }

    /** {@code permutations.arrow}: one row per permutation of the sequence, in order. */
    static ArrowTable permutationsTable(PacketMetrics m) {
        List<PermutationConvergence> perms = m.permutationConvergence();
        int n = perms.size();
        int[] index = new int[n];
        int[] flows = new int[n];
        long[] start = new long[n];
        long[] last = new long[n];
        long[] convergence = new long[n];
        long[] adaptations = new long[n];
        for (int i = 0; i < n; i++) {
            PermutationConvergence p = perms.get(i);
            index[i] = p.permutation();
            flows[i] = p.flows();
            start[i] = p.startPs();
            last[i] = p.lastAdaptationPs();
            convergence[i] = p.convergencePs();
            adaptations[i] = p.adaptations();
        }
        return table("fabricsim.permutations", m)
                .int32("permutation", index).int32("flows", flows).int64("start_ps", start)
                .int64("last_adaptation_ps", last).int64("convergence_ps", convergence)
                .int64("adaptations", adaptations);
    }

    /**
     * Adaptations per bin over time (seed 001 Fig 10): all switches summed, and the busiest switch (the most
     * adaptations in the window).
     */
    static void plotAdaptations(Path png, PacketMetrics m, String title) throws IOException {
        long unit = timeUnitPs(m.options().windowEndPs());
        Plots.lines(png, new Plots.Labels(title + " (per " + Units.formatTime(m.options().adaptationBinPs())
                + " bin)", "time (" + unitName(unit) + ")", "adaptations per bin"), adaptationLines(m), 0.0);
    }

    /** The lines of {@link #plotAdaptations}: x in the plot's time unit, y in adaptations per bin. */
    static List<Plots.Line> adaptationLines(PacketMetrics m) {
        AdaptationMeter a = m.adaptation();
        int bins = a.bins();
        long unit = timeUnitPs(m.options().windowEndPs());
        int busiest = busiestSwitch(m);
        double[] x = new double[bins];
        double[] all = new double[bins];
        double[] one = new double[bins];
        for (int b = 0; b < bins; b++) {
            x[b] = (a.binStartPs(b) + a.binWidthPs(b) / 2.0) / unit;
            all[b] = a.count(b);
            one[b] = busiest < 0 ? 0 : a.count(busiest, b);
        }
        List<Plots.Line> lines = new ArrayList<>();
        lines.add(new Plots.Line("all switches", x, all));
        if (busiest >= 0) {
            lines.add(new Plots.Line("busiest switch: " + m.topology().nodeName(busiest) + " (" + a.switchTotal(busiest)
                    + " in the window)", x, one));
        }
        return lines;
    }

    /**
     * The {@code adaptation} block: adaptations (run and window), the busiest switch, control packet hops per
     * type and, for a permutation sequence, the permutations' convergence times.
     */
    static Map<String, Object> summary(PacketMetrics m) {
        AdaptationMeter a = m.adaptation();
        int busiest = busiestSwitch(m);
        Json.Obj hops = Json.object();
        for (int type = 0; type < AdaptationMeter.CONTROL_TYPES; type++) {
            if (a.controlHops(type) > 0) {
                hops.put(ControlPacket.name(type), a.controlHops(type));
            }
        }
        Json.Obj s = Json.object()
                .put("bin_width_ps", m.options().adaptationBinPs())
                .put("adaptations", a.total())
                .put("adaptations_in_window", a.inWindow())
                .put("busiest_switch", busiest < 0 ? null : m.topology().nodeName(busiest))
                .put("busiest_switch_adaptations", busiest < 0 ? 0 : a.switchTotal(busiest))
                .put("control_packet_hops", hops.asMap());
        if (m.hasPermutations()) {
            List<PermutationConvergence> perms = m.permutationConvergence();
            double[] started = perms.stream().filter(p -> p.convergencePs() >= 0)
                    .mapToDouble(p -> p.convergencePs() / 1e6).toArray();
            s.put("permutations", perms.size())
                    .put("convergence_us", SampleSummary.of(started).toJson());
            if (perms.size() <= MAX_SUMMARY_PERMUTATIONS) {
                s.put("convergence_us_values", perms.stream()
                        .mapToDouble(p -> p.convergencePs() < 0 ? Double.NaN : p.convergencePs() / 1e6).toArray())
                        .put("adaptations_per_permutation",
                                perms.stream().mapToLong(PermutationConvergence::adaptations).toArray());
            }
        }
        return s.asMap();
    }

    /** The switch with the most adaptations in the window (ties: the lowest node index); -1 when none adapted. */
    static int busiestSwitch(PacketMetrics m) {
        Topology t = m.topology();
        int best = -1;
        long most = 0;
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            long n = m.adaptation().switchTotal(v);
            if (n > most) {
                best = v;
                most = n;
            }
        }
        return best;
    }
}
