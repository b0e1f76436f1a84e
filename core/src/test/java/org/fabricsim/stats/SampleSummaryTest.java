package org.fabricsim.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.Test;

class SampleSummaryTest {
    private static final double T_0975_7 = 2.364624251592785; // Student t, 7 df, 97.5 %
    private static final double T_0995_7 = 3.499483297350180; // Student t, 7 df, 99.5 %

    private static final double[] CLASSIC = {2, 4, 4, 4, 5, 5, 7, 9};

    @Test
    void handComputedValues() {
        double[] sample = CLASSIC.clone();
        SampleSummary s = SampleSummary.of(sample);
        assertArrayEquals(CLASSIC, sample, "the sample is not modified");
        assertEquals(8, s.n());
        assertEquals(5.0, s.mean(), 0);
        assertEquals(32.0 / 7, s.variance(), 1e-15);
        assertEquals(Math.sqrt(32.0 / 7), s.standardDeviation(), 1e-15);
        assertEquals(Math.sqrt(32.0 / 7) / Math.sqrt(8), s.standardError(), 1e-15);
        double half = T_0975_7 * Math.sqrt(32.0 / 7 / 8);
        assertEquals(0.95, s.confidenceLevel());
        assertEquals(5 - half, s.ciLow(), 1e-12);
        assertEquals(5 + half, s.ciHigh(), 1e-12);
        assertEquals(2, s.min());
        assertEquals(9, s.max());
        // Type 7 by hand on 2 4 4 4 5 5 7 9: h = 7p (0-based).
        assertEquals(2.7, s.p05(), 1e-12); // h = 0.35
        assertEquals(4.0, s.p25(), 1e-12); // h = 1.75
        assertEquals(4.5, s.p50(), 1e-12); // h = 3.5
        assertEquals(5.5, s.p75(), 1e-12); // h = 5.25
        assertEquals(8.3, s.p95(), 1e-12); // h = 6.65
    }

    @Test
    void otherConfidenceLevel() {
        SampleSummary s = SampleSummary.of(CLASSIC, 0.99);
        double half = T_0995_7 * Math.sqrt(32.0 / 7 / 8);
        assertEquals(5 - half, s.ciLow(), 1e-12);
        assertEquals(5 + half, s.ciHigh(), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> SampleSummary.of(CLASSIC, 1.0));
        assertThrows(IllegalArgumentException.class, () -> SampleSummary.of(CLASSIC, 0));
        assertThrows(IllegalArgumentException.class, () -> SampleSummary.of(CLASSIC, Double.NaN));
    }

    @Test
    void smallSamples() {
        SampleSummary empty = SampleSummary.of(new double[0]);
        assertEquals(0, empty.n());
        for (double v : new double[] {empty.mean(), empty.variance(), empty.ciLow(), empty.min(),
                empty.max(), empty.p50()}) {
            assertTrue(Double.isNaN(v));
        }
        SampleSummary one = SampleSummary.of(new double[] {3.25});
        assertEquals(1, one.n());
        assertEquals(3.25, one.mean());
        assertEquals(3.25, one.min());
        assertEquals(3.25, one.max());
        assertEquals(3.25, one.p05());
        assertEquals(3.25, one.p95());
        assertTrue(Double.isNaN(one.variance()));
        assertTrue(Double.isNaN(one.standardError()));
        assertTrue(Double.isNaN(one.ciLow()) && Double.isNaN(one.ciHigh()));

        SampleSummary constant = SampleSummary.of(new double[] {0.1, 0.1, 0.1, 0.1, 0.1});
        assertEquals(0.1, constant.mean());
        assertEquals(0.0, constant.variance());
        assertEquals(0.1, constant.ciLow());
        assertEquals(0.1, constant.ciHigh());
    }

    @Test
    void numericallyStableForALargeOffset() {
        // Textbook case where the one-pass sum-of-squares formula loses every digit.
        double[] sample = {1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16};
        SampleSummary s = SampleSummary.of(sample);
        assertEquals(1e9 + 10, s.mean(), 0);
        assertEquals(30.0, s.variance(), 0);
    }

