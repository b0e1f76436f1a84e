package org.fabricsim.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabricsim.contention.LinkClasses;
import org.fabricsim.stats.LatencySummary;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * The files of a packet-level run's {@link PacketMetrics} (docs/OUTPUTS.md, "Packet-level metrics"):
 * {@code flow-throughput.arrow}, {@code ports.arrow}, {@code flows.arrow}, {@code receivers.arrow},
 * {@code buffer-occupancy.arrow} (only with an occupancy series), {@code throughput.png} (only with plots) and
 * the {@code summary.json} section {@link #summary}. Everything is a function of the metrics alone: rows in
 * index order, no hash order, doubles as Java prints them.
 */
public final class PacketMetricsFiles {
    public static final String THROUGHPUT = "flow-throughput.arrow";
    public static final String PORTS = "ports.arrow";
    public static final String FLOWS = "flows.arrow";
    public static final String RECEIVERS = "receivers.arrow";
    public static final String OCCUPANCY = "buffer-occupancy.arrow";
    public static final String PLOT = "throughput.png";
    /** The plot draws at most this many lines: one per flow, or the means of as many groups of flows. */
    public static final int MAX_PLOT_LINES = 16;
    /** {@code summary.json} lists every flow's mean throughput up to this many flows. */
    public static final int MAX_SUMMARY_FLOWS = 64;

    private static final String SCHEMA_VERSION = "1";

    private PacketMetricsFiles() {
    }

    /**
     * Stages the Arrow files (and, with {@code plots}, the throughput plot titled {@code title}) in
     * {@code out}, in the order of the class comment. {@code summary.json} is the caller's, with {@link #summary}
     * as a section of it.
     */
    public static void write(OutputDirectory out, PacketMetrics m, boolean plots, String title) throws IOException {
        throughputTable(m).write(out.stage(THROUGHPUT));
        portsTable(m).write(out.stage(PORTS));
        flowsTable(m).write(out.stage(FLOWS));
        receiversTable(m).write(out.stage(RECEIVERS));
        if (m.occupancyBins() > 0) {
            occupancyTable(m).write(out.stage(OCCUPANCY));
        }
        if (plots) {
            plotThroughput(out.stage(PLOT), m, title);
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // summary.json

    /** The {@code summary.json} section: window, totals, fairness, completions, latency, utilisation. */
    public static Map<String, Object> summary(PacketMetrics m) {
        MetricsOptions o = m.options();
        FlowSet flows = m.flows();
        double[] active = m.activeFlowGbps();
        List<Double> completion = new ArrayList<>();
        int completed = 0;
        for (int f = 0; f < flows.size(); f++) {
            if (m.completionPs(f) >= 0) {
                completed++;
                completion.add(m.completionTimePs(f) / 1e6);
            }
        }
        Json.Obj s = Json.object()
                .put("window_start_ps", o.windowStartPs())
                .put("window_end_ps", o.windowEndPs())
                .put("bin_width_ps", o.binWidthPs())
                .put("throughput_basis", o.throughputBasis().key())
                .put("reported_basis", o.reportedBasis().key())
                .put("packet_overhead_bytes", o.packetOverheadBytes())
                .put("delivered_bytes", m.deliveredBytes())
                .put("delivered_packets", m.deliveredPackets())
                .put("aggregate_gbps", m.aggregateGbps())
                .put("flows", flows.size())
                .put("active_flows", active.length)
                .put("flow_gbps", SampleSummary.of(active).toJson());
        if (flows.size() <= MAX_SUMMARY_FLOWS) {
            double[] all = new double[flows.size()];
            for (int f = 0; f < all.length; f++) {
                all[f] = m.flowGbps(f);
            }
            s.put("flow_gbps_values", all);
        }
        s.put("jain_fairness", m.jainIndex())
                .put("completed_flows", completed)
                .put("completion_time_us", SampleSummary.of(completion.stream().mapToDouble(d -> d).toArray())
                        .toJson())
                .put("latency", m.latency().toJson())
                .put("utilisation", utilisationByClass(m))
                .put("buffer_max_bytes", bufferMax(m));
        return s.asMap();
    }

    private static Map<String, Object> utilisationByClass(PacketMetrics m) {
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

    private static int bufferMax(PacketMetrics m) {
        int max = 0;
        for (int p = 0; p < m.topology().portCount(); p++) {
            for (int vl = 0; vl < m.options().virtualLanes(); vl++) {
                max = Math.max(max, m.bufferMaxBytes(p, vl));
            }
        }
        return max;
    }

    // ---------------------------------------------------------------------------------------------------
    // Arrow tables

    private static ArrowTable table(String schema, PacketMetrics m) {
        MetricsOptions o = m.options();
        return new ArrowTable()
                .metadata("schema", schema)
                .metadata("schema_version", SCHEMA_VERSION)
                .metadata("window_start_ps", Long.toString(o.windowStartPs()))
                .metadata("window_end_ps", Long.toString(o.windowEndPs()))
                .metadata("throughput_basis", o.throughputBasis().key());
    }

    /** {@code flow-throughput.arrow}: one row per (flow, bin), flow-major, empty bins included. */
    public static ArrowTable throughputTable(PacketMetrics m) {
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

    /** {@code ports.arrow}: one row per connected port, in port order. */
    public static ArrowTable portsTable(PacketMetrics m) {
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
        return table;
    }

    /** {@code flows.arrow}: one row per flow, in flow order. */
    public static ArrowTable flowsTable(PacketMetrics m) {
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
        return latencyColumns(table("fabricsim.flows", m)
                .metadata("latency_percentiles", Boolean.toString(m.hasFlowPercentiles()))
                .int32("flow", flow).int32("src", fs.src()).int32("dst", fs.dst()).int32("app", fs.app())
                .bool("active", active).int64("bytes", bytes).int64("packets", packets).float64("gbps", gbps)
                .int64("first_delivery_ps", first).int64("last_delivery_ps", last)
                .int64("completions", completions).int64("first_completion_ps", firstCompletion)
                .int64("completion_ps", completion)
                .int64("completion_time_ps", fct), latency);
    }

    /** {@code receivers.arrow}: one row per host, in host order. */
    public static ArrowTable receiversTable(PacketMetrics m) {
        Topology t = m.topology();
        int h = t.hostCount();
        long[] bytes = new long[h];
        FlowSet fs = m.flows();
        for (int f = 0; f < fs.size(); f++) {
            bytes[fs.dst()[f]] += m.flowBytes(f);
        }
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
                .int32("host", host).utf8("name", name).int64("packets", packets).int64("bytes", bytes), latency);
    }

    /** Appends {@code latency_min_ns, _mean_ns, _p50_ns, _p90_ns, _p99_ns, _p999_ns, _max_ns}, a row per summary. */
    private static ArrowTable latencyColumns(ArrowTable table, LatencySummary[] rows) {
        int n = rows.length;
        double[][] c = new double[7][n];
        for (int i = 0; i < n; i++) {
            LatencySummary l = rows[i];
            double[] v = {l.minNs(), l.meanNs(), l.p50Ns(), l.p90Ns(), l.p99Ns(), l.p999Ns(), l.maxNs()};
            for (int k = 0; k < v.length; k++) {
                c[k][i] = v[k];
            }
        }
        return table.float64("latency_min_ns", c[0]).float64("latency_mean_ns", c[1])
                .float64("latency_p50_ns", c[2]).float64("latency_p90_ns", c[3])
                .float64("latency_p99_ns", c[4]).float64("latency_p999_ns", c[5])
                .float64("latency_max_ns", c[6]);
    }

    /** {@code buffer-occupancy.arrow}: one row per (connected port, VL, occupancy bin). */
    public static ArrowTable occupancyTable(PacketMetrics m) {
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
    static String linkName(Topology t, int port) {
        int peer = t.peerPort(port);
        return t.nodeName(t.owner(port)) + ":" + t.localPort(port) + "->" + t.nodeName(t.owner(peer)) + ":"
                + t.localPort(peer);
    }

    // ---------------------------------------------------------------------------------------------------
    // Plot

    /**
     * Throughput over time: one line per flow (Gbit/s per bin, at the bin's middle), or, with more than
     * {@value #MAX_PLOT_LINES} flows, {@value #MAX_PLOT_LINES} lines, each the mean per-flow throughput of a
     * group of consecutive flow ids, named so in the legend.
     */
    public static void plotThroughput(Path png, PacketMetrics m, String title) throws IOException {
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

    /** The largest of ns, µs, ms, s in which the window's end is at least 10. */
    static long timeUnitPs(long endPs) {
        long unit = 1_000_000_000_000L;
        while (unit > 1000 && endPs / unit < 10) {
            unit /= 1000;
        }
        return unit;
    }

    private static String unitName(long unit) {
        return switch ((int) Math.round(Math.log10(unit))) {
            case 3 -> "ns";
            case 6 -> "µs";
            case 9 -> "ms";
            default -> "s";
        };
    }
}
