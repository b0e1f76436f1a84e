package org.fabricsim.traffic;

import java.util.SplittableRandom;

/**
 * Every host except {@code destination} sends one flow to it: the many-to-one incast that builds a
 * single congestion tree (seed 002 Paper III scenario 1 in the large). Uses no randomness.
 *
 * @param destination configuration key {@code traffic.destination}, in [0, N)
 */
public record AllToOne(int destination) implements TrafficPattern {

    public AllToOne {
        Params.atLeast("traffic.destination", destination, 0);
    }

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int n = hosts.hostCount();
        Params.host("traffic.destination", destination, n);
        int[] src = new int[n - 1];
        int[] dst = new int[n - 1];
        int k = 0;
        for (int h = 0; h < n; h++) {
            if (h != destination) {
                src[k] = h;
                dst[k] = destination;
                k++;
            }
        }
        return FlowSet.of(src, dst);
    }

    @Override
    public String name() {
        return PatternKind.ALL_TO_ONE.key();
    }
}
