package org.fabricsim.spark;

import java.math.BigInteger;
import org.fabricsim.stats.SampleSummary;

/**
 * Exact aggregates of one whole-number column over one sweep point's trials, as Spark SQL returns them: the
 * count, the sums of the values and of their squares as exact integers, min, max, and Spark's exact
 * {@code percentile} at 5, 25, 50, 75, 95 %. Every field depends only on the multiset of values, so the
 * same trials give the same aggregate however they were split into tasks.
 *
 * @param percentiles p05, p25, p50, p75, p95 by Spark's definition (linear interpolation between the order
 *     statistics at position (n − 1)·p: the Hyndman–Fan type 7 of R and NumPy)
 */
record ColumnAggregate(long n, BigInteger sum, BigInteger sumOfSquares, long min, long max, double[] percentiles) {
    /** Mean, variance (n − 1), 95 % Student-t interval from the exact sums; quantiles as given. */
    SampleSummary summary() {
        return SampleSummary.ofExactSums(n, sum, sumOfSquares, min, max, percentiles);
    }

    /** The mean the stopping rule watches (the same bits as {@code summary().mean()}). */
    double mean() {
        return summary().mean();
    }
}
