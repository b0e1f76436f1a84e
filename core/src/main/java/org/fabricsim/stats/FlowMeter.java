package org.fabricsim.stats;

/**
 * Per-flow delivered bytes and packets inside the measurement window, binned by the time the last byte of
 * each packet arrived (bin k = [start + k·w, start + (k+1)·w), the last bin ends at the window's end), and
 * per-flow completions (all of them, window or not). Integers only, so merging is exact in any order.
 *
 * <p>A flow's row of bins is allocated when its first packet is delivered in the window: in a partitioned
 * run each logical process holds the rows of the flows its own hosts receive, not every flow's (issue 16;
 * the bins are the biggest per-flow structure, 200 longs at the automatic width).
 */
final class FlowMeter {
    private final long start;
    private final long width;
    private final int bins;
    private final long[][] binBytes; // [flow][bin]; null row: nothing delivered in the window
    final LongPages bytes; // paged by destination, like the counts (LongPages)
    final Occurrences deliveries; // packets delivered in the window
    final Occurrences completions;

    /** {@code place}: where each flow lives in the pages ({@link LongPages#byDestination}). */
    FlowMeter(int flows, MetricsOptions o, int[] place) {
        start = o.windowStartPs();
        width = o.binWidthPs();
        bins = o.bins();
        binBytes = new long[flows][];
        bytes = new LongPages(flows, 0, place);
        deliveries = new Occurrences(flows, place);
        completions = new Occurrences(flows, place);
    }

    int bins() {
        return bins;
    }

    /** Bytes of {@code flow} delivered in bin {@code b}. */
    long binBytes(int flow, int b) {
        long[] row = binBytes[flow];
        return row == null ? 0 : row[b];
    }

    /** Flows with a row of bins (at least one packet delivered in the window). */
    int rows() {
        int n = 0;
        for (long[] row : binBytes) {
            n += row == null ? 0 : 1;
        }
        return n;
    }

    /** A packet of {@code n} bytes of {@code flow} delivered at {@code t}, which is inside the window. */
    void delivered(long t, int flow, int n) {
        long[] row = binBytes[flow];
        if (row == null) {
            row = binBytes[flow] = new long[bins];
        }
        row[(int) ((t - start) / width)] += n;
        bytes.add(flow, n);
        deliveries.record(flow, t);
    }

    void completed(long t, int flow) {
        completions.record(flow, t);
    }

    void merge(FlowMeter o) {
        if (o.bytes.size() != bytes.size() || o.bins != bins) {
            throw new IllegalArgumentException("flow statistics of different shape");
        }
        for (int f = 0; f < binBytes.length; f++) {
            long[] theirs = o.binBytes[f];
            if (theirs == null) {
                continue;
            }
            if (binBytes[f] == null) {
                binBytes[f] = theirs.clone();
            } else {
                long[] mine = binBytes[f];
                for (int b = 0; b < bins; b++) {
                    mine[b] += theirs[b];
                }
            }
        }
        bytes.merge(o.bytes, Long::sum);
        deliveries.merge(o.deliveries);
        completions.merge(o.completions);
    }
}
