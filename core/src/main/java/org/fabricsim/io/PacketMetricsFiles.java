package org.fabricsim.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.traffic.FlowSet;

/**
 * The files of a packet-level run's {@link PacketMetrics} (docs/OUTPUTS.md, "Packet-level metrics"):
 * {@code flow-throughput.arrow}, {@code ports.arrow}, {@code flows.arrow}, {@code receivers.arrow},
 * {@code buffer-occupancy.arrow} (only with an occupancy series), {@code throughput.png} (only with plots),
 * with packet order and adaptations measured ({@link PacketMetrics#measuresReorder()}) also
 * {@code reorder.arrow}, {@code adaptations.arrow}, {@code permutations.arrow} (only for a permutation
 * sequence) and {@code adaptations.png} (only with plots), and the {@code summary.json} section
 * {@link #summary}. Everything is a function of the metrics alone: rows in index order, no hash order,
 * doubles as Java prints them. Each family of metrics has its writer: flows ({@link FlowMetricsFiles}), ports
 * ({@link PortMetricsFiles}), receivers ({@link ReceiverMetricsFiles}), congestion control
 * ({@link CongestionMetricsFiles}), isolation ({@link IsolationMetricsFiles}), packet order
 * ({@link ReorderMetricsFiles}) and adaptations ({@link AdaptationMetricsFiles}); this class says which files a
 * run has, in which order, and puts the {@code summary.json} section together.
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

    private PacketMetricsFiles() {
    }

    /**
     * Stages the Arrow files (and, with {@code plots}, the throughput plot titled {@code title}) in
     * {@code out}, in the order of the class comment. {@code summary.json} is the caller's, with {@link #summary}
     * as a section of it.
     */
    public static void write(OutputDirectory out, PacketMetrics m, boolean plots, String title) throws IOException {
        FlowMetricsFiles.throughputTable(m).write(out.stage(THROUGHPUT));
        PortMetricsFiles.portsTable(m).write(out.stage(PORTS));
        FlowMetricsFiles.flowsTable(m).write(out.stage(FLOWS));
        ReceiverMetricsFiles.receiversTable(m).write(out.stage(RECEIVERS));
        if (m.occupancyBins() > 0) {
            PortMetricsFiles.occupancyTable(m).write(out.stage(OCCUPANCY));
        }
        if (plots) {
            FlowMetricsFiles.plotThroughput(out.stage(PLOT), m, title);
        }
        if (m.hasMessageSources()) {
            ReceiverMetricsFiles.receiverThroughputTable(m).write(out.stage(RECEIVER_THROUGHPUT));
        }
        if (m.measuresCongestionControl()) {
            CongestionMetricsFiles.cctiTable(m).write(out.stage(CCTI));
            if (plots) {
                CongestionMetricsFiles.plotCcti(out.stage(CCTI_PLOT), m, "CCTI, " + m.topology().name());
            }
        }
        if (m.measuresIsolation()) {
            IsolationMetricsFiles.isolationTable(m).write(out.stage(ISOLATION));
            if (plots) {
                IsolationMetricsFiles.plotIsolation(out.stage(ISOLATION_PLOT), m, "Hot queues, " + m.topology().name());
            }
        }
        if (m.measuresReorder()) {
            ReorderMetricsFiles.reorderTable(m).write(out.stage(REORDER));
            AdaptationMetricsFiles.adaptationsTable(m).write(out.stage(ADAPTATIONS));
            if (m.hasPermutations()) {
                AdaptationMetricsFiles.permutationsTable(m).write(out.stage(PERMUTATIONS));
            }
            if (plots) {
                AdaptationMetricsFiles.plotAdaptations(out.stage(ADAPTATION_PLOT), m,
                        "Adaptations, " + m.topology().name());
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
                .put("utilisation", PortMetricsFiles.utilisationByClass(m))
                .put("buffer_max_bytes", PortMetricsFiles.bufferMax(m));
        List<Double> pooled = new ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            for (double g : m.activeBinGbps(f)) {
                pooled.add(g);
            }
        }
        s.put("flow_bin_gbps", SampleSummary.of(pooled.stream().mapToDouble(d -> d).toArray()).toJson());
        IsolationMetricsFiles.putIsolation(s, m);
        if (m.measuresCongestionControl()) {
            s.put("congestion_control", CongestionMetricsFiles.summary(m));
        }
        if (m.measuresReorder()) {
            s.put("reorder", ReorderMetricsFiles.summary(m)).put("adaptation", AdaptationMetricsFiles.summary(m));
        }
        var messages = m.messageLatency();
        if (messages != null) { // seed 001's simulator's message latency (D221)
            s.put("message_latency", Json.object().put("message_bytes", messages.messageBytes())
                    .put("messages", messages.messages()).put("overflowed", messages.overflowed())
                    .put("mean_ns", finite(messages.meanNs())).put("avg_of_avg_ns", finite(messages.avgOfAvgNs()))
                    .put("max_of_max_ns", finite(messages.maxOfMaxNs())).asMap());
        }
        return s.asMap();
    }

    /** A double for JSON: null when not finite. */
    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /**
     * Receive rates over time of a congestion forest (seed 002 Paper IV): the mean per host of the
     * {@code hotspots} and of the other hosts per bin, or of all hosts when {@code hotspots} is null (they move).
     */
    public static void plotReceiveRates(Path png, PacketMetrics m, int[] hotspots, String title) throws IOException {
        ReceiverMetricsFiles.plotReceiveRates(png, m, hotspots, title);
    }
}
