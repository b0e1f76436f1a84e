package org.fabricsim.fluid;

import java.util.Arrays;
import org.apache.commons.numbers.fraction.BigFraction;

/**
 * The rates an algorithm assigns: r(f) for every flow, in units of link capacity. Exact runs also carry
 * the rationals ({@code rate[f]} is then {@code exact[f].doubleValue()}).
 *
 * @param rate  r(f), absolute (not normalized by the weight)
 * @param exact the exact r(f), or null for double arithmetic
 */
public record RateAllocation(double[] rate, BigFraction[] exact) {

    public int flowCount() {
        return rate.length;
    }

    public boolean isExact() {
        return exact != null;
    }

    /** The normalized rate r̄(f) = r(f) / w_f (spec §1.4). */
    public double normalizedRate(FluidProblem p, int f) {
        return rate[f] / p.weight()[f];
    }

    static RateAllocation ofExact(BigFraction[] exact) {
        double[] r = new double[exact.length];
        for (int f = 0; f < r.length; f++) {
            r[f] = exact[f].doubleValue();
        }
        return new RateAllocation(r, exact);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RateAllocation a && Arrays.equals(rate, a.rate) && Arrays.equals(exact, a.exact);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(rate) + Arrays.hashCode(exact);
    }

    @Override
    public String toString() {
        return "RateAllocation[flows=" + rate.length + (exact == null ? "" : ", exact") + "]";
    }
}
