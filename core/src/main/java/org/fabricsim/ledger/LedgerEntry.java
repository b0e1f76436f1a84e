package org.fabricsim.ledger;

/**
 * One published figure or claim and how fabricsim measures it (docs/REPRODUCTION.md): the seed, the place in it, the
 * paper's own words, the published value, the run and the measure over its summary, the tolerance and why.
 *
 * @param published the paper's number (NaN for a claim without one)
 * @param publishedText how the report shows the published value ("877", "peak at p = 60"); empty: the number
 * @param derived whether the published value is derived from the paper's numbers rather than printed in it
 * @param partlyMeasure a claim's weaker test, giving {@link Verdict#PARTLY} when it holds (null: none)
 * @param calibrated empty, or what of fabricsim was chosen so as to give this very number (then it is no test)
 * @param cause for a result that is not reproduced: its cause where known, with the experiment that shows it,
 *     else "open"
 * @param missing empty, or what fabricsim lacks to measure this at all and the issue that builds it: then there is
 *     no run and no measure, and the entry is not reproduced
 * @param where the ledger file and line, for messages
 */
public record LedgerEntry(String id, String seed, String place, String words, double published, String publishedText,
        String unit, boolean derived, LedgerRun run, Expression measure, Expression partlyMeasure, Tolerance tolerance,
        String calibrated, String note, String cause, String missing, String where) {

    /** An entry fabricsim cannot measure yet belongs to the standard tier (it shows in the docs' report). */
    public Tier tier() {
        return run == null ? Tier.STANDARD : run.tier();
    }

    /** The run's id, or "none". */
    public String runId() {
        return run == null ? "none" : run.id();
    }

    /** The other runs the measures read ({@code @RUN:} paths). */
    public java.util.Set<String> otherRuns() {
        java.util.Set<String> r = new java.util.TreeSet<>();
        if (measure == null) {
            return r;
        }
        r.addAll(measure.runs());
        if (partlyMeasure != null) {
            r.addAll(partlyMeasure.runs());
        }
        r.remove("");
        r.remove(runId());
        return r;
    }
}
