package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Cable kinds give back every port's bandwidth and latency exactly, few kinds or many. */
class CableClassesTest {
    private static CableClasses check(int ports, int kinds, long seed) {
        Random r = new Random(seed);
        long[] kindBandwidth = new long[kinds];
        long[] kindLatency = new long[kinds];
        for (int k = 0; k < kinds; k++) {
            kindBandwidth[k] = (k + 1) * 1_000_000_000L + r.nextInt(1000); // distinct, so pairs are kinds²
            kindLatency[k] = k == 0 ? 0 : k * 1_000_000L + r.nextInt(1000); // unconnected ports have 0
        }
        long[] bandwidth = new long[ports];
        long[] latency = new long[ports];
        for (int p = 0; p < ports; p++) {
            int k = r.nextInt(kinds);
            bandwidth[p] = kindBandwidth[k];
            latency[p] = kindLatency[r.nextInt(kinds)]; // pairs, not kinds, are what is counted
        }
        CableClasses c = new CableClasses(bandwidth.clone(), latency.clone());
        for (int p = 0; p < ports; p++) {
            assertEquals(bandwidth[p], c.bandwidthBps(p), "bandwidth at " + p);
            assertEquals(latency[p], c.latencyPs(p), "latency at " + p);
        }
        return c;
    }

    @Test
    void fewKindsOrManyEveryPortKeepsItsCable() {
        assertTrue(check(1, 1, 1).isCompact());
        assertTrue(check(5000, 1, 2).isCompact());
        assertTrue(check(5000, 3, 3).isCompact());
        assertTrue(check(20_000, 16, 4).isCompact(), "at most 256 pairs: the most a byte names");
        assertFalse(check(20_000, 17, 5).isCompact(), "some of 289 pairs beyond 256: numbers per port");
        assertFalse(check(20_000, 300, 6).isCompact());
    }
}
