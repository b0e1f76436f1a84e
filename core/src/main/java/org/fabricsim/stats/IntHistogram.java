package org.fabricsim.stats;

import java.io.Serializable;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Exact counts of non-negative integer values (link loads, iteration counts, hop counts). The
 * array of counts grows as needed.
 *
 * <p>Counts are {@code long}s and only ever added, so {@link #merge} is associative and
 * commutative: histograms accumulated per task and merged in any grouping and order are equal
 * (and serialise to the same JSON) — this is what makes a sweep's aggregate independent of how
 * its trials were split. Derived doubles ({@link #mean()}, {@link #probabilities()}) are computed
 * from the counts in value order and are therefore just as reproducible.
 *
 * <p>Not thread-safe: one histogram per thread or task, merged at the end.
 */
public final class IntHistogram implements Serializable {
    private static final long serialVersionUID = 1L;

    private long[] counts;
    private int maxValue = -1; // largest value with a non-zero count, -1 when empty
    private long total;

    /** An empty histogram. */
    public IntHistogram() {
        counts = new long[16];
    }

    /** A histogram with {@code counts[v]} occurrences of each value v (copied). */
    public static IntHistogram ofCounts(long[] counts) {
        IntHistogram h = new IntHistogram();
        for (int v = counts.length - 1; v >= 0; v--) {
            h.add(v, counts[v]);
        }
        return h;
    }

    /** Counts one occurrence of {@code value} (≥ 0). */
    public void add(int value) {
        add(value, 1);
    }

    /**
     * Counts {@code count} (≥ 0) occurrences of {@code value} (≥ 0).
     *
     * @throws IllegalArgumentException for a negative value or count
     * @throws ArithmeticException if the total would overflow a long
     */
    public void add(int value, long count) {
        if (value < 0) {
            throw new IllegalArgumentException("histogram value must be non-negative: " + value);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must be non-negative: " + count);
        }
        if (count == 0) {
            return;
        }
        if (value >= counts.length) {
            counts = Arrays.copyOf(counts, Math.max(value + 1, (int) Math.min(Integer.MAX_VALUE - 8, 2L * counts.length)));
        }
        total = Math.addExact(total, count);
        counts[value] += count;
        maxValue = Math.max(maxValue, value);
    }

    /** Adds all counts of {@code other} to this histogram ({@code other} is unchanged). */
    public void merge(IntHistogram other) {
        for (int v = other.maxValue; v >= 0; v--) {
            add(v, other.counts[v]);
        }
    }

    /** A copy of this histogram. */
    public IntHistogram copy() {
        IntHistogram h = new IntHistogram();
        h.merge(this);
        return h;
    }

    /** Sum of all counts. */
    public long total() {
        return total;
    }

    /** Occurrences of {@code value} (0 for values never added, including negative ones). */
    public long count(int value) {
        return value >= 0 && value <= maxValue ? counts[value] : 0;
    }

    /** Largest value with a non-zero count; −1 when the histogram is empty. */
    public int maxValue() {
        return maxValue;
    }

    /** Counts of the values 0..{@link #maxValue()} (empty array when empty). */
    public long[] counts() {
        return Arrays.copyOf(counts, maxValue + 1);
    }

    /** count(v) / total for v = 0..{@link #maxValue()} (empty array when empty). */
    public double[] probabilities() {
        double[] p = new double[maxValue + 1];
        for (int v = 0; v <= maxValue; v++) {
            p[v] = (double) counts[v] / total;
        }
        return p;
    }

    /** Mean value (NaN when empty). */
    public double mean() {
        if (total == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (int v = 1; v <= maxValue; v++) {
            sum += (double) v * counts[v];
        }
        return sum / total;
    }

    /** Ordered JSON object: {@code total}, {@code mean}, {@code counts} (values 0..max). */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("total", total);
        m.put("mean", mean());
        m.put("counts", counts());
        return m;
    }

    /** Equal when every value has the same count. */
    @Override
    public boolean equals(Object o) {
        return o instanceof IntHistogram h && h.maxValue == maxValue && h.total == total
                && Arrays.equals(counts, 0, maxValue + 1, h.counts, 0, maxValue + 1);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(total);
        for (int v = 0; v <= maxValue; v++) {
            h = 31 * h + Long.hashCode(counts[v]);
        }
        return h;
    }

    @Override
    public String toString() {
        return "IntHistogram" + Arrays.toString(counts());
    }
}
