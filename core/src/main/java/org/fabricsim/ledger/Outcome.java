package org.fabricsim.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import org.fabricsim.InputException;

/**
 * An entry's result: the measured value over its runs' summaries, its ratio to the published one, and the verdict
 * its tolerance gives.
 *
 * @param measured the measure's value (a claim: 1 true, 0 false)
 * @param ratio measured ÷ published (NaN for a claim, or a published 0)
 */
public record Outcome(LedgerEntry entry, double measured, double ratio, Verdict verdict) {
    /** An entry above the run's tier: listed, not measured. */
    public static Outcome notRun(LedgerEntry entry) {
        return new Outcome(entry, Double.NaN, Double.NaN, Verdict.NOT_RUN);
    }

    /**
     * Evaluates {@code entry} over the runs' summaries, by run id; a path that is not there is an
     * {@link InputException} naming the entry.
     */
    public static Outcome of(LedgerEntry entry, Map<String, JsonNode> summaries) {
        if (entry.run() == null) {
            return new Outcome(entry, Double.NaN, Double.NaN, Verdict.NOT_REPRODUCED); // not measurable yet
        }
        Map<String, JsonNode> s = new HashMap<>(summaries);
        s.put(null, summaries.get(entry.run().id()));
        try {
            double m = entry.measure().evaluate(s).scalar("the measure");
            double pm = entry.partlyMeasure() == null ? Double.NaN
                    : entry.partlyMeasure().evaluate(s).scalar("the partly-measure");
            Tolerance t = entry.tolerance();
            double ratio = t.kind() == Tolerance.Kind.CLAIM || Double.isNaN(entry.published()) || entry.published() == 0
                    ? Double.NaN : m / entry.published();
            return new Outcome(entry, m, ratio, t.verdict(entry.published(), m, pm));
        } catch (InputException e) {
            throw e.at(entry.where() + ": entry '" + entry.id() + "' (run '" + entry.run().id() + "')");
        }
    }
}
