package org.fabricsim.convergence;

import java.util.ArrayDeque;
import java.util.Deque;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * An absorbing Markov chain given by its transient block Q: Q[i][j] is the one-step probability
 * from transient state i to transient state j, and 1 − Σ<sub>j</sub> Q[i][j] is the probability to
 * be absorbed from i in one step. Seed 001 §III codes its models as such chains "following the
 * theory presented in [33]" (Karlin &amp; Taylor) without printing the formulas; they are the
 * standard ones (digest B.6):
 *
 * <ul>
 *   <li>fundamental matrix N = (I − Q)<sup>−1</sup>; expected steps to absorption t = N·1, found
 *       by solving (I − Q) t = 1;
 *   <li>variance of the absorption time (2N − I) t − t∘t, found by solving (I − Q) x = t and
 *       taking 2x − t − t∘t;
 *   <li>under an initial distribution π<sub>0</sub> over the transient states (the rest of its
 *       mass starts absorbed and contributes T = 0): E[T] = π<sub>0</sub>·t and
 *       E[T²] = π<sub>0</sub>·(2x − t), Var[T] = E[T²] − E[T]².
 * </ul>
 *
 * <p>Both systems are solved with one EJML LU decomposition (partial pivoting) of I − Q; N is never
 * formed. Construction checks that every transient state reaches absorption (a path of positive
 * probabilities to a state with a positive absorption probability); otherwise I − Q is singular and
 * the chain is refused with an {@link IllegalStateException}. A chain that does absorb, but so
 * slowly that double precision cannot say when (E[T] beyond about 10<sup>14</sup>), is refused with
 * a {@link ChainPrecisionException}: the probabilities rounded to doubles already decide the tiny
 * leak to absorption (see {@link AbsorptionTime}).
 */
public final class AbsorbingChain {

    /** Row sums may exceed 1 by this much (rounding in the caller's products). */
    public static final double ROW_SUM_TOLERANCE = 1e-12;

    /**
     * Largest accepted {@link AbsorptionTime#relativeErrorEstimate()}; above it the chain is refused
     * with a {@link ChainPrecisionException}. Against exact rational solutions of the p = 1
     * Last-Step chain with n = m = r = 12..16 the actual error was 1.5 to 10 times below the estimate
     * (1 % at r = 16, estimate 0.067; r = 17 is refused).
     */
    public static final double MAX_RELATIVE_ERROR = 0.1;

    private final int size;
    private final double[] expected;
    private final double[] secondMomentTerm;
    private final double conditionNumber;

    private AbsorbingChain(DMatrixRMaj q) {
        size = q.numRows;
        double[] rowSums = checkRows(q);
        checkEveryStateAbsorbs(q, rowSums);

        DMatrixRMaj iMinusQ = new DMatrixRMaj(size, size);
        double norm = 0;
        for (int i = 0; i < size; i++) {
            double rowNorm = 0;
            for (int j = 0; j < size; j++) {
                double v = (i == j ? 1.0 : 0.0) - q.unsafe_get(i, j);
                iMinusQ.unsafe_set(i, j, v);
                rowNorm += Math.abs(v);
            }
            norm = Math.max(norm, rowNorm);
        }
        LinearSolverDense<DMatrixRMaj> lu = LinearSolverFactory_DDRM.lu(size);
        lu.setA(iMinusQ);
        DMatrixRMaj ones = new DMatrixRMaj(size, 1);
        ones.fill(1.0);
        DMatrixRMaj t = new DMatrixRMaj(size, 1);
        lu.solve(ones, t);
        DMatrixRMaj x = new DMatrixRMaj(size, 1);
        lu.solve(t, x);

        expected = t.data.clone();
        double maxT = 0;
        for (double v : expected) {
            if (!Double.isFinite(v)) {
                throw new ChainPrecisionException("absorbing chain is numerically singular: the LU solve of"
                        + " (I - Q) t = 1 gave " + v, Double.POSITIVE_INFINITY);
            }
            maxT = Math.max(maxT, v);
        }
        conditionNumber = norm * maxT;
        double error = conditionNumber * Math.ulp(1.0);
        if (error > MAX_RELATIVE_ERROR) {
            throw new ChainPrecisionException(String.format("absorbing chain too ill-conditioned for double"
                    + " precision: condition number of I - Q %.3g (expected absorption time about %.3g steps,"
                    + " relative error up to %.2g)", conditionNumber, maxT, error), conditionNumber);
        }
        double slack = (1e-9 + error) * maxT;
        for (int i = 0; i < size; i++) {
            // t_i >= 1: every transient state takes at least one step
            if (expected[i] < 1.0 - slack) {
                throw new ChainPrecisionException(String.format("absorbing chain is numerically singular:"
                        + " expected time %.6g < 1 from state %d", expected[i], i), conditionNumber);
            }
        }
        secondMomentTerm = new double[size];
        for (int i = 0; i < size; i++) {
            secondMomentTerm[i] = 2.0 * x.data[i] - expected[i];
        }
    }

    /** The chain with transient block {@code q} (copied; square, entries in [0, 1], rows sum to ≤ 1). */
    public static AbsorbingChain of(DMatrixRMaj q) {
        if (q.numRows != q.numCols) {
            throw new IllegalArgumentException("Q must be square, got " + q.numRows + "x" + q.numCols);
        }
        if (q.numRows == 0) {
            throw new IllegalArgumentException("Q must have at least one transient state");
        }
        return new AbsorbingChain(q.copy());
    }

