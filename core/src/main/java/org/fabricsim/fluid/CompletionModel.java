package org.fabricsim.fluid;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.fabricsim.InputException;

/**
 * How the completion time of flows with sizes follows from their rates (docs/DECISIONS.md D42).
 * Sizes are in time units at capacity 1: a flow of size 1 alone on unit links takes 1 unit (spec §7 item 18).
 */
public enum CompletionModel {
    /**
     * The rates calculated at the start of the phase are kept until every flow has finished: T_f = d_f / r(f).
     * This is what the thesis' rate-control experiments compute ("we rely on calculated results", [T §6
     * intro]; completion time under SAA = W_f, Theorem 4.1.1; "the rate is inversely proportional to the
     * completion time", [T §6.5]). The default.
     */
    CONSTANT,
    /**
     * The fluid run the protocols would give: whenever flows finish they leave (AnnounceEnd, Alg 4.1/4.3; a
     * DFFA/DAFA restart), and the same algorithm recalculates the rates of the flows still running, with their
     * weights unchanged (w_f = β_a·d_f uses the initial size, spec §4.5), until the last flow finishes.
     */
    RECALCULATE;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(CompletionModel::key).toList();
    }

    public static CompletionModel byKey(String key) {
        for (CompletionModel m : values()) {
            if (m.key().equals(key)) {
                return m;
            }
        }
        throw new InputException("unknown completion model '" + key + "' (known: " + String.join(", ", keys()) + ")");
    }
}
