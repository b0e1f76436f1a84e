package org.fabricsim.ib;

/** How an output port chooses among the input ports that hold a packet for it, within one VL. */
public enum Arbitration {
    /** Round-robin over input ports, starting after the one served last (seed 003 §1.6, seed 004 §V). */
    ROUND_ROBIN("round-robin"),
    /** The packet that arrived at the switch first (seed 003 §1.3, §5.3); equal times: lower input port. */
    FCFS("fcfs");

    private final String word;

    Arbitration(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }
}
