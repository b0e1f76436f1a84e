package org.fabricsim.engine;

/**
 * The tie key that orders events of equal time: (event kind, source entity, that entity's send sequence),
 * packed into one non-negative {@code long} — kind in bits 59-62, source in bits 38-58, sequence in bits
 * 0-37 — so comparing keys compares the triple lexicographically. Every part comes from the model, never
 * from insertion order (DESIGN.md, "Determinism", lesson 2), so the order is the same however the
 * entities are split among logical processes.
 */
public final class TieKey {
    /** Event kinds: 0 .. 15. */
    public static final int MAX_KIND = 15;
    /** Source entities: 0 .. 2^21 - 1. */
    public static final int MAX_SOURCE = (1 << 21) - 1;
    /** Sends per source: 0 .. 2^38 - 1 (2.7e11). */
    public static final long MAX_SEQUENCE = (1L << 38) - 1;

    private TieKey() {
    }

    public static long of(int kind, int source, long sequence) {
        return ((long) kind << 59) | ((long) source << 38) | sequence;
    }

    public static int kind(long tie) {
        return (int) (tie >>> 59);
    }

    public static int source(long tie) {
        return (int) ((tie >>> 38) & MAX_SOURCE);
    }

    public static long sequence(long tie) {
        return tie & MAX_SEQUENCE;
    }
}
