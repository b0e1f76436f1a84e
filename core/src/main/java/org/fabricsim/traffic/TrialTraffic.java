package org.fabricsim.traffic;

import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;

/**
 * The flows of each trial of an experiment. Every trial draws from its own {@link Seeds} stream, so any
 * trial can be generated alone, in any order, on any thread or Spark executor, with the same result.
 */
@FunctionalInterface
public interface TrialTraffic {
    FlowSet flows(long trial);

    /** A pattern drawn afresh for every trial from stream (seed, trial, 0, TRAFFIC). */
    static TrialTraffic of(TrafficPattern pattern, HostGroups hosts, long seed) {
        return trial -> pattern.generate(hosts, Seeds.stream(seed, trial, Purpose.TRAFFIC));
    }

    /**
     * A hotspot forest per trial (roles and hotspots from the forest's own streams) and its flow-level
     * snapshot of slot 0; the snapshot's destinations come from stream (seed, trial, 1, TRAFFIC), which the
     * forest does not use for its roles.
     */
    static TrialTraffic forest(ForestParameters parameters, HostGroups hosts, long seed) {
        return trial -> new HotspotForest(parameters, hosts.hostCount(), seed, trial)
                .snapshot(0, Seeds.stream(seed, trial, 1, Purpose.TRAFFIC));
    }
}
