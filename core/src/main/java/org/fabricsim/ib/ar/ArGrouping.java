package org.fabricsim.ib.ar;

/** Seed 004 §II-B: the Mellanox Adaptive Routing Manager's group algorithms. */
public enum ArGrouping {
    /** All ports on a minimal-hop path to the destination form one group (fat trees). */
    TREE("tree"),
    /** All ports to the same neighbour switch as the forwarding table's port form one group. */
    LAG("lag");

    private final String key;

    ArGrouping(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
