package org.fabricsim.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;
import org.junit.jupiter.api.Test;

/**
 * Histograms that grow as latencies arrive hold what one made large enough from the start holds: the growth
 * copies counts into a wider histogram of the same buckets, so no percentile may move.
 */
class LatenciesTest {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    @Test
    void grownHistogramsGiveThePercentilesOfOneWideEnoughFromTheStart() {
        for (int digits = 1; digits <= 3; digits++) {
            for (boolean rising : new boolean[] {true, false}) {
                check(digits, rising);
            }
        }
    }

    private static void check(int digits, boolean rising) {
        long resolution = 1000;
        int n = 3;
        Latencies perEntity = new Latencies(n, true, false, digits, resolution, null);
        Latencies totalOnly = new Latencies(n, false, true, digits, resolution, null);
        AbstractHistogram[] wide = new AbstractHistogram[n + 1]; // entity i's, and all together at n
        for (int i = 0; i <= n; i++) {
            wide[i] = new IntCountsHistogram(resolution, 1L << 50, digits);
        }
        long[] lo = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        long[] hi = new long[n + 1];
        SplittableRandom r = new SplittableRandom(digits);
        int values = 20_000;
        for (int k = 0; k < values; k++) {
            // 1 ns to about 10 ms: rising, each histogram grows a dozen times on the way; else at random
            double f = rising ? (k + r.nextDouble()) / values : r.nextDouble();
            long v = resolution + (long) Math.pow(1e10, f);
            int i = r.nextInt(n);
            perEntity.record(i, v);
            totalOnly.record(i, v);
            for (int j : new int[] {i, n}) {
                wide[j].recordValue(v);
                lo[j] = Math.min(lo[j], v);
                hi[j] = Math.max(hi[j], v);
            }
        }
        for (int i = 0; i <= n; i++) {
            LatencySummary grown = i < n ? perEntity.summary(i) : perEntity.total();
            assertPercentiles(wide[i], lo[i], hi[i], grown, digits + " digits, entity " + i);
        }
        assertPercentiles(wide[n], lo[n], hi[n], totalOnly.total(), digits + " digits, the total's histogram");
    }

    private static void assertPercentiles(AbstractHistogram wide, long lo, long hi, LatencySummary s, String what) {
        double[] got = {s.p50Ns(), s.p90Ns(), s.p99Ns(), s.p999Ns()};
        for (int k = 0; k < PERCENTILES.length; k++) {
            long v = Math.max(lo, Math.min(hi, wide.getValueAtPercentile(PERCENTILES[k])));
            assertEquals(v / 1000.0, got[k], 0.0, what + ", p" + PERCENTILES[k]);
        }
    }
}
