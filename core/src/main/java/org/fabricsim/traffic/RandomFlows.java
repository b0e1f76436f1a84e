package org.fabricsim.traffic;

import java.util.SplittableRandom;

/**
 * Independent flows (spec §6.7, seed 003 Fig 6.8): every source draws n_f uniformly from
 * [minFlows, maxFlows] and sends n_f flows (minFlows = maxFlows: a constant number, Fig 6.9), each to a destination drawn uniformly over the other N − 1
 * hosts; a source may draw the same destination more than once (spec §7 item 15). Flows are listed
 * by source, ascending.
 *
 * @param minFlows configuration key {@code traffic.min-flows}, at least 1
 * @param maxFlows configuration key {@code traffic.max-flows}, at least minFlows
 */
public record RandomFlows(int minFlows, int maxFlows) implements TrafficPattern {

    public RandomFlows {
        Params.atLeast("traffic.min-flows", minFlows, 1);
        Params.atLeast("traffic.max-flows", maxFlows, minFlows);
    }

    /** From 1 to {@code maxFlows} flows per source (Fig 6.8). */
    public RandomFlows(int maxFlows) {
        this(1, maxFlows);
    }

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int n = hosts.hostCount();
        Params.atLeastTwoHosts(name(), n);
        FlowSet.Builder flows = new FlowSet.Builder((int) Math.min(1 << 20, (long) n * (maxFlows + 1) / 2));
        for (int s = 0; s < n; s++) {
            int count = minFlows + rng.nextInt(maxFlows - minFlows + 1);
            for (int f = 0; f < count; f++) {
                flows.add(s, Shuffle.otherHost(s, n, rng));
            }
        }
        return flows.build();
    }

    @Override
    public String name() {
        return PatternKind.RANDOM_FLOWS.key();
    }
}
