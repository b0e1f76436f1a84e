package org.fabricsim.io;

import static org.fabricsim.io.MetricsTables.latencyColumns;
import static org.fabricsim.io.MetricsTables.table;
import static org.fabricsim.io.PacketMetricsFiles.MAX_PLOT_LINES;
import static org.fabricsim.io.TimeAxis.timeUnitPs;
import static org.fabricsim.io.TimeAxis.unitName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabricsim.stats.AdaptationMeter;
import org.fabricsim.stats.LatencySummary;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.stats.ReorderMeter;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * The flows' files of a packet-level run: {@code flow-throughput.arrow} (per flow and bin), {@code flows.arrow}
 * (per flow: bytes, throughput, completions, latency, throughput jitter and, with packet order measured, order,
 * goodput and adaptations) and the throughput plot.
 */
final class FlowMetricsFiles {
    private FlowMetricsFiles() {
    }

    /** {@code flow-throughput.arrow}: one row per (flow, bin), flow-major, empty bins included. */
    static ArrowTable throughputTable(PacketMetrics m) {
        int flows = m.flows().size();
        int bins = m.bins();
        int rows = Math.multiplyExact(flows, bins);
        int[] flow = new int[rows];
        int[] bin = new int[rows];
        long[] startPs = new long[rows];
        long[] widthPs = new long[rows];
        long[] bytes = new long[rows];
        double[] gbps = new double[rows];
        for (int f = 0, r = 0; f < flows; f++) {
            for (int b = 0; b < bins; b++, r++) {
                flow[r] = f;
                bin[r] = b;
                startPs[r] = m.binStartPs(b);
                widthPs[r] = m.binWidthPs(b);
                bytes[r] = m.binBytes(f, b);
                gbps[r] = m.binGbps(f, b);
            }
        }
        return table("fabricsim.flow_throughput", m)
                .metadata("bin_width_ps", Long.toString(m.options().binWidthPs()))
                .int32("flow", flow).int32("bin", bin).int64("bin_start_ps", startPs).int64("bin_width_ps", widthPs)
                .int64("bytes", bytes).float64("gbps", gbps);
    }

    /** {@code flows.arrow}: one row per flow, in flow order. */
    static ArrowTable flowsTable(PacketMetrics m) {
        FlowSet fs = m.flows();
        int n = fs.size();
        int[] flow = new int[n];
        boolean[] active = new boolean[n];
        long[] bytes = new long[n];
        long[] packets = new long[n];
        double[] gbps = new double[n];
        long[] first = new long[n];
        long[] last = new long[n];
        long[] completions = new long[n];
        long[] firstCompletion = new long[n];
        long[] completion = new long[n];
        long[] fct = new long[n];
        LatencySummary[] latency = new LatencySummary[n];
        for (int f = 0; f < n; f++) {
            flow[f] = f;
            active[f] = m.isActive(f);
            bytes[f] = m.flowBytes(f);
            packets[f] = m.flowPackets(f);
            gbps[f] = m.flowGbps(f);
            first[f] = m.firstDeliveryPs(f);
            last[f] = m.lastDeliveryPs(f);
            completions[f] = m.completions(f);
            firstCompletion[f] = m.firstCompletionPs(f);
            completion[f] = m.completionPs(f);
            fct[f] = m.completionTimePs(f);
            latency[f] = m.flowLatency(f);
        }
        ArrowTable table = latencyColumns(table("fabricsim.flows", m)
                .metadata("latency_percentiles", Boolean.toString(m.hasFlowPercentiles()))
                .int32("flow", flow).int32("src", fs.src()).int32("dst", m.hasMessageSources() ? filled(n, -1) : fs.dst())
                .int32("app", fs.app())
                .bool("active", active).int64("bytes", bytes).int64("packets", packets).float64("gbps", gbps)
                .int64("first_delivery_ps", first).int64("last_delivery_ps", last)
                .int64("completions", completions).int64("first_completion_ps", firstCompletion)
                .int64("completion_ps", completion)
                .int64("completion_time_ps", fct), latency);
        double[][] jitter = new double[4][n];
        for (int f = 0; f < n; f++) {
            double[] g = m.activeBinGbps(f);
            SampleSummary sum = g.length == 0 ? null : SampleSummary.of(g);
            jitter[0][f] = sum == null ? Double.NaN : sum.mean();
            jitter[1][f] = sum == null ? Double.NaN : sum.standardDeviation();
            jitter[2][f] = sum == null ? Double.NaN : sum.min();
            jitter[3][f] = sum == null ? Double.NaN : sum.max();
        }
        table.float64("bin_gbps_mean", jitter[0]).float64("bin_gbps_sd", jitter[1]).float64("bin_gbps_min", jitter[2])
                .float64("bin_gbps_max", jitter[3]);
        if (m.measuresReorder()) {
            ReorderMeter r = m.reorder();
            AdaptationMeter a = m.adaptation();
            long[] in = new long[n];
            long[] out = new long[n];
            double[] goodput = new double[n];
            long[] adaptations = new long[n];
            for (int f = 0; f < n; f++) {
                in[f] = r.flowInOrder(f);
                out[f] = r.flowOutOfOrder(f);
                goodput[f] = m.flowGoodputGbps(f);
                adaptations[f] = a.flowAdaptations(f);
            }
            table.int64("in_order_packets", in).int64("out_of_order_packets", out).float64("goodput_gbps", goodput)
                    .int64("adaptations", adaptations);
        }
        return table;
    }

