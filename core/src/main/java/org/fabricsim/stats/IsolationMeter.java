package org.fabricsim.stats;

/**
 * What congested-flow isolation held over time (seed 002 Papers V–VI; issue 14's metrics): per throughput bin
 * the mean number of CAM lines in use at switch inputs, of hot queues (HPQs / CFQs) in use and of switch ports
 * with no free hot queue (Paper VI Fig. 10's measure), and the times a line could not be made for want of one.
 *
 * <p>The model reports changes; a bin's mean is the integral of the step function over the bin, kept as
 * integers (the changes in each bin and their weight to the bin's end, plus the level before the window), so
 * that the parts of a partitioned run add up to the sequential run's figures exactly.
 */
public final class IsolationMeter {
    private final long start;
    private final long end;
    private final long binWidth;
    private final int bins;
    private static final int MEASURES = 3; // lines, hot queues, ports without a free one
    private final long[] before = new long[MEASURES]; // per measure: its level at the window's start
    private final long[] delta; // per measure x bin: the changes in the bin
    private final long[] weighted; // per measure x bin: each change times the ps from it to the bin's end
    private long refused;

    IsolationMeter(MetricsOptions o, int bins) {
        start = o.windowStartPs();
        end = o.windowEndPs();
        binWidth = o.binWidthPs();
        this.bins = bins;
        delta = new long[MEASURES * bins];
        weighted = new long[MEASURES * bins];
    }

    void changed(long t, int lines, int hotQueues, int fullPorts) {
        add(0, t, lines);
        add(1, t, hotQueues);
        add(2, t, fullPorts);
    }

    private void add(int measure, long t, int d) {
        if (d == 0 || t >= end) {
            return;
        }
        if (t < start) {
            before[measure] += d;
            return;
        }
        int b = (int) ((t - start) / binWidth);
        long binEnd = Math.min(end, start + (b + 1) * binWidth);
        delta[measure * bins + b] += d;
        weighted[measure * bins + b] += d * (binEnd - t);
    }

    void refused(long t) {
        if (t >= start && t < end) {
            refused++;
        }
    }

    void merge(IsolationMeter o) {
        for (int m = 0; m < MEASURES; m++) {
            before[m] += o.before[m];
        }
        for (int k = 0; k < delta.length; k++) {
            delta[k] += o.delta[k];
            weighted[k] += o.weighted[k];
        }
        refused += o.refused;
    }

    /** Mean CAM lines in use at switch inputs, per bin. */
    public double[] lines() {
        return means(0);
    }

    /** Mean hot queues in use, per bin. */
    public double[] hotQueues() {
        return means(1);
    }

    /** Mean switch ports with no free hot queue, per bin. */
    public double[] portsWithoutFreeQueue() {
        return means(2);
    }

    /** Lines that could not be made in the window: no hot queue was free. */
    public long refused() {
        return refused;
    }

    /** Measure {@code m}'s mean over each bin: the level at the bin's start over its width, plus its changes. */
    private double[] means(int m) {
        double[] mean = new double[bins];
        long level = before[m];
        for (int b = 0; b < bins; b++) {
            long width = Math.min(end, start + (b + 1) * binWidth) - (start + b * binWidth);
            mean[b] = (level * width + weighted[m * bins + b]) / (double) width;
            level += delta[m * bins + b];
        }
        return mean;
    }
}
