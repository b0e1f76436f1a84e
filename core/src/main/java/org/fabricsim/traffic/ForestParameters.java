package org.fabricsim.traffic;

/**
 * The knobs of a Paper IV congestion forest (seed 002, digest §3.2 and §6): the C/V/B mix, the
 * B-node hotspot share p, the number of hotspots and the hotspot lifetime. The factories give the
 * three scenario families of the paper; {@link HotspotForest} places the roles and hotspots.
 *
 * @param hotspots          number of hotspots (and of C/B subsets), key {@code traffic.hotspots}, at least 1
 *                          (Paper IV: {@value #DEFAULT_HOTSPOTS})
 * @param bFraction         fraction x of B nodes, key {@code traffic.b-fraction}, in [0, 1]
 * @param vFraction         fraction of the non-B nodes that are V (the rest are C), key
 *                          {@code traffic.v-fraction}, in [0, 1] (silent forest: 0.2)
 * @param p                 share of a B node's traffic that goes to its hotspot, key {@code traffic.p}, in [0, 1]
 * @param hotspotLifetimePs how long hotspots stay put, in picoseconds, key {@code traffic.hotspot-lifetime};
 *                          0 = they never move
 */
public record ForestParameters(int hotspots, double bFraction, double vFraction, double p, long hotspotLifetimePs)
        implements java.io.Serializable {

    /** Paper IV uses 8 hotspots. */
    public static final int DEFAULT_HOTSPOTS = 8;

    /** Silent forest: 80% C, 20% V (digest §3.2). */
    public static final double SILENT_V_FRACTION = 0.2;

    public ForestParameters {
        Params.atLeast("traffic.hotspots", hotspots, 1);
        Params.fraction("traffic.b-fraction", bFraction);
        Params.fraction("traffic.v-fraction", vFraction);
        Params.fraction("traffic.p", p);
        Params.atLeast("traffic.hotspot-lifetime", hotspotLifetimePs, 0L);
    }

    /** Silent forest: 80% C, 20% V, permanent hotspots (p is irrelevant without B nodes; set to 1). */
    public static ForestParameters silent(int hotspots) {
        return new ForestParameters(hotspots, 0.0, SILENT_V_FRACTION, 1.0, 0L);
    }

    /**
     * Windy forest: a fraction {@code bFraction} of B nodes sending p to their hotspot; the other
     * nodes are split 80% C / 20% V; permanent hotspots.
     */
    public static ForestParameters windy(int hotspots, double bFraction, double p) {
        return new ForestParameters(hotspots, bFraction, SILENT_V_FRACTION, p, 0L);
    }

    /**
     * Moving forest: a silent or windy forest whose hotspots move every {@code hotspotLifetimePs}
     * (Paper IV: 10 ms down to 1 ms). Paper IV's runs: 20% V / 80% C; 60% V; 100% B with p = 0.3, 0.6, 0.9.
     */
    public static ForestParameters moving(int hotspots, double bFraction, double vFraction, double p,
            long hotspotLifetimePs) {
        Params.atLeast("traffic.hotspot-lifetime", hotspotLifetimePs, 1L);
        return new ForestParameters(hotspots, bFraction, vFraction, p, hotspotLifetimePs);
    }

    /** The family these parameters belong to: moving if hotspots move, else windy if there are B nodes, else silent. */
    public PatternKind kind() {
        if (hotspotLifetimePs > 0) {
            return PatternKind.MOVING_FOREST;
        }
        return bFraction > 0 ? PatternKind.WINDY_FOREST : PatternKind.SILENT_FOREST;
    }
}
