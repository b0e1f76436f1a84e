package org.fabricsim.stats;

import java.util.Arrays;
import java.util.List;

/**
 * Flows that form a permutation sequence (seed 001 §V-C): flow f belongs to permutation {@code of[f]} of
 * {@code count} and follows its host's flow {@code after[f]} (-1: its host's first), for
 * {@link PermutationConvergence}.
 */
final class PermutationSequence {
    private final int[] of;
    private final int[] after;
    private final int count;

    /** Checks the sequence against {@code flows} flows and copies the arrays. */
    PermutationSequence(int flows, int[] permutationOf, int[] after, int count) {
        if (permutationOf.length != flows || after.length != flows) {
            throw new IllegalArgumentException("permutations of " + permutationOf.length + "/" + after.length
                    + " flows, but there are " + flows);
        }
        for (int f = 0; f < permutationOf.length; f++) {
            int p = permutationOf[f];
            if (p < 0 || p >= count || after[f] >= f || (after[f] >= 0 && permutationOf[after[f]] >= p)) {
                throw new IllegalArgumentException("flow " + f + " in permutation " + p + " of 0.." + (count - 1)
                        + " after flow " + after[f] + " is not a permutation sequence");
            }
        }
        this.of = permutationOf.clone();
        this.after = after.clone();
        this.count = count;
    }

    /** Every permutation's start, convergence time and adaptations, in order. */
    List<PermutationConvergence> convergence(AdaptationMeter adaptation) {
        return PermutationConvergence.of(of, after, count, adaptation);
    }

    /** The same sequence (metrics of two parts merge only over the same one). */
    @Override
    public boolean equals(Object o) {
        return o instanceof PermutationSequence s && Arrays.equals(s.of, of) && Arrays.equals(s.after, after)
                && s.count == count;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(of) + count;
    }
}
