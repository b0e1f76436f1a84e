package org.fabricsim.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.InputException;
import org.junit.jupiter.api.function.Executable;

/** Checks shared by the traffic tests. */
final class TrafficAsserts {
    private TrafficAsserts() {
    }

    /**
     * The flows are a permutation of the hosts minus its fixed points: every host sends at most one
     * flow and receives at most one, and exactly the hosts that do not send do not receive (they are
     * the dropped fixed points). Returns the full permutation, fixed points included.
     */
    static int[] assertPermutationMinusFixedPoints(FlowSet flows, int hostCount) {
        int[] dst = new int[hostCount];
        java.util.Arrays.fill(dst, -1);
        boolean[] receives = new boolean[hostCount];
        for (int i = 0; i < flows.size(); i++) {
            int s = flows.src()[i];
            int d = flows.dst()[i];
            assertNotEquals(s, d, "self-flow");
            assertEquals(-1, dst[s], "host " + s + " sends twice");
            assertFalse(receives[d], "host " + d + " receives twice");
            dst[s] = d;
            receives[d] = true;
        }
        for (int h = 0; h < hostCount; h++) {
            assertEquals(dst[h] < 0, !receives[h], "host " + h + ": sends iff it receives");
            if (dst[h] < 0) {
                dst[h] = h;
            }
        }
        return dst;
    }

    static int[] outDegrees(FlowSet flows, int hostCount) {
        int[] out = new int[hostCount];
        for (int s : flows.src()) {
            out[s]++;
        }
        return out;
    }

    static int[] inDegrees(FlowSet flows, int hostCount) {
        int[] in = new int[hostCount];
        for (int d : flows.dst()) {
            in[d]++;
        }
        return in;
    }

    /** The code throws an {@link InputException} whose message names {@code key}. */
    static InputException assertInputError(String key, Executable code) {
        InputException e = assertThrows(InputException.class, code);
        assertTrue(e.getMessage().contains(key), () -> "message '" + e.getMessage() + "' does not name " + key);
        return e;
    }
}
