package org.fabricsim.stats;

/**
 * Exact latency statistics per entity (a flow, a host) — count, sum, minimum, maximum — side by side in pages
 * made on the first write, as {@link LongPages} pages single columns: recording a packet's latency touches one
 * cache line instead of four (issue 36). Entities live at the places {@link LongPages} gives them; an entity
 * whose page was never written reads as empty (count 0, sum 0, minimum {@link Long#MAX_VALUE}, maximum 0).
 */
final class LatencyPages {
    static final int COUNT = 0;
    static final int SUM = 1;
    static final int MIN = 2;
    static final int MAX = 3;
    private static final int WIDTH = 4;
    private static final long[] EMPTY = {0, 0, Long.MAX_VALUE, 0};
    private static final int SHIFT = LongPages.SHIFT; // LongPages' paging, WIDTH longs per entity
    private static final int PAGE = LongPages.PAGE;
    private static final int MASK = LongPages.MASK;

    private final int size;
    private final int[] place; // entity -> its place in the pages; null: the entity's own number
    private final long[][] pages;

    /** {@code place}: where each entity lives (a permutation of 0..size-1, shared, never written), or null. */
    LatencyPages(int size, int[] place) {
        if (place != null && place.length != size) {
            throw new IllegalArgumentException("places for " + place.length + " of " + size + " entities");
        }
        this.size = size;
        this.place = place;
        this.pages = new long[(size + PAGE - 1) >>> SHIFT][];
    }

    int size() {
        return size;
    }

    /** Counts latency {@code v} of entity {@code i}; the sum fails on overflow. */
    void record(int i, long v) {
        int k = LongPages.placeOf(place, size, i);
        long[] p = pages[k >>> SHIFT];
        if (p == null) {
            p = pages[k >>> SHIFT] = newPage();
        }
        int b = (k & MASK) * WIDTH;
        p[b + COUNT]++;
        p[b + SUM] = Math.addExact(p[b + SUM], v);
        if (v < p[b + MIN]) {
            p[b + MIN] = v;
        }
        if (v > p[b + MAX]) {
            p[b + MAX] = v;
        }
    }

    private static long[] newPage() {
        long[] p = new long[PAGE * WIDTH];
        for (int b = MIN; b < p.length; b += WIDTH) {
            p[b] = Long.MAX_VALUE;
        }
        return p;
    }

    /** Adds another entity's statistics to entity {@code i}'s, as if its latencies had been recorded here. */
    void add(int i, long count, long sum, long min, long max) {
        if (count == 0) {
            return;
        }
        int k = LongPages.placeOf(place, size, i);
        long[] p = pages[k >>> SHIFT];
        if (p == null) {
            p = pages[k >>> SHIFT] = newPage();
        }
        combine(p, (k & MASK) * WIDTH, count, sum, min, max);
    }

    /** Adds the statistics (count, sum, min, max) to the entity at {@code b} of page {@code p}. */
    private static void combine(long[] p, int b, long count, long sum, long min, long max) {
        p[b + COUNT] += count;
        p[b + SUM] = Math.addExact(p[b + SUM], sum);
        p[b + MIN] = Math.min(p[b + MIN], min);
        p[b + MAX] = Math.max(p[b + MAX], max);
    }

    /** Field {@code field} ({@link #COUNT}, {@link #SUM}, {@link #MIN}, {@link #MAX}) of entity {@code i}. */
    long get(int i, int field) {
        int k = LongPages.placeOf(place, size, i);
        long[] p = pages[k >>> SHIFT];
        return p == null ? EMPTY[field] : p[(k & MASK) * WIDTH + field];
    }

    /** Adds {@code o}'s statistics to these, entity by entity (counts and sums add, minima and maxima combine). */
    void merge(LatencyPages o) {
        if (o.size != size || !java.util.Arrays.equals(o.place, place)) {
            throw new IllegalArgumentException("latency statistics of different shape");
        }
        LongPages.mergePages(pages, o.pages, (mine, theirs) -> {
            for (int b = 0; b < mine.length; b += WIDTH) {
                combine(mine, b, theirs[b + COUNT], theirs[b + SUM], theirs[b + MIN], theirs[b + MAX]);
            }
        });
    }
}
