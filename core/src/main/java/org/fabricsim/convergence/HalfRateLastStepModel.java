package org.fabricsim.convergence;

import java.util.StringJoiner;
import org.fabricsim.InputException;

/**
 * The Last-Step model of seed 001 §III-D for half-rate flows (p = 2): the chain of
 * {@link LastStepModel} (eq. (7), lumped on U) with the p = 2 probabilities. A link is bad with
 * three or more flows. The good state the model starts from is the one with the largest bad
 * induced-move probability, eq. (12) maximised at t' = n/2 two-ball bins and no single-ball bin
 * (Fig. 7a), B<sub>max</sub> = (n/2 − 1)/m (eq. (13); its second form (n/m)(½ − 1/m) is a typo for
 * (n/m)(½ − 1/n)). Its neighbouring bad state (Fig. 7b) has one bin with three balls, one bin with a
 * single ball, n/2 − 2 bins with two and m − n/2 empty bins.
 *
 * <p>The paper leaves three things open (digest B.8 item 9), resolved by {@link Reading}:
 * the good → bad probability B is never written; eq. (14) has two forms that disagree; eq. (15)
 * lacks the U/r factor of eq. (4) and exceeds 1.
 *
 * <p>For odd n, t' = n/2 is taken as a real number: the formulas are probabilities, not counts,
 * and stay in [0, 1] (checked). Parameters: n ≥ 3 (a bad link carries three flows), 2m ≥ n (a
 * good state exists: m·p ≥ n, seed 001 §V-A), r ≥ 1; the literal reading needs 2m &gt; n.
 */
public final class HalfRateLastStepModel {

    /** How the under-specified equations (12)–(15) of seed 001 are read. */
    public enum Reading {
        /**
         * The default (the digest's reading). B(U) = (U/r)·B<sub>max</sub>: like eq. (1), an induced
         * move hits this switch with probability U/r, and from Fig. 7a it is bad with probability
         * B<sub>max</sub>. C<sub>imp</sub> = 1 − (n/2 − 1)/m, counted again here from the
         * description of Fig. 7b: the improvement moves a ball of the three-ball bin, and the
         * switch is good if it lands in one of the m − n/2 empty bins or in the single-ball bin
         * (m − n/2 + 1 of m bins); the same bin or a two-ball bin leaves a three-ball bin. Neither
         * printed form of eq. (14) matches this count. C<sub>ind</sub> = (U/r)·(3/n)·C<sub>imp</sub>:
         * eq. (15) with the U/r of eq. (4) (the induced move hits this switch, picks one of the
         * three balls of the bad bin, which lands in a good place). C as eq. (5).
         */
        RECOMMENDED("recommended"),
        /**
         * The equations as printed. B(U) as in {@link #RECOMMENDED} (the paper never writes B);
         * C<sub>imp</sub> = (m − t')/m (first form of eq. (14)); C<sub>ind</sub> = U·(3/n)·(m − t')/m
         * (eq. (15), no /r), capped at 1. Whenever the cap binds at U = r (r·(3/n)(m − n/2)/m ≥ 1,
         * e.g. m = n and r ≥ 2n/3), C(r) = 1: every switch is good after one step and E[T] = 1.
         */
        LITERAL("literal");

        private final String key;

        Reading(String key) {
            this.key = key;
        }

        /** The configuration name. */
        public String key() {
            return key;
        }

        /** The reading named {@code name}, or an error listing the known names. */
        public static Reading byKey(String name) {
            for (Reading reading : values()) {
                if (reading.key.equals(name)) {
                    return reading;
                }
            }
            StringJoiner known = new StringJoiner(", ");
            for (Reading reading : values()) {
                known.add(reading.key);
            }
            throw new InputException("reading must be one of " + known + " (got '" + name + "')");
        }
    }

    private HalfRateLastStepModel() {
    }

    /** T from U = r in the lumped chain on U. */
    public static AbsorptionTime lumpedChain(int n, int m, int r, Reading reading) {
        return LastStepChains.lumped(transitions(n, m, r, reading));
    }

    /** T from 2<sup>r</sup> − 1 in the 2<sup>r</sup>-state chain of eq. (7); r ≤ 12. Same T as the lumped chain. */
    public static AbsorptionTime fullChain(int n, int m, int r, Reading reading) {
        return LastStepChains.full(transitions(n, m, r, reading));
    }

    private static String halfOf(int n) {
        return n % 2 == 0 ? Integer.toString(n / 2) : (n / 2) + ".5";
    }

    static SwitchTransitions transitions(int n, int m, int r, Reading reading) {
        Probabilities.atLeast("n", n, 3, "with p = 2 a bad output switch has a link with three flows");
        if (2 * m < n) {
            throw new InputException("m = " + m + " is below n/2 = " + halfOf(n)
                    + ": p = 2 needs 2m >= n links for a good state (m*p >= n, seed 001 section V-A)");
        }
        Probabilities.atLeast("r", r, 1, "the model needs an output switch");
        if (reading == Reading.LITERAL && 2 * m == n) {
            throw new InputException("m = " + m + " with n = " + n + ": the literal reading of seed 001"
                    + " eq. (14) gives C_imp = (m - n/2)/m = 0 and never converges; it needs 2m > n");
        }
        String parameters = "n = " + n + ", m = " + m + ", r = " + r + " (reading " + reading.key() + ")";
        double halfN = n / 2.0;                                    // t' of Fig. 7a, real for odd n
        double maxBad = Probabilities.check("B_max", (halfN - 1.0) / m, parameters); // eq. (13)
        double improve = reading == Reading.RECOMMENDED
                ? 1.0 - (halfN - 1.0) / m                          // count from Fig. 7b
                : (m - halfN) / m;                                 // eq. (14), first form
        Probabilities.check("C_imp", improve, parameters);
        double[] b = new double[r + 1];
        double[] c = new double[r + 1];
        for (int u = 1; u <= r; u++) {
            b[u] = Probabilities.check("B", (u / (double) r) * maxBad, parameters);
            double ind = reading == Reading.RECOMMENDED
                    ? (u / (double) r) * (3.0 / n) * improve      // eq. (15) with the U/r of eq. (4)
                    : Math.min(1.0, u * (3.0 / n) * improve);      // eq. (15) as printed, capped
            Probabilities.check("C_ind", ind, parameters);
            c[u] = Probabilities.check("C", improve + ind - improve * ind, parameters); // eq. (5)
        }
        return new SwitchTransitions() {
            @Override
            public int switches() {
                return r;
            }

            @Override
            public double goodToBad(int bad) {
                return b[bad];
            }

            @Override
            public double badToGood(int bad) {
                return c[bad];
            }
        };
    }
}
