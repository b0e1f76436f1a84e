package org.fabricsim.stats;

import java.util.Objects;

/**
 * What {@link PacketMetrics} measures and how finely.
 *
 * @param windowStartPs start of the measurement window (inclusive): earlier events are warm-up and count
 *     towards nothing but flow completions
 * @param windowEndPs end of the window (exclusive), after the start
 * @param binWidthPs width of the per-flow throughput bins; 0 = automatic: the smallest 1-2-5 value (1, 2, 5,
 *     10, 20, … ps) that cuts the window into at most {@value #AUTO_BINS} bins
 * @param virtualLanes VLs per port (1 … 16), the range of the {@code vl} argument
 * @param throughputBasis what flow throughput counts (default {@link ByteBasis#PAYLOAD})
 * @param reportedBasis what the model's {@code bytes} arguments are (default {@link ByteBasis#WIRE})
 * @param packetOverheadBytes header + trailer bytes per packet, to convert between the two bases (default 0:
 *     the two bases coincide until the model's overhead is given)
 * @param occupancyBinPs width of the bins of the sampled buffer-occupancy series; 0 = no series (default)
 * @param latencyDigits significant decimal digits of the latency histograms (HdrHistogram; 1 … 4, default 2:
 *     values within 1 %)
 * @param latencyResolutionPs the smallest latency the histograms tell apart (default 1000 ps = 1 ns)
 * @param maxLatencyHistograms per-flow latency percentiles are kept when there are at most this many flows,
 *     per-receiver ones when there are at most this many hosts (default {@value #DEFAULT_MAX_LATENCY_HISTOGRAMS});
 *     above it only min, mean and max (exact) per flow or receiver, and the percentiles of all packets
 * @param reorder whether packet order at the receivers and the switches' adaptations are measured
 *     ({@link ReorderMeter}, {@link AdaptationMeter}; default off, so runs without adaptive routing keep
 *     their outputs)
 * @param adaptationBinPs width of the bins adaptations are counted in per switch (default 10 µs, seed 001
 *     Fig 10)
 * @param reorderGaps how packet order is counted ({@link ReorderMeter}): false (default), a packet below the
 *     highest number delivered for its flow is out of order (D120); true, as the sink of seed 001's simulator
 *     counts, a packet beyond the next expected one opens a gap of that many out-of-order packets and a late
 *     one is not counted (D218)
 */
