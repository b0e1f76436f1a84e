package org.fabricsim.io;

import static org.fabricsim.io.MetricsTables.table;
import static org.fabricsim.io.TimeAxis.timeUnitPs;
import static org.fabricsim.io.TimeAxis.unitName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fabricsim.stats.IsolationMeter;
import org.fabricsim.stats.PacketMetrics;

/**
 * The congested-flow isolation files of a packet-level run: {@code isolation.arrow} (per bin: CAM lines and hot
 * queues in use, ports without a free one), the hot queues plot, and the {@code summary.json} block
 * {@code isolation}.
 */
final class IsolationMetricsFiles {
    private IsolationMetricsFiles() {
    }

    /** {@code isolation.arrow}: per throughput bin, the mean CAM lines and hot queues in use and ports without a free one. */
    static ArrowTable isolationTable(PacketMetrics m) {
        IsolationMeter iso = m.isolationMeter();
        int bins = m.bins();
        int[] bin = new int[bins];
        long[] start = new long[bins];
        for (int b = 0; b < bins; b++) {
            bin[b] = b;
            start[b] = m.binStartPs(b);
        }
        return table("fabricsim.isolation", m).metadata("bin_width_ps", Long.toString(m.options().binWidthPs()))
                .int32("bin", bin).int64("bin_start_ps", start).float64("cam_lines_in_use", iso.lines())
                .float64("hot_queues_in_use", iso.hotQueues())
                .float64("ports_without_free_queue", iso.portsWithoutFreeQueue());
    }

    /** CAM lines and hot queues in use and ports without a free one over time (Paper VI Fig. 10). */
    static void plotIsolation(Path png, PacketMetrics m, String title) throws IOException {
        IsolationMeter iso = m.isolationMeter();
        int bins = m.bins();
        long unit = timeUnitPs(m.options().windowEndPs());
        double[] x = new double[bins];
        for (int b = 0; b < bins; b++) {
            x[b] = (m.binStartPs(b) + m.binWidthPs(b)) / (double) unit;
        }
        Plots.lines(png, new Plots.Labels(title + " (mean over each bin)", "time (" + unitName(unit) + ")",
                "count"), List.of(new Plots.Line("CAM lines in use", x, iso.lines()),
                        new Plots.Line("hot queues in use", x, iso.hotQueues()),
                        new Plots.Line("switch ports without a free hot queue", x, iso.portsWithoutFreeQueue())), 0.0);
    }

    /** summary.json's {@code isolation}: the window's mean CAM lines, hot queues, ports without one, refusals. */
    static void putIsolation(Json.Obj s, PacketMetrics m) {
        if (!m.measuresIsolation()) {
            return;
        }
        IsolationMeter iso = m.isolationMeter();
        double[] full = iso.portsWithoutFreeQueue();
        s.put("isolation", Json.object().put("cam_lines_in_use_mean", windowMean(m, iso.lines()))
                .put("hot_queues_in_use_mean", windowMean(m, iso.hotQueues()))
                .put("ports_without_free_queue_mean", windowMean(m, full))
                .put("ports_without_free_queue_max_bin_mean", Arrays.stream(full).max().orElse(0))
                .put("lines_refused", iso.refused()));
    }

    /** The mean over the window of a per-bin mean (bins weighted by their widths). */
    private static double windowMean(PacketMetrics m, double[] perBin) {
        double sum = 0;
        long width = 0;
        for (int b = 0; b < perBin.length; b++) {
            sum += perBin[b] * m.binWidthPs(b);
            width += m.binWidthPs(b);
        }
        return sum / width;
    }
}
