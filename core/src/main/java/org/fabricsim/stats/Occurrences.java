package org.fabricsim.stats;

import java.util.Arrays;

/**
 * How often something happened to each of n entities, and when first and last (e.g. deliveries or
 * completions of each flow). Counts add and instants combine by min and max, so merging is exact in any order.
 */
final class Occurrences {
    private final long[] count;
    private final long[] first;
    private final long[] last;

    Occurrences(int n) {
        count = new long[n];
        first = new long[n];
        last = new long[n];
        Arrays.fill(first, Long.MAX_VALUE);
        Arrays.fill(last, -1);
    }

    void record(int i, long t) {
        count[i]++;
        if (t < first[i]) {
            first[i] = t;
        }
        if (t > last[i]) {
            last[i] = t;
        }
    }

    void merge(Occurrences o) {
        if (o.count.length != count.length) {
            throw new IllegalArgumentException("occurrences of different size");
        }
        for (int i = 0; i < count.length; i++) {
            count[i] += o.count[i];
            first[i] = Math.min(first[i], o.first[i]);
            last[i] = Math.max(last[i], o.last[i]);
        }
    }

    long count(int i) {
        return count[i];
    }

    /** The first instant, or -1 when nothing happened. */
    long first(int i) {
        return first[i] == Long.MAX_VALUE ? -1 : first[i];
    }

    /** The last instant, or -1 when nothing happened. */
    long last(int i) {
        return last[i];
    }
}
