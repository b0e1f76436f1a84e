package org.fabricsim.stats;

/**
 * The throughput bins of the measurement window: bin k = [start + k·w, start + (k+1)·w), the last one cut by
 * the window's end. Flows and receivers count their bytes in the same bins.
 */
final class ThroughputBins {
    private final long start;
    private final long end;
    private final long width;
    private final int count;

    ThroughputBins(MetricsOptions o) {
        start = o.windowStartPs();
        end = o.windowEndPs();
        width = o.binWidthPs();
        count = o.bins();
    }

    int count() {
        return count;
    }

    /** The bin holding {@code timePs}, which is inside the window. */
    int of(long timePs) {
        return (int) ((timePs - start) / width);
    }

    /** Start of bin {@code b}. */
    long startPs(int b) {
        return start + b * width;
    }

    /** Width of bin {@code b}: the bin width, less for a last bin cut by the window's end. */
    long widthPs(int b) {
        return Math.min(end, startPs(b) + width) - startPs(b);
    }

    /** Whether bin {@code b} is a whole bin, not one cut by the window's end. */
    boolean isWhole(int b) {
        return widthPs(b) == width;
    }

    /** bytes · 8 / ps, in Gbit/s. */
    static double gbps(long bytes, long ps) {
        return bytes * 8000.0 / ps;
    }
}
