package org.fabricsim.stats;

/**
 * What reached each host in the measurement window ({@link PacketMetrics}'s receiver readings): its bytes (by
 * the packets' destinations, so a message source's count where its messages went), its latencies and, with
 * message sources, its bytes per {@link ThroughputBins throughput bin}.
 *
 * <p>Where every flow has a latency histogram and a destination of its own, a host's latencies are exactly those
 * of the flows to it: they are not recorded twice but taken from the flows' on reading ({@link #fromFlows}),
 * which spares each delivered packet a second histogram and LP its receivers' histograms (issue 36).
 */
final class ReceiverStatistics {
    private final int hosts;
    private final ThroughputBins bins;
    private final MetricsOptions options;
    private final LongPages bytes; // per host, throughput basis
    private final boolean recorded; // the latencies are recorded here; else taken from the flows' (fromFlows)
    private Latencies latency; // unless recorded: null until taken from the flows'
    private long[] binBytes; // with message sources: per host and throughput bin

    /** {@code recorded}: the hosts' latencies are recorded here, else taken from their flows' ({@link #fromFlows}). */
    ReceiverStatistics(int hosts, MetricsOptions o, ThroughputBins bins, boolean recorded) {
        this.hosts = hosts;
        this.bins = bins;
        this.options = o;
        this.recorded = recorded;
        latency = recorded ? newLatencies() : null;
        bytes = new LongPages(hosts, 0, null);
    }

    private Latencies newLatencies() {
        return new Latencies(hosts, withHistograms(), true, options.latencyDigits(), options.latencyResolutionPs(),
                null);
    }

    private boolean withHistograms() {
        return hosts <= options.maxLatencyHistograms();
    }

    /** Counts each host's bytes per throughput bin too ({@link PacketMetrics#messageSources}). */
    void perBin() {
        binBytes = new long[hosts * bins.count()];
    }

    /** Whether the hosts' latencies are recorded here ({@link #recordLatency}) rather than taken from their flows'. */
    boolean recordsLatency() {
        return recorded;
    }

    /**
     * The hosts' latencies taken from their flows' (flow f's packets all reach host {@code dst[f]}), for reading;
     * again after a merge. Only without {@link #recordsLatency}.
     */
    void fromFlows(Latencies byFlow, int[] dst) {
        if (recorded) {
            throw new IllegalStateException("the receivers record their own latencies");
        }
        latency = byFlow.regroup(dst, hosts, withHistograms(), true);
    }

    /** The flows' latencies changed: those taken from them before are out of date. */
    void flowsChanged() {
        latency = null;
    }

    /** Whether the latencies are to be taken from the flows' before reading. */
    boolean needsFlows() {
        return !recorded && latency == null;
    }

    boolean isPerBin() {
        return binBytes != null;
    }

    // ---------------------------------------------------------------------------------------------------
    // Observing (hot path)

    /** {@code n} bytes (throughput basis) delivered to {@code host} at {@code timePs}, inside the window. */
    void delivered(long timePs, int host, int n) {
        bytes.add(host, n);
        if (binBytes != null) {
            binBytes[host * bins.count() + bins.of(timePs)] += n;
        }
    }

    void recordLatency(int host, long latencyPs) {
        latency.record(host, latencyPs);
    }

    void merge(ReceiverStatistics o) {
        if (recorded != o.recorded) {
            throw new IllegalArgumentException("receiver statistics of different shape");
        }
        if (recorded) {
            latency.merge(o.latency);
        } else {
            flowsChanged(); // the flows' merge carries them: taken again on reading
        }
        bytes.merge(o.bytes, Long::sum);
        if (binBytes != null) {
            for (int k = 0; k < binBytes.length; k++) {
                binBytes[k] += o.binBytes[k];
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Reading

    long binBytes(int host, int b) {
        return binBytes[host * bins.count() + b];
    }

    double binGbps(int host, int b) {
        return ThroughputBins.gbps(binBytes(host, b), bins.widthPs(b));
    }

    /** Every host's bytes, in host order. */
    long[] bytes() {
        return bytes.toArray();
    }

    /** Every host's mean Gbit/s over {@code windowPs}, in host order. */
    double[] gbps(long windowPs) {
        long[] b = bytes();
        double[] g = new double[b.length];
        for (int h = 0; h < g.length; h++) {
            g[h] = ThroughputBins.gbps(b[h], windowPs);
        }
        return g;
    }

    LatencySummary latency(int host) {
        return latency.summary(host);
    }

    /** All packets' latencies. */
    LatencySummary latency() {
        return latency.total();
    }

    boolean hasPercentiles() {
        return withHistograms();
    }

    /** Latency histograms held (none while they are the flows'). */
    int histograms() {
        return recorded ? latency.histogramCount() : 0;
    }
}
