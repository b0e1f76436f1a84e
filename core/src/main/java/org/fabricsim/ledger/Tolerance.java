package org.fabricsim.ledger;

/**
 * How close an entry's measured value must be to the published one, and why (docs/REPRODUCTION.md, "Tolerances").
 *
 * <ul>
 *   <li>{@code RELATIVE}: |measured − published| ≤ band × |published| (a number read from a table or a text);</li>
 *   <li>{@code ABSOLUTE}: |measured − published| ≤ band (a share, a fraction near 0);</li>
 *   <li>{@code AT_MOST} / {@code AT_LEAST}: measured ≤ published × (1 + band), ≥ published × (1 − band) (a bound
 *   the paper states: "does not exceed 40 µs");</li>
 *   <li>{@code CLAIM}: the measure is itself the claim's test (a shape: "peaks at p = 60", an ordering), true or
 *   false; {@code band} is unused.</li>
 * </ul>
 *
 * The entry is {@link Verdict#REPRODUCED} within the band, {@link Verdict#PARTLY} within the wider {@code partly}
 * band (for a claim: when its weaker {@code partly} measure holds), else {@link Verdict#NOT_REPRODUCED}.
 *
 * @param partly the wider band, NaN for none (a claim's weaker test is the entry's, not here)
 */
public record Tolerance(Kind kind, double band, double partly, String reason) {
    public enum Kind {
        RELATIVE("relative"), ABSOLUTE("absolute"), AT_MOST("at-most"), AT_LEAST("at-least"), CLAIM("claim");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /** The verdict on a measured value against a published one (a claim: measured non-zero is true). */
    public Verdict verdict(double published, double measured, double partlyMeasured) {
        if (kind == Kind.CLAIM) {
            if (measured != 0) {
                return Verdict.REPRODUCED;
            }
            return !Double.isNaN(partlyMeasured) && partlyMeasured != 0 ? Verdict.PARTLY : Verdict.NOT_REPRODUCED;
        }
        if (Double.isNaN(measured)) {
            return Verdict.NOT_REPRODUCED;
        }
        if (within(published, measured, band)) {
            return Verdict.REPRODUCED;
        }
        return !Double.isNaN(partly) && within(published, measured, partly) ? Verdict.PARTLY : Verdict.NOT_REPRODUCED;
    }

    private boolean within(double p, double m, double b) {
        return switch (kind) {
            case RELATIVE -> Math.abs(m - p) <= b * Math.abs(p) + 1e-12;
            case ABSOLUTE -> Math.abs(m - p) <= b + 1e-12;
            case AT_MOST -> m <= p * (1 + b) + 1e-12;
            case AT_LEAST -> m >= p * (1 - b) - 1e-12;
            case CLAIM -> throw new IllegalStateException();
        };
    }

    /** As the report prints it, e.g. "±5 %", "≤ +10 %", "claim". */
    public String describe() {
        String pct = pct(band);
        String main = switch (kind) {
            case RELATIVE -> "±" + pct;
            case ABSOLUTE -> "±" + num(band);
            case AT_MOST -> band == 0 ? "≤" : "≤ +" + pct;
            case AT_LEAST -> band == 0 ? "≥" : "≥ −" + pct;
            case CLAIM -> "claim";
        };
        if (!Double.isNaN(partly)) {
            main += " (partly: " + (kind == Kind.ABSOLUTE ? "±" + num(partly) : "±" + pct(partly)) + ")";
        }
        return main;
    }

    private static String pct(double b) {
        return num(b * 100) + " %";
    }

    private static String num(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
