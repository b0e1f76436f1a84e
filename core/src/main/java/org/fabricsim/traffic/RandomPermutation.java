package org.fabricsim.traffic;

import java.util.SplittableRandom;
import org.fabricsim.InputException;

/**
 * Every host sends one flow and receives one: a uniform random permutation of the hosts
 * (Fisher–Yates), the workload of seed 001 §II and seed 003 §6.2-6.3. Fixed points would be self-flows
 * and are dropped (spec §7 item 14), so the flow set has N minus the number of fixed points flows.
 * With {@code derangement} the permutation is instead a uniform random derangement (rejection
 * sampling: about e shuffles on average), so all N hosts send.
 *
 * @param derangement configuration key {@code traffic.derangement}
 */
public record RandomPermutation(boolean derangement) implements TrafficPattern {

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int n = hosts.hostCount();
        int[] dst;
        if (derangement) {
            if (n < 2) {
                throw new InputException(
                        "traffic.derangement needs a network of at least 2 hosts (got " + n + ")");
            }
            dst = Shuffle.derangement(n, rng);
        } else {
            dst = Shuffle.permutation(n, rng);
        }
        return Flows.ofPermutation(dst);
    }

    @Override
    public String name() {
        return PatternKind.RANDOM_PERMUTATION.key();
    }
}
