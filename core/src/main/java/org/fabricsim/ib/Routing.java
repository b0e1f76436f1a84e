package org.fabricsim.ib;

/**
 * The routing decision at a switch input (DESIGN.md, "The packet model's elements and decision points"):
 * when a packet's head reaches an input, which output it is queued for. An implementation keeps its own
 * per-switch state and reads only that switch's ports ({@link SwitchView}) and the packet's fields; it
 * must draw any randomness from the switch's own seeded stream, so partitioned runs stay identical.
 * Implementations: {@link StaticRouting} (forwarding tables).
 */
public interface Routing {
    /**
     * The global output port of switch {@code node} for packet {@code pk} (whose head reached input
     * {@code in} at {@code t}; -1 for a control packet the switch sends itself), routed towards host
     * {@code PacketPool.dst(pk)}.
     */
    int output(long t, int node, int in, int pk);
}
