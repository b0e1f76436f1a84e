package org.fabricsim.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** HPCC's ping-pong and ring tests as messages (seed 002 Paper III Table III, D236). */
class HpccNetworkTestsTest {
    private static HpccTrace trace(HpccTrace.Kernel kernel, int ranks, int measurements, int loop, int rings) {
        int[] hosts = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            hosts[r] = 2 * r + 1; // not the host indices themselves: ranks are mapped to hosts
        }
        return new HpccTrace(kernel, hosts, 8, measurements, new int[] {0}, new int[] {2 * ranks + 2}, true,
                new HpccTrace.NetworkTest(loop, rings, 7, 5_000));
    }

    /**
     * Every ordered pair plays 1 + L round trips per measurement, a pong waits for exactly its ping, a ping for
     * the pong before it or the token that gave its client the turn, and every receive is waited for once.
     */
    @Test
    void pingPongVisitsEveryOrderedPairAndEachRoundTripWaitsForTheLast() {
        int ranks = 4;
        FlowSchedule s = trace(HpccTrace.Kernel.PINGPONG, ranks, 2, 3, 0).schedule();
        int pairs = ranks * (ranks - 1);
        int tokens = 2 * ranks - 1; // client to client, and to the next measurement's first, but after the last
        assertEquals(2 * pairs * 2 * (1 + 3) + tokens + 1, s.size()); // + 1: the hot sender
        int[][] messages = new int[2 * ranks + 3][2 * ranks + 3];
        Set<Integer> waited = new HashSet<>();
        for (int f = 0; f < s.size(); f++) {
            if (s.bytes()[f] == 0) {
                assertEquals(0, s.startPs()[f], "the hot sender begins at once");
                continue;
            }
            assertEquals(5_000, s.startPs()[f], "the ranks begin at the test's start");
            messages[s.flows().src()[f]][s.flows().dst()[f]] += s.bytes()[f] == 8 ? 1 : 0;
            for (int k = s.waitStart()[f]; k < s.waitStart()[f + 1]; k++) {
                int j = s.waitFlows()[k];
                assertEquals(s.flows().src()[f], s.flows().dst()[j], "a wait is a receive");
                assertTrue(waited.add(j), "message " + j + " waited for once");
            }
            assertTrue(f == 0 || s.waits(f) == 1, "one receive opens each send but the first: " + f);
        }
        for (int a = 0; a < ranks; a++) {
            for (int b = 0; b < ranks; b++) {
                // (a, b) as client and server, and (b, a): 2 measurements of 4 round trips each way
                assertEquals(a == b ? 0 : 2 * 2 * 4, messages[2 * a + 1][2 * b + 1], a + " -> " + b);
            }
        }
    }

    /**
     * Each half of a ring iteration sends every rank's message to one neighbour: its destinations are one
     * cycle through all ranks, the second half's the same cycle backwards; the random orders differ.
     */
    @Test
    void ringsSendToBothNeighboursOfOneCycleThroughAllRanks() {
        int ranks = 6;
        int rings = 4;
        int loop = 2;
        FlowSchedule s = trace(HpccTrace.Kernel.RINGS, ranks, 1, loop, rings).schedule();
        assertEquals((1 + rings) * (1 + loop) * 2 * ranks + 1, s.size());
        Set<String> orders = new HashSet<>();
        for (int half = 0; half < (1 + rings) * (1 + loop) * 2; half += 2) {
            int[] right = new int[2 * ranks + 3];
            int[] left = new int[2 * ranks + 3];
            for (int i = 0; i < ranks; i++) {
                int f = half * ranks + i;
                right[s.flows().src()[f]] = s.flows().dst()[f];
                left[s.flows().src()[f + ranks]] = s.flows().dst()[f + ranks];
            }
            int at = 1;
            StringBuilder order = new StringBuilder();
            for (int k = 0; k < ranks; k++) {
                order.append(at).append(' ');
                assertEquals(at, left[right[at]], "the second half goes back along the ring");
                at = right[at];
            }
            assertEquals(1, at, "one cycle through all " + ranks + " ranks");
            orders.add(order.toString());
        }
        assertTrue(orders.contains("1 3 5 7 9 11 "), "the natural ring, in rank order: " + orders);
        assertTrue(orders.size() >= 2, "random rings besides: " + orders);
    }

    /**
     * HPCC's arithmetic from delivery times: a measurement's latency is its timed rounds over 2 L, a pair or
     * ring keeps its smallest, the random rings their geometric mean, bandwidth is the size over latency; an
     * undelivered timed message makes the figures null.
     */
    @Test
    void figuresFollowHpccsArithmetic() {
        HpccTrace pp = trace(HpccTrace.Kernel.PINGPONG, 2, 2, 4, 0);
        FlowSchedule s = pp.schedule();
        // every message delivered 1 µs after the one before, the second measurement twice as slow
        long[] done = new long[s.size()];
        long t = 0;
        int half = (s.size() - 1) / 2;
        for (int f = 0; f < s.size(); f++) {
            t += f <= half ? 1_000_000 : 2_000_000;
            done[f] = t;
        }
        Map<String, Object> m = pp.networkResults(done);
        assertEquals(2, m.get("pairs"));
        @SuppressWarnings("unchecked")
        Map<String, Double> latency = (Map<String, Double>) m.get("latency_us");
        assertEquals(1.0, latency.get("min"), 1e-12); // 2 L messages of 1 µs over 2 L
        assertEquals(1.0, latency.get("max"), 1e-12); // the slower measurement is not kept
        @SuppressWarnings("unchecked")
        Map<String, Double> bw = (Map<String, Double>) m.get("bandwidth_mbs");
        assertEquals(8.0, bw.get("avg"), 1e-9); // 8 B per µs
        done[9] = -1; // the first measurement's last pong
        assertNull(pp.networkResults(done).get("latency_us"));

        HpccTrace rings = trace(HpccTrace.Kernel.RINGS, 3, 1, 1, 2);
        FlowSchedule r = rings.schedule();
        // iteration i of ring k delivered all at once: ring 0 takes 1 µs an iteration, ring 1 2 µs, ring 2 8 µs
        long[] at = new long[r.size()];
        int perIteration = 2 * 3;
        long clock = 0;
        long[] step = {1_000_000, 2_000_000, 8_000_000};
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < 2; i++) {
                clock += step[k];
                for (int f = (2 * k + i) * perIteration; f < (2 * k + i + 1) * perIteration; f++) {
                    at[f] = clock;
                }
            }
        }
        Map<String, Object> g = rings.networkResults(at);
        assertEquals(0.5, (Double) g.get("natural_latency_us"), 1e-12); // 1 µs over 2 L = 2
        assertEquals(Math.sqrt(1.0 * 4.0), (Double) g.get("random_latency_us"), 1e-9); // geometric mean of 1 and 4
        assertEquals(8 / 2.0, (Double) g.get("random_bandwidth_mbs"), 1e-9);
    }

    /** Bad counts, two ranks on one host, and counts given to a kernel without them are refused. */
    @Test
    void refusesWhatHpccCannotRun() {
        assertThrows(IllegalArgumentException.class, () -> new HpccTrace.NetworkTest(0, 1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new HpccTrace.NetworkTest(1, -1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new HpccTrace.NetworkTest(1, 1, 1, -1));
        HpccTrace.NetworkTest ok = new HpccTrace.NetworkTest(1, 1, 1, 0);
        assertThrows(IllegalArgumentException.class, () -> new HpccTrace(HpccTrace.Kernel.PINGPONG,
                new int[] {3, 3}, 8, 1, new int[0], new int[0], true, ok));
        assertThrows(IllegalArgumentException.class, () -> new HpccTrace(HpccTrace.Kernel.PINGPONG,
                new int[] {3, 4}, 8, 1, new int[0], new int[0], true, null));
        assertThrows(IllegalArgumentException.class, () -> new HpccTrace(HpccTrace.Kernel.PTRANS,
                new int[] {3, 4}, 8, 1, new int[0], new int[0], true, ok));
    }
}
