package org.fabricsim.stats;

/** Fairness of an allocation of rates. */
public final class Fairness {
    private Fairness() {
    }

    /**
     * Jain's fairness index (Jain, Chiu, Hawe 1984): J = (Σx)² / (n·Σx²), 1 when all n rates are equal, 1/n
     * when one flow gets everything. NaN for no rates or when every rate is 0 (0/0: undefined). Summed in the
     * given order, so equal arrays give equal bits.
     *
     * @throws IllegalArgumentException for a negative or non-finite rate
     */
    public static double jain(double[] x) {
        double sum = 0;
        double squares = 0;
        for (int i = 0; i < x.length; i++) {
            double v = x[i];
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("rate " + i + " is not a non-negative number: " + v);
            }
            sum += v;
            squares += v * v;
        }
        if (x.length == 0 || squares == 0) {
            return Double.NaN;
        }
        return Math.min(1.0, sum * sum / (x.length * squares));
    }
}
