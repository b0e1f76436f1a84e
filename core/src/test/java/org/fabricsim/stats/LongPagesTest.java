package org.fabricsim.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Paged columns (issue 16): the values of plain arrays, the pages of what was written only. */
class LongPagesTest {
    @Test
    void partsWrittenApartAndMergedHoldWhatOneArrayWould() {
        SplittableRandom r = new SplittableRandom(7);
        int n = 3000;
        int[] dst = new int[n];
        for (int f = 0; f < n; f++) {
            dst[f] = r.nextInt(700);
        }
        int[] place = LongPages.byDestination(dst, 700);
        long[] sum = new long[n];
        long[] lo = new long[n];
        long[] hi = new long[n];
        Arrays.fill(lo, Long.MAX_VALUE);
        Arrays.fill(hi, -1);
        LongPages[][] parts = new LongPages[3][];
        for (int p = 0; p < parts.length; p++) {
            parts[p] = new LongPages[] {new LongPages(n, 0, place), new LongPages(n, Long.MAX_VALUE, place),
                new LongPages(n, -1, place)};
        }
        for (int op = 0; op < 20_000; op++) {
            int f = r.nextInt(n);
            long v = r.nextLong(1_000_000);
            LongPages[] part = parts[dst[f] * parts.length / 700]; // each part sees its destinations' flows
            int k = part[0].place(f);
            part[0].addAt(k, v);
            part[1].minAt(k, v);
            part[2].maxAt(k, v);
            sum[f] += v;
            lo[f] = Math.min(lo[f], v);
            hi[f] = Math.max(hi[f], v);
        }
        LongPages[] merged = {new LongPages(n, 0, place), new LongPages(n, Long.MAX_VALUE, place),
            new LongPages(n, -1, place)};
        for (LongPages[] part : parts) {
            merged[0].merge(part[0], Long::sum);
            merged[1].merge(part[1], Math::min);
            merged[2].merge(part[2], Math::max);
        }
        assertArrayEquals(sum, merged[0].toArray());
        assertArrayEquals(lo, merged[1].toArray());
        assertArrayEquals(hi, merged[2].toArray());
    }

    @Test
    void flowsToARunOfHostsArePagedTogether() {
        int hosts = 8192;
        int[] dst = new int[hosts]; // a permutation: flow f from host f
        for (int f = 0; f < hosts; f++) {
            dst[f] = (int) ((f * 2654435761L) % hosts); // odd multiplier: a bijection
        }
        int[] place = LongPages.byDestination(dst, hosts);
        assertArrayEquals(java.util.stream.IntStream.range(0, hosts).toArray(),
                Arrays.stream(place).sorted().toArray(), "the places are a permutation");
        LongPages bytes = new LongPages(hosts, 0, place);
        for (int f = 0; f < hosts; f++) {
            if (dst[f] < 1024) { // the flows the first eighth of the hosts receive
                bytes.add(f, 1);
            }
        }
        assertEquals(1024 / LongPages.PAGE, bytes.pagesMade(), "a part's flows fill its own pages only");
        LongPages unordered = new LongPages(hosts, 0, null);
        for (int f = 0; f < hosts; f++) {
            if (dst[f] < 1024) {
                unordered.add(f, 1);
            }
        }
        assertEquals(hosts / LongPages.PAGE, unordered.pagesMade(), "in flow order they touch every page");
    }

    @Test
    void columnsOfAnotherShapeDoNotMerge() {
        LongPages a = new LongPages(10, 0, null);
        assertThrows(IllegalArgumentException.class, () -> a.merge(new LongPages(11, 0, null), Long::sum));
        assertThrows(IllegalArgumentException.class, () -> a.merge(new LongPages(10, -1, null), Long::sum));
        assertThrows(IndexOutOfBoundsException.class, () -> a.get(10));
    }
}
