package org.fabricsim.convergence;

/**
 * The Last-Step model of seed 001 §III-C for full-rate flows (p = 1) on CLOS(n, r, m): each of
 * the r output switches is either good (0) or in the single bad state one move from good, one
 * link carrying two flows (Fig. 5). With U the number of bad switches:
 *
 * <ul>
 *   <li>B = U/r, good → bad: an induced move lands on this switch (eq. (1)); A = 1 − B (eq. (2));
 *   <li>C<sub>imp</sub> = (m − n + 1)/m: the improvement moves a bad ball to one of the m − n + 1
 *       empty bins (eq. (3));
 *   <li>C<sub>ind</sub> = (U/r)·2(m − n + 1)/(n·m): an induced move hits this switch, picks one of
 *       its 2 bad balls and drops it into an empty bin (eq. (4));
 *   <li>C = C<sub>imp</sub> + C<sub>ind</sub> − C<sub>imp</sub>C<sub>ind</sub> (eq. (5)); D = 1 − C (eq. (6));
 *   <li>P(S → Q) = A<sup>E</sup>B<sup>F</sup>C<sup>H</sup>D<sup>G</sup> (eq. (7)); start with all
 *       switches bad (2<sup>r</sup> − 1), absorbed when all are good (0).
 * </ul>
 *
 * <p>{@link #fullChain} builds the 2<sup>r</sup>-state chain literally (r ≤ 12); {@link #lumpedChain}
 * the exact (r + 1)-state lumping on U (see {@link LastStepChains}); both give the same T.
 *
 * <p>Parameters: n ≥ 2 (a bad link carries two flows), m ≥ n (a good state has n links with one
 * flow each, the condition m·p ≥ n of seed 001 §V-A; for m = n − 1 eq. (3) gives C = 0 and the chain
 * never absorbs, below that C<sub>imp</sub> &lt; 0), r ≥ 1.
 */
public final class LastStepModel {

    private LastStepModel() {
    }

    /** T from 2<sup>r</sup> − 1 in the 2<sup>r</sup>-state chain of eq. (7); r ≤ 12. */
    public static AbsorptionTime fullChain(int n, int m, int r) {
        return LastStepChains.full(transitions(n, m, r));
    }

    /** T from U = r in the exactly lumped chain on U; fast for any r. */
    public static AbsorptionTime lumpedChain(int n, int m, int r) {
        return LastStepChains.lumped(transitions(n, m, r));
    }

    static SwitchTransitions transitions(int n, int m, int r) {
        Probabilities.atLeast("n", n, 2, "a bad output switch has a link with two flows");
        Probabilities.atLeast("m", m, n, "p = 1 needs m >= n links for a good state (seed 001 eq. (3))");
        Probabilities.atLeast("r", r, 1, "the model needs an output switch");
        String parameters = "n = " + n + ", m = " + m + ", r = " + r;
        double improve = Probabilities.check("C_imp", (m - n + 1) / (double) m, parameters); // seed 001 eq. (3)
        for (int u = 1; u <= r; u++) {
            Probabilities.check("B", u / (double) r, parameters);
            Probabilities.check("C_ind", induced(n, m, r, u), parameters);
        }
        return new SwitchTransitions() {
            @Override
            public int switches() {
                return r;
            }

            @Override
            public double goodToBad(int bad) {
                return bad / (double) r; // seed 001 eq. (1)
            }

            @Override
            public double badToGood(int bad) {
                double ind = induced(n, m, r, bad);
                return improve + ind - improve * ind; // seed 001 eq. (5)
            }
        };
    }

    /** Seed 001 eq. (4). */
    private static double induced(int n, int m, int r, int bad) {
        return (bad / (double) r) * 2.0 * (m - n + 1) / ((double) n * m);
    }
}
