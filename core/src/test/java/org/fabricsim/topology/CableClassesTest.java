package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Cable kinds give back every port's bandwidth and latency exactly, few kinds or many. */
class CableClassesTest {
    private static void check(int ports, int kinds, long seed) {
        Random r = new Random(seed);
        long[] kindBandwidth = new long[kinds];
        long[] kindLatency = new long[kinds];
        for (int k = 0; k < kinds; k++) {
            kindBandwidth[k] = 1 + r.nextInt(400) * 1_000_000_000L;
            kindLatency[k] = r.nextInt(3) == 0 ? 0 : r.nextLong() >>> 20; // unconnected ports have 0
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
    }

    @Test
    void fewKindsOrManyEveryPortKeepsItsCable() {
        check(1, 1, 1);
        check(5000, 1, 2);
        check(5000, 3, 3);
        check(20_000, 16, 4); // 256 pairs: the most a byte names
        check(20_000, 17, 5); // up to 289 pairs: numbers per port
        check(20_000, 300, 6);
    }
}
