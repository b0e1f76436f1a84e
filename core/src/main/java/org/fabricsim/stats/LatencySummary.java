package org.fabricsim.stats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Packet latencies (delivery of the last byte − injection) of a receiver, a flow or a whole run, in
 * nanoseconds. {@code count}, {@code minNs}, {@code meanNs} and {@code maxNs} are exact; the percentiles
 * come from an HdrHistogram and are within its stated precision (relative 10<sup>−digits</sup>, absolute at
 * least its resolution), clamped to [min, max]. Every value is NaN when {@code count} is 0, and the
 * percentiles are NaN when no histogram was kept (flows beyond {@link MetricsOptions#maxLatencyHistograms()}).
 */
public record LatencySummary(long count, double minNs, double meanNs, double p50Ns, double p90Ns, double p99Ns,
        double p999Ns, double maxNs) {

    /** No packet. */
    public static final LatencySummary EMPTY = new LatencySummary(0, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /** Ordered JSON object: {@code packets, min_ns, mean_ns, p50_ns, p90_ns, p99_ns, p999_ns, max_ns}. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("packets", count);
        m.put("min_ns", minNs);
        m.put("mean_ns", meanNs);
        m.put("p50_ns", p50Ns);
        m.put("p90_ns", p90Ns);
        m.put("p99_ns", p99Ns);
        m.put("p999_ns", p999Ns);
        m.put("max_ns", maxNs);
        return m;
    }
}
