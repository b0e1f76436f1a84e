package org.fabricsim.engine;

/** Simulated time is a {@code long} count of picoseconds. */
public final class Time {
    public static final long NS = 1_000L;
    public static final long US = 1_000_000L;
    public static final long MS = 1_000_000_000L;
    public static final long S = 1_000_000_000_000L;
    private static final long PS_BITS_PER_SECOND = 8 * S;

    private Time() {
    }

    /** Picoseconds to serialise {@code bytes} (at most 2^20, a packet) at {@code bitsPerSecond}, rounded up. */
    public static long serialisation(long bytes, long bitsPerSecond) {
        return -Math.floorDiv(-bytes * PS_BITS_PER_SECOND, bitsPerSecond);
    }
}
