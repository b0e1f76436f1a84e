package org.fabricsim.io;

import static org.fabricsim.io.MetricsTables.latencyColumns;
import static org.fabricsim.io.MetricsTables.table;
import static org.fabricsim.io.TimeAxis.timeUnitPs;
import static org.fabricsim.io.TimeAxis.unitName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabricsim.stats.LatencySummary;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;

/**
 * The receivers' files of a packet-level run: {@code receivers.arrow} (per host: packets, bytes, latency),
 * {@code receiver-throughput.arrow} (message-level traffic: per host and bin) and the receive rates plot of a
 * congestion forest.
 */
final class ReceiverMetricsFiles {
    private ReceiverMetricsFiles() {
    }

    /** {@code receivers.arrow}: one row per host, in host order. */
    static ArrowTable receiversTable(PacketMetrics m) {
        Topology t = m.topology();
        int h = t.hostCount();
        long[] bytes = m.receiverBytes();
        int[] host = new int[h];
        String[] name = new String[h];
        long[] packets = new long[h];
        LatencySummary[] latency = new LatencySummary[h];
        for (int i = 0; i < h; i++) {
            host[i] = i;
            name[i] = t.nodeName(i);
            latency[i] = m.receiverLatency(i);
            packets[i] = latency[i].count();
        }
        return latencyColumns(table("fabricsim.receivers", m)
                .metadata("latency_percentiles", Boolean.toString(m.hasReceiverPercentiles()))
                .int32("host", host).utf8("name", name).int64("packets", packets).int64("bytes", bytes), latency);
    }

    /** {@code receiver-throughput.arrow} (message-level traffic): per host and throughput bin, bytes and Gbit/s into it. */
    static ArrowTable receiverThroughputTable(PacketMetrics m) {
        int hosts = m.topology().hostCount();
        int bins = m.bins();
        int rows = hosts * bins;
        int[] host = new int[rows];
        int[] bin = new int[rows];
        long[] start = new long[rows];
        long[] width = new long[rows];
        long[] bytes = new long[rows];
        double[] gbps = new double[rows];
        for (int h = 0; h < hosts; h++) {
            for (int b = 0; b < bins; b++) {
                int r = h * bins + b;
                host[r] = h;
                bin[r] = b;
                start[r] = m.binStartPs(b);
                width[r] = m.binWidthPs(b);
                bytes[r] = m.receiverBinBytes(h, b);
                gbps[r] = m.receiverBinGbps(h, b);
            }
        }
        return table("fabricsim.receiver_throughput", m).metadata("bin_width_ps", Long.toString(m.options().binWidthPs()))
                .int32("host", host).int32("bin", bin).int64("bin_start_ps", start).int64("bin_width_ps", width)
                .int64("bytes", bytes).float64("gbps", gbps);
    }

    /** {@link PacketMetricsFiles#plotReceiveRates}: per bin, the mean receive rate of the hotspots and of the others. */
    static void plotReceiveRates(Path png, PacketMetrics m, int[] hotspots, String title) throws IOException {
        int hosts = m.topology().hostCount();
        int bins = m.bins();
        long unit = timeUnitPs(m.options().windowEndPs());
        boolean[] hot = new boolean[hosts];
        if (hotspots != null) {
            for (int h : hotspots) {
                hot[h] = true;
            }
        }
        double[] x = new double[bins];
        double[] yHot = new double[bins];
        double[] yOther = new double[bins];
        int nHot = hotspots == null ? 0 : hotspots.length;
        for (int b = 0; b < bins; b++) {
            x[b] = (m.binStartPs(b) + m.binWidthPs(b) / 2.0) / unit;
            for (int h = 0; h < hosts; h++) {
                if (hot[h]) {
                    yHot[b] += m.receiverBinGbps(h, b) / nHot;
                } else {
                    yOther[b] += m.receiverBinGbps(h, b) / (hosts - nHot);
                }
            }
        }
        List<Plots.Line> lines = new ArrayList<>();
        if (nHot > 0) {
            lines.add(new Plots.Line("hotspots (" + nHot + ")", x, yHot));
        }
        lines.add(new Plots.Line(nHot > 0 ? "other hosts (" + (hosts - nHot) + ")" : "all hosts", x, yOther));
        Plots.lines(png, new Plots.Labels(title, "time (" + unitName(unit) + ")", "receive rate per host (Gbit/s, "
                + m.options().throughputBasis().key() + ")"), lines, 0.0);
    }
}
