package org.fabricsim.stats;

/**
 * Seed 001 Table II: each receiving host's average (or maximum) over the measurement window first, then the
 * average, minimum or maximum over the receivers. The receivers that count are the hosts with at least one
 * packet delivered in the window; the out-of-order window aggregates count only those of them that received
 * an out-of-order packet (a receiver without one has no window to average). Every figure is NaN without a
 * receiver that counts.
 *
 * <p>Per receiver: throughput = its bytes delivered in the window (throughput basis) · 8 / window length;
 * goodput = throughput × its in-order fraction of packets (seed 001 Fig 12(b)); latency mean and max of its
 * packets ({@link PacketMetrics#receiverLatency}); OOO/in-order ratio and mean OOO window as
 * {@link ReorderMeter#ratio} and {@link ReorderMeter#meanWindow}.
 *
 * @param receivers hosts that count
 * @param receiversWithOoo of them, those with an out-of-order packet
 */
public record ReceiverAggregates(int receivers, double avgOfAvgGbps, double minOfAvgGbps,
        double avgOfAvgGoodputGbps, double minOfAvgGoodputGbps, double avgOfAvgLatencyNs, double maxOfMaxLatencyNs,
        double avgOfAvgOooRatio, double maxOfAvgOooRatio, int receiversWithOoo, double avgOfAvgOooWindow,
        double maxOfAvgOooWindow) {

    /** Over the hosts of {@code m}, in host order (so the sums, and the doubles, are the same in every run). */
    static ReceiverAggregates of(PacketMetrics m) {
        ReorderMeter r = m.reorder();
        int n = 0;
        int withOoo = 0;
        double gbps = 0;
        double minGbps = Double.POSITIVE_INFINITY;
        double goodput = 0;
        double minGoodput = Double.POSITIVE_INFINITY;
        double latency = 0;
        double maxLatency = Double.NEGATIVE_INFINITY;
        double ratio = 0;
        double maxRatio = Double.NEGATIVE_INFINITY;
        double window = 0;
        double maxWindow = Double.NEGATIVE_INFINITY;
        double[] receiverGbps = m.receiverGbps();
        double[] receiverGoodput = m.receiverGoodputGbps();
        for (int h = 0; h < m.topology().hostCount(); h++) {
            LatencySummary l = m.receiverLatency(h);
            if (l.count() == 0) {
                continue;
            }
            n++;
            double g = receiverGbps[h];
            gbps += g;
            minGbps = Math.min(minGbps, g);
            double gp = receiverGoodput[h];
            goodput += gp;
            minGoodput = Math.min(minGoodput, gp);
            latency += l.meanNs();
            maxLatency = Math.max(maxLatency, l.maxNs());
            double q = r.ratio(h);
            ratio += q;
            maxRatio = Math.max(maxRatio, q);
            if (r.outOfOrder(h) > 0) {
                withOoo++;
                double w = r.meanWindow(h);
                window += w;
                maxWindow = Math.max(maxWindow, w);
            }
        }
        double none = Double.NaN;
        return new ReceiverAggregates(n, n == 0 ? none : gbps / n, n == 0 ? none : minGbps,
                n == 0 ? none : goodput / n, n == 0 ? none : minGoodput, n == 0 ? none : latency / n,
                n == 0 ? none : maxLatency, n == 0 ? none : ratio / n, n == 0 ? none : maxRatio, withOoo,
                withOoo == 0 ? none : window / withOoo, withOoo == 0 ? none : maxWindow);
    }
}
