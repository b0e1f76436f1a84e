package org.fabricsim.io;

import static org.fabricsim.io.MetricsTables.table;

import java.util.Map;
import org.fabricsim.contention.LinkClasses;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;

/**
 * The ports' files of a packet-level run: {@code ports.arrow} (per connected port: its link's bytes and
 * utilisation, its input buffer's occupancy, per VL too, and with congestion control its marks and CNPs),
 * {@code buffer-occupancy.arrow} (per port, VL and occupancy bin), and the {@code summary.json} figures per link
 * class and the largest buffer occupancy.
 */
final class PortMetricsFiles {
    private PortMetricsFiles() {
    }

    /** {@code ports.arrow}: one row per connected port, in port order. */
    static ArrowTable portsTable(PacketMetrics m) {
        Topology t = m.topology();
        LinkClasses classes = new LinkClasses(t);
        int vls = m.options().virtualLanes();
        int[] ports = connectedPorts(t);
        int n = ports.length;
        int[] port = new int[n];
        String[] node = new String[n];
        int[] local = new int[n];
        String[] link = new String[n];
        String[] cls = new String[n];
        double[] gbps = new double[n];
        long[] bytes = new long[n];
        double[] util = new double[n];
        double[] mean = new double[n];
        int[] max = new int[n];
        long[][] vlBytes = new long[vls][n];
        double[][] vlMean = new double[vls][n];
        int[][] vlMax = new int[vls][n];
        for (int i = 0; i < n; i++) {
            int p = ports[i];
            port[i] = p;
            node[i] = t.nodeName(t.owner(p));
            local[i] = t.localPort(p);
            link[i] = linkName(t, p);
            cls[i] = classes.name(classes.classOf(p));
            gbps[i] = t.bandwidthBps(p) / 1e9;
            bytes[i] = m.linkBytes(p);
            util[i] = m.utilisation(p);
            for (int vl = 0; vl < vls; vl++) {
                vlBytes[vl][i] = m.linkBytes(p, vl);
                vlMean[vl][i] = m.bufferMeanBytes(p, vl);
                vlMax[vl][i] = m.bufferMaxBytes(p, vl);
                mean[i] += vlMean[vl][i];
                max[i] = Math.max(max[i], vlMax[vl][i]);
            }
        }
        ArrowTable table = table("fabricsim.ports", m)
                .metadata("virtual_lanes", Integer.toString(vls))
                .int32("port", port).utf8("node", node).int32("local_port", local).utf8("link", link)
                .utf8("class", cls).float64("bandwidth_gbps", gbps).int64("bytes", bytes)
                .float64("utilisation", util).float64("buffer_mean_bytes", mean).int32("buffer_max_bytes", max);
        if (vls > 1) {
            for (int vl = 0; vl < vls; vl++) {
                table.int64("bytes_vl" + vl, vlBytes[vl]).float64("buffer_mean_bytes_vl" + vl, vlMean[vl])
                        .int32("buffer_max_bytes_vl" + vl, vlMax[vl]);
            }
        }
        if (m.measuresCongestionControl()) {
            long[] marked = new long[n];
            long[] cnps = new long[n];
            for (int i = 0; i < n; i++) {
                marked[i] = m.congestion().marked(ports[i]);
                cnps[i] = m.congestion().cnps(ports[i]);
            }
            table.int64("marked_packets", marked).int64("cnp_packets", cnps);
        }
        return table;
    }

    /** {@code buffer-occupancy.arrow}: one row per (connected port, VL, occupancy bin). */
    static ArrowTable occupancyTable(PacketMetrics m) {
        Topology t = m.topology();
        int vls = m.options().virtualLanes();
        int bins = m.occupancyBins();
        long width = m.options().occupancyBinPs();
        int[] ports = connectedPorts(t);
        int rows = Math.multiplyExact(Math.multiplyExact(ports.length, vls), bins);
        int[] port = new int[rows];
        int[] lane = new int[rows];
        long[] startPs = new long[rows];
        double[] mean = new double[rows];
        int[] max = new int[rows];
        int r = 0;
        for (int p : ports) {
            for (int vl = 0; vl < vls; vl++) {
                double[] means = m.occupancySeriesMean(p, vl);
                int[] maxima = m.occupancySeriesMax(p, vl);
                for (int b = 0; b < bins; b++, r++) {
                    port[r] = p;
                    lane[r] = vl;
                    startPs[r] = m.options().windowStartPs() + b * width;
                    mean[r] = means[b];
                    max[r] = maxima[b];
                }
            }
        }
        return table("fabricsim.buffer_occupancy", m)
                .metadata("bin_width_ps", Long.toString(width))
                .int32("port", port).int32("vl", lane).int64("bin_start_ps", startPs)
                .float64("mean_bytes", mean).int32("max_bytes", max);
    }

    private static int[] connectedPorts(Topology t) {
        int n = 0;
        int[] ports = new int[t.portCount()];
        for (int p = 0; p < t.portCount(); p++) {
            if (t.isConnected(p)) {
                ports[n++] = p;
            }
        }
        return java.util.Arrays.copyOf(ports, n);
    }

    /** {@code owner:local->peer:local}, e.g. {@code sw1:3->sw2:0}. */
    private static String linkName(Topology t, int port) {
        int peer = t.peerPort(port);
        return t.nodeName(t.owner(port)) + ":" + t.localPort(port) + "->" + t.nodeName(t.owner(peer)) + ":"
                + t.localPort(peer);
    }

    /** {@code summary.json}'s {@code utilisation}: per link class, its links and their mean and largest utilisation. */
    static Map<String, Object> utilisationByClass(PacketMetrics m) {
        Topology t = m.topology();
        LinkClasses classes = new LinkClasses(t);
        int n = classes.count();
        double[] sum = new double[n];
        double[] max = new double[n];
        for (int p = 0; p < t.portCount(); p++) {
            int c = classes.classOf(p);
            if (c >= 0) {
                double u = m.utilisation(p);
                sum[c] += u;
                max[c] = Math.max(max[c], u);
            }
        }
        Json.Obj byClass = Json.object();
        for (int c = 0; c < n; c++) {
            byClass.put(classes.name(c), Json.object()
                    .put("links", classes.links(c))
                    .put("mean", sum[c] / classes.links(c))
                    .put("max", max[c])
                    .asMap());
        }
        return byClass.asMap();
    }

    /** {@code summary.json}'s {@code buffer_max_bytes}: the largest occupancy of any input buffer on any VL. */
    static int bufferMax(PacketMetrics m) {
        int max = 0;
        for (int p = 0; p < m.topology().portCount(); p++) {
            for (int vl = 0; vl < m.options().virtualLanes(); vl++) {
                max = Math.max(max, m.bufferMaxBytes(p, vl));
            }
        }
        return max;
    }
}
