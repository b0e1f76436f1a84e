package org.fabricsim.stats;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.statistics.descriptive.NaNPolicy;
import org.apache.commons.statistics.descriptive.Quantile;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Descriptive statistics of a sample of doubles (e.g. one value per Monte Carlo trial).
 *
 * <ul>
 *   <li>{@code mean}: two-pass with a correction term (mean of the sample, then the mean of the
 *       residuals added back), numerically stable;
 *   <li>{@code variance}: unbiased sample variance (divisor n − 1), corrected two-pass
 *       algorithm; {@code standardDeviation} its square root; {@code standardError} =
 *       standardDeviation / √n;
 *   <li>{@code ciLow}, {@code ciHigh}: two-sided confidence interval of the mean at
 *       {@code confidenceLevel} (default 95 %) from Student's t distribution with n − 1 degrees
 *       of freedom: mean ± t<sub>1−α/2, n−1</sub> · standardError;
 *   <li>quantiles 5, 25, 50, 75, 95 %: Hyndman–Fan type 7 (linear interpolation between order
 *       statistics, R's and NumPy's default): with sorted values x<sub>1..n</sub>,
 *       h = (n − 1)·p + 1, Q(p) = x<sub>⌊h⌋</sub> + (h − ⌊h⌋)(x<sub>⌊h⌋+1</sub> − x<sub>⌊h⌋</sub>).
 * </ul>
 *
 * <p>Small samples: for n = 0 every statistic is NaN; for n = 1 mean, min, max and all quantiles
 * are the single value and variance, standard deviation, standard error and the interval are NaN
 * (undefined). NaN is written as {@code null} in JSON. A sample whose values are all equal has
 * variance 0 and the degenerate interval [mean, mean].
 *
 * <p>Determinism: min, max and the quantiles depend only on the multiset of values; mean and
 * variance are sums of floating-point numbers and can differ in the last bit when the same
 * values come in another order. Callers must pass samples in a deterministic order (trials
 * sorted by trial index) so results are bit-identical however the work was split.
 */
