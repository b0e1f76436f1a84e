package org.fabricsim.fluid;

import java.util.Arrays;
import org.fabricsim.traffic.FlowSet;

/**
 * The per-run figures of seed 003 Chapter 6: total completion time (Fig 6.7), mean flow rate and the sorted
 * rate vector (Fig 6.8), and per-application rates r̄(a) = min_{f∈a} r̄(f) (spec §1.5, Fig 6.10).
 *
 * @param totalCompletion the latest completion time, NaN when no completion times were given
 * @param meanRate        mean of r(f) over flows (0 without flows)
 * @param sortedRates     r(f) in ascending order
 * @param applications    r̄(a) of every application present (flows without an application excluded)
 */
public record RunMetrics(double totalCompletion, double meanRate, double[] sortedRates,
        ApplicationRates applications) {

    /** The sampling points {0, 0.1, …, 1} recommended for the sorted-vector ratios (spec §7 item 32). */
    public static final double[] DECILES = {0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1};

    /**
     * The sorted rate vector read at fractions of its index range, the lowest rate at 0 and the highest at 1
     * (Fig 6.8-b, Fig 6.10-b: "indices were (linearly) mapped to the [0,1] interval"): the rate at index
     * round(x·(n−1)), the nearest index (spec §7 item 32). NaN everywhere without flows.
     */
    public double[] sortedSample(double[] at) {
        return sample(sortedRates, at);
    }

    /** {@link #sortedSample} for any ascending vector, e.g. sorted application rates. */
    public static double[] sample(double[] ascending, double[] at) {
        double[] out = new double[at.length];
        int n = ascending.length;
        for (int i = 0; i < at.length; i++) {
            if (!(at[i] >= 0 && at[i] <= 1)) {
                throw new IllegalArgumentException("sampling point " + at[i] + " is not in [0, 1]");
            }
            out[i] = n == 0 ? Double.NaN : ascending[(int) Math.round(at[i] * (n - 1))];
        }
        return out;
    }

    /** Metrics of one allocation; {@code completion} may be null. */
    public static RunMetrics of(FluidProblem p, RateAllocation a, CompletionTimes completion) {
        double[] sorted = a.rate().clone();
        Arrays.sort(sorted);
        double sum = 0;
        for (double r : a.rate()) {
            sum += r;
        }
        double mean = sorted.length == 0 ? 0 : sum / sorted.length;
        return new RunMetrics(completion == null ? Double.NaN : completion.total(), mean, sorted,
                ApplicationRates.of(p, a));
    }

    /**
     * Application rates: r̄(a), the normalized rate of the application's slowest flow (spec §1.5, scenario 3).
     *
     * @param app  application ids present, ascending
     * @param rate r̄(a), same order
     */
    public record ApplicationRates(int[] app, double[] rate) {

        public static ApplicationRates of(FluidProblem p, RateAllocation a) {
            int max = FlowSet.NO_APP;
            for (int x : p.app()) {
                max = Math.max(max, x);
            }
            double[] min = new double[max + 1];
            Arrays.fill(min, Double.POSITIVE_INFINITY);
            for (int f = 0; f < p.flowCount(); f++) {
                int x = p.app()[f];
                if (x >= 0) {
                    min[x] = Math.min(min[x], a.normalizedRate(p, f));
                }
            }
            int present = 0;
            for (double m : min) {
                if (m != Double.POSITIVE_INFINITY) {
                    present++;
                }
            }
            int[] ids = new int[present];
            double[] rates = new double[present];
            for (int x = 0, k = 0; x <= max; x++) {
                if (min[x] != Double.POSITIVE_INFINITY) {
                    ids[k] = x;
                    rates[k++] = min[x];
                }
            }
            return new ApplicationRates(ids, rates);
        }

        public int count() {
            return app.length;
        }

        /** Mean r̄(a) over applications (0 without applications). */
        public double mean() {
            double s = 0;
            for (double r : rate) {
                s += r;
            }
            return rate.length == 0 ? 0 : s / rate.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ApplicationRates r && Arrays.equals(app, r.app) && Arrays.equals(rate, r.rate);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(app) + Arrays.hashCode(rate);
        }

        @Override
        public String toString() {
            return "ApplicationRates[count=" + app.length + "]";
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RunMetrics m && Double.compare(totalCompletion, m.totalCompletion) == 0
                && Double.compare(meanRate, m.meanRate) == 0 && Arrays.equals(sortedRates, m.sortedRates)
                && applications.equals(m.applications);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new int[] {Double.hashCode(totalCompletion), Double.hashCode(meanRate),
                Arrays.hashCode(sortedRates), applications.hashCode()});
    }

    @Override
    public String toString() {
        return "RunMetrics[flows=" + sortedRates.length + ", total=" + totalCompletion + ", mean=" + meanRate + "]";
    }
}