    @Test
    void nonFiniteValuesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> SampleSummary.of(new double[] {1, Double.NaN}));
        assertThrows(IllegalArgumentException.class,
                () -> SampleSummary.of(new double[] {Double.POSITIVE_INFINITY}));
    }

    /** R's type 7 with 1-based indices, written straight from Hyndman and Fan (1996). */
    private static double bruteForceType7(double[] values, double p) {
        double[] x = values.clone();
        Arrays.sort(x);
        int n = x.length;
        double h = (n - 1) * p + 1;
        int j = (int) Math.floor(h);
        double g = h - j;
        double xj = x[j - 1];
        double xj1 = j < n ? x[j] : x[n - 1];
        return (1 - g) * xj + g * xj1;
    }

    @Test
    void quantilesMatchABruteForceType7OnRandomData() {
        SplittableRandom r = new SplittableRandom(2024);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + r.nextInt(trial < 50 ? 10 : 400);
            double[] sample = new double[n];
            boolean ties = r.nextBoolean();
            for (int i = 0; i < n; i++) {
                sample[i] = ties ? r.nextInt(7) : r.nextGaussian() * 1000;
            }
            SampleSummary s = SampleSummary.of(sample);
            double[] got = {s.p05(), s.p25(), s.p50(), s.p75(), s.p95()};
            double[] ps = {0.05, 0.25, 0.50, 0.75, 0.95};
            for (int k = 0; k < ps.length; k++) {
                double want = bruteForceType7(sample, ps[k]);
                assertEquals(want, got[k], 1e-9 * Math.max(1, Math.abs(want)),
                        "n=" + n + " p=" + ps[k]);
            }
            assertEquals(Arrays.stream(sample).min().getAsDouble(), s.min());
            assertEquals(Arrays.stream(sample).max().getAsDouble(), s.max());
        }
    }

    @Test
    void meanAndVarianceAgreeWithADirectComputation() {
        SplittableRandom r = new SplittableRandom(5);
        double[] sample = new double[1001];
        for (int i = 0; i < sample.length; i++) {
            sample[i] = r.nextDouble(-3, 11);
        }
        double mean = Arrays.stream(sample).sum() / sample.length;
        double ss = 0;
        for (double x : sample) {
            ss += (x - mean) * (x - mean);
        }
        SampleSummary s = SampleSummary.of(sample);
        assertEquals(mean, s.mean(), 1e-12);
        assertEquals(ss / (sample.length - 1), s.variance(), 1e-12);
    }

    @Test
    void jsonHasTheDocumentedKeysInOrderAndNullForUndefined() {
        JsonNode n = Json.parse(Json.format(SampleSummary.of(new double[] {1.5}).toJson()));
        List<String> keys = new ArrayList<>();
        Iterator<String> it = n.fieldNames();
        it.forEachRemaining(keys::add);
        assertEquals(List.of("n", "mean", "variance", "std_dev", "std_error", "ci_level", "ci_low",
                "ci_high", "min", "max", "p05", "p25", "p50", "p75", "p95"), keys);
        assertEquals(1, n.get("n").intValue());
        assertEquals(1.5, n.get("mean").doubleValue());
        assertTrue(n.get("variance").isNull());
        assertTrue(n.get("ci_low").isNull());
        assertEquals(1.5, n.get("p95").doubleValue());
    }

    @Test
    void exactSumsGiveTheSameSummary() {
        // 2 4 4 4 5 5 7 9: Σx = 40, Σx² = 232
        SampleSummary of = SampleSummary.of(CLASSIC);
        SampleSummary exact = SampleSummary.ofExactSums(8, java.math.BigInteger.valueOf(40),
                java.math.BigInteger.valueOf(232), 2, 9, new double[] {of.p05(), of.p25(), of.p50(), of.p75(), of.p95()});
        assertEquals(of.toJson(), exact.toJson());

        SampleSummary one = SampleSummary.ofExactSums(1, java.math.BigInteger.valueOf(3), java.math.BigInteger.valueOf(9),
                3, 3, new double[] {3, 3, 3, 3, 3});
        assertEquals(3.0, one.mean());
        assertTrue(Double.isNaN(one.variance()) && Double.isNaN(one.ciLow()));

        // values near 2^62: the sums overflow a long but not the exact arithmetic
        long big = 1L << 62;
        java.math.BigInteger b = java.math.BigInteger.valueOf(big);
        SampleSummary huge = SampleSummary.ofExactSums(4, b.multiply(java.math.BigInteger.valueOf(4)),
                b.multiply(b).multiply(java.math.BigInteger.valueOf(4)), big, big, new double[] {big, big, big, big, big});
        assertEquals((double) big, huge.mean());
        assertEquals(0.0, huge.variance());
        assertThrows(IllegalArgumentException.class, () -> SampleSummary.ofExactSums(0, java.math.BigInteger.ZERO,
                java.math.BigInteger.ZERO, 0, 0, new double[5]));
    }
}
