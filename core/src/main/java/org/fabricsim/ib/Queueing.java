package org.fabricsim.ib;

/** How a switch input buffer queues the packets it holds (per virtual lane). */
public enum Queueing {
    /** One FIFO per input port and VL: only its head may leave, so it blocks the packets behind it (HOL). */
    FIFO,
    /** One queue per input port, VL and output port (virtual output queues): no HOL blocking between outputs. */
    VOQ,
    /**
     * VOQnet (seed 002 Papers V, VI): a virtual lane per destination host, each with its own credits and its
     * own buffer of the per-VL size, and virtual output queues per lane: no head-of-line blocking anywhere, at
     * the memory cost of a buffer per destination at every input.
     */
    VOQ_NET;

    public String word() {
        return name().toLowerCase().replace('_', '-');
    }
}
