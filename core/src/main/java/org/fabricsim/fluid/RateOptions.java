package org.fabricsim.fluid;

import java.io.Serializable;

/**
 * How rates are calculated. Defaults ({@link #of(RateAlgorithm)}): doubles, random claim order for SAA-M,
 * simultaneous saturation within a relative 1e-12 (docs/RATES.md, docs/DECISIONS.md D38).
 *
 * @param algorithm     SAA, SAA-M, FFA or AFA
 * @param arithmetic    doubles, or exact rationals (spec §7 item 22)
 * @param claimOrder    the order in which SAA-M flows claim excess capacity
 * @param tieTolerance  doubles only: a link that saturates at a normalized level within this relative
 *                      distance above the current level saturates at the current level (simultaneous
 *                      saturation, spec §7 item 27); in [0, 1e-6]
 */
public record RateOptions(RateAlgorithm algorithm, Arithmetic arithmetic, ClaimOrder claimOrder,
        double tieTolerance) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The default relative tolerance for simultaneous saturation in double arithmetic. */
    public static final double DEFAULT_TIE_TOLERANCE = 1e-12;

    /** Number representation. */
    public enum Arithmetic {
        /** IEEE doubles: fast; agrees with {@link #EXACT} within a relative 1e-12 (tested). */
        DOUBLE,
        /** Exact rationals ({@code BigFraction}); every double input is taken as the rational it is. */
        EXACT
    }

    /** The order in which SAA-M claims excess capacity (spec §4.2 and §7 item 20). */
    public enum ClaimOrder {
        /** A uniformly random order, drawn from the caller's fluid stream: the random back-off's effect. */
        RANDOM,
        /** Flow index order: deterministic without a random stream. */
        FLOW_ORDER
    }

    public RateOptions {
        if (algorithm == null || arithmetic == null || claimOrder == null) {
            throw new IllegalArgumentException("rate options must not be null");
        }
        if (!(tieTolerance >= 0 && tieTolerance <= 1e-6)) {
            throw new IllegalArgumentException("tie tolerance " + tieTolerance + " is not in [0, 1e-6]");
        }
    }

    /** The defaults for {@code algorithm}. */
    public static RateOptions of(RateAlgorithm algorithm) {
        return new RateOptions(algorithm, Arithmetic.DOUBLE, ClaimOrder.RANDOM, DEFAULT_TIE_TOLERANCE);
    }

    public RateOptions withArithmetic(Arithmetic a) {
        return new RateOptions(algorithm, a, claimOrder, tieTolerance);
    }

    public RateOptions withClaimOrder(ClaimOrder order) {
        return new RateOptions(algorithm, arithmetic, order, tieTolerance);
    }

    public RateOptions withAlgorithm(RateAlgorithm a) {
        return new RateOptions(a, arithmetic, claimOrder, tieTolerance);
    }
}
