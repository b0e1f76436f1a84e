package org.fabricsim.stats;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * Latency distributions of n entities (receivers or flows): exact count, sum, min and max per entity and,
 * optionally, an HdrHistogram per entity for percentiles. Histograms start small and resize themselves to
 * the largest latency seen (a copy on growth, never per value). Everything merges exactly: counts and sums
 * add, min and max combine, histogram counts add.
 *
 * <p>An entity's histogram is made when its first latency arrives, so a logical process of a partitioned
 * run holds only those of its own receivers (issue 16: at about 20 KB each they were most of a run's
 * memory). Without per-entity histograms, one histogram of all latencies keeps the total's percentiles.
 */
final class Latencies {
    private static final double PS_PER_NS = 1000.0;

    private final int digits;
    private final long resolutionPs;
    private final IntCountsHistogram[] histograms; // null: exact statistics only; null entry: nothing recorded yet
    private Histogram all; // without per-entity histograms: every latency, for the total's percentiles
    private final LatencyPages exact; // paged: a part holds its own receivers' and flows'

    /**
     * @param withHistograms a histogram per entity
     * @param withTotal without per-entity histograms, still one of all latencies (the total's percentiles)
     * @param place where each entity lives in the pages ({@link LongPages}), or null
     */
    Latencies(int n, boolean withHistograms, boolean withTotal, int digits, long resolutionPs, int[] place) {
        this.digits = digits;
        this.resolutionPs = resolutionPs;
        exact = new LatencyPages(n, place);
        histograms = withHistograms ? new IntCountsHistogram[n] : null;
        all = !withHistograms && withTotal ? newTotal() : null;
    }

    /**
     * An entity's histogram: int counts (half the memory of long ones, the same buckets and so the same
     * percentiles), enough for one flow's or receiver's packets (2<sup>31</sup> in one bucket: 100 Gbit/s of
     * 64-byte packets for over 10 s).
     */
    private IntCountsHistogram newHistogram() {
        return newHistogram(1024 * resolutionPs);
    }

    private IntCountsHistogram newHistogram(long range) {
        return resizing(new IntCountsHistogram(resolutionPs, range, digits));
    }

    /** A histogram of every entity's latencies together: long counts. */
    private Histogram newTotal() {
        return newTotal(1024 * resolutionPs);
    }

    private Histogram newTotal(long range) {
        return resizing(new Histogram(resolutionPs, range, digits));
    }

    /**
     * The range doubled until it holds {@code latencyPs}. A histogram is grown here before a latency beyond it
     * is recorded, not by HdrHistogram's auto-resize on recording, which finds the end of its array by catching
     * an index exception thrown from deep in the event loop: 1 ms of the 1 024-host side-by-side work grew its
     * histograms 2 461 times at about 50 µs a growth (docs/BENCHMARKS.md). The buckets depend only on the
     * resolution and the digits, so the copy holds the same counts at the same places (percentiles unchanged).
     */
    private static long range(AbstractHistogram h, long latencyPs) {
        long r = h.getHighestTrackableValue();
        while (r < latencyPs) {
            r *= 2;
        }
        return r;
    }

    /** {@code h}, grown to the largest latency it is given (a copy on growth, never per value). */
    private static <H extends AbstractHistogram> H resizing(H h) {
        h.setAutoResize(true);
        return h;
    }

    void record(int i, long latencyPs) {
        exact.record(i, latencyPs);
        if (histograms != null) {
            IntCountsHistogram h = histograms[i];
            if (h == null) {
                h = histograms[i] = newHistogram();
            }
            if (latencyPs > h.getHighestTrackableValue()) {
                IntCountsHistogram g = newHistogram(range(h, latencyPs));
                g.add(h);
                h = histograms[i] = g;
            }
            h.recordValue(latencyPs);
        } else if (all != null) {
            if (latencyPs > all.getHighestTrackableValue()) {
                Histogram g = newTotal(range(all, latencyPs));
                g.add(all);
                all = g;
            }
            all.recordValue(latencyPs);
        }
    }