public record MetricsOptions(long windowStartPs, long windowEndPs, long binWidthPs, int virtualLanes,
        ByteBasis throughputBasis, ByteBasis reportedBasis, int packetOverheadBytes, long occupancyBinPs,
        int latencyDigits, long latencyResolutionPs, int maxLatencyHistograms, boolean reorder,
        long adaptationBinPs, boolean reorderGaps) {

    /** Target number of bins of the automatic bin width. */
    public static final int AUTO_BINS = 200;
    /** Default cap on flows, and on receivers, with a latency histogram each. */
    public static final int DEFAULT_MAX_LATENCY_HISTOGRAMS = 4096;
    /** Default width of the adaptation bins: 10 µs, as seed 001 Fig 10 counts re-routing events. */
    public static final long DEFAULT_ADAPTATION_BIN_PS = 10_000_000L;

    public MetricsOptions {
        Objects.requireNonNull(throughputBasis, "throughputBasis");
        Objects.requireNonNull(reportedBasis, "reportedBasis");
        if (windowStartPs < 0 || windowEndPs <= windowStartPs) {
            throw new IllegalArgumentException("measurement window must satisfy 0 <= start < end: ["
                    + windowStartPs + ", " + windowEndPs + ") ps");
        }
        if (adaptationBinPs <= 0) {
            throw new IllegalArgumentException("the adaptation bin width must be > 0: " + adaptationBinPs);
        }
        if (binWidthPs < 0 || occupancyBinPs < 0) {
            throw new IllegalArgumentException("bin widths must be >= 0 (0 = automatic / off): " + binWidthPs
                    + ", " + occupancyBinPs);
        }
        if (virtualLanes < 1 || virtualLanes > 16) {
            throw new IllegalArgumentException("virtual lanes must be in 1..16: " + virtualLanes);
        }
        if (packetOverheadBytes < 0) {
            throw new IllegalArgumentException("packet overhead must be >= 0: " + packetOverheadBytes);
        }
        if (latencyDigits < 1 || latencyDigits > 4) {
            throw new IllegalArgumentException("latency digits must be in 1..4: " + latencyDigits);
        }
        if (latencyResolutionPs < 1 || maxLatencyHistograms < 0) {
            throw new IllegalArgumentException("latency resolution must be >= 1 ps and the flow-histogram cap"
                    + " >= 0: " + latencyResolutionPs + ", " + maxLatencyHistograms);
        }
        if (binWidthPs == 0) {
            binWidthPs = autoBinWidth(windowEndPs - windowStartPs);
        }
    }

    /** The defaults, measuring over [0, {@code windowEndPs}). */
    public static MetricsOptions until(long windowEndPs) {
        return window(0, windowEndPs);
    }

    /** The defaults, measuring over [{@code startPs}, {@code endPs}) with the automatic bin width. */
    public static MetricsOptions window(long startPs, long endPs) {
        return new MetricsOptions(startPs, endPs, 0, 1, ByteBasis.PAYLOAD, ByteBasis.WIRE, 0, 0, 2, 1000,
                DEFAULT_MAX_LATENCY_HISTOGRAMS, false, DEFAULT_ADAPTATION_BIN_PS, false);
    }

    public MetricsOptions withBinWidth(long ps) {
        return new MetricsOptions(windowStartPs, windowEndPs, ps, virtualLanes, throughputBasis, reportedBasis,
                packetOverheadBytes, occupancyBinPs, latencyDigits, latencyResolutionPs, maxLatencyHistograms,
                reorder, adaptationBinPs, reorderGaps);
    }

    public MetricsOptions withVirtualLanes(int vls) {
        return new MetricsOptions(windowStartPs, windowEndPs, binWidthPs, vls, throughputBasis, reportedBasis,
                packetOverheadBytes, occupancyBinPs, latencyDigits, latencyResolutionPs, maxLatencyHistograms,
                reorder, adaptationBinPs, reorderGaps);
    }

    /** Counting {@code throughput} bytes, given that the model reports {@code reported} bytes. */
    public MetricsOptions withBytes(ByteBasis throughput, ByteBasis reported, int overheadBytes) {
        return new MetricsOptions(windowStartPs, windowEndPs, binWidthPs, virtualLanes, throughput, reported,
                overheadBytes, occupancyBinPs, latencyDigits, latencyResolutionPs, maxLatencyHistograms,
                reorder, adaptationBinPs, reorderGaps);
    }

    public MetricsOptions withOccupancyBins(long ps) {
        return new MetricsOptions(windowStartPs, windowEndPs, binWidthPs, virtualLanes, throughputBasis,
                reportedBasis, packetOverheadBytes, ps, latencyDigits, latencyResolutionPs, maxLatencyHistograms,
                reorder, adaptationBinPs, reorderGaps);
    }

    public MetricsOptions withLatencyHistograms(int digits, long resolutionPs, int maxFlows) {
        return new MetricsOptions(windowStartPs, windowEndPs, binWidthPs, virtualLanes, throughputBasis,
                reportedBasis, packetOverheadBytes, occupancyBinPs, digits, resolutionPs, maxFlows, reorder,
                adaptationBinPs, reorderGaps);
    }

    /**
     * Measuring packet order and adaptations ({@code on}), with adaptations counted in bins of
     * {@code adaptationBinPs}, or not.
     */
    public MetricsOptions withReorder(boolean on, long adaptationBinPs) {
        return new MetricsOptions(windowStartPs, windowEndPs, binWidthPs, virtualLanes, throughputBasis,
                reportedBasis, packetOverheadBytes, occupancyBinPs, latencyDigits, latencyResolutionPs,
                maxLatencyHistograms, on, adaptationBinPs, reorderGaps);
    }

    /** Packet order counted as seed 001's simulator's sink counts it ({@code gaps}), or as D120 ({@code false}). */
    public MetricsOptions withReorderGaps(boolean gaps) {
        return new MetricsOptions(windowStartPs, windowEndPs, binWidthPs, virtualLanes, throughputBasis,
                reportedBasis, packetOverheadBytes, occupancyBinPs, latencyDigits, latencyResolutionPs,
                maxLatencyHistograms, reorder, adaptationBinPs, gaps);
    }

    /** Length of the window in ps. */
    public long windowPs() {
        return windowEndPs - windowStartPs;
    }

    /** Number of throughput bins: ⌈window / bin width⌉ (the last one may be shorter). */
    public int bins() {
        return binsOf(binWidthPs);
    }

    /** Number of adaptation bins over the window: ⌈window / adaptation bin width⌉ (the last may be shorter). */
    public int adaptationBins() {
        return binsOf(adaptationBinPs);
    }

    /** Number of occupancy bins (0 when the series is off). */
    public int occupancyBins() {
        return occupancyBinPs == 0 ? 0 : binsOf(occupancyBinPs);
    }

    private int binsOf(long width) {
        long n = (windowPs() - 1) / width + 1;
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("bin width " + width + " ps cuts the " + windowPs()
                    + " ps window into more than 2^31 bins");
        }
        return (int) n;
    }

    /** The smallest 1-2-5 width that gives at most {@value #AUTO_BINS} bins over {@code windowPs}. */
    static long autoBinWidth(long windowPs) {
        long decade = 1;
        while (true) {
            for (long m : new long[] {1, 2, 5}) {
                long w = m * decade;
                if ((windowPs - 1) / w + 1 <= AUTO_BINS) {
                    return w;
                }
            }
            decade *= 10;
        }
    }
}
