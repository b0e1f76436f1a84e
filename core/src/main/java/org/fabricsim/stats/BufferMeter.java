package org.fabricsim.stats;

import java.util.Arrays;

/**
 * Input-buffer occupancy per (receiving port, VL): its time integral and its maximum inside the window and,
 * optionally, both per occupancy bin. Occupancy is a step function: a value holds from the time it was
 * reported until the next report (0 before the first). The mean is ∫ occupancy dt / window; the maximum is
 * the largest value that held at some instant of the window (a value replaced at the same picosecond it was
 * set counts too, since a packet did occupy the buffer). Every (port, VL) is reported by one element only,
 * so merging statistics of disjoint elements takes each one's state from the statistics that saw it.
 */
final class BufferMeter {
    private final long start;
    private final long end;
    private final long binWidth; // 0: no series
    private final int bins;
    private final long[] lastPs;
    private final int[] value;
    private final long[] updates;
    private final long[] integral; // byte·ps inside the window, up to lastPs
    private final int[] max;
    private final long[] binIntegral; // cell * bins + bin
    private final int[] binMax;

    BufferMeter(int cells, MetricsOptions o) {
        start = o.windowStartPs();
        end = o.windowEndPs();
        binWidth = o.occupancyBinPs();
        bins = o.occupancyBins();
        lastPs = new long[cells];
        Arrays.fill(lastPs, Long.MIN_VALUE);
        value = new int[cells];
        updates = new long[cells];
        integral = new long[cells];
        max = new int[cells];
        long series = (long) cells * bins;
        if (series > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(cells + " buffers × " + bins + " occupancy bins of " + binWidth
                    + " ps exceed one array; use wider bins");
        }
        binIntegral = new long[(int) series];
        binMax = new int[(int) series];
    }

    void occupancy(long t, int cell, int bytes) {
        long from = lastPs[cell];
        if (t < from) {
            throw new IllegalArgumentException("buffer occupancy reported out of time order: " + t + " ps after "
                    + from + " ps");
        }
        hold(cell, from, t, value[cell]);
        lastPs[cell] = t;
        value[cell] = bytes;
        updates[cell]++;
        if (t >= start && t < end) {
            if (bytes > max[cell]) {
                max[cell] = bytes;
            }
            if (bins > 0) {
                int b = cell * bins + (int) ((t - start) / binWidth);
                if (bytes > binMax[b]) {
                    binMax[b] = bytes;
                }
            }
        }
    }

    /** {@code v} held during [from, to). */
    private void hold(int cell, long from, long to, int v) {
        long a = Math.max(from, start);
        long b = Math.min(to, end);
        if (a >= b || v == 0) {
            return;
        }
        integral[cell] = Math.addExact(integral[cell], Math.multiplyExact(v, b - a));
        if (v > max[cell]) {
            max[cell] = v;
        }
        if (bins > 0) {
            addToBins(cell, a, b, v, binIntegral, binMax);
        }
    }

    private void addToBins(int cell, long a, long b, int v, long[] sums, int[] maxima) {
        for (int k = (int) ((a - start) / binWidth), last = (int) ((b - 1 - start) / binWidth); k <= last; k++) {
            long lo = Math.max(a, start + k * binWidth);
            long hi = Math.min(b, Math.min(end, start + (k + 1) * binWidth));
            int i = cell * bins + k;
            sums[i] += v * (hi - lo);
            if (v > maxima[i]) {
                maxima[i] = v;
            }
        }
    }

    /** Time-weighted mean occupancy over the window, in bytes. */
    double mean(int cell) {
        long tail = 0;
        long a = Math.max(lastPs[cell], start);
        if (a < end) {
            tail = Math.multiplyExact(value[cell], end - a);
        }
        return (double) Math.addExact(integral[cell], tail) / (end - start);
    }

    /** Largest occupancy in the window, in bytes. */
    int max(int cell) {
        return lastPs[cell] < end ? Math.max(max[cell], value[cell]) : max[cell];
    }

    int bins() {
        return bins;
    }

    /** Time-weighted mean occupancy per bin (bytes), the last bin over its actual width. */
    double[] seriesMean(int cell) {
        long[] sums = Arrays.copyOfRange(binIntegral, cell * bins, (cell + 1) * bins);
        int[] maxima = new int[bins];
        tail(cell, sums, maxima);
        double[] m = new double[bins];
        for (int k = 0; k < bins; k++) {
            long w = Math.min(end, start + (k + 1) * binWidth) - (start + k * binWidth);
            m[k] = (double) sums[k] / w;
        }
        return m;
    }

    /** Largest occupancy per bin (bytes). */
    int[] seriesMax(int cell) {
        long[] sums = new long[bins];
        int[] maxima = Arrays.copyOfRange(binMax, cell * bins, (cell + 1) * bins);
        tail(cell, sums, maxima);
        return maxima;
    }

    /** Adds the last value, which holds until the end of the window, to copies of one cell's bins. */
    private void tail(int cell, long[] sums, int[] maxima) {
        long a = Math.max(lastPs[cell], start);
        int v = value[cell];
        if (a >= end || v == 0) {
            return;
        }
        for (int k = (int) ((a - start) / binWidth); k < bins; k++) {
            long lo = Math.max(a, start + k * binWidth);
            long hi = Math.min(end, start + (k + 1) * binWidth);
            sums[k] += v * (hi - lo);
            maxima[k] = Math.max(maxima[k], v);
        }
    }

    void merge(BufferMeter o) {
        if (o.lastPs.length != lastPs.length || o.bins != bins) {
            throw new IllegalArgumentException("buffer statistics of different shape");
        }
        for (int c = 0; c < lastPs.length; c++) {
            if (o.updates[c] == 0) {
                continue;
            }
            if (updates[c] != 0) {
                throw new IllegalArgumentException("buffer " + c + " (port × VLs + VL) was reported to both"
                        + " statistics; merged statistics must cover disjoint elements");
            }
            lastPs[c] = o.lastPs[c];
            value[c] = o.value[c];
            updates[c] = o.updates[c];
            integral[c] = o.integral[c];
            max[c] = o.max[c];
            if (bins > 0) {
                System.arraycopy(o.binIntegral, c * bins, binIntegral, c * bins, bins);
                System.arraycopy(o.binMax, c * bins, binMax, c * bins, bins);
            }
        }
    }
}
