package org.fabricsim.convergence;

import org.fabricsim.InputException;

/**
 * The knobs of the abstract adaptive-routing process (seed 001 §II and Algorithm 3). Every ambiguity the
 * digest lists (B.8 items 1–6) is one of them, with the paper's literal reading, where there is one, as
 * the default (docs/CONVERGENCE.md).
 *
 * @param p flows need 1/p of a link; a link with more than p flows is bad (p = 1, 2, or any real &ge; 1)
 * @param scope whether every flow crosses the top level, as in the unfolded Clos of seed 001 (every flow,
 *     also one between hosts of the same switch or from a host to itself, passes a middle switch), or
 *     turns at its nearest common ancestor, as minimal fat-tree routing does
 * @param permutation random or seed 001 §V-A "worst" permutations (B.8 item 6)
 * @param initial the first assignment: Algorithm 3's M = src mod n (generalised: source-mod-k), or §II's
 *     semi-random one (B.8 item 1)
 * @param newPort whether the new middle switch is drawn from all m (Table I's "same bin" rows) or from the
 *     m − 1 others (B.8 item 2)
 * @param ties which of several equally worst links an output switch picks (B.8 item 3)
 * @param swap whether a move to a full input-switch port swaps with a flow there (Algorithm 3's "optionally
 *     swap"; B.8 item 4)
 * @param victim which flow of a full port is swapped when it holds several (p = 2; B.8 item 4)
 * @param badUpLinks whether an up (input-switch) link with more than p flows counts as bad; only possible
 *     without swapping (B.8 item 4)
 * @param reselect whether a flow selected by an output switch is still moved when an earlier move of the same
 *     iteration has already moved it (B.8 item 5)
 * @param maxIterations cap on iterations of one trial (a trial that reaches it has not converged)
 */
public record ConvergenceOptions(double p, Scope scope, PermutationKind permutation, Initial initial, NewPort newPort, Ties ties,
        boolean swap, Victim victim, boolean badUpLinks, Reselect reselect, long maxIterations)
        implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public enum Scope { UNFOLDED, MINIMAL }

    public enum PermutationKind { RANDOM, WORST }

    public enum Initial { MODULO, SEMI_RANDOM }

    public enum NewPort { ANY, OTHER }

    public enum Ties { RANDOM, LOWEST }

    public enum Victim { RANDOM, LOWEST }

    public enum Reselect { MOVE, SKIP }

    public ConvergenceOptions {
        if (!(p >= 1) || Double.isInfinite(p)) {
            throw new InputException("convergence.p must be a number of at least 1 (a flow needs 1/p of a link; got "
                    + p + ")");
        }
        if (maxIterations < 1) {
            throw new InputException("convergence.max-iterations must be at least 1 (got " + maxIterations + ")");
        }
    }

    /** The paper's reading: Algorithm 3 as printed, worst permutations, swapping. */
    public static ConvergenceOptions defaults(double p) {
        return new ConvergenceOptions(p, Scope.UNFOLDED, PermutationKind.WORST, Initial.MODULO, NewPort.ANY, Ties.RANDOM, true,
                Victim.RANDOM, true, Reselect.MOVE, 10_000_000L);
    }

    /** Flows a link carries without being bad: ⌊p⌋. */
    public int capacity() {
        return (int) Math.floor(p);
    }

    public ConvergenceOptions withP(double newP) {
        return new ConvergenceOptions(newP, scope, permutation, initial, newPort, ties, swap, victim, badUpLinks, reselect,
                maxIterations);
    }
}
