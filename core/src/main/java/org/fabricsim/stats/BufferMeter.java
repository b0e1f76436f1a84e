package org.fabricsim.stats;

import java.util.Arrays;

/**
 * Input-buffer occupancy per (receiving port, VL): its time integral and its maximum inside the window and,
 * optionally, both per occupancy bin. Occupancy is a step function: a value holds from the time it was
 * reported until the next report (0 before the first). The mean is ∫ occupancy dt / window; the maximum is
 * the largest value that held at some instant of the window (a value replaced at the same picosecond it was
 * set counts too, since a packet did occupy the buffer). Every (port, VL) is reported by one element only,
 * so merging statistics of disjoint elements takes each one's state from the statistics that saw it.
 *
 * <p>Cells come in pages of {@value #PAGE} made on the first report into them: a logical process holds the
 * buffers of its own ports only, not the network's (issue 16; 32 bytes a port and VL, more with a series). A
 * cell's state lies side by side in its page, so that a report touches one cache line or two where five
 * parallel arrays touched five (issue 36).
 */
final class BufferMeter {
    static final int PAGE = 512;
    private static final int SHIFT = Integer.numberOfTrailingZeros(PAGE);

    private final long start;
    private final long end;
    private final long binWidth; // 0: no series
    private final int bins;
    private final int cells;
    private final Page[] pages;

    // a cell's words in its page: the time of its last report, its integral (byte·ps inside the window, up to
    // that time), its count of reports, and its value (low half) with its maximum inside the window (high half)
    private static final int LAST = 0;
    private static final int INTEGRAL = 1;
    private static final int UPDATES = 2;
    private static final int VALUE_MAX = 3;
    private static final int WIDTH = 4;

    /** The state of {@link #PAGE} cells. */
    private static final class Page {
        final long[] cells = new long[PAGE * WIDTH];
        final long[] binIntegral; // cell * bins + bin
        final int[] binMax;

        Page(int bins) {
            for (int w = LAST; w < cells.length; w += WIDTH) {
                cells[w] = Long.MIN_VALUE;
            }
            binIntegral = new long[PAGE * bins];
            binMax = new int[PAGE * bins];
        }

        long last(int c) {
            return cells[c * WIDTH + LAST];
        }

        int value(int c) {
            return (int) cells[c * WIDTH + VALUE_MAX];
        }

        int max(int c) {
            return (int) (cells[c * WIDTH + VALUE_MAX] >> 32);
        }
    }

    private static long valueMax(int value, int max) {
        return (long) max << 32 | (value & 0xFFFF_FFFFL);
    }

    BufferMeter(int cells, MetricsOptions o) {
        start = o.windowStartPs();
        end = o.windowEndPs();
        binWidth = o.occupancyBinPs();
        bins = o.occupancyBins();
        long series = (long) cells * bins;
        if (series > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(cells + " buffers × " + bins + " occupancy bins of " + binWidth
                    + " ps exceed one array; use wider bins");
        }
        this.cells = cells;
        this.pages = new Page[(cells + PAGE - 1) >>> SHIFT];
    }

    void occupancy(long t, int cell, int bytes) {
        Page pg = pages[cell >>> SHIFT];
        if (pg == null) {
            pg = pages[cell >>> SHIFT] = new Page(bins);
        }
        int c = cell & (PAGE - 1);
        long[] cs = pg.cells;
        int w = c * WIDTH;
        long from = cs[w + LAST];
        if (t < from) {
            throw new IllegalArgumentException("buffer occupancy reported out of time order: " + t + " ps after "
                    + from + " ps");
        }
        long vm = cs[w + VALUE_MAX];
        int max = hold(pg, c, from, t, (int) vm, (int) (vm >> 32));
        cs[w + LAST] = t;
        cs[w + UPDATES]++;
        if (t >= start && t < end) {
            if (bytes > max) {
                max = bytes;
            }
            if (bins > 0) {
                int b = c * bins + (int) ((t - start) / binWidth);
                if (bytes > pg.binMax[b]) {
                    pg.binMax[b] = bytes;
                }
            }
        }
        cs[w + VALUE_MAX] = valueMax(bytes, max);
    }

