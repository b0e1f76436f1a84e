package org.fabricsim.fluid;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.fabricsim.InputException;

/** The centralized rate algorithms of seed 003 Chapter 4 (spec §4.1–4.5), named as in configuration files. */
public enum RateAlgorithm {
    /** Single Application Assignment: r(f) = w_f / W_f (spec §4.1, Theorem 4.1.1). Not maximal. */
    SAA,
    /**
     * Maximal SAA: the steady state the SAA-M protocol converges to (spec §4.2, Alg 4.3): SAA rates, then
     * every flow claims, all or nothing, the claimable capacity of its path, in the order the random
     * back-off lets the claims succeed ({@link RateOptions.ClaimOrder}).
     */
    SAA_M,
    /** Weighted max-min fair rates by progressive filling (spec §4.3, Alg 4.5). */
    FFA,
    /**
     * Application max-min fairness (spec §4.5, AFA and its per-link form Alg 4.12): FFA in which an
     * application's flows all stop at the same normalized rate as soon as any of them crosses a saturated
     * link. Flows without an application count as applications of their own (then AFA = FFA, spec §4.6).
     */
    AFA;

    /** The name in configuration files: {@code saa}, {@code saa-m}, {@code ffa}, {@code afa}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(RateAlgorithm::key).toList();
    }

    /** The algorithm named {@code key}; an unknown name is a user mistake. */
    public static RateAlgorithm byKey(String key) {
        for (RateAlgorithm a : values()) {
            if (a.key().equals(key)) {
                return a;
            }
        }
        throw new InputException("unknown rate algorithm '" + key + "' (known: " + String.join(", ", keys()) + ")");
    }
}
