package org.fabricsim.convergence;

/**
 * One trial of the adaptive-routing process.
 *
 * @param iterations synchronous iterations until no bad link was left, or the cap
 * @param converged whether no bad link was left (false: the cap was reached)
 * @param adaptations flows moved on request of an output switch (Algorithm 3's moves)
 * @param swaps flows moved because a move landed on a full input-switch port
 * @param badLinksAtStart bad links after the initial assignment
 * @param flows flows of the permutation (fixed points dropped)
 */
public record TrialOutcome(long iterations, boolean converged, long adaptations, long swaps, int badLinksAtStart,
        int flows) {
}