    private static int[] filled(int n, int value) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, value);
        return a;
    }

    /**
     * Throughput over time: one line per flow (Gbit/s per bin, at the bin's middle), or, with more than
     * {@value PacketMetricsFiles#MAX_PLOT_LINES} flows, {@value PacketMetricsFiles#MAX_PLOT_LINES} lines, each the mean per-flow throughput of a
     * group of consecutive flow ids, named so in the legend.
     */
    static void plotThroughput(Path png, PacketMetrics m, String title) throws IOException {
        int flows = m.flows().size();
        boolean grouped = flows > MAX_PLOT_LINES;
        String what = flows + (flows == 1 ? " flow" : " flows") + (grouped ? ", means of " + MAX_PLOT_LINES
                + " groups of consecutive flows" : "");
        long unit = timeUnitPs(m.options().windowEndPs());
        Plots.lines(png, new Plots.Labels(title + " (" + what + ")", "time (" + unitName(unit) + ")",
                "throughput per flow (Gbit/s, " + m.options().throughputBasis().key() + ")"), throughputLines(m), 0.0);
    }

    /** The lines of {@link #plotThroughput}: x in the plot's time unit, y in Gbit/s. */
    static List<Plots.Line> throughputLines(PacketMetrics m) {
        FlowSet fs = m.flows();
        Topology t = m.topology();
        int flows = fs.size();
        int bins = m.bins();
        long unit = timeUnitPs(m.options().windowEndPs());
        double[] x = new double[bins];
        for (int b = 0; b < bins; b++) {
            x[b] = (m.binStartPs(b) + m.binWidthPs(b) / 2.0) / unit;
        }
        List<Plots.Line> lines = new ArrayList<>();
        int groups = Math.min(flows, MAX_PLOT_LINES);
        boolean grouped = flows > MAX_PLOT_LINES;
        for (int g = 0; g < groups; g++) {
            int from = (int) ((long) g * flows / groups);
            int to = (int) ((long) (g + 1) * flows / groups);
            double[] y = new double[bins];
            for (int f = from; f < to; f++) {
                for (int b = 0; b < bins; b++) {
                    y[b] += m.binGbps(f, b);
                }
            }
            for (int b = 0; b < bins; b++) {
                y[b] /= to - from;
            }
            String name = !grouped
                    ? "flow " + from + ": " + t.nodeName(fs.src()[from]) + "->" + t.nodeName(fs.dst()[from])
                    : to - from == 1 ? "flow " + from
                    : "flows " + from + "-" + (to - 1) + " (mean of " + (to - from) + ")";
            lines.add(new Plots.Line(name, x, y));
        }
        if (lines.isEmpty()) {
            lines.add(new Plots.Line("no flows", new double[0], new double[0]));
        }
        return lines;
    }
}
