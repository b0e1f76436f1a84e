package org.fabricsim.ledger;

/**
 * What an entry's numbers say against the paper's, computed from its tolerance (never written by hand); or that its
 * tier is above the run's, so it was not measured this time (a standard report still lists the full tier's entries).
 */
public enum Verdict {
    REPRODUCED("reproduced"), PARTLY("partly"), NOT_REPRODUCED("not reproduced"), NOT_RUN("not run at this tier");

    private final String word;

    Verdict(String word) {
        this.word = word;
    }

    /** As the reports write it. */
    public String word() {
        return word;
    }

    public static Verdict of(String word) {
        for (Verdict v : values()) {
            if (v.word.equals(word)) {
                return v;
            }
        }
        throw new IllegalArgumentException("no verdict '" + word + "'");
    }
}