    /** A builder for a chain with {@code transientStates} transient states, all entries 0. */
    public static Builder builder(int transientStates) {
        return new Builder(transientStates);
    }

    /** Number of transient states. */
    public int size() {
        return size;
    }

    /** t: expected steps to absorption from each transient state (a copy). */
    public double[] expectedSteps() {
        return expected.clone();
    }

    /** E[T] and Var[T] from transient state {@code start}. */
    public AbsorptionTime from(int start) {
        if (start < 0 || start >= size) {
            throw new IndexOutOfBoundsException("state " + start + " of " + size);
        }
        double mean = expected[start];
        return new AbsorptionTime(mean, variance(mean, secondMomentTerm[start]), conditionNumber);
    }

    /**
     * E[T] and Var[T] when the chain starts in transient state i with probability
     * {@code initial[i]}; the missing mass 1 − Σ initial starts absorbed (T = 0).
     */
    public AbsorptionTime from(double[] initial) {
        if (initial.length != size) {
            throw new IllegalArgumentException("initial distribution has " + initial.length
                    + " entries for " + size + " transient states");
        }
        double total = 0;
        double mean = 0;
        double second = 0;
        for (int i = 0; i < size; i++) {
            double w = initial[i];
            if (!(w >= 0.0)) {
                throw new IllegalArgumentException("initial probability of state " + i + " is " + w);
            }
            total += w;
            mean += w * expected[i];
            second += w * secondMomentTerm[i];
        }
        if (total > 1.0 + ROW_SUM_TOLERANCE) {
            throw new IllegalArgumentException("initial distribution sums to " + total + " > 1");
        }
        return new AbsorptionTime(mean, variance(mean, second), conditionNumber);
    }

    /** κ<sub>∞</sub>(I − Q) = ‖I − Q‖<sub>∞</sub> · max<sub>i</sub> t<sub>i</sub> (see {@link AbsorptionTime}). */
    public double conditionNumber() {
        return conditionNumber;
    }

    /**
     * E[T²] − E[T]², which is ≥ 0 in exact arithmetic; a negative result within rounding of
     * E[T]² (e.g. a chain absorbed in exactly one step) is returned as 0.
     */
    private double variance(double mean, double secondMoment) {
        double v = secondMoment - mean * mean;
        if (v < 0) {
            double slack = 1e3 * Math.ulp(1.0) * conditionNumber * Math.max(1.0, secondMoment);
            if (-v > slack) {
                throw new ChainPrecisionException("negative variance " + v
                        + " of the absorption time: I - Q is too ill-conditioned", conditionNumber);
            }
            return 0.0;
        }
        return v;
    }

    private static double[] checkRows(DMatrixRMaj q) {
        int n = q.numRows;
        double[] sums = new double[n];
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < n; j++) {
                double p = q.unsafe_get(i, j);
                if (!(p >= 0.0) || p > 1.0 + ROW_SUM_TOLERANCE) {
                    throw new IllegalArgumentException("Q[" + i + "][" + j + "] = " + p
                            + " is not a probability");
                }
                sum += p;
            }
            if (sum > 1.0 + ROW_SUM_TOLERANCE) {
                throw new IllegalArgumentException("row " + i + " of Q sums to " + sum + " > 1");
            }
            sums[i] = sum;
        }
        return sums;
    }

    /**
     * Backward search from the states that leak to absorption directly (row sum &lt; 1) along
     * positive entries; a state not reached lies in a closed class of transient states.
     */
    private static void checkEveryStateAbsorbs(DMatrixRMaj q, double[] rowSums) {
        int n = q.numRows;
        boolean[] absorbs = new boolean[n];
        Deque<Integer> queue = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            if (rowSums[i] < 1.0) {
                absorbs[i] = true;
                queue.add(i);
            }
        }
        while (!queue.isEmpty()) {
            int j = queue.poll();
            for (int i = 0; i < n; i++) {
                if (!absorbs[i] && q.unsafe_get(i, j) > 0.0) {
                    absorbs[i] = true;
                    queue.add(i);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (!absorbs[i]) {
                throw singular("transient state " + i + " never reaches absorption");
            }
        }
    }

    private static IllegalStateException singular(String why) {
        return new IllegalStateException("absorbing chain is singular (I - Q has no inverse): " + why);
    }

    /** Fills Q entry by entry; entries not set stay 0. */
    public static final class Builder {
        private final DMatrixRMaj q;

        private Builder(int transientStates) {
            if (transientStates < 1) {
                throw new IllegalArgumentException("a chain needs at least one transient state, got "
                        + transientStates);
            }
            q = new DMatrixRMaj(transientStates, transientStates);
        }

        /** Q[i][j] = p. */
        public Builder set(int i, int j, double p) {
            q.set(i, j, p);
            return this;
        }

        /** Q[i][j] += p (several moves may lead to the same state). */
        public Builder add(int i, int j, double p) {
            q.set(i, j, q.get(i, j) + p);
            return this;
        }

        public AbsorbingChain build() {
            return new AbsorbingChain(q);
        }
    }
}
