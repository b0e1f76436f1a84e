package org.fabricsim.random;

import java.util.SplittableRandom;

/**
 * The only source of randomness in fabricsim. Every random choice draws from a
 * {@link SplittableRandom} derived from (master seed, trial index, entity id, purpose), never from a
 * shared generator, so that results do not depend on execution order, thread count, Spark task
 * split or partitioning (DESIGN.md, "Determinism").
 */
public final class Seeds {
    private Seeds() {
    }

    /** Why a stream is drawn. The codes are part of the output format: never renumber them. */
    public enum Purpose {
        /** Traffic pattern generation (permutations, destinations, role placement). */
        TRAFFIC(1),
        /** Per-timeslot traffic choices of time-varying patterns (moving hotspots). */
        TRAFFIC_SLOT(2),
        /** Tie-breaking and random choices of routing algorithms. */
        ROUTING(3),
        /** The abstract convergence model (seed 001 Algorithm 3). */
        CONVERGENCE(4),
        /** Packet-level model choices (injection jitter, marking). */
        PACKET(5),
        /** Fluid-level protocols (back-off and the like). */
        FLUID(6),
        /** The master seed of one point of a sweep (entity = point index). */
        SWEEP_POINT(7),
        /** Visit orders and starting vertices of the graph partitioner. */
        PARTITION(8),
        /** The destinations an HCA's message generator draws (entity = host). */
        MESSAGES(9);

        private final int code;

        Purpose(int code) {
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    /** A generator for one (master, trial, entity, purpose) stream. */
    public static SplittableRandom stream(long master, long trial, long entity, Purpose purpose) {
        return new SplittableRandom(seed(master, trial, entity, purpose));
    }

    /** A generator for one trial-wide stream (entity 0). */
    public static SplittableRandom stream(long master, long trial, Purpose purpose) {
        return stream(master, trial, 0, purpose);
    }

    /** The 64-bit seed of a stream: SplitMix64 finaliser chained over the four coordinates. */
    public static long seed(long master, long trial, long entity, Purpose purpose) {
        long h = mix(master ^ 0x9E3779B97F4A7C15L);
        h = mix(h + 0x632BE59BD9B4E019L * (trial + 1));
        h = mix(h + 0x85157AF5L * (entity + 1));
        return mix(h + purpose.code());
    }

    // Stafford's variant 13 of the MurmurHash3 finaliser, as used by SplitMix64.
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
