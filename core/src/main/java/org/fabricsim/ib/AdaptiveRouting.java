package org.fabricsim.ib;

import java.util.Objects;

/**
 * Which routing the switches of a packet network run (docs/ADAPTIVE_ROUTING.md, "At the packet level"), and
 * its parameters; {@code packet.adaptive-routing.*} in conf/defaults.conf.
 *
 * @param mode {@link Mode#STATIC}: the forwarding tables; {@link Mode#GROUPS}: InfiniBand AR groups (seed
 *     004); {@link Mode#EAR}: seed 001's sticky routing with explicit adaptation requests;
 *     {@link Mode#CIRCUITS}: seed 003's flow virtual circuits
 * @param grouping how AR groups are formed ({@link Mode#GROUPS})
 * @param selection how a packet's output is picked within its group ({@link Mode#GROUPS})
 * @param ear seed 001's parameters ({@link Mode#EAR})
 * @param circuits seed 003's parameters ({@link Mode#CIRCUITS})
 */
public record AdaptiveRouting(Mode mode, Grouping grouping, Selection selection, EarParams ear,
        CircuitParams circuits) {
    /** The forwarding tables alone. */
    public static final AdaptiveRouting STATIC = new AdaptiveRouting(Mode.STATIC, Grouping.TREE,
            Selection.ROUND_ROBIN, EarParams.DEFAULTS, CircuitParams.DEFAULTS);

    /** Without circuit parameters (their defaults). */
    public AdaptiveRouting(Mode mode, Grouping grouping, Selection selection, EarParams ear) {
        this(mode, grouping, selection, ear, CircuitParams.DEFAULTS);
    }

    public enum Mode {
        STATIC("static"), GROUPS("groups"), EAR("ear"), CIRCUITS("circuits");

        private final String key;

        Mode(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /** Seed 004 §II-B: the Mellanox Adaptive Routing Manager's group algorithms. */
    public enum Grouping {
        /** All ports on a minimal-hop path to the destination form one group (fat trees). */
        TREE("tree"),
        /** All ports to the same neighbour switch as the forwarding table's port form one group. */
        LAG("lag");

        private final String key;

        Grouping(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /** How a switch picks a packet's output within its AR group (the QM8700's policy is not published). */
    public enum Selection {
        /** Each packet to the next port of the group in turn: the spraying seed 004 saw even at low load. */
        ROUND_ROBIN("round-robin"),
        /** The port with the fewest blocks queued for it at this switch (ties: in turn). */
        LEAST_QUEUED("least-queued"),
        /** The port holding the most credits for the buffer downstream (ties: in turn). */
        MOST_CREDITS("most-credits");

        private final String key;

        Selection(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    public AdaptiveRouting {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(grouping, "grouping");
        Objects.requireNonNull(selection, "selection");
        Objects.requireNonNull(ear, "ear");
        Objects.requireNonNull(circuits, "circuits");
    }

    /** What summary.json says about the routing. */
    public String describe() {
        return switch (mode) {
            case STATIC -> "static";
            case GROUPS -> "ar-groups(" + grouping.key() + ", " + selection.key() + ")";
            case EAR -> "ear(" + ear.describe() + ")";
            case CIRCUITS -> "circuits(" + circuits.describe() + ")";
        };
    }

    /** The mechanisms that realise this routing. */
    Mechanisms mechanisms(long seed) {
        return switch (mode) {
            case STATIC -> Mechanisms.STATIC;
            case GROUPS -> new ArGroupMechanisms(grouping, selection);
            case EAR -> new EarMechanisms(ear, seed);
            case CIRCUITS -> new CircuitMechanisms(circuits, seed);
        };
    }
}
