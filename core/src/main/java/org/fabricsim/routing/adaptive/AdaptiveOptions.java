package org.fabricsim.routing.adaptive;

import java.io.Serializable;

/**
 * The choices of adaptive flow routing that the sources leave open or name as parameters
 * (spec-adaptive-routing §3.6, §7; docs/ADAPTIVE_ROUTING.md). Defaults: {@link #DEFAULT}.
 *
 * @param policy horizontal movement policy: ForcedDir or FreeDir (seed 003 §6.2)
 * @param horizontalHops i, the hop budget: at most this many horizontal hops ({@link #UNLIMITED} = ∞;
 *     0 = no horizontal movement)
 * @param hopScope whether the budget is per level (re-armed on every descent; AMBIG-5 default) or per flow
 * @param order how the route set-ups of a trial's flows follow each other (AMBIG-11)
 * @param ties which alternate port wins among equally loaded ones (AMBIG-8, AMBIG-9); the default port
 *     always wins a tie with an alternate port
 * @param cacheCapacity route-cache (PRC) entries per input port, {@link #UNLIMITED} for no limit (the
 *     thesis' experiments); a full cache sends the flow on the default port (spec §3.2)
 * @param startJitter interleaved set-ups only: each flow's set-up starts at a round drawn uniformly from
 *     0 … startJitter (0: all at once); a round is one hop of every started set-up
 */
public record AdaptiveOptions(Policy policy, int horizontalHops, HopScope hopScope, SetupOrder order, Ties ties,
        int cacheCapacity, int startJitter) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** No limit (hop budget ∞, unbounded route cache). */
    public static final int UNLIMITED = Integer.MAX_VALUE;

    /** ForcedDir(8) — the policy of seed 003's later experiments — interleaved set-ups, random ties, unlimited cache. */
    public static final AdaptiveOptions DEFAULT = new AdaptiveOptions(Policy.FORCED_DIR, 8, HopScope.PER_LEVEL,
            SetupOrder.INTERLEAVED, Ties.RANDOM, UNLIMITED, 0);

    public AdaptiveOptions {
        if (horizontalHops < 0 || cacheCapacity < 0 || startJitter < 0) {
            throw new IllegalArgumentException("horizontal hops, cache capacity and start jitter must not be negative");
        }
    }

    /** Without start jitter. */
    public AdaptiveOptions(Policy policy, int horizontalHops, HopScope hopScope, SetupOrder order, Ties ties,
            int cacheCapacity) {
        this(policy, horizontalHops, hopScope, order, ties, cacheCapacity, 0);
    }

    public AdaptiveOptions withPolicy(Policy p, int hops) {
        return new AdaptiveOptions(p, hops, hopScope, order, ties, cacheCapacity, startJitter);
    }

    public AdaptiveOptions withOrder(SetupOrder o) {
        return new AdaptiveOptions(policy, horizontalHops, hopScope, o, ties, cacheCapacity, startJitter);
    }

    public AdaptiveOptions withTies(Ties t) {
        return new AdaptiveOptions(policy, horizontalHops, hopScope, order, t, cacheCapacity, startJitter);
    }

    public AdaptiveOptions withCacheCapacity(int capacity) {
        return new AdaptiveOptions(policy, horizontalHops, hopScope, order, ties, capacity, startJitter);
    }

    public AdaptiveOptions withStartJitter(int rounds) {
        return new AdaptiveOptions(policy, horizontalHops, hopScope, order, ties, cacheCapacity, rounds);
    }

    public AdaptiveOptions withHopScope(HopScope s) {
        return new AdaptiveOptions(policy, horizontalHops, s, order, ties, cacheCapacity, startJitter);
    }

    /** Horizontal movement policies of seed 003 §6.2. */
    public enum Policy {
        /** The direction is fixed by the switch's position in its logical node: left half → right. */
        FORCED_DIR,
        /** The first horizontal hop at a level goes to the best port of either direction, later ones keep it. */
        FREE_DIR
    }

    /** What the hop budget i limits (AMBIG-5). */
    public enum HopScope {
        /** i horizontal hops at every level (the thesis' "multiple horizontal hops, at every level"). */
        PER_LEVEL,
        /** i horizontal hops over the whole path. */
        PER_FLOW
    }

    /** Order of the route set-ups of one trial's flows (AMBIG-11). */
    public enum SetupOrder {
        /**
         * All set-ups start together (or within the start jitter) and advance one hop per round, the flows of a
         * round in a fresh random order: counters see every flow that has already passed, as with concurrent
         * set-ups at t ≈ 0.
         */
        INTERLEAVED,
        /** One set-up after another, whole, in a random order of the flows. */
        SEQUENTIAL
    }

    /** Tie-breaking among alternate ports with the same flow count. */
    public enum Ties {
        /** Uniformly among the tied alternate ports. */
        RANDOM,
        /** The lowest port number (a fixed priority). */
        LOWEST
    }
}
