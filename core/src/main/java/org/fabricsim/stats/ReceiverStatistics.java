package org.fabricsim.stats;

/**
 * What reached each host in the measurement window ({@link PacketMetrics}'s receiver readings): its bytes (by
 * the packets' destinations, so a message source's count where its messages went), its latencies and, with
 * message sources, its bytes per {@link ThroughputBins throughput bin}.
 */
final class ReceiverStatistics {
    private final int hosts;
    private final ThroughputBins bins;
    private final LongPages bytes; // per host, throughput basis
    private final Latencies latency;
    private long[] binBytes; // with message sources: per host and throughput bin

    ReceiverStatistics(int hosts, MetricsOptions o, ThroughputBins bins) {
        this.hosts = hosts;
        this.bins = bins;
        latency = new Latencies(hosts, hosts <= o.maxLatencyHistograms(), true, o.latencyDigits(),
                o.latencyResolutionPs(), null);
        bytes = new LongPages(hosts, 0, null);
    }

    /** Counts each host's bytes per throughput bin too ({@link PacketMetrics#messageSources}). */
    void perBin() {
        binBytes = new long[hosts * bins.count()];
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
        latency.merge(o.latency);
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
        return latency.hasHistograms();
    }

    /** Latency histograms held. */
    int histograms() {
        return latency.histogramCount();
    }
}
