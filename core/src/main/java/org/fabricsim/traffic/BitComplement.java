package org.fabricsim.traffic;

import java.util.SplittableRandom;

/**
 * Host h sends to its bitwise complement (N − 1 − h) in a network of N = 2^m hosts; every flow
 * crosses the bisection. Uses no randomness.
 */
public record BitComplement() implements TrafficPattern {

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int n = hosts.hostCount();
        PowerOfTwo.bits(name(), n);
        int[] dst = new int[n];
        for (int h = 0; h < n; h++) {
            dst[h] = ~h & (n - 1);
        }
        return Flows.ofPermutation(dst);
    }

    @Override
    public String name() {
        return PatternKind.BIT_COMPLEMENT.key();
    }
}
