package org.fabricsim.convergence;

import java.util.SplittableRandom;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.WorstPermutation;

/**
 * Trials of the adaptive-routing process: trial t draws its permutation from stream (seed, t, 0,
 * TRAFFIC) and runs the process with stream (seed, t, 0, CONVERGENCE), so any trial can be run alone, on
 * any thread or executor, with the same outcome. One instance per thread.
 */
public final class ConvergenceTrials {
    private final AdaptiveRoutingProcess process;
    private final ConvergenceOptions options;
    private final HostGroups groups;
    private final long seed;
    private final int[] destinations;
    private final WorstPermutation worst = new WorstPermutation();

    public ConvergenceTrials(Topology topology, ConvergenceOptions options, long seed) {
        this.process = new AdaptiveRoutingProcess(topology, options);
        this.options = options;
        this.groups = HostGroups.of(topology);
        this.seed = seed;
        this.destinations = new int[topology.hostCount()];
    }

    public TrialOutcome run(long trial) {
        permutation(Seeds.stream(seed, trial, Purpose.TRAFFIC));
        return process.run(destinations, Seeds.stream(seed, trial, Purpose.CONVERGENCE));
    }

    /** The trial's permutation, as destination per source (fixed points included). */
    int[] permutation(SplittableRandom rng) {
        int n = destinations.length;
        if (options.permutation() == ConvergenceOptions.PermutationKind.RANDOM) {
            for (int s = 0; s < n; s++) {
                destinations[s] = s;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int t = destinations[i];
                destinations[i] = destinations[j];
                destinations[j] = t;
            }
        } else {
            // the traffic layer drops fixed points; in a permutation they are exactly the missing sources
            FlowSet flows = worst.generate(groups, rng);
            for (int s = 0; s < n; s++) {
                destinations[s] = s;
            }
            for (int f = 0; f < flows.size(); f++) {
                destinations[flows.src()[f]] = flows.dst()[f];
            }
        }
        return destinations;
    }
}
