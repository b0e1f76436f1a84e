package org.fabricsim.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.Units;
import org.fabricsim.contention.LinkClasses;
import org.fabricsim.ib.ControlPacket;
import org.fabricsim.stats.AdaptationMeter;
import org.fabricsim.stats.LatencySummary;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.stats.PermutationConvergence;
import org.fabricsim.stats.ReceiverAggregates;
import org.fabricsim.stats.ReorderMeter;
import org.fabricsim.stats.CongestionMeter;
import org.fabricsim.stats.IsolationMeter;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * The files of a packet-level run's {@link PacketMetrics} (docs/OUTPUTS.md, "Packet-level metrics"):
 * {@code flow-throughput.arrow}, {@code ports.arrow}, {@code flows.arrow}, {@code receivers.arrow},
 * {@code buffer-occupancy.arrow} (only with an occupancy series), {@code throughput.png} (only with plots),
 * with packet order and adaptations measured ({@link PacketMetrics#measuresReorder()}) also
 * {@code reorder.arrow}, {@code adaptations.arrow}, {@code permutations.arrow} (only for a permutation
 * sequence) and {@code adaptations.png} (only with plots), and the {@code summary.json} section
 * {@link #summary}. Everything is a function of the metrics alone: rows in index order, no hash order,
 * doubles as Java prints them.
 */
public final class PacketMetricsFiles {
    public static final String THROUGHPUT = "flow-throughput.arrow";
    public static final String PORTS = "ports.arrow";
    public static final String FLOWS = "flows.arrow";
    public static final String RECEIVERS = "receivers.arrow";
    public static final String OCCUPANCY = "buffer-occupancy.arrow";
    public static final String PLOT = "throughput.png";
    public static final String REORDER = "reorder.arrow";
    public static final String ADAPTATIONS = "adaptations.arrow";
    public static final String PERMUTATIONS = "permutations.arrow";
    public static final String CCTI = "ccti.arrow";
    public static final String RECEIVER_THROUGHPUT = "receiver-throughput.arrow";
    public static final String CCTI_PLOT = "ccti.png";
    public static final String ISOLATION = "isolation.arrow";
    public static final String ISOLATION_PLOT = "isolation.png";
    public static final String ADAPTATION_PLOT = "adaptations.png";
    /** The plot draws at most this many lines: one per flow, or the means of as many groups of flows. */
    public static final int MAX_PLOT_LINES = 16;
    /** {@code summary.json} lists every flow's mean throughput up to this many flows. */
    public static final int MAX_SUMMARY_FLOWS = 64;
    /** {@code summary.json} lists every permutation's convergence time up to this many permutations. */
    public static final int MAX_SUMMARY_PERMUTATIONS = 64;

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
        if (m.hasMessageSources()) {
            receiverThroughputTable(m).write(out.stage(RECEIVER_THROUGHPUT));
        }
        if (m.measuresCongestionControl()) {
            cctiTable(m).write(out.stage(CCTI));
            if (plots) {
                plotCcti(out.stage(CCTI_PLOT), m, "CCTI, " + m.topology().name());
            }
        }
        if (m.measuresIsolation()) {
            isolationTable(m).write(out.stage(ISOLATION));
            if (plots) {
                plotIsolation(out.stage(ISOLATION_PLOT), m, "Hot queues, " + m.topology().name());
            }
        }
        if (m.measuresReorder()) {
            reorderTable(m).write(out.stage(REORDER));
            adaptationsTable(m).write(out.stage(ADAPTATIONS));
            if (m.hasPermutations()) {
                permutationsTable(m).write(out.stage(PERMUTATIONS));
            }
            if (plots) {
                plotAdaptations(out.stage(ADAPTATION_PLOT), m, "Adaptations, " + m.topology().name());
            }
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
        List<Double> pooled = new ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            for (double g : m.activeBinGbps(f)) {
                pooled.add(g);
            }
        }
        s.put("flow_bin_gbps", SampleSummary.of(pooled.stream().mapToDouble(d -> d).toArray()).toJson());
        putIsolation(s, m);
        if (m.measuresCongestionControl()) {
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
            s.put("congestion_control", Json.object().put("marked_packets", c.markedTotal())
                    .put("ports_marking", marking).put("cnp_hops", c.cnpHops())
                    .put("traced_ccti_max", maxCcti));
        }
        if (m.measuresReorder()) {
            s.put("reorder", reorderSummary(m)).put("adaptation", adaptationSummary(m));
        }
        return s.asMap();
    }

    /** The {@code reorder} block: packet order, goodput, seed 001 Table II's aggregates over the receivers. */
    static Map<String, Object> reorderSummary(PacketMetrics m) {
        ReorderMeter r = m.reorder();
        ReceiverAggregates a = m.receiverAggregates();
        long in = r.inOrder();
        long out = r.outOfOrder();
        double goodput = 0;
        for (double g : m.receiverGoodputGbps()) {
            goodput += g;
        }
        FlowSet flows = m.flows();
        double[] flowGoodput = new double[flows.size()];
        int active = 0;
        for (int f = 0; f < flows.size(); f++) {
            if (m.isActive(f)) {
                flowGoodput[active++] = m.flowGoodputGbps(f);
            }
        }
        Json.Obj s = Json.object()
                .put("receivers", a.receivers())
                .put("receivers_with_ooo", a.receiversWithOoo())
                .put("in_order_packets", in)
                .put("out_of_order_packets", out)
                .put("ooo_ratio", r.ratio())
                .put("ooo_window_mean", r.meanWindow())
                .put("ooo_window_max", r.maxWindow())
                .put("goodput_gbps", goodput)
                .put("avg_of_avg_gbps", a.avgOfAvgGbps())
                .put("min_of_avg_gbps", a.minOfAvgGbps())
                .put("avg_of_avg_goodput_gbps", a.avgOfAvgGoodputGbps())
                .put("min_of_avg_goodput_gbps", a.minOfAvgGoodputGbps())
                .put("avg_of_avg_latency_ns", a.avgOfAvgLatencyNs())
                .put("max_of_max_latency_ns", a.maxOfMaxLatencyNs())
                .put("avg_of_avg_ooo_ratio", a.avgOfAvgOooRatio())
                .put("max_of_avg_ooo_ratio", a.maxOfAvgOooRatio())
                .put("avg_of_avg_ooo_window", a.avgOfAvgOooWindow())
                .put("max_of_avg_ooo_window", a.maxOfAvgOooWindow())
                .put("flow_goodput_gbps", SampleSummary.of(java.util.Arrays.copyOf(flowGoodput, active)).toJson());
        if (flows.size() <= MAX_SUMMARY_FLOWS) {
            double[] all = new double[flows.size()];
            for (int f = 0; f < all.length; f++) {
                all[f] = m.flowGoodputGbps(f);
            }
            s.put("flow_goodput_gbps_values", all);
        }
        return s.asMap();
    }

    /**
     * The {@code adaptation} block: adaptations (run and window), the busiest switch, control packet hops per
     * type and, for a permutation sequence, the permutations' convergence times.
     */
    static Map<String, Object> adaptationSummary(PacketMetrics m) {
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

    /** {@code receiver-throughput.arrow} (message-level traffic): per host and throughput bin, bytes and Gbit/s into it. */
    public static ArrowTable receiverThroughputTable(PacketMetrics m) {
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

    /**
     * Receive rates over time of a congestion forest (seed 002 Paper IV): the mean per host of the
     * {@code hotspots} and of the other hosts per bin, or of all hosts when {@code hotspots} is null (they move).
     */
    public static void plotReceiveRates(Path png, PacketMetrics m, int[] hotspots, String title) throws IOException {
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

    /** summary.json's {@code isolation}: the window's mean CAM lines, hot queues, ports without one, refusals. */
    private static void putIsolation(Json.Obj s, PacketMetrics m) {
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

    /** {@code isolation.arrow}: per throughput bin, the mean CAM lines and hot queues in use and ports without a free one. */
    public static ArrowTable isolationTable(PacketMetrics m) {
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
    public static void plotIsolation(Path png, PacketMetrics m, String title) throws IOException {
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

    /** {@code ccti.arrow}: per traced source host and throughput bin, its CCTI at the bin's end and its largest in the bin. */
    public static ArrowTable cctiTable(PacketMetrics m) {
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
    public static void plotCcti(Path png, PacketMetrics m, String title) throws IOException {
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

    /** {@code receivers.arrow}: one row per host, in host order. */
    public static ArrowTable receiversTable(PacketMetrics m) {
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

    /** {@code reorder.arrow}: one row per host, in host order (seed 001 Table II per receiver). */
    public static ArrowTable reorderTable(PacketMetrics m) {
        Topology t = m.topology();
        ReorderMeter r = m.reorder();
        int h = t.hostCount();
        int[] host = new int[h];
        String[] name = new String[h];
        boolean[] counted = new boolean[h];
        long[] packets = new long[h];
        long[] in = new long[h];
        long[] out = new long[h];
        double[] ratio = new double[h];
        double[] window = new double[h];
        int[] windowMax = new int[h];
        double[] gbps = m.receiverGbps();
        double[] goodput = m.receiverGoodputGbps();
        for (int i = 0; i < h; i++) {
            host[i] = i;
            name[i] = t.nodeName(i);
            packets[i] = m.receiverLatency(i).count();
            counted[i] = packets[i] > 0;
            in[i] = r.inOrder(i);
            out[i] = r.outOfOrder(i);
            ratio[i] = r.ratio(i);
            window[i] = r.meanWindow(i);
            windowMax[i] = r.maxWindow(i);
        }
        return table("fabricsim.reorder", m)
                .int32("host", host).utf8("name", name).bool("counted", counted).int64("packets", packets)
                .int64("in_order_packets", in).int64("out_of_order_packets", out).float64("ooo_ratio", ratio)
                .float64("ooo_window_mean", window).int32("ooo_window_max", windowMax).float64("gbps", gbps)
                .float64("goodput_gbps", goodput);
    }

    /** {@code adaptations.arrow}: one row per (switch, adaptation bin), switch-major, empty bins included. */
    public static ArrowTable adaptationsTable(PacketMetrics m) {
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
    public static ArrowTable permutationsTable(PacketMetrics m) {
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

    /**
     * Adaptations per bin over time (seed 001 Fig 10): all switches summed, and the busiest switch (the most
     * adaptations in the window).
     */
    public static void plotAdaptations(Path png, PacketMetrics m, String title) throws IOException {
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
