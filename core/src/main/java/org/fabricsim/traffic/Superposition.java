package org.fabricsim.traffic;

import java.util.SplittableRandom;

/**
 * P independent uniform random permutations laid on top of each other: every host sends P flows
 * and receives P flows (counting the dropped self-flows). This is the phase-based application of
 * seed 003 (spec §6.6: "a superposition of P random permutations"). Flows are listed permutation by
 * permutation, each ascending by source.
 *
 * @param permutations P, configuration key {@code traffic.permutations}, at least 1
 */
public record Superposition(int permutations) implements TrafficPattern {

    public Superposition {
        Params.atLeast("traffic.permutations", permutations, 1);
    }

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int n = hosts.hostCount();
        FlowSet.Builder flows = new FlowSet.Builder((int) Math.min(Integer.MAX_VALUE - 8, (long) n * permutations));
        int[] dst = new int[n];
        for (int p = 0; p < permutations; p++) {
            for (int h = 0; h < n; h++) {
                dst[h] = h;
            }
            Shuffle.shuffle(dst, rng);
            for (int h = 0; h < n; h++) {
                flows.add(h, dst[h]);
            }
        }
        return flows.build();
    }

    @Override
    public String name() {
        return PatternKind.SUPERPOSITION.key();
    }
}
