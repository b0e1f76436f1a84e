package org.fabricsim.ib.rates;

/**
 * How an HCA realises its flows' rates (seed 003 ch. 5, spec §5; {@code packet.injection}).
 */
public enum RateRealisation {
    /** The flows in turn, each paced at its own rate if it has one (no aggregate shaping): today's HCA. */
    ROUND_ROBIN("round-robin"),
    /**
     * Periodic Selection (spec §5.2, seed 003 Fig 5.1): one packet every d_p / R, R the sum of the host's flows'
     * rates, from the flow with the least data sent per unit of rate; no eligibility test.
     */
    PERIODIC_SELECTION("periodic-selection"),
    /**
     * Shaped Virtual Clock (spec §5.1): when the link frees, the flow with the least data sent per unit of rate
     * among those whose last packet is at least d_p / r(f) ago; none eligible: wait for the first.
     */
    SHAPED_VIRTUAL_CLOCK("shaped-virtual-clock");

    private final String word;

    RateRealisation(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** The realisation a configuration word names. */
    public static RateRealisation of(String word) {
        for (RateRealisation r : values()) {
            if (r.word.equals(word)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown rate realisation: " + word);
    }
}
