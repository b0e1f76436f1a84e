package org.fabricsim.ib;

/** How an output port chooses among the input ports that hold a packet for it, within one VL. */
public enum Arbitration {
    /** Round-robin over input ports, starting after the one served last (seed 003 §1.6, seed 004 §V). */
    ROUND_ROBIN("round-robin"),
    /** The packet that arrived at the switch first (seed 003 §1.3, §5.3); equal times: lower input port. */
    FCFS("fcfs"),
    /**
     * Round-robin where an output passed over a busy input twice in a row on its turn claims that input's next
     * free read slot (iSlip's grant pointer in event time, seed 002 Papers V–VI; D161): with finite read ports
     * no input starves, at the cost of inputs idle while their claimants finish. Unlimited read ports: as
     * round-robin.
     */
    ISLIP("islip");

    private final String word;

    Arbitration(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** The arbitration a configuration word names. */
    public static Arbitration of(String word) {
        for (Arbitration a : values()) {
            if (a.word.equals(word)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown arbitration: " + word);
    }
}
