package org.fabricsim.ledger;

/** What an entry's numbers say against the paper's, computed from its tolerance (never written by hand). */
public enum Verdict {
    REPRODUCED("reproduced"), PARTLY("partly"), NOT_REPRODUCED("not reproduced");

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
