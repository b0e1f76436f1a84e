package org.fabricsim.ib;

/** How a switch input buffer queues the packets it holds (per virtual lane). */
public enum Queueing {
    /** One FIFO per input port and VL: only its head may leave, so it blocks the packets behind it (HOL). */
    FIFO,
    /** One queue per input port, VL and output port (virtual output queues): no HOL blocking between outputs. */
    VOQ;

    public String word() {
        return name().toLowerCase();
    }
}