    /**
     * The latencies of groups of these entities — entity i's in group {@code group[i]} (-1: in none) — exactly as
     * if each latency had been recorded for its group too: counts and sums add, minima and maxima combine,
     * histogram counts add. These entities must have histograms of their own; the groups get one each with
     * {@code withHistograms}, else (with {@code withTotal}) one of all their latencies.
     */
    Latencies regroup(int[] group, int groups, boolean withHistograms, boolean withTotal) {
        if (histograms == null || group.length != exact.size()) {
            throw new IllegalStateException("regrouping needs a histogram per entity and a group for each");
        }
        Latencies g = new Latencies(groups, withHistograms, withTotal, digits, resolutionPs, null);
        for (int i = 0; i < group.length; i++) {
            long n = exact.get(i, LatencyPages.COUNT);
            int k = group[i];
            if (n == 0 || k < 0) {
                continue;
            }
            g.exact.add(k, n, exact.get(i, LatencyPages.SUM), exact.get(i, LatencyPages.MIN),
                    exact.get(i, LatencyPages.MAX));
            if (g.histograms != null) {
                if (g.histograms[k] == null) {
                    g.histograms[k] = g.newHistogram();
                }
                g.histograms[k].add(histograms[i]);
            } else if (g.all != null) {
                g.all.add(histograms[i]);
            }
        }
        return g;
    }

    boolean hasHistograms() {
        return histograms != null;
    }

    void merge(Latencies o) {
        if (o.exact.size() != exact.size() || (o.histograms == null) != (histograms == null)
                || (o.all == null) != (all == null)) {
            throw new IllegalArgumentException("latency statistics of different shape");
        }
        if (histograms != null) {
            for (int i = 0; i < histograms.length; i++) {
                if (o.exact.get(i, LatencyPages.COUNT) != 0) {
                    if (histograms[i] == null) {
                        histograms[i] = newHistogram();
                    }
                    histograms[i].add(o.histograms[i]);
                }
            }
        }
        exact.merge(o.exact);
        if (all != null) {
            all.add(o.all);
        }
    }

    /** Entities with a histogram of their own (a latency recorded or merged). */
    int histogramCount() {
        int n = 0;
        if (histograms != null) {
            for (IntCountsHistogram h : histograms) {
                n += h == null ? 0 : 1;
            }
        }
        return n;
    }

    LatencySummary summary(int i) {
        return summary(exact.get(i, LatencyPages.COUNT), exact.get(i, LatencyPages.SUM), exact.get(i, LatencyPages.MIN),
                exact.get(i, LatencyPages.MAX), histograms == null ? null : histograms[i]);
    }

    /** All entities together. */
    LatencySummary total() {
        long n = 0;
        long s = 0;
        long lo = Long.MAX_VALUE;
        long hi = 0;
        Histogram merged = histograms == null ? all : newTotal();
        for (int i = 0; i < exact.size(); i++) {
            long c = exact.get(i, LatencyPages.COUNT);
            if (c == 0) {
                continue;
            }
            n += c;
            s = Math.addExact(s, exact.get(i, LatencyPages.SUM));
            lo = Math.min(lo, exact.get(i, LatencyPages.MIN));
            hi = Math.max(hi, exact.get(i, LatencyPages.MAX));
            if (histograms != null) {
                merged.add(histograms[i]);
            }
        }
        return summary(n, s, lo, hi, merged);
    }

    private static LatencySummary summary(long n, long s, long lo, long hi, AbstractHistogram h) {
        if (n == 0) {
            return LatencySummary.EMPTY;
        }
        return new LatencySummary(n, lo / PS_PER_NS, (double) s / n / PS_PER_NS, percentile(h, 50, lo, hi),
                percentile(h, 90, lo, hi), percentile(h, 99, lo, hi), percentile(h, 99.9, lo, hi), hi / PS_PER_NS);
    }

    private static double percentile(AbstractHistogram h, double p, long lo, long hi) {
        if (h == null) {
            return Double.NaN;
        }
        long v = Math.max(lo, Math.min(hi, h.getValueAtPercentile(p)));
        return v / PS_PER_NS;
    }
}
