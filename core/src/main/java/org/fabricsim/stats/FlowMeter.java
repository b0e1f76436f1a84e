package org.fabricsim.stats;

/**
 * Per-flow delivered bytes and packets inside the measurement window, binned by the time the last byte of
 * each packet arrived (bin k = [start + k·w, start + (k+1)·w), the last bin ends at the window's end), and
 * per-flow completions (all of them, window or not). Integers only, so merging is exact in any order.
 */
final class FlowMeter {
    private final long start;
    private final long width;
    private final int bins;
    final long[] binBytes; // flow * bins + bin
    final long[] bytes;
    final Occurrences deliveries; // packets delivered in the window
    final Occurrences completions;

    FlowMeter(int flows, MetricsOptions o) {
        start = o.windowStartPs();
        width = o.binWidthPs();
        bins = o.bins();
        long cells = (long) flows * bins;
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(flows + " flows × " + bins + " throughput bins of " + width
                    + " ps exceed one array; use wider bins");
        }
        binBytes = new long[(int) cells];
        bytes = new long[flows];
        deliveries = new Occurrences(flows);
        completions = new Occurrences(flows);
    }

    int bins() {
        return bins;
    }

    /** A packet of {@code n} bytes of {@code flow} delivered at {@code t}, which is inside the window. */
    void delivered(long t, int flow, int n) {
        binBytes[flow * bins + (int) ((t - start) / width)] += n;
        bytes[flow] += n;
        deliveries.record(flow, t);
    }

    void completed(long t, int flow) {
        completions.record(flow, t);
    }

    void merge(FlowMeter o) {
        if (o.bytes.length != bytes.length || o.bins != bins) {
            throw new IllegalArgumentException("flow statistics of different shape");
        }
        for (int i = 0; i < binBytes.length; i++) {
            binBytes[i] += o.binBytes[i];
        }
        for (int f = 0; f < bytes.length; f++) {
            bytes[f] += o.bytes[f];
        }
        deliveries.merge(o.deliveries);
        completions.merge(o.completions);
    }
}
