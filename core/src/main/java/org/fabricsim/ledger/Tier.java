package org.fabricsim.ledger;

import java.util.Locale;
import org.fabricsim.InputException;

/**
 * How long an entry's run takes, and so which runs of {@code fabricsim reproduce} include it: {@code quick}
 * (seconds; every build runs them), {@code standard} (minutes; docs/REPRODUCTION.md comes from this tier),
 * {@code full} (the paper's own size and run count; hours). A tier includes the ones before it.
 */
public enum Tier {
    QUICK, STANDARD, FULL;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Tier of(String word) {
        for (Tier t : values()) {
            if (t.word().equals(word)) {
                return t;
            }
        }
        throw new InputException("no tier '" + word + "' (quick, standard or full)");
    }
}
