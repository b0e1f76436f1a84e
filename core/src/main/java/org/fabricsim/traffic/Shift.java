package org.fabricsim.traffic;

import java.util.SplittableRandom;

/**
 * Host h sends to (h + k) mod N: the classic shift (or tornado, for k = N/2) permutation. k may be
 * negative; it is normalised mod N, and k ≡ 0 (mod N) gives no flows (all would be self-flows).
 * Uses no randomness.
 *
 * @param k configuration key {@code traffic.shift}, any integer
 */
public record Shift(int k) implements TrafficPattern {

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int n = hosts.hostCount();
        int shift = Math.floorMod(k, n);
        int[] dst = new int[n];
        for (int h = 0; h < n; h++) {
            dst[h] = (int) (((long) h + shift) % n);
        }
        return Flows.ofPermutation(dst);
    }

    @Override
    public String name() {
        return PatternKind.SHIFT.key();
    }
}