public record SampleSummary(
        int n,
        double mean,
        double variance,
        double standardDeviation,
        double standardError,
        double confidenceLevel,
        double ciLow,
        double ciHigh,
        double min,
        double max,
        double p05,
        double p25,
        double p50,
        double p75,
        double p95) implements Serializable {

    /** The confidence level used by {@link #of(double[])}. */
    public static final double DEFAULT_CONFIDENCE_LEVEL = 0.95;

    private static final double[] PROBABILITIES = {0.05, 0.25, 0.50, 0.75, 0.95};

    private static final Quantile TYPE7 = Quantile.withDefaults()
            .with(Quantile.EstimationMethod.HF7)
            .with(NaNPolicy.ERROR)
            .withCopy(true);

    /** Summary with a 95 % confidence interval. The sample is not modified. */
    public static SampleSummary of(double[] sample) {
        return of(sample, DEFAULT_CONFIDENCE_LEVEL);
    }

    /**
     * Summary with a confidence interval at {@code confidenceLevel}. The sample is not modified.
     *
     * @throws IllegalArgumentException if a value is NaN or infinite, or the level is not in
     *     (0, 1)
     */
    public static SampleSummary of(double[] sample, double confidenceLevel) {
        if (!(confidenceLevel > 0 && confidenceLevel < 1)) {
            throw new IllegalArgumentException("confidence level must be in (0, 1): " + confidenceLevel);
        }
        int n = sample.length;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double x = sample[i];
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("sample value " + i + " is not finite: " + x);
            }
            sum += x;
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        double nan = Double.NaN;
        if (n == 0) {
            return new SampleSummary(0, nan, nan, nan, nan, confidenceLevel, nan, nan, nan, nan,
                    nan, nan, nan, nan, nan);
        }
        // Two-pass mean and variance with the correction term (Chan, Golub, LeVeque 1983).
        double m0 = sum / n;
        double dev = 0;
        double dev2 = 0;
        for (double x : sample) {
            double d = x - m0;
            dev += d;
            dev2 += d * d;
        }
        double mean = m0 + dev / n;
        double variance = nan;
        double sd = nan;
        double se = nan;
        double lo = nan;
        double hi = nan;
        if (n >= 2) {
            variance = Math.max(0, (dev2 - dev * dev / n) / (n - 1));
            sd = Math.sqrt(variance);
            se = sd / Math.sqrt(n);
            double t = TDistribution.of(n - 1).inverseSurvivalProbability((1 - confidenceLevel) / 2);
            double half = t * se;
            lo = mean - half;
            hi = mean + half;
        }
        // Keep the mean inside [min, max] (rounding could otherwise push it out by an ulp).
        mean = Math.min(max, Math.max(min, mean));
        double[] q = TYPE7.evaluate(sample, PROBABILITIES);
        return new SampleSummary(n, mean, variance, sd, se, confidenceLevel, lo, hi, min, max,
                q[0], q[1], q[2], q[3], q[4]);
    }

    /**
     * Summary of a sample of whole numbers given by exact aggregates, as a distributed aggregation produces
     * them (e.g. Spark SQL over a sweep's trials): mean and variance are computed from the exact sums, so
     * they are the same bits however the sample was split and in whatever order it was summed. mean =
     * Σx / n, variance = (n·Σx² − (Σx)²) / (n·(n − 1)), both formed exactly and rounded once to 34 decimal
     * digits, then to double; the interval is mean ± t<sub>1−α/2, n−1</sub> · √(variance / n) at 95 %, as
     * in {@link #of(double[])}. Small samples as there (n = 1: variance and interval NaN).
     *
     * @param n number of values (≥ 1)
     * @param sum Σx
     * @param sumOfSquares Σx²
     * @param min smallest value
     * @param max largest value
     * @param quantiles the 5, 25, 50, 75 and 95 % quantiles, computed by the caller (their definition is the
     *     caller's to document)
     * @throws IllegalArgumentException if n < 1 or exceeds an int, or there are not five quantiles
     */
    public static SampleSummary ofExactSums(long n, BigInteger sum, BigInteger sumOfSquares, double min,
            double max, double[] quantiles) {
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("sample size must be in [1, 2^31 - 1]: " + n);
        }
        if (quantiles.length != PROBABILITIES.length) {
            throw new IllegalArgumentException("expected " + PROBABILITIES.length + " quantiles, got "
                    + quantiles.length);
        }
        BigInteger bn = BigInteger.valueOf(n);
        double mean = ratio(sum, bn);
        double nan = Double.NaN;
        double variance = nan;
        double sd = nan;
        double se = nan;
        double lo = nan;
        double hi = nan;
        if (n >= 2) {
            BigInteger numerator = bn.multiply(sumOfSquares).subtract(sum.multiply(sum));
            variance = Math.max(0, ratio(numerator, bn.multiply(bn.subtract(BigInteger.ONE))));
            sd = Math.sqrt(variance);
            se = sd / Math.sqrt(n);
            double t = TDistribution.of(n - 1).inverseSurvivalProbability((1 - DEFAULT_CONFIDENCE_LEVEL) / 2);
            double half = t * se;
            lo = mean - half;
            hi = mean + half;
        }
        return new SampleSummary((int) n, mean, variance, sd, se, DEFAULT_CONFIDENCE_LEVEL, lo, hi, min, max,
                quantiles[0], quantiles[1], quantiles[2], quantiles[3], quantiles[4]);
    }

    private static double ratio(BigInteger numerator, BigInteger denominator) {
        return new BigDecimal(numerator).divide(new BigDecimal(denominator), MathContext.DECIMAL128).doubleValue();
    }

    /**
     * The summary as an ordered JSON object: {@code n, mean, variance, std_dev, std_error,
     * ci_level, ci_low, ci_high, min, max, p05, p25, p50, p75, p95}.
     */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", n);
        m.put("mean", mean);
        m.put("variance", variance);
        m.put("std_dev", standardDeviation);
        m.put("std_error", standardError);
        m.put("ci_level", confidenceLevel);
        m.put("ci_low", ciLow);
        m.put("ci_high", ciHigh);
        m.put("min", min);
        m.put("max", max);
        m.put("p05", p05);
        m.put("p25", p25);
        m.put("p50", p50);
        m.put("p75", p75);
        m.put("p95", p95);
        return m;
    }
}
