package org.fabricsim.traffic;

/** Conversions from permutation arrays to flow sets, shared by the permutation patterns. */
final class Flows {
    private Flows() {
    }

    /** Flows h → dst[h] for every host h that is not a fixed point, ascending by source. */
    static FlowSet ofPermutation(int[] dst) {
        int n = dst.length - Shuffle.fixedPoints(dst);
        int[] from = new int[n];
        int[] to = new int[n];
        int k = 0;
        for (int h = 0; h < dst.length; h++) {
            if (dst[h] != h) {
                from[k] = h;
                to[k] = dst[h];
                k++;
            }
        }
        return FlowSet.of(from, to);
    }
}
