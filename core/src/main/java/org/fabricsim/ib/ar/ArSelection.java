package org.fabricsim.ib.ar;

/** How a switch picks a packet's output within its AR group (the QM8700's policy is not published). */
public enum ArSelection {
    /** Each packet to the next port of the group in turn: the spraying seed 004 saw even at low load. */
    ROUND_ROBIN("round-robin"),
    /** The port with the fewest blocks queued for it at this switch (ties: in turn). */
    LEAST_QUEUED("least-queued"),
    /** The port holding the most credits for the buffer downstream (ties: in turn). */
    MOST_CREDITS("most-credits");

    private final String key;

    ArSelection(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
