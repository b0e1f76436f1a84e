package org.fabricsim.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.Test;

class IntHistogramTest {
    @Test
    void countsTotalsAndDerivedValues() {
        IntHistogram h = new IntHistogram();
        assertEquals(-1, h.maxValue());
        assertEquals(0, h.total());
        assertTrue(Double.isNaN(h.mean()));
        assertEquals(0, h.probabilities().length);

        h.add(1);
        h.add(1);
        h.add(3, 2);
        h.add(0, 0); // zero count: no effect, not even on maxValue
        h.add(9, 0);
        assertEquals(3, h.maxValue());
        assertEquals(4, h.total());
        assertEquals(2, h.count(1));
        assertEquals(0, h.count(2));
        assertEquals(2, h.count(3));
        assertEquals(0, h.count(100));
        assertEquals(0, h.count(-1));
        assertArrayEquals(new long[] {0, 2, 0, 2}, h.counts());
        assertArrayEquals(new double[] {0, 0.5, 0, 0.5}, h.probabilities());
        assertEquals(2.0, h.mean());
    }

    @Test
    void growsForLargeValues() {
        IntHistogram h = new IntHistogram();
        h.add(100_000, 3);
        h.add(5);
        assertEquals(100_000, h.maxValue());
        assertEquals(3, h.count(100_000));
        assertEquals(100_001, h.counts().length);
        assertEquals((3 * 100_000.0 + 5) / 4, h.mean());
    }

    @Test
    void rejectsNegativeValuesAndCounts() {
        IntHistogram h = new IntHistogram();
        assertThrows(IllegalArgumentException.class, () -> h.add(-1));
        assertThrows(IllegalArgumentException.class, () -> h.add(2, -5));
        h.add(0, Long.MAX_VALUE);
        assertThrows(ArithmeticException.class, () -> h.add(1));
    }

    @Test
    void mergeInAnyGroupingEqualsOneAccumulation() {
        SplittableRandom r = new SplittableRandom(11);
        int[] values = new int[20_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (int) Math.abs(r.nextGaussian() * 8) + (r.nextInt(50) == 0 ? r.nextInt(500) : 0);
        }
        IntHistogram single = new IntHistogram();
        for (int v : values) {
            single.add(v);
        }

        Random shuffler = new Random(3);
        for (int split = 0; split < 20; split++) {
            // Split the values into a random number of random-sized parts ...
            int parts = 1 + r.nextInt(12);
            List<IntHistogram> pieces = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                pieces.add(new IntHistogram());
            }
            for (int v : values) {
                pieces.get(r.nextInt(parts)).add(v);
            }
            // ... and merge them in a random order, either left to right or as a tree.
            Collections.shuffle(pieces, shuffler);
            IntHistogram merged;
            if (split % 2 == 0) {
                merged = new IntHistogram();
                for (IntHistogram piece : pieces) {
                    merged.merge(piece);
                }
            } else {
                List<IntHistogram> level = pieces;
                while (level.size() > 1) {
                    List<IntHistogram> next = new ArrayList<>();
                    for (int i = 0; i < level.size(); i += 2) {
                        IntHistogram a = level.get(i).copy();
                        if (i + 1 < level.size()) {
                            a.merge(level.get(i + 1));
                        }
                        next.add(a);
                    }
                    level = next;
                }
                merged = level.get(0);
            }
            assertEquals(single, merged);
            assertEquals(single.hashCode(), merged.hashCode());
            assertEquals(single.mean(), merged.mean(), 0);
            assertArrayEquals(single.probabilities(), merged.probabilities());
            assertEquals(Json.format(single.toJson()), Json.format(merged.toJson()));
        }
        IntHistogram other = single.copy();
        other.add(0);
        assertNotEquals(single, other);
    }

    @Test
    void mergeLeavesTheOtherHistogramUnchanged() {
        IntHistogram a = IntHistogram.ofCounts(new long[] {1, 2});
        IntHistogram b = IntHistogram.ofCounts(new long[] {0, 0, 0, 4});
        a.merge(b);
        assertArrayEquals(new long[] {1, 2, 0, 4}, a.counts());
        assertArrayEquals(new long[] {0, 0, 0, 4}, b.counts());
        a.merge(a);
        assertArrayEquals(new long[] {2, 4, 0, 8}, a.counts());
    }

    @Test
    void json() {
        IntHistogram h = IntHistogram.ofCounts(new long[] {1, 0, 3, 0, 0});
        JsonNode n = Json.parse(Json.format(h.toJson()));
        assertEquals(4, n.get("total").longValue());
        assertEquals(1.5, n.get("mean").doubleValue());
        assertEquals("[1,0,3]", n.get("counts").toString(), "counts from 0 to the largest value");
        assertTrue(Json.parse(Json.format(new IntHistogram().toJson())).get("mean").isNull());
    }
}
