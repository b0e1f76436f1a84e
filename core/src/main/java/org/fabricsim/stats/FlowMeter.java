package org.fabricsim.stats;

import java.util.Arrays;

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
    final long[] packets;
    final long[] firstPs;
    final long[] lastPs;
    final long[] completions;
    final long[] firstCompletionPs;
    final long[] lastCompletionPs;

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
        packets = new long[flows];
        firstPs = new long[flows];
        lastPs = new long[flows];
        completions = new long[flows];
        firstCompletionPs = new long[flows];
        lastCompletionPs = new long[flows];
        Arrays.fill(firstPs, Long.MAX_VALUE);
        Arrays.fill(lastPs, -1);
        Arrays.fill(firstCompletionPs, Long.MAX_VALUE);
        Arrays.fill(lastCompletionPs, -1);
    }

    int bins() {
        return bins;
    }

    /** A packet of {@code n} bytes of {@code flow} delivered at {@code t}, which is inside the window. */
    void delivered(long t, int flow, int n) {
        binBytes[flow * bins + (int) ((t - start) / width)] += n;
        bytes[flow] += n;
        packets[flow]++;
        if (t < firstPs[flow]) {
            firstPs[flow] = t;
        }
        if (t > lastPs[flow]) {
            lastPs[flow] = t;
        }
    }

    void completed(long t, int flow) {
        completions[flow]++;
        if (t < firstCompletionPs[flow]) {
            firstCompletionPs[flow] = t;
        }
        if (t > lastCompletionPs[flow]) {
            lastCompletionPs[flow] = t;
        }
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
            packets[f] += o.packets[f];
            firstPs[f] = Math.min(firstPs[f], o.firstPs[f]);
            lastPs[f] = Math.max(lastPs[f], o.lastPs[f]);
            completions[f] += o.completions[f];
            firstCompletionPs[f] = Math.min(firstCompletionPs[f], o.firstCompletionPs[f]);
            lastCompletionPs[f] = Math.max(lastCompletionPs[f], o.lastCompletionPs[f]);
        }
    }
}
