package org.fabricsim.traffic;

import org.fabricsim.InputException;

/** The host-count check of the bit permutations. */
final class PowerOfTwo {
    private PowerOfTwo() {
    }

    /** log2 of {@code hostCount}, or an error naming the pattern and the host count. */
    static int bits(String pattern, int hostCount) {
        if (Integer.bitCount(hostCount) != 1) {
            throw new InputException(pattern + " needs a power-of-two host count (the network has " + hostCount
                    + " hosts)");
        }
        return Integer.numberOfTrailingZeros(hostCount);
    }
}
