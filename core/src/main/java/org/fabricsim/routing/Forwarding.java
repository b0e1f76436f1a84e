package org.fabricsim.routing;

/**
 * Destination-based forwarding as a function: the local output port of a switch towards a host. Forwarding
 * tables are one ({@link ForwardingTables}); {@link DModK#forwarding} computes D-mod-K from the switch labels
 * without a table (a 12-ary 4-tree's tables would take 286 MB); adaptive routing uses one as its default
 * ports (spec-adaptive-routing §3.1, the ERT's DP).
 */
@FunctionalInterface
public interface Forwarding {
    /** The local output port of switch {@code switchNode} towards host {@code dst}. */
    int port(int switchNode, int dst);
}
