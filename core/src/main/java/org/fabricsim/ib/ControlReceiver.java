package org.fabricsim.ib;

/**
 * What a node's mechanism does with a control packet addressed to it ({@code PacketPool.to}), once the
 * packet has been taken in whole: a switch's adaptive routing with an adaptation request, a source HCA's
 * congestion control with a notification. The packet is released after the call; read its fields then.
 */
public interface ControlReceiver {
    /** Node {@code node} has taken control packet {@code pk}, which arrived at its port {@code in}. */
    void received(long t, int node, int in, int pk);

    /**
     * Data packet {@code pk} was taken in by its destination host {@code host} (it is released after the call:
     * read its flags now). Ignored unless overridden.
     */
    default void dataArrived(long t, int host, int pk) {
    }

    /** The last byte of sized flow {@code flow} reached its destination host {@code host}. Ignored unless overridden. */
    default void flowDelivered(long t, int host, int flow) {
    }

    /** Takes control packets and does nothing with them (no mechanism sends any). */
    ControlReceiver NONE = (t, node, in, pk) -> {
    };
}
