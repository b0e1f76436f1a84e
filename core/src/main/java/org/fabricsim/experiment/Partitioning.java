package org.fabricsim.experiment;

import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/**
 * How a distributed run splits its network. The partitioner module provides it and the command line wires
 * it in ({@link RunContext}), because {@code core} does not depend on the partitioner (DESIGN.md, "Modules").
 */
@FunctionalInterface
public interface Partitioning {
    /**
     * Splits {@code topology} into {@code parts} logical processes.
     *
     * @param method auto, tree or multilevel
     * @throws IllegalArgumentException when the method cannot split this topology so
     */
    Split split(Topology topology, int parts, String method, long seed);

    /**
     * A split: the part of every node, the method actually used, and the cables it cuts.
     *
     * @param parts number of parts
     * @param partOf part of each node
     * @param method the method used (auto resolved)
     * @param cutCables cables between parts
     * @param minCableLatencyPs the shortest latency of a cut cable (the model adds to it for its lookahead)
     */
    record Split(int parts, int[] partOf, String method, int cutCables, long minCableLatencyPs) {
    }

    /** For runs without the partitioner on the class path: distributed runs are refused. */
    Partitioning NONE = (t, parts, method, seed) -> {
        throw new InputException("engine.kind = distributed needs the partitioner: run it through the fabricsim command");
    };
}
