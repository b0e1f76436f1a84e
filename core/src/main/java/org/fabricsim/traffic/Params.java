package org.fabricsim.traffic;

import org.fabricsim.InputException;

/**
 * Parameter checks shared by the patterns. Every message names the configuration key, says what
 * is wrong and gives the allowed range, e.g. {@code traffic.permutations must be at least 1 (got 0)}
 * (DESIGN.md, "Errors").
 */
final class Params {
    private Params() {
    }

    static int atLeast(String key, int value, int min) {
        if (value < min) {
            throw new InputException(key + " must be at least " + min + " (got " + value + ")");
        }
        return value;
    }

    static long atLeast(String key, long value, long min) {
        if (value < min) {
            throw new InputException(key + " must be at least " + min + " (got " + value + ")");
        }
        return value;
    }

    /** A fraction in [0, 1]; NaN is rejected. */
    static double fraction(String key, double value) {
        if (!(value >= 0.0 && value <= 1.0)) {
            throw new InputException(key + " must be between 0 and 1 (got " + value + ")");
        }
        return value;
    }

    /** A fraction in (0, 1]; NaN is rejected. */
    static double positiveFraction(String key, double value) {
        if (!(value > 0.0 && value <= 1.0)) {
            throw new InputException(key + " must be greater than 0 and at most 1 (got " + value + ")");
        }
        return value;
    }

    /** A host index of a network with {@code hostCount} hosts. */
    static int host(String key, int value, int hostCount) {
        if (value < 0 || value >= hostCount) {
            throw new InputException(key + " must be between 0 and " + (hostCount - 1) + " for a network of "
                    + hostCount + " hosts (got " + value + ")");
        }
        return value;
    }

    /** Patterns whose flows go to "another host" need at least two hosts. */
    static void atLeastTwoHosts(String pattern, int hostCount) {
        if (hostCount < 2) {
            throw new InputException(pattern + " needs a network of at least 2 hosts (got " + hostCount + ")");
        }
    }
}
