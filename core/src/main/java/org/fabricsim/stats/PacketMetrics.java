package org.fabricsim.stats;

import java.util.Arrays;
import java.util.Objects;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * The metrics of a packet-level run, collected from what the model reports ({@link PacketObserver}): per-flow
 * throughput over time, per-link utilisation, input-buffer occupancy per port and VL, per-receiver and
 * per-flow packet latency, flow completion times. Sized once from the topology, the flow set and the
 * {@link MetricsOptions}; every call updates primitive arrays and allocates nothing (latency histograms
 * copy themselves when a larger latency than ever before arrives).
 *
 * <p><b>Window.</b> Rates, bytes, latencies and occupancies count only inside [start, end) of the
 * measurement window, so a warm-up can be left out; completions count whenever they happen. A packet counts
 * for its flow's throughput at the time its last byte was delivered, entirely in the bin holding that time
 * (bin k = [start + k·w, start + (k+1)·w)); a link counts the bytes it serialised inside the window
 * ({@link LinkMeter}). The measurements come in families, each its own class: flows ({@link FlowStatistics}),
 * receivers ({@link ReceiverStatistics}), ports ({@link PortStatistics}), and the optional ones below.
 *
 * <p><b>Bytes.</b> The model's {@code bytes} are {@link MetricsOptions#reportedBasis()} bytes; flow
 * throughput counts {@link MetricsOptions#throughputBasis()} bytes, link utilisation wire bytes; the two
 * differ by {@link MetricsOptions#packetOverheadBytes()} per packet.
 *
 * <p><b>Order and adaptations</b> (only with {@link MetricsOptions#reorder()}, so that runs without adaptive
 * routing measure and write exactly what they did before): packet order per receiver and flow
 * ({@link ReorderMeter}, seed 001 Table II), goodput, the Table II aggregates ({@link ReceiverAggregates}),
 * adaptations per switch and bin, per flow and per permutation of a permutation sequence
 * ({@link AdaptationMeter}, {@link PermutationConvergence}; seed 001 Figs 10–11), control packet hops per type.
 *
 * <p><b>Merging.</b> In a partitioned run every logical process observes its own switches and hosts into
 * its own {@code PacketMetrics}; {@link #merge} combines them. Counts and sums add, minima and maxima
 * combine, each buffer's state comes from the one that saw it, so the merged statistics equal those of a
 * sequential run exactly, whatever the merge order (integers only until the derived doubles are computed on
 * reading).
 *
 * <p>Not thread-safe: one instance per simulation thread, merged at the end.
 */
public final class PacketMetrics implements PacketObserver {
    private final Topology topology;
    private final FlowSet flows;
    private final MetricsOptions options;
    private final long start;
    private final long end;
    private final int throughputAdjust; // added to reported bytes to get throughput bytes
    private final int wireAdjust; // added to reported bytes to get wire bytes
    private final ThroughputBins bins;
    private final FlowStatistics flowStatistics;
    private ReceiverStatistics receivers; // replaced once by messageSources(), before the run
    private final PortStatistics ports;
    private final ReorderMeter reorder; // null unless options.reorder()
    private final AdaptationMeter adaptation; // null unless options.reorder()
    private PermutationSequence permutations; // null: not a permutation sequence
    private CongestionMeter congestion; // null unless congestion control is measured
    private IsolationMeter isolation; // null unless congested-flow isolation is measured
    private MessageLatencyMeter messageLatency; // null unless message latency is measured

    public PacketMetrics(Topology topology, FlowSet flows, MetricsOptions options) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.flows = Objects.requireNonNull(flows, "flows");
        this.options = Objects.requireNonNull(options, "options");
        start = options.windowStartPs();
        end = options.windowEndPs();
        int overhead = options.packetOverheadBytes();
        wireAdjust = options.reportedBasis() == ByteBasis.WIRE ? 0 : overhead;
        throughputAdjust = options.throughputBasis() == options.reportedBasis() ? 0
                : options.throughputBasis() == ByteBasis.WIRE ? overhead : -overhead;
        int n = flows.size();
        bins = new ThroughputBins(options);
        // paged per flow by destination and per host: a part holds its receivers' (issue 16)
        flowStatistics = new FlowStatistics(n, options, bins,
                LongPages.byDestination(flows.dst(), topology.hostCount()));
        // with a histogram per flow, a host's latencies are its flows' (each flow has one destination)
        receivers = new ReceiverStatistics(topology.hostCount(), options, bins, n > options.maxLatencyHistograms());
        ports = new PortStatistics(topology, options);
        reorder = options.reorder() ? new ReorderMeter(n, topology.hostCount(), options.reorderGaps()) : null;
        adaptation = options.reorder() ? new AdaptationMeter(topology, n, options) : null;
    }

    /**
     * When each flow is active (for its mean throughput and whether it counts for fairness): flow f from
     * {@code startPs[f]} until {@code stopPs[f]} (Long.MAX_VALUE: until the end). Without this call every
     * flow is active throughout. The arrays are kept, not copied (a schedule's: 16 bytes a flow in every LP,
     * issue 16); the caller does not write them afterwards.
     */
    public PacketMetrics flowTimes(long[] startPs, long[] stopPs) {
        flowStatistics.times(startPs, stopPs);
        return this;
    }

    /**
     * The flows form a permutation sequence (seed 001 §V-C): flow f belongs to permutation
     * {@code permutationOf[f]} of {@code count} (0 … count − 1) and follows its host's flow {@code after[f]}
     * (-1: its host's first; {@link org.fabricsim.traffic.FlowSchedule#after()}), for
     * {@link #permutationConvergence()}. The arrays are copied.
     */
    public PacketMetrics permutations(int[] permutationOf, int[] after, int count) {
        permutations = new PermutationSequence(flows.size(), permutationOf, after, count);
        return this;
    }

    /**
     * Measure message latency as seed 001's simulator does ({@link MessageLatencyMeter}): each flow cut into
     * messages of {@code messageBytes}, its packets {@code payloadBytes} (its last shorter), {@code flowBytes}
     * per flow (0: without end).
     */
    public PacketMetrics messageLatency(int messageBytes, int payloadBytes, long[] flowBytes) {
        messageLatency = new MessageLatencyMeter(messageBytes, payloadBytes, flowBytes, topology.hostCount());
        return this;
    }

    /** The message latency figures, or null when they are not measured. */
    public MessageLatencyMeter.MessageLatency messageLatency() {
        return messageLatency == null ? null : messageLatency.summary();
    }

    /**
     * Congestion control is on: count marked packets and CNPs per port and trace the CCTI of
     * {@code tracedHosts} over time ({@link CongestionMeter}).
     */
    public PacketMetrics congestionControl(int[] tracedHosts) {
        congestion = new CongestionMeter(topology.portCount(), topology.hostCount(), tracedHosts, options, bins());
        return this;
    }

    /** Whether congestion control is measured ({@link #congestionControl}). */
    public boolean measuresCongestionControl() {
        return congestion != null;
    }

    /** Marks, CNPs and CCTIs. */
    public CongestionMeter congestion() {
        return require(congestion);
    }

    /** Congested-flow isolation is on: hot queues in use and ports without a free one over time. */
    public PacketMetrics isolation() {
        isolation = new IsolationMeter(options, bins());
        return this;
    }

    /** Whether congested-flow isolation is measured ({@link #isolation()}). */
    public boolean measuresIsolation() {
        return isolation != null;
    }

    /** Hot queues over time. */
    public IsolationMeter isolationMeter() {
        return require(isolation);
    }

    /**
     * The flows are the sources of message-level traffic ({@code packet.traffic = messages}): each message
     * has its own destination, so a flow has none (flows.arrow says -1); receivers count what reached them.
     */
    public PacketMetrics messageSources() {
        receivers = new ReceiverStatistics(topology.hostCount(), options, bins, true); // a flow has no destination
        receivers.perBin();
        return this;
    }

    /** With message sources: bytes delivered to {@code host} in throughput bin {@code b}. */
    public long receiverBinBytes(int host, int b) {
        return receivers.binBytes(host, b);
    }

    /** With message sources: Gbit/s into {@code host} in throughput bin {@code b}. */
    public double receiverBinGbps(int host, int b) {
        return receivers.binGbps(host, b);
    }

    /** Whether the flows are message sources without a destination of their own ({@link #messageSources}). */
    public boolean hasMessageSources() {
        return receivers.isPerBin();
    }

    // ---------------------------------------------------------------------------------------------------
    // Observing (hot path)

    @Override
    public void transmitted(long timePs, int globalPort, int vl, int flow, int bytes) {
        ports.transmitted(timePs, globalPort, vl, bytes + wireAdjust);
    }

    @Override
    public void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq) {
        boolean inWindow = timePs >= start && timePs < end;
        if (reorder != null) {
            reorder.delivered(inWindow, flow, dstHost, seq);
            adaptation.injected(flow, injectedPs);
        }
        if (messageLatency != null) {
            messageLatency.delivered(inWindow, timePs, flow, dstHost, injectedPs, seq);
        }
        if (!inWindow) {
            return;
        }
        int counted = Math.max(0, bytes + throughputAdjust);
        flowStatistics.delivered(timePs, flow, counted);
        receivers.delivered(timePs, dstHost, counted); // by the packet's destination: a message source's changes
        long latency = timePs - injectedPs;
        if (latency < 0) {
            throw new IllegalArgumentException("flow " + flow + ": packet delivered at " + timePs
                    + " ps before it was injected at " + injectedPs + " ps");
        }
        if (receivers.recordsLatency()) {
            receivers.recordLatency(dstHost, latency);
        } else {
            receivers.flowsChanged(); // a reading before this one is out of date
        }
        flowStatistics.recordLatency(flow, latency);
    }

    @Override
    public void bufferOccupancy(long timePs, int globalPort, int vl, int bytes) {
        ports.occupancy(timePs, globalPort, vl, bytes);
    }

    @Override
    public void flowCompleted(long timePs, int flow) {
        flowStatistics.completed(timePs, flow);
    }

    @Override
    public void marked(long timePs, int globalPort, int flow) {
        if (congestion != null) {
            congestion.marked(timePs, globalPort);
        }
    }

    @Override
    public void cctiChanged(long timePs, int srcHost, int dstHost, int ccti) {
        if (congestion != null) {
            congestion.ccti(timePs, srcHost, ccti);
        }
    }

    @Override
    public void controlTransmitted(long timePs, int globalPort, int type, int bytes) {
        if (adaptation != null) {
            adaptation.controlTransmitted(type);
        }
        if (congestion != null && type == org.fabricsim.ib.ControlPacket.CONGESTION_NOTIFICATION) {
            congestion.cnp(timePs, globalPort);
        }
    }

    @Override
    public void isolation(long timePs, int lines, int hotQueues, int fullPorts) {
        if (isolation != null) {
            isolation.changed(timePs, lines, hotQueues, fullPorts);
        }
    }

    @Override
    public void isolationRefused(long timePs) {
        if (isolation != null) {
            isolation.refused(timePs);
        }
    }

    @Override
    public void adapted(long timePs, int switchNode, int flow, int fromPort, int toPort) {
        if (adaptation != null) {
            adaptation.adapted(timePs, switchNode, flow);
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Merging

    /**
     * Adds what {@code other} observed (over elements disjoint from this one's) to this; {@code other} is
     * unchanged.
     *
     * @throws IllegalArgumentException if the two were built over different topologies, flow sets, options
     *     or flow times, or both saw the same buffer
     */
    public void merge(PacketMetrics other) {
        // Structural, not identity: metrics of another JVM (issue 6) hold their own copies of both.
        boolean sameTopology = other.topology == topology || (other.topology.name().equals(topology.name())
                && other.topology.portCount() == topology.portCount()
                && other.topology.hostCount() == topology.hostCount());
        boolean sameFlows = other.flows == flows || (Arrays.equals(other.flows.src(), flows.src())
                && Arrays.equals(other.flows.dst(), flows.dst()));
        if (!sameTopology || !sameFlows || !other.options.equals(options)
                || !flowStatistics.sameTimes(other.flowStatistics) || !Objects.equals(other.permutations, permutations)) {
            throw new IllegalArgumentException("only metrics of the same topology, flows, options, flow times and"
                    + " permutations merge");
        }
        flowStatistics.merge(other.flowStatistics);
        ports.merge(other.ports);
        receivers.merge(other.receivers);
        if (congestion != null) {
            congestion.merge(other.congestion);
        }
        if (isolation != null) {
            isolation.merge(other.isolation);
        }
        if (messageLatency != null) {
            messageLatency.merge(other.messageLatency);
        }
        if (reorder != null) {
            reorder.merge(other.reorder);
            adaptation.merge(other.adaptation);
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Reading

    public Topology topology() {
        return topology;
    }

    public FlowSet flows() {
        return flows;
    }

    public MetricsOptions options() {
        return options;
    }

    /** Number of throughput bins. */
    public int bins() {
        return bins.count();
    }

    /** Start of throughput bin {@code b}. */
    public long binStartPs(int b) {
        return bins.startPs(b);
    }

    /** Width of throughput bin {@code b}: the bin width, less for a last bin cut by the window's end. */
    public long binWidthPs(int b) {
        return bins.widthPs(b);
    }

    /** Bytes of {@code flow} delivered in bin {@code b}. */
    public long binBytes(int flow, int b) {
        return flowStatistics.binBytes(flow, b);
    }

    /** Throughput of {@code flow} in bin {@code b} in Gbit/s (bytes·8 / bin width). */
    public double binGbps(int flow, int b) {
        return flowStatistics.binGbps(flow, b);
    }

    /**
     * Throughput of {@code flow} in each whole bin of its active time, in bin order: the samples of seed 002
     * Paper III Table II's mean, SD, min and max per flow ("throughput jitter").
     */
    public double[] activeBinGbps(int flow) {
        return flowStatistics.activeBinGbps(flow);
    }

    /** Bytes of {@code flow} delivered in the window. */
    public long flowBytes(int flow) {
        return flowStatistics.bytes(flow);
    }

    /** Packets of {@code flow} delivered in the window. */
    public long flowPackets(int flow) {
        return flowStatistics.packets(flow);
    }

    /** Delivery time of the first packet of {@code flow} in the window, or -1. */
    public long firstDeliveryPs(int flow) {
        return flowStatistics.firstDeliveryPs(flow);
    }

    /** Delivery time of the last packet of {@code flow} in the window, or -1. */
    public long lastDeliveryPs(int flow) {
        return flowStatistics.lastDeliveryPs(flow);
    }

    /** Whether {@code flow} was active during part of the window ({@link #flowTimes}). */
    public boolean isActive(int flow) {
        return flowStatistics.isActive(flow);
    }

    /**
     * Mean throughput of {@code flow} in Gbit/s: its bytes in the window · 8 / the part of the window it was
     * active; NaN for a flow never active in the window.
     */
    public double flowGbps(int flow) {
        return flowStatistics.gbps(flow);
    }

    /** How many times {@code flow} (or a message of it) completed, window or not. */
    public long completions(int flow) {
        return flowStatistics.completions(flow);
    }

    /** Time of the first completion of {@code flow}, or -1. */
    public long firstCompletionPs(int flow) {
        return flowStatistics.firstCompletionPs(flow);
    }

    /** Time of the last completion of {@code flow}, or -1. */
    public long completionPs(int flow) {
        return flowStatistics.completionPs(flow);
    }

    /** Flow completion time: last completion − the flow's start ({@link #flowTimes}, else 0), or -1. */
    public long completionTimePs(int flow) {
        return flowStatistics.completionTimePs(flow);
    }

    public LatencySummary flowLatency(int flow) {
        return flowStatistics.latency(flow);
    }

    /** Whether per-flow latency percentiles are kept (at most {@link MetricsOptions#maxLatencyHistograms()} flows). */
    public boolean hasFlowPercentiles() {
        return flowStatistics.hasPercentiles();
    }

    /** Whether per-receiver latency percentiles are kept (at most {@link MetricsOptions#maxLatencyHistograms()} hosts). */
    public boolean hasReceiverPercentiles() {
        return receivers.hasPercentiles();
    }

    /**
     * Latency histograms held (flows' and receivers'): made on a first delivery, so a part holds its own; the
     * receivers' hold none while they are taken from the flows'.
     */
    int latencyHistograms() {
        return receivers.histograms() + flowStatistics.histograms();
    }

    /** Flows with a row of throughput bins (made on a first delivery in the window). */
    int binRows() {
        return flowStatistics.binRows();
    }

    /** Latencies of the packets delivered to {@code host} in the window. */
    public LatencySummary receiverLatency(int host) {
        return receiverLatencies().latency(host);
    }

    /** Latencies of all packets delivered in the window. */
    public LatencySummary latency() {
        return receiverLatencies().latency();
    }

    /** The receivers, their latencies taken from the flows' first where they are not recorded. */
    private ReceiverStatistics receiverLatencies() {
        if (receivers.needsFlows()) {
            receivers.fromFlows(flowStatistics.latencies(), flows.dst());
        }
        return receivers;
    }

    /** Wire bytes serialised onto the directed link leaving {@code port} on {@code vl} inside the window. */
    public long linkBytes(int port, int vl) {
        return ports.linkBytes(port, vl);
    }

    /** Wire bytes serialised onto the directed link leaving {@code port} inside the window, all VLs. */
    public long linkBytes(int port) {
        return ports.linkBytes(port);
    }

    /** Fraction of the window the link leaving {@code port} was busy: bytes·8 / (bandwidth · window); NaN unconnected. */
    public double utilisation(int port) {
        return ports.utilisation(port);
    }

    /** Time-weighted mean occupancy (bytes) of the input buffer of {@code port} on {@code vl} over the window. */
    public double bufferMeanBytes(int port, int vl) {
        return ports.bufferMeanBytes(port, vl);
    }

    /** Largest occupancy (bytes) of the input buffer of {@code port} on {@code vl} in the window. */
    public int bufferMaxBytes(int port, int vl) {
        return ports.bufferMaxBytes(port, vl);
    }

    /** Number of occupancy bins (0 without the series). */
    public int occupancyBins() {
        return ports.occupancyBins();
    }

    /** Time-weighted mean occupancy of the input buffer of {@code port} on {@code vl} per occupancy bin. */
    public double[] occupancySeriesMean(int port, int vl) {
        return ports.occupancySeriesMean(port, vl);
    }

    /** Largest occupancy of the input buffer of {@code port} on {@code vl} per occupancy bin. */
    public int[] occupancySeriesMax(int port, int vl) {
        return ports.occupancySeriesMax(port, vl);
    }

    /** Bytes delivered in the window, all flows. */
    public long deliveredBytes() {
        return flowStatistics.deliveredBytes();
    }

    /** Packets delivered in the window, all flows. */
    public long deliveredPackets() {
        return flowStatistics.deliveredPackets();
    }

    /** Aggregate throughput over the window in Gbit/s. */
    public double aggregateGbps() {
        return ThroughputBins.gbps(deliveredBytes(), options.windowPs());
    }

    /** Mean Gbit/s of each flow active in the window, in flow order. */
    public double[] activeFlowGbps() {
        return flowStatistics.activeGbps();
    }

    /** Jain's fairness index of the active flows' mean throughputs ({@link Fairness#jain}). */
    public double jainIndex() {
        return Fairness.jain(activeFlowGbps());
    }

    // ---------------------------------------------------------------------------------------------------
    // Reading: order, goodput, adaptations (only with options().reorder())

    /** Whether packet order and adaptations are measured ({@link MetricsOptions#reorder()}). */
    public boolean measuresReorder() {
        return reorder != null;
    }

    /** Packet order per receiver and flow. */
    public ReorderMeter reorder() {
        return require(reorder);
    }

    /** Adaptations per switch and bin, per flow; control packet hops per type. */
    public AdaptationMeter adaptation() {
        return require(adaptation);
    }

    private <T> T require(T meter) {
        if (meter == null) {
            throw new IllegalStateException("not measured: packet order and adaptations need MetricsOptions.reorder,"
                    + " congestion control congestionControl()");
        }
        return meter;
    }

    /** Bytes delivered to each host in the window (throughput basis), all flows, in host order. */
    public long[] receiverBytes() {
        return receivers.bytes();
    }

    /** Mean throughput into each host over the window in Gbit/s: its bytes · 8 / window. */
    public double[] receiverGbps() {
        return receivers.gbps(options.windowPs());
    }

    /**
     * Goodput into each host (seed 001 Fig 12(b): throughput × the fraction of packets in order):
     * {@link #receiverGbps} × the fraction of its packets delivered in order; 0 without packets.
     */
    public double[] receiverGoodputGbps() {
        return Goodput.ofReceivers(receiverGbps(), reorder());
    }

    /**
     * Goodput of {@code flow}: {@link #flowGbps} × the fraction of its packets delivered in order; NaN when
     * inactive.
     */
    public double flowGoodputGbps(int flow) {
        return Goodput.ofFlow(flowGbps(flow), reorder(), flow);
    }

    /** Seed 001 Table II over the receivers. */
    public ReceiverAggregates receiverAggregates() {
        reorder();
        return ReceiverAggregates.of(this);
    }

    /** Whether the flows form a permutation sequence ({@link #permutations}). */
    public boolean hasPermutations() {
        return permutations != null;
    }

    /** Start, convergence time and adaptations of every permutation of the sequence, in order. */
    public java.util.List<PermutationConvergence> permutationConvergence() {
        if (permutations == null) {
            throw new IllegalStateException("the flows are not a permutation sequence");
        }
        return permutations.convergence(adaptation());
    }
}
