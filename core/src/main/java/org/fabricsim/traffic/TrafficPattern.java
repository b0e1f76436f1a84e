package org.fabricsim.traffic;

import java.io.Serializable;
import java.util.SplittableRandom;

/**
 * A traffic pattern: turns the hosts of a network into a {@link FlowSet}. Implementations are
 * immutable, validate their parameters (an {@link org.fabricsim.InputException} naming the
 * configuration key) and draw every random choice from the generator passed in, so the same
 * generator state gives the same flows (DESIGN.md, "Determinism"). Self-flows are always dropped.
 * Patterns are plain serialisable data, so that sweep kernels carry them to Spark executors.
 */
public interface TrafficPattern extends Serializable {

    /** The flows of one draw of the pattern on {@code hosts}. */
    FlowSet generate(HostGroups hosts, SplittableRandom rng);

    /** The pattern's name in configuration files, e.g. {@code random-permutation} (see {@link PatternKind}). */
    String name();
}
