package org.fabricsim.convergence;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.fabricsim.InputException;

/**
 * The single-output-switch ("Independent") balls-and-bins model of seed 001 §III-B for p = 1: the
 * m input links of one output switch are bins, its n flows are balls (Fig. 2). It has no r: every
 * output switch is treated as an identical, independent copy (Fig. 9a).
 *
 * <p><b>States.</b> (e, g): e empty bins, g good bins (exactly one ball), b = m − e − g bad bins
 * holding the n − g bad balls, all bad bins assumed of the same height (Fig. 4). Feasible:
 * e, g, b ≥ 0; b = 0 exactly when g = n; if b &gt; 0, n − g ≥ 2b. Absorbing: g = n (so e = m − n).
 * Requires 1 ≤ n ≤ m (the induced-move probability n/m is a probability; a good state needs n bins).
 *
 * <p><b>One step</b> is one improvement move and one induced move (Table I), with the bad-ball /
 * bad-bin ratio ρ = (n − g)/b:
 *
 * <ul>
 *   <li>Improvement, a ball of the worst bin to a uniform bin. The extracted Table I loses one
 *       probability and misaligns the rows; the reconstruction used (digest B.3) is: ρ &gt; 2 (the
 *       worst bin keeps ≥ 2 balls): empty e/m → (e−1, g+1), good g/m → (e, g−1), bad (any, same
 *       included) (m−e−g)/m → (e, g); ρ ≤ 2 (i.e. ρ = 2, all bad bins hold two balls): empty e/m →
 *       (e−1, g+2), good g/m → (e, g), same bad bin 1/m → (e, g), other bad bin (m−e−g−1)/m →
 *       (e, g+1). Each row set sums to 1.
 *   <li>Induced move, Table I upper part as printed, each probability including the factor n/m:
 *       good ball to empty ge/m² → (e, g), to another good bin g(g−1)/m² → (e+1, g−2), to its own bin
 *       g/m² → (e, g), to a bad bin g(m−g−e)/m² → (e+1, g−1); bad ball with ρ &gt; 2.5: to empty
 *       (n−g)e/m² → (e−1, g+1), to good (n−g)g/m² → (e, g−1), to bad (n−g)(m−g−e)/m² → (e, g); with
 *       ρ ≤ 2.5: to empty (n−g)e/m² → (e−1, g+2), to good (n−g)g/m² → (e, g), to another bad bin
 *       (n−g)(m−e−g−1)/m² → (e, g+1), to its own bin (n−g)/m² → (e, g). No induced move, 1 − n/m →
 *       (e, g) (implied, not printed). The thresholds 2 and 2.5 are the paper's, unexplained.
 * </ul>
 *
 * <p>Each single move from a feasible transient state lands on a feasible state. They are combined
 * by {@link Combination}; under {@code SIMULTANEOUS} (the default, the paper's "considering each
 * possible pair of the Improve and Induced-move state transitions, and adding their probability
 * product") both changes are computed from the current state and added, which can describe an
 * impossible configuration when the two balls meet the same bins (both into the only empty bin,
 * both out of the only bad bin, ...), e.g. (−1, …) twice with e = 1. <b>Such a pair is redirected to
 * the state the improvement alone reaches</b>: the switch's own move is kept and the induced move
 * is taken to have had no net effect. This keeps every row a probability distribution over the
 * feasible states without inventing a nearest-state metric. These collisions carry probability of
 * order 1/m² per step.
 *
 * <p><b>Initial distribution</b> π<sub>0</sub>: the exact distribution of (e, g) when the n balls are
 * thrown independently and uniformly into the m bins ({@link BallsInBins}); placements with no bin
 * above one ball start absorbed (T = 0). E[T] = π<sub>0</sub>·t, Var[T] from the mixture
 * E[T²] = π<sub>0</sub>·(2x − t) (see {@link AbsorbingChain}).
 */
public final class IndependentModel {

    /** How the improvement and the induced move of one step are combined. */
    public enum Combination {
        /**
         * Both moves are taken from the current state and their changes added (the paper's pairing);
         * a pair that lands on an infeasible (e, g) goes to the improvement-only state. The default.
         */
        SIMULTANEOUS("simultaneous"),
        /**
         * The improvement first; the induced move's probabilities (Table I) are then taken in the
         * intermediate state. If the improvement alone absorbs, the step ends absorbed (g = n is
         * absorbing in the paper's chain). Never infeasible.
         */
        SEQUENTIAL("sequential");

        private final String key;

        Combination(String key) {
            this.key = key;
        }

        /** The configuration name. */
        public String key() {
            return key;
        }

        /** The combination named {@code name}, or an error listing the known names. */
        public static Combination byKey(String name) {
            for (Combination c : values()) {
                if (c.key.equals(name)) {
                    return c;
                }
            }
            StringJoiner known = new StringJoiner(", ");
            for (Combination c : values()) {
                known.add(c.key);
            }
            throw new InputException("combination must be one of " + known + " (got '" + name + "')");
        }
    }

    /** A state (e, g) of the model. */
    record State(int empty, int good) {
    }

    private record Move(int dEmpty, int dGood, double probability) {
    }

    private final int n;
    private final int m;
    private final Combination combination;
    private final List<State> transientStates = new ArrayList<>();
    private final int[][] index;

    public IndependentModel(int n, int m, Combination combination) {
        Probabilities.atLeast("n", n, 1, "an output switch needs a flow");
        Probabilities.atLeast("m", m, n, "the Independent model needs m >= n (an induced move happens with"
                + " probability n/m, and a good state has n links with one flow)");
        this.n = n;
        this.m = m;
        this.combination = combination;
        this.index = new int[m + 1][n + 1];
        for (int[] row : index) {
            Arrays.fill(row, -1);
        }
        for (int g = 0; g <= n - 2; g++) {
            for (int b = 1; 2 * b <= n - g && g + b <= m; b++) {
                int e = m - g - b;
                index[e][g] = transientStates.size();
                transientStates.add(new State(e, g));
            }
        }
    }

