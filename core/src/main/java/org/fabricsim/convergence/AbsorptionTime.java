package org.fabricsim.convergence;

/**
 * The number of steps T until an absorbing Markov chain is absorbed: its mean and variance, and
 * how far double precision can be trusted for them.
 *
 * <p>{@code conditionNumber} is κ<sub>∞</sub>(I − Q) = ‖I − Q‖<sub>∞</sub>·‖N‖<sub>∞</sub> of the
 * chain that produced the value. Since N = (I − Q)<sup>−1</sup> ≥ 0, ‖N‖<sub>∞</sub> is the
 * largest expected time over all starting states, so this number is exact and free. Rounding
 * the transition probabilities to doubles alone perturbs T by a relative amount of order
 * κ·2<sup>−52</sup> (the chain leaks so slowly that the last bits of Q decide the leak), and the
 * LU solve adds an error of the same order: {@link #relativeErrorEstimate()}. The Last-Step model
 * for p = 1 with n = m = r reaches E[T] ≈ 1.6·10<sup>14</sup> at r = 16 (estimate 0.07, actual error
 * 1 %); beyond {@link AbsorbingChain#MAX_RELATIVE_ERROR} chains are refused.
 *
 * @param mean E[T], in steps (iterations of seed 001 §II); 0 if the chain starts absorbed
 * @param variance Var[T]
 * @param conditionNumber κ<sub>∞</sub>(I − Q); 1 for a chain without transient states
 */
public record AbsorptionTime(double mean, double variance, double conditionNumber) {

    /** A chain that starts absorbed: T = 0. */
    public static final AbsorptionTime ABSORBED = new AbsorptionTime(0.0, 0.0, 1.0);

    public double standardDeviation() {
        return Math.sqrt(variance);
    }

    /**
     * Order of magnitude of the relative error of {@link #mean()} and {@link #variance()} from
     * double precision: conditionNumber · 2<sup>−52</sup>. Above about 10<sup>−3</sup> the
     * values are only indicative; above 1 they are meaningless.
     */
    public double relativeErrorEstimate() {
        return conditionNumber * Math.ulp(1.0);
    }
}
