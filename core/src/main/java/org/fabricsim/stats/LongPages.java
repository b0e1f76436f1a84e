package org.fabricsim.stats;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.LongBinaryOperator;

/**
 * A long per entity (a flow, a host), held in pages of {@value #PAGE} made on the first write: a logical
 * process of a partitioned run holds the pages of the entities it measures, not the network's (issue 16).
 * Flows are paged in the order of their destinations ({@link #byDestination}), so that the flows a part's
 * hosts receive share pages; hosts are paged in their own order, in which a part's hosts are runs. An entity
 * whose page was never written reads as the column's empty value. Which entity lives where changes memory
 * only, never a value.
 */
final class LongPages {
    static final int SHIFT = 9;
    static final int PAGE = 1 << SHIFT;
    static final int MASK = PAGE - 1;

    private final int size;
    private final long empty;
    private final int[] place; // entity -> its place in the pages; null: the entity's own number
    private final long[][] pages;

    /** {@code place}: where each entity lives (a permutation of 0..size-1, shared, never written), or null. */
    LongPages(int size, long empty, int[] place) {
        if (place != null && place.length != size) {
            throw new IllegalArgumentException("places for " + place.length + " of " + size + " entities");
        }
        this.size = size;
        this.empty = empty;
        this.place = place;
        this.pages = new long[(size + PAGE - 1) >>> SHIFT][];
    }

    /**
     * Each flow's place in the order of destinations (stable): the flows of one host, and of a run of hosts,
     * are neighbours. A message source's destination changes; its place stays that of its first.
     */
    static int[] byDestination(int[] dst, int hosts) {
        int[] next = new int[hosts + 1];
        for (int d : dst) {
            next[d + 1]++;
        }
        for (int h = 0; h < hosts; h++) {
            next[h + 1] += next[h];
        }
        int[] place = new int[dst.length];
        for (int f = 0; f < dst.length; f++) {
            place[f] = next[dst[f]]++;
        }
        return place;
    }

    int size() {
        return size;
    }

    /** Where entity {@code i} lives: for the {@code ...At} methods, so that columns of one place look it up once. */
    int place(int i) {
        return placeOf(place, size, i);
    }

    /** Where entity {@code i} of {@code size} lives under {@code place} (null: its own number). */
    static int placeOf(int[] place, int size, int i) {
        return place == null ? Objects.checkIndex(i, size) : place[i];
    }

    long get(int i) {
        return getAt(place(i));
    }

    long getAt(int k) {
        long[] p = pages[k >>> SHIFT];
        return p == null ? empty : p[k & MASK];
    }

    private long[] page(int k) {
        long[] p = pages[k >>> SHIFT];
        if (p == null) {
            p = pages[k >>> SHIFT] = new long[PAGE];
            if (empty != 0) {
                Arrays.fill(p, empty);
            }
        }
        return p;
    }

    void add(int i, long v) {
        addAt(place(i), v);
    }

    void addAt(int k, long v) {
        page(k)[k & MASK] += v;
    }

    void minAt(int k, long v) {
        long[] p = page(k);
        if (v < p[k & MASK]) {
            p[k & MASK] = v;
        }
    }

    void maxAt(int k, long v) {
        long[] p = page(k);
        if (v > p[k & MASK]) {
            p[k & MASK] = v;
        }
    }

    /**
     * Combines {@code o}'s values into these, entity by entity, with {@code op}, whose identity must be the empty
     * value (a page only one side has is taken as it is).
     */
    void merge(LongPages o, LongBinaryOperator op) {
        if (o.size != size || o.empty != empty || !Arrays.equals(o.place, place)) {
            throw new IllegalArgumentException("columns of different shape");
        }
        mergePages(pages, o.pages, (mine, theirs) -> {
            for (int c = 0; c < PAGE; c++) {
                mine[c] = op.applyAsLong(mine[c], theirs[c]);
            }
        });
    }

    /**
     * Merges pages {@code from} into {@code into}, page by page: a page only {@code from} has is copied, one both
     * have goes through {@code both} (mine, theirs); a page only {@code into} has stays.
     */
    static void mergePages(long[][] into, long[][] from, java.util.function.BiConsumer<long[], long[]> both) {
        for (int j = 0; j < into.length; j++) {
            long[] theirs = from[j];
            if (theirs == null) {
                continue;
            }
            if (into[j] == null) {
                into[j] = theirs.clone();
            } else {
                both.accept(into[j], theirs);
            }
        }
    }

    /** Every entity's value, in entity order. */
    long[] toArray() {
        long[] a = new long[size];
        for (int i = 0; i < size; i++) {
            a[i] = get(i);
        }
        return a;
    }

    /** Pages made (for tests and footprints). */
    int pagesMade() {
        int n = 0;
        for (long[] p : pages) {
            n += p == null ? 0 : 1;
        }
        return n;
    }
}
