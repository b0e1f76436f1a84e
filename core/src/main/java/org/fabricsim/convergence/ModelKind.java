package org.fabricsim.convergence;

import java.util.StringJoiner;
import org.fabricsim.InputException;

/** The Markov-chain convergence models of seed 001 §III, by configuration name. */
public enum ModelKind {
    INDEPENDENT("independent", 1, "single output switch, balls and bins, p = 1; seed 001 section III-B"),
    LAST_STEP("last-step", 1, "r output switches one step from good, p = 1; seed 001 section III-C"),
    LAST_STEP_HALF("last-step-half", 2, "r output switches one step from good, p = 2; seed 001 section III-D");

    private final String key;
    private final int flowsPerLink;
    private final String description;

    ModelKind(String key, int flowsPerLink, String description) {
        this.key = key;
        this.flowsPerLink = flowsPerLink;
        this.description = description;
    }

    /** The name used in configuration files, e.g. {@code last-step}. */
    public String key() {
        return key;
    }

    /** The p the model is written for: flows per link before a link is bad. */
    public int flowsPerLink() {
        return flowsPerLink;
    }

    /** One line for {@code --help} and the docs. */
    public String description() {
        return description;
    }

    /** The kind named {@code name}, or an error listing the known names. */
    public static ModelKind byKey(String name) {
        for (ModelKind kind : values()) {
            if (kind.key.equals(name)) {
                return kind;
            }
        }
        StringJoiner known = new StringJoiner(", ");
        for (ModelKind kind : values()) {
            known.add(kind.key);
        }
        throw new InputException("model must be one of " + known + " (got '" + name + "')");
    }
}
