package org.fabricsim.traffic;

import java.util.SplittableRandom;

/**
 * Host h = (b_{m−1} … b_0) sends to (b_0 … b_{m−1}), the bit-reversal permutation of N = 2^m
 * hosts. Palindromic host numbers are fixed points and are dropped. Uses no randomness.
 */
public record BitReversal() implements TrafficPattern {

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int n = hosts.hostCount();
        int bits = PowerOfTwo.bits(name(), n);
        int[] dst = new int[n];
        for (int h = 0; h < n; h++) {
            dst[h] = bits == 0 ? 0 : Integer.reverse(h) >>> (32 - bits);
        }
        return Flows.ofPermutation(dst);
    }

    @Override
    public String name() {
        return PatternKind.BIT_REVERSAL.key();
    }
}
