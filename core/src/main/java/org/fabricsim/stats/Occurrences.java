package org.fabricsim.stats;

/**
 * How often something happened to each of n entities, and when first and last (e.g. deliveries or
 * completions of each flow). Counts add and instants combine by min and max, so merging is exact in any order.
 * Paged ({@link LongPages}): a part holds the entities it saw happen.
 */
final class Occurrences {
    private final LongPages count;
    private final LongPages first;
    private final LongPages last;

    /** {@code place}: where each entity lives in the pages ({@link LongPages}), or null. */
    Occurrences(int n, int[] place) {
        count = new LongPages(n, 0, place);
        first = new LongPages(n, Long.MAX_VALUE, place);
        last = new LongPages(n, -1, place);
    }

    void record(int i, long t) {
        int k = count.place(i);
        count.addAt(k, 1);
        first.minAt(k, t);
        last.maxAt(k, t);
    }

    void merge(Occurrences o) {
        count.merge(o.count, Long::sum);
        first.merge(o.first, Math::min);
        last.merge(o.last, Math::max);
    }

    long count(int i) {
        return count.get(i);
    }

    /** The first instant, or -1 when nothing happened. */
    long first(int i) {
        long t = first.get(i);
        return t == Long.MAX_VALUE ? -1 : t;
    }

    /** The last instant, or -1 when nothing happened. */
    long last(int i) {
        return last.get(i);
    }
}
