package org.fabricsim.fluid;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.numbers.fraction.BigFraction;
import org.fabricsim.fluid.RateOptions.Arithmetic;

/**
 * Completion times of flows with sizes (spec §1.4–1.5, {@link CompletionModel}): T_f for every flow, the
 * total completion time max_f T_f (the phase length), and how many rate calculations it took.
 *
 * @param time            T_f in time units at capacity 1
 * @param exact           the exact T_f, or null for double arithmetic
 * @param calculations    rate calculations performed (1 under {@link CompletionModel#CONSTANT})
 */
public record CompletionTimes(double[] time, BigFraction[] exact, int calculations) {

    /** The total completion time: the latest flow's (0 without flows). */
    public double total() {
        double t = 0;
        for (double x : time) {
            t = Math.max(t, x);
        }
        return t;
    }

    /**
     * The completion times of {@code p}'s flows of sizes {@code size} under {@code model}, with the rates of
     * {@code options} (the first calculation's allocation is returned by {@code first} if not null).
     *
     * @param rng the fluid stream for SAA-M's random claim order (see {@link RateCalculator#calculate})
     */
    public static CompletionTimes of(FluidProblem p, double[] size, CompletionModel model, RateOptions options,
            RateCalculator calculator, SplittableRandom rng) {
        if (size.length != p.flowCount()) {
            throw new IllegalArgumentException(size.length + " sizes for " + p.flowCount() + " flows");
        }
        for (int f = 0; f < size.length; f++) {
            if (!(size[f] > 0) || Double.isInfinite(size[f])) {
                throw new IllegalArgumentException("flow " + f + " has size " + size[f] + " (must be positive)");
            }
        }
        if (model == CompletionModel.CONSTANT) {
            return constant(calculator.calculate(p, options, rng), size);
        }
        return options.arithmetic() == Arithmetic.EXACT
                ? run(p, size, options, calculator, rng, new ExactField())
                : run(p, size, options, calculator, rng, new DoubleField());
    }

    /** T_f = d_f / r(f): the rates of {@code a} held constant (exact when {@code a} is). */
    public static CompletionTimes constant(RateAllocation a, double[] size) {
        double[] t = new double[size.length];
        BigFraction[] exact = a.isExact() ? new BigFraction[size.length] : null;
        for (int f = 0; f < size.length; f++) {
            if (exact != null) {
                exact[f] = BigFraction.from(size[f]).divide(a.exact()[f]);
                t[f] = exact[f].doubleValue();
            } else {
                t[f] = size[f] / a.rate()[f];
            }
        }
        return new CompletionTimes(t, exact, 1);
    }

    /**
     * {@link CompletionModel#RECALCULATE}: epochs between finishing times. In each, the rates of the running
     * flows are calculated afresh, time advances until the first of them finishes, and every flow whose
     * remainder is then zero (in doubles: at most 1e-12 of its size) leaves.
     */
    private static <T> CompletionTimes run(FluidProblem p, double[] size, RateOptions options,
            RateCalculator calculator, SplittableRandom rng, Field<T> field) {
        int n = p.flowCount();
        T[] remaining = field.array(n);
        T[] finish = field.array(n);
        T[] sizes = field.array(n);
        for (int f = 0; f < n; f++) {
            sizes[f] = field.of(size[f]);
            remaining[f] = sizes[f];
        }
        int[] running = new int[n];
        for (int f = 0; f < n; f++) {
            running[f] = f;
        }
        int count = n;
        int calculations = 0;
        T now = field.of(0);
        while (count > 0) {
            int[] active = Arrays.copyOf(running, count);
            RateAllocation a = calculator.calculate(count == n ? p : p.subset(active), options, rng);
            calculations++;
            T step = null;
            int first = -1;
            for (int i = 0; i < count; i++) {
                T dt = field.divide(remaining[active[i]], field.rate(a, i));
                if (step == null || field.compare(dt, step) < 0) {
                    step = dt;
                    first = i;
                }
            }
            now = field.add(now, step);
            int kept = 0;
            for (int i = 0; i < count; i++) {
                int f = active[i];
                remaining[f] = i == first ? field.of(0)
                        : field.subtract(remaining[f], field.multiply(field.rate(a, i), step));
                if (i == first || field.finished(remaining[f], sizes[f])) {
                    finish[f] = now;
                } else {
                    running[kept++] = f;
                }
            }
            count = kept;
        }
        double[] t = new double[n];
        for (int f = 0; f < n; f++) {
            t[f] = field.toDouble(finish[f]);
        }
        return new CompletionTimes(t, field.exact(finish), calculations);
    }

    /** The arithmetic of the recalculating loop. */
    private interface Field<T> {
        T[] array(int n);

        T of(double v);

        T rate(RateAllocation a, int f);

        T add(T a, T b);

        T subtract(T a, T b);

        T multiply(T a, T b);

        T divide(T a, T b);

        int compare(T a, T b);

        boolean finished(T remaining, T size);

        double toDouble(T v);

        BigFraction[] exact(T[] values);
    }

    private static final class DoubleField implements Field<Double> {
        private static final double FINISHED = 1e-12;

        @Override
        public Double[] array(int n) {
            return new Double[n];
        }

        @Override
        public Double of(double v) {
            return v;
        }

        @Override
        public Double rate(RateAllocation a, int f) {
            return a.rate()[f];
        }

        @Override
        public Double add(Double a, Double b) {
            return a + b;
        }

        @Override
        public Double subtract(Double a, Double b) {
            return a - b;
        }

        @Override
        public Double multiply(Double a, Double b) {
            return a * b;
        }

        @Override
        public Double divide(Double a, Double b) {
            return a / b;
        }

        @Override
        public int compare(Double a, Double b) {
            return Double.compare(a, b);
        }

        @Override
        public boolean finished(Double remaining, Double size) {
            return remaining <= FINISHED * size;
        }

        @Override
        public double toDouble(Double v) {
            return v;
        }

        @Override
        public BigFraction[] exact(Double[] values) {
            return null;
        }
    }

    private static final class ExactField implements Field<BigFraction> {
        @Override
        public BigFraction[] array(int n) {
            return new BigFraction[n];
        }

        @Override
        public BigFraction of(double v) {
            return BigFraction.from(v);
        }

        @Override
        public BigFraction rate(RateAllocation a, int f) {
            return a.exact()[f];
        }

        @Override
        public BigFraction add(BigFraction a, BigFraction b) {
            return a.add(b);
        }

        @Override
        public BigFraction subtract(BigFraction a, BigFraction b) {
            return a.subtract(b);
        }

        @Override
        public BigFraction multiply(BigFraction a, BigFraction b) {
            return a.multiply(b);
        }

        @Override
        public BigFraction divide(BigFraction a, BigFraction b) {
            return a.divide(b);
        }

        @Override
        public int compare(BigFraction a, BigFraction b) {
            return a.compareTo(b);
        }

        @Override
        public boolean finished(BigFraction remaining, BigFraction size) {
            return remaining.signum() <= 0;
        }

        @Override
        public double toDouble(BigFraction v) {
            return v.doubleValue();
        }

        @Override
        public BigFraction[] exact(BigFraction[] values) {
            return values;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CompletionTimes c && calculations == c.calculations && Arrays.equals(time, c.time)
                && Arrays.equals(exact, c.exact);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(time) + Arrays.hashCode(exact)) + calculations;
    }

    @Override
    public String toString() {
        return "CompletionTimes[flows=" + time.length + ", total=" + total() + ", calculations=" + calculations + "]";
    }
}