    /**
     * {@code v} held during [from, to): returns the cell's maximum {@code max}, raised to v if v held in the window.
     */
    private int hold(Page pg, int c, long from, long to, int v, int max) {
        long a = Math.max(from, start);
        long b = Math.min(to, end);
        if (a >= b || v == 0) {
            return max;
        }
        int w = c * WIDTH + INTEGRAL;
        pg.cells[w] = Math.addExact(pg.cells[w], Math.multiplyExact(v, b - a));
        if (bins > 0) {
            addToBins(c, a, b, v, pg.binIntegral, pg.binMax);
        }
        return Math.max(max, v);
    }

    private void addToBins(int c, long a, long b, int v, long[] sums, int[] maxima) {
        for (int k = (int) ((a - start) / binWidth), last = (int) ((b - 1 - start) / binWidth); k <= last; k++) {
            long lo = Math.max(a, start + k * binWidth);
            long hi = Math.min(b, Math.min(end, start + (k + 1) * binWidth));
            int i = c * bins + k;
            sums[i] += v * (hi - lo);
            if (v > maxima[i]) {
                maxima[i] = v;
            }
        }
    }

    /** Time-weighted mean occupancy over the window, in bytes. */
    double mean(int cell) {
        Page pg = pages[cell >>> SHIFT];
        if (pg == null) {
            return 0; // never reported: empty all along
        }
        int c = cell & (PAGE - 1);
        long tail = 0;
        long a = Math.max(pg.last(c), start);
        if (a < end) {
            tail = Math.multiplyExact(pg.value(c), end - a);
        }
        return (double) Math.addExact(pg.cells[c * WIDTH + INTEGRAL], tail) / (end - start);
    }

    /** Largest occupancy in the window, in bytes. */
    int max(int cell) {
        Page pg = pages[cell >>> SHIFT];
        if (pg == null) {
            return 0;
        }
        int c = cell & (PAGE - 1);
        return pg.last(c) < end ? Math.max(pg.max(c), pg.value(c)) : pg.max(c);
    }

    int bins() {
        return bins;
    }

    /** Time-weighted mean occupancy per bin (bytes), the last bin over its actual width. */
    double[] seriesMean(int cell) {
        Page pg = pages[cell >>> SHIFT];
        int c = cell & (PAGE - 1);
        long[] sums = pg == null ? new long[bins] : Arrays.copyOfRange(pg.binIntegral, c * bins, (c + 1) * bins);
        int[] maxima = new int[bins];
        tail(pg, c, sums, maxima);
        double[] m = new double[bins];
        for (int k = 0; k < bins; k++) {
            long w = Math.min(end, start + (k + 1) * binWidth) - (start + k * binWidth);
            m[k] = (double) sums[k] / w;
        }
        return m;
    }

    /** Largest occupancy per bin (bytes). */
    int[] seriesMax(int cell) {
        Page pg = pages[cell >>> SHIFT];
        int c = cell & (PAGE - 1);
        long[] sums = new long[bins];
        int[] maxima = pg == null ? new int[bins] : Arrays.copyOfRange(pg.binMax, c * bins, (c + 1) * bins);
        tail(pg, c, sums, maxima);
        return maxima;
    }

    /** Adds the last value, which holds until the end of the window, to copies of one cell's bins. */
    private void tail(Page pg, int c, long[] sums, int[] maxima) {
        if (pg == null) {
            return;
        }
        long a = Math.max(pg.last(c), start);
        int v = pg.value(c);
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
        if (o.cells != cells || o.bins != bins) {
            throw new IllegalArgumentException("buffer statistics of different shape");
        }
        for (int k = 0; k < pages.length; k++) {
            Page from = o.pages[k];
            if (from == null) {
                continue;
            }
            if (pages[k] == null) {
                pages[k] = new Page(bins); // then filled below, so that the other statistics stay its own
            }
            Page to = pages[k];
            for (int c = 0; c < PAGE; c++) {
                if (from.cells[c * WIDTH + UPDATES] == 0) {
                    continue;
                }
                if (to.cells[c * WIDTH + UPDATES] != 0) {
                    throw new IllegalArgumentException("buffer " + (k * PAGE + c) + " (port × VLs + VL) was"
                            + " reported to both statistics; merged statistics must cover disjoint elements");
                }
                System.arraycopy(from.cells, c * WIDTH, to.cells, c * WIDTH, WIDTH);
                if (bins > 0) {
                    System.arraycopy(from.binIntegral, c * bins, to.binIntegral, c * bins, bins);
                    System.arraycopy(from.binMax, c * bins, to.binMax, c * bins, bins);
                }
            }
        }
    }
}