    /** E[T] and Var[T] from the random initial spreading. */
    public AbsorptionTime absorptionTime() {
        if (transientStates.isEmpty()) {
            return AbsorptionTime.ABSORBED; // n = 1: one ball is always alone
        }
        AbsorbingChain.Builder q = AbsorbingChain.builder(transientStates.size());
        for (int i = 0; i < transientStates.size(); i++) {
            for (Map.Entry<State, Double> to : transitions(transientStates.get(i)).entrySet()) {
                State target = to.getKey();
                if (!isAbsorbing(target)) {
                    q.add(i, index[target.empty()][target.good()], to.getValue());
                }
            }
        }
        return q.build().from(initialDistribution());
    }

    /** The transient states, in the order of {@link #initialDistribution()}. */
    List<State> transientStates() {
        return Collections.unmodifiableList(transientStates);
    }

    /** The absorbing state (m − n, n). */
    State absorbing() {
        return new State(m - n, n);
    }

    boolean isAbsorbing(State s) {
        return s.good() == n;
    }

    /** Whether (e, g) is a state of the model (transient or absorbing). */
    boolean feasible(int e, int g) {
        int b = m - e - g;
        if (e < 0 || g < 0 || b < 0) {
            return false;
        }
        if (b == 0) {
            return g == n;
        }
        return g < n && n - g >= 2 * b;
    }

    /** π<sub>0</sub> over {@link #transientStates()}; the rest of the mass starts absorbed. */
    double[] initialDistribution() {
        BigInteger[][] counts = BallsInBins.counts(n, m);
        BigDecimal total = new BigDecimal(BigInteger.valueOf(m).pow(n));
        double[] pi = new double[transientStates.size()];
        for (int e = 0; e <= m; e++) {
            for (int g = 0; g <= n; g++) {
                if (counts[e][g].signum() == 0 || g == n) {
                    continue;
                }
                int i = index[e][g];
                if (i < 0) {
                    throw new IllegalStateException("placement class (" + e + ", " + g + ") is not a state");
                }
                pi[i] = new BigDecimal(counts[e][g]).divide(total, MathContext.DECIMAL64).doubleValue();
            }
        }
        return pi;
    }

    /** One step from transient state {@code s}: next state → probability (sums to 1). */
    Map<State, Double> transitions(State s) {
        Map<State, Double> row = new LinkedHashMap<>();
        for (Move imp : improvements(s.empty(), s.good())) {
            int e1 = s.empty() + imp.dEmpty();
            int g1 = s.good() + imp.dGood();
            if (combination == Combination.SEQUENTIAL) {
                if (g1 == n) {
                    row.merge(new State(e1, g1), imp.probability(), Double::sum);
                    continue;
                }
                for (Move ind : inducedMoves(e1, g1)) {
                    State next = new State(e1 + ind.dEmpty(), g1 + ind.dGood());
                    if (!feasible(next.empty(), next.good())) {
                        throw new IllegalStateException("a single induced move left the state space: " + next);
                    }
                    row.merge(next, imp.probability() * ind.probability(), Double::sum);
                }
            } else {
                for (Move ind : inducedMoves(s.empty(), s.good())) {
                    int e2 = e1 + ind.dEmpty();
                    int g2 = g1 + ind.dGood();
                    State next = feasible(e2, g2) ? new State(e2, g2) : new State(e1, g1);
                    row.merge(next, imp.probability() * ind.probability(), Double::sum);
                }
            }
        }
        return row;
    }

    /** Table I, improvement part (reconstructed, see the class comment); zero rows dropped. */
    private List<Move> improvements(int e, int g) {
        double mm = m;
        int b = m - e - g;
        List<Move> moves = new ArrayList<>();
        if (n - g > 2 * b) { // ratio > 2: the worst bin keeps at least two balls
            add(moves, -1, +1, e / mm);
            add(moves, 0, -1, g / mm);
            add(moves, 0, 0, b / mm);
        } else {             // ratio = 2: the worst bin becomes good
            add(moves, -1, +2, e / mm);
            add(moves, 0, 0, g / mm);
            add(moves, 0, 0, 1 / mm);
            add(moves, 0, +1, (b - 1) / mm);
        }
        return moves;
    }

    /** Table I, induced-move part (each probability includes n/m) plus "no induced move". */
    private List<Move> inducedMoves(int e, int g) {
        double m2 = (double) m * m;
        int b = m - e - g;
        int bad = n - g;
        List<Move> moves = new ArrayList<>();
        add(moves, 0, 0, g * (double) e / m2);
        add(moves, +1, -2, g * (g - 1.0) / m2);
        add(moves, 0, 0, g / m2);
        add(moves, +1, -1, g * (double) b / m2);
        if (2 * bad > 5 * b) { // ratio > 2.5
            add(moves, -1, +1, bad * (double) e / m2);
            add(moves, 0, -1, bad * (double) g / m2);
            add(moves, 0, 0, bad * (double) b / m2);
        } else {
            add(moves, -1, +2, bad * (double) e / m2);
            add(moves, 0, 0, bad * (double) g / m2);
            add(moves, 0, +1, bad * (b - 1.0) / m2);
            add(moves, 0, 0, bad / m2);
        }
        add(moves, 0, 0, 1.0 - n / (double) m);
        return moves;
    }

    private static void add(List<Move> moves, int dEmpty, int dGood, double probability) {
        if (probability > 0.0) {
            moves.add(new Move(dEmpty, dGood, probability));
        }
    }
}
