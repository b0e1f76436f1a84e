package org.fabricsim.ib;

/**
 * What the packet model reports while it runs; the statistics layer implements it. Calls come from the
 * simulation thread that owns the element, in event order; arguments are primitives so that reporting
 * allocates nothing.
 */
public interface PacketObserver {
    /** The last byte of a packet of {@code flow} left {@code globalPort} (a directed link) on virtual lane {@code vl}. */
    void transmitted(long timePs, int globalPort, int vl, int flow, int bytes);

    /**
     * The last byte of a packet of {@code flow} reached its destination host; it was injected at
     * {@code injectedPs} as the flow's {@code seq}-th packet (from 0; a flow's packets are numbered in
     * injection order, so a packet arriving after one with a higher number arrived out of order).
     */
    void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq);

    /** The occupancy of the input buffer of {@code globalPort} (the receiving port) on {@code vl} became {@code bytes}. */
    void bufferOccupancy(long timePs, int globalPort, int vl, int bytes);

    /** The last byte of a flow (or of a flow's current message) was delivered. */
    void flowCompleted(long timePs, int flow);

    /**
     * The last byte of a control packet ({@link ControlPacket} {@code type}) left {@code globalPort}; control
     * packets are reported here only, never as data. Ignored unless overridden.
     */
    default void controlTransmitted(long timePs, int globalPort, int type, int bytes) {
    }

    /**
     * Switch {@code switchNode}'s adaptive routing moved the traffic of {@code flow}'s destination (the flow
     * whose packet or adaptation request caused it) from its output {@code fromPort} to {@code toPort}
     * (global ports): one adaptation (a swap is two). Ignored unless overridden.
     */
    default void adapted(long timePs, int switchNode, int flow, int fromPort, int toPort) {
    }

    /**
     * Congestion control: a data packet of {@code flow} leaving switch output {@code globalPort} was FECN-marked
     * (seed 002). Ignored unless overridden.
     */
    default void marked(long timePs, int globalPort, int flow) {
    }

    /**
     * Congestion control: the CCTI throttling host {@code srcHost}'s packets to host {@code dstHost} (-1: all
     * of its port's and SL's, at SL level) became {@code ccti}: a BECN raised it or a timer lowered it.
     * Ignored unless overridden.
     */
    default void cctiChanged(long timePs, int srcHost, int dstHost, int ccti) {
    }

    /**
     * Congested-flow isolation: the CAM lines in use at switch inputs changed by {@code lines}, the hot queues in
     * use by {@code hotQueues} and the switch ports with no free hot queue by {@code fullPorts} (changes, so that
     * parts of a partitioned run add up). Ignored unless overridden.
     */
    default void isolation(long timePs, int lines, int hotQueues, int fullPorts) {
    }

    /** Congested-flow isolation: a line could not be made, no hot queue being free. Ignored unless overridden. */
    default void isolationRefused(long timePs) {
    }

    /** Reports nothing. */
    PacketObserver NONE = new PacketObserver() {
        @Override
        public void transmitted(long timePs, int globalPort, int vl, int flow, int bytes) {
        }

        @Override
        public void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq) {
        }

        @Override
        public void bufferOccupancy(long timePs, int globalPort, int vl, int bytes) {
        }

        @Override
        public void flowCompleted(long timePs, int flow) {
        }
    };
}
