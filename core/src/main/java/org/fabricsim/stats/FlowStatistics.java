package org.fabricsim.stats;

import java.util.Arrays;

/**
 * Per-flow throughput, completions and latency of a packet-level run ({@link PacketMetrics}'s flow readings): the
 * {@link FlowMeter}'s bytes in {@link ThroughputBins}, each flow's active time (from its start until its stop,
 * inside the window) and its latencies. Gbit/s and completion times are derived on reading.
 */
final class FlowStatistics {
    private final int flows;
    private final long start;
    private final long end;
    private final ThroughputBins bins;
    private final FlowMeter meter;
    private final Latencies latency;
    private long[] startPs;
    private long[] stopPs;

    /** {@code place}: where each flow lives in the pages ({@link LongPages#byDestination}). */
    FlowStatistics(int flows, MetricsOptions o, ThroughputBins bins, int[] place) {
        this.flows = flows;
        this.start = o.windowStartPs();
        this.end = o.windowEndPs();
        this.bins = bins;
        meter = new FlowMeter(flows, o, place);
        latency = new Latencies(flows, flows <= o.maxLatencyHistograms(), false, o.latencyDigits(),
                o.latencyResolutionPs(), place);
        startPs = new long[flows];
        stopPs = new long[flows];
        Arrays.fill(stopPs, Long.MAX_VALUE);
    }

    /** When each flow is active ({@link PacketMetrics#flowTimes}); the arrays are kept, not copied. */
    void times(long[] startPs, long[] stopPs) {
        if (startPs.length != flows || stopPs.length != flows) {
            throw new IllegalArgumentException("flow times for " + startPs.length + "/" + stopPs.length
                    + " flows, but there are " + flows);
        }
        this.startPs = startPs;
        this.stopPs = stopPs;
    }

    boolean sameTimes(FlowStatistics o) {
        return Arrays.equals(o.startPs, startPs) && Arrays.equals(o.stopPs, stopPs);
    }

    // ---------------------------------------------------------------------------------------------------
    // Observing (hot path)

    /** {@code bytes} (throughput basis) of {@code flow} delivered at {@code timePs}, inside the window. */
    void delivered(long timePs, int flow, int bytes) {
        meter.delivered(timePs, flow, bytes);
    }

    void recordLatency(int flow, long latencyPs) {
        latency.record(flow, latencyPs);
    }

    /** The flows' latencies (the receivers' are taken from them: {@link ReceiverStatistics#fromFlows}). */
    Latencies latencies() {
        return latency;
    }

    void completed(long timePs, int flow) {
        meter.completed(timePs, flow);
    }

    void merge(FlowStatistics o) {
        meter.merge(o.meter);
        latency.merge(o.latency);
    }

    // ---------------------------------------------------------------------------------------------------
    // Reading

    long binBytes(int flow, int b) {
        return meter.binBytes(flow, b);
    }

    double binGbps(int flow, int b) {
        return ThroughputBins.gbps(binBytes(flow, b), bins.widthPs(b));
    }

    /** The whole bins inside the flow's active time, in Gbit/s (throughput jitter). */
    double[] activeBinGbps(int flow) {
        double[] g = new double[bins.count()];
        int n = 0;
        for (int b = 0; b < g.length; b++) {
            long from = bins.startPs(b);
            if (from >= startPs[flow] && from + bins.widthPs(b) <= stopPs[flow] && bins.isWhole(b)) {
                g[n++] = binGbps(flow, b);
            }
        }
        return Arrays.copyOf(g, n);
    }

    long bytes(int flow) {
        return meter.bytes.get(flow);
    }

    long packets(int flow) {
        return meter.deliveries.count(flow);
    }

    long firstDeliveryPs(int flow) {
        return meter.deliveries.first(flow);
    }

    long lastDeliveryPs(int flow) {
        return meter.deliveries.last(flow);
    }

    boolean isActive(int flow) {
        return activePs(flow) > 0;
    }

    /** The part of the window the flow was active. */
    private long activePs(int flow) {
        return Math.min(end, stopPs[flow]) - Math.max(start, startPs[flow]);
    }

    /** Bytes over the active part of the window; NaN for a flow never active in it. */
    double gbps(int flow) {
        long active = activePs(flow);
        return active > 0 ? ThroughputBins.gbps(bytes(flow), active) : Double.NaN;
    }

    long completions(int flow) {
        return meter.completions.count(flow);
    }

    long firstCompletionPs(int flow) {
        return meter.completions.first(flow);
    }

    long completionPs(int flow) {
        return meter.completions.last(flow);
    }

    /** Last completion − the flow's start, or -1. */
    long completionTimePs(int flow) {
        long c = completionPs(flow);
        return c < 0 ? -1 : c - startPs[flow];
    }

    /** All flows' bytes in the window. */
    long deliveredBytes() {
        long s = 0;
        for (int f = 0; f < flows; f++) {
            s += meter.bytes.get(f);
        }
        return s;
    }

    /** All flows' packets in the window. */
    long deliveredPackets() {
        long s = 0;
        for (int f = 0; f < flows; f++) {
            s += packets(f);
        }
        return s;
    }

    /** The mean Gbit/s of each active flow, in flow order. */
    double[] activeGbps() {
        double[] g = new double[flows];
        int n = 0;
        for (int f = 0; f < g.length; f++) {
            if (isActive(f)) {
                g[n++] = gbps(f);
            }
        }
        return Arrays.copyOf(g, n);
    }

    LatencySummary latency(int flow) {
        return latency.summary(flow);
    }

    boolean hasPercentiles() {
        return latency.hasHistograms();
    }

    /** Latency histograms held. */
    int histograms() {
        return latency.histogramCount();
    }

    /** Flows with a row of throughput bins. */
    int binRows() {
        return meter.rows();
    }
}
