package org.fabricsim.ib.run;

import java.util.Objects;
import org.fabricsim.ib.ar.ArGrouping;
import org.fabricsim.ib.ar.ArSelection;
import org.fabricsim.ib.ar.EarParams;
import org.fabricsim.ib.circuits.CircuitParams;

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
public record AdaptiveRouting(Mode mode, ArGrouping grouping, ArSelection selection, EarParams ear,
        CircuitParams circuits) {
    /** The forwarding tables alone. */
    public static final AdaptiveRouting STATIC = new AdaptiveRouting(Mode.STATIC, ArGrouping.TREE,
            ArSelection.ROUND_ROBIN, EarParams.DEFAULTS, CircuitParams.DEFAULTS);

    /** Without circuit parameters (their defaults). */
    public AdaptiveRouting(Mode mode, ArGrouping grouping, ArSelection selection, EarParams ear) {
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
}
