package org.fabricsim.ib;

/**
 * The kinds of packet that are not data (DESIGN.md, "The packet model's elements and decision points"):
 * adaptation requests (seed 001 §IV), virtual-circuit set-up and tear-down (seed 003 §3), congestion
 * notifications (seed 002, next), each with its own wire size given by the mechanism that sends it. They
 * travel the same cables and take the same credits as data, but on a lane of their own
 * ({@link ControlLane}): counted apart from data in every figure (summary, hops, observer), never marked,
 * and taken by the node named in the packet ({@code PacketPool.to}) rather than always by a host.
 */
public final class ControlPacket {
    /** Not a control packet. */
    public static final int DATA = 0;
    /** From a middle switch to the input switch of a flow: move it off a congested port (seed 001 Alg. 1-2). */
    public static final int ADAPTATION_REQUEST = 1;
    /** Sets a flow's virtual circuit up, hop by hop towards its destination (seed 003 §3). */
    public static final int SETUP = 2;
    /** Tears a flow's virtual circuit down after its last acknowledged packet (seed 003 §3). */
    public static final int TEARDOWN = 3;
    /** Backward congestion notification, destination HCA to source (seed 002 Paper I). */
    public static final int CONGESTION_NOTIFICATION = 4;
    /** A test's probe: carries nothing and asks nothing of whoever takes it. */
    public static final int PROBE = 5;
    /** The destination's acknowledgement of a flow's last data packet (seed 003 §3.4). */
    public static final int ACK = 6;
    /** Congested-flow isolation: a destination of a congested line, to the node upstream (seed 002 Papers V–VI). */
    public static final int ISOLATION_ALLOCATE = 7;
    /** Congested-flow isolation: the hot queue upstream of a line must not send (Stop). */
    public static final int ISOLATION_STOP = 8;
    /** Congested-flow isolation: the hot queue upstream of a line may send again (Go). */
    public static final int ISOLATION_GO = 9;
    /** Congested-flow isolation: a line is freed; the output line upstream goes too. */
    public static final int ISOLATION_DEALLOCATE = 10;

    /** Flag of a control packet that is routed towards its flow's source host rather than its destination. */
    public static final int TOWARD_SOURCE = 1;
    /** Flag of a set-up or tear-down packet on its way back to the source (seed 003 §3.2: default path, no state). */
    public static final int RETURN = 2;

    private ControlPacket() {
    }

    /** The name of {@code type} in reports. */
    public static String name(int type) {
        return switch (type) {
            case DATA -> "data";
            case ADAPTATION_REQUEST -> "adaptation-request";
            case SETUP -> "setup";
            case TEARDOWN -> "teardown";
            case CONGESTION_NOTIFICATION -> "congestion-notification";
            case PROBE -> "probe";
            case ACK -> "ack";
            case ISOLATION_ALLOCATE -> "isolation-allocate";
            case ISOLATION_STOP -> "isolation-stop";
            case ISOLATION_GO -> "isolation-go";
            case ISOLATION_DEALLOCATE -> "isolation-deallocate";
            default -> "type-" + type;
        };
    }
}
