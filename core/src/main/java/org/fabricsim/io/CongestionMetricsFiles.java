package org.fabricsim.io;

import static org.fabricsim.io.MetricsTables.table;
import static org.fabricsim.io.TimeAxis.timeUnitPs;
import static org.fabricsim.io.TimeAxis.unitName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabricsim.stats.CongestionMeter;
import org.fabricsim.stats.PacketMetrics;

/**
 * The congestion control files of a packet-level run: {@code ccti.arrow} (per traced source and bin), the CCTI
 * plot, and the {@code summary.json} block {@code congestion_control}. Marks and CNPs per port are columns of
 * {@code ports.arrow} ({@link PortMetricsFiles}).
 */
final class CongestionMetricsFiles {
    private CongestionMetricsFiles() {
    }

    /** {@code ccti.arrow}: per traced source host and throughput bin, its CCTI at the bin's end and its largest in the bin. */
    static ArrowTable cctiTable(PacketMetrics m) {
        CongestionMeter c = m.congestion();
        int[] hosts = c.tracedHosts();
        int bins = m.bins();
        int rows = hosts.length * bins;
        int[] host = new int[rows];
        String[] name = new String[rows];
        int[] bin = new int[rows];
        long[] start = new long[rows];
        int[] atEnd = new int[rows];
        int[] max = new int[rows];
        for (int i = 0; i < hosts.length; i++) {
            for (int b = 0; b < bins; b++) {
                int r = i * bins + b;
                host[r] = hosts[i];
                name[r] = m.topology().nodeName(hosts[i]);
                bin[r] = b;
                start[r] = m.binStartPs(b);
                atEnd[r] = c.cctiAtEnd(i, b);
                max[r] = c.cctiMax(i, b);
            }
        }
        return table("fabricsim.ccti", m).metadata("bin_width_ps", Long.toString(m.options().binWidthPs()))
                .int32("host", host).utf8("name", name).int32("bin", bin).int64("bin_start_ps", start)
                .int32("ccti", atEnd).int32("ccti_max", max);
    }

    /** The traced hosts' CCTI at each bin's end over time. */
    static void plotCcti(Path png, PacketMetrics m, String title) throws IOException {
        CongestionMeter c = m.congestion();
        int[] hosts = c.tracedHosts();
        int bins = m.bins();
        long unit = timeUnitPs(m.options().windowEndPs());
        double[] x = new double[bins];
        for (int b = 0; b < bins; b++) {
            x[b] = (m.binStartPs(b) + m.binWidthPs(b)) / (double) unit;
        }
        List<Plots.Line> lines = new ArrayList<>();
        for (int i = 0; i < hosts.length; i++) {
            double[] y = new double[bins];
            for (int b = 0; b < bins; b++) {
                y[b] = c.cctiAtEnd(i, b);
            }
            lines.add(new Plots.Line(m.topology().nodeName(hosts[i]), x, y));
        }
        if (lines.isEmpty()) {
            lines.add(new Plots.Line("no traced hosts", new double[0], new double[0]));
        }
        Plots.lines(png, new Plots.Labels(title + " (traced sources, at each bin's end)", "time (" + unitName(unit) + ")",
                "CCTI"), lines, 0.0);
    }

    /** {@code summary.json}'s {@code congestion_control}: marked packets, ports that marked, CNP hops, largest traced CCTI. */
    static Json.Obj summary(PacketMetrics m) {
        CongestionMeter c = m.congestion();
        int marking = 0;
        for (int p = 0; p < m.topology().portCount(); p++) {
            marking += c.marked(p) > 0 ? 1 : 0;
        }
        int maxCcti = 0;
        for (int i = 0; i < c.tracedHosts().length; i++) {
            for (int b = 0; b < m.bins(); b++) {
                maxCcti = Math.max(maxCcti, c.cctiMax(i, b));
            }
        }
        return Json.object().put("marked_packets", c.markedTotal())
                .put("ports_marking", marking).put("cnp_hops", c.cnpHops())
                .put("traced_ccti_max", maxCcti);
    }
}
