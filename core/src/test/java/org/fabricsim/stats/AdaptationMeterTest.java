package org.fabricsim.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/** Adaptations per switch and bin, per permutation's convergence, control hops per type (issue 12 §3). */
class AdaptationMeterTest {
    /** Hosts 0-15, switches 16-23. */
    private static final Topology TREE = Topologies.resolve("xgft(2;4,4;1,4)", 0, 0, null);
    private static final long US = 1_000_000;

    @Test
    void handMadeAdaptationsFallIntoTheirBinsAndPermutationsConvergeWhenTheirLastAdaptationHappens() {
        // permutation 0: flows 0-2, permutation 1: flows 3-4, permutation 2: flow 5
        FlowSet flows = FlowSet.of(new int[] {0, 1, 2, 0, 1, 0}, new int[] {1, 2, 0, 2, 0, 1});
        MetricsOptions o = MetricsOptions.window(0, 45 * US).withReorder(true, 10 * US); // bins of 10, the last 5 µs
        PacketMetrics m = new PacketMetrics(TREE, flows, o).permutations(new int[] {0, 0, 0, 1, 1, 2},
                new int[] {-1, -1, -1, 0, 1, 3}, 3);
        m.adapted(0, 16, 0, 100, 101); // bin 0
        m.adapted(10 * US - 1, 16, 1, 100, 101); // bin 0
        m.adapted(10 * US, 17, 0, 100, 101); // bin 1: an edge belongs to the later bin
        m.adapted(20 * US, 18, -1, 100, 101); // bin 2, attributed to no flow
        m.adapted(40 * US, 23, 5, 100, 101); // bin 4
        m.adapted(45 * US - 1, 23, 2, 100, 101); // bin 4
        m.adapted(45 * US, 23, 2, 100, 101); // after the window: in the totals only
        m.delivered(3 * US, 0, 1, 2048, US, 0); // flow 0 injected at 1 µs
        m.delivered(3 * US, 1, 2, 2048, US / 2, 0); // flow 1 at 0.5 µs: permutation 0 starts then
        m.delivered(4 * US, 1, 2, 2048, 2 * US, 1);
        m.delivered(50 * US, 2, 0, 2048, 2 * US, 0); // delivered after the window: its injection still counts
        m.delivered(35 * US, 3, 2, 2048, 30 * US, 0); // permutation 1 starts at 30 µs, never adapts
        m.controlTransmitted(1, 40, 1, 8);
        m.controlTransmitted(2, 41, 1, 8);
        m.controlTransmitted(3, 42, 5, 64);
        AdaptationMeter a = m.adaptation();
        assertEquals(5, a.bins());
        assertEquals(40 * US, a.binStartPs(4));
        assertEquals(5 * US, a.binWidthPs(4));
        assertEquals(2, a.count(16, 0));
        assertEquals(1, a.count(17, 1));
        assertEquals(1, a.count(18, 2));
        assertEquals(2, a.count(23, 4));
        assertEquals(0, a.count(23, 3));
        assertEquals(2, a.count(0), "all switches, bin 0");
        assertEquals(2, a.switchTotal(23));
        assertEquals(7, a.total());
        assertEquals(6, a.inWindow());
        assertEquals(2, a.flowAdaptations(0));
        assertEquals(10 * US, a.lastAdaptationPs(0));
        assertEquals(2, a.flowAdaptations(2));
        assertEquals(45 * US, a.lastAdaptationPs(2));
        assertEquals(-1, a.lastAdaptationPs(3));
        assertEquals(US / 2, a.firstInjectionPs(1));
        assertEquals(-1, a.firstInjectionPs(4));
        assertEquals(2, a.controlHops(1));
        assertEquals(1, a.controlHops(5));
        assertEquals(0, a.controlHops(2));
        assertEquals(List.of(
                new PermutationConvergence(0, 3, US / 2, 45 * US, 45 * US - US / 2, 5),
                new PermutationConvergence(1, 2, 30 * US, -1, 0, 0),
                new PermutationConvergence(2, 1, -1, 40 * US, -1, 1)), m.permutationConvergence());
    }

    @Test
    void aPermutationStartsWithTheFirstHostInStepMovingOnToItNotWithAHostAhead() {
        // permutation 0: 0 -> 1, 1 -> 0, host 2 sends nothing; permutation 1: 0 -> 2 after 0 -> 1, and host 2's
        // first message 2 -> 0, begun at once, a permutation ahead; permutation 2: 0 -> 1 after 0 -> 2, and
        // host 2's second message 2 -> 1, still a permutation ahead
        FlowSet flows = FlowSet.of(new int[] {0, 1, 0, 2, 0, 2}, new int[] {1, 0, 2, 0, 1, 1});
        int[] permutationOf = {0, 0, 1, 1, 2, 2};
        int[] after = {-1, -1, 0, -1, 2, 3};
        MetricsOptions o = MetricsOptions.window(0, 100 * US).withReorder(true, 10 * US);
        PacketMetrics m = new PacketMetrics(TREE, flows, o).permutations(permutationOf, after, 3);
        m.delivered(2 * US, 0, 1, 2048, 0, 0);
        m.delivered(2 * US, 3, 0, 2048, 0, 0); // host 2's first flow: injected at 0
        m.delivered(6 * US, 5, 1, 2048, 4 * US, 0); // host 2's second flow, in permutation 2, at 4 µs
        m.adapted(3 * US, 16, 3, 100, 101);
        m.adapted(9 * US, 16, 2, 100, 101);
        PacketMetrics early = new PacketMetrics(TREE, flows, o).permutations(permutationOf, after, 3);
        early.merge(m);
        assertEquals(new PermutationConvergence(1, 2, 0, 9 * US, 9 * US, 2), early.permutationConvergence().get(1),
                "without a delivered packet of a flow in step the start comes from all its flows");
        m.delivered(8 * US, 2, 2, 2048, 5 * US, 0); // host 0 moved on to permutation 1 at 5 µs
        m.delivered(12 * US, 4, 1, 2048, 10 * US, 0); // and to permutation 2 at 10 µs
        assertEquals(List.of(new PermutationConvergence(0, 2, 0, -1, 0, 0),
                new PermutationConvergence(1, 2, 5 * US, 9 * US, 4 * US, 2),
                new PermutationConvergence(2, 2, 10 * US, -1, 0, 0)), m.permutationConvergence(),
                "host 2, ahead since it skipped permutation 0, dates neither permutation 1 nor 2");
        assertThrows(IllegalArgumentException.class, () -> new PacketMetrics(TREE, flows, o).permutations(
                permutationOf, new int[] {-1, -1, 3, -1, 2, 3}, 3), "a flow follows an earlier one");
    }

    @Test
    void randomAdaptationsAgainstADirectComputationAndTwoHalvesMergedEqualTheWhole() {
        // 4 random permutations of the 16 hosts (host 3 fixed by the first, so it runs a permutation ahead),
        // and a fifth permutation without flows
        java.util.SplittableRandom rng = new java.util.SplittableRandom(13);
        int[][] draws = new int[4][16];
        for (int[] perm : draws) {
            Arrays.setAll(perm, h -> h);
            for (int i = 15; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int x = perm[i];
                perm[i] = perm[j];
                perm[j] = x;
            }
        }
        int other = draws[0][3];
        int pre = java.util.stream.IntStream.range(0, 16).filter(h -> draws[0][h] == 3).findFirst().orElseThrow();
        draws[0][pre] = other; // 3 -> 3, and whoever sent to 3 sends where 3 sent
        draws[0][3] = 3;
        org.fabricsim.traffic.FlowSchedule sequence = org.fabricsim.traffic.FlowSchedule.permutationSequence(draws, 1);
        FlowSet flows = sequence.flows();
        int[] permutationOf = org.fabricsim.traffic.FlowSchedule.permutationIndices(draws);
        int[] after = sequence.after();
        int[] message = new int[flows.size()]; // its number among its host's messages
        for (int f = 0; f < after.length; f++) {
            message[f] = after[f] < 0 ? 0 : message[after[f]] + 1;
        }
        MetricsOptions o = MetricsOptions.window(3 * US, 37 * US).withReorder(true, 4 * US); // 9 bins, the last 2 µs
        SyntheticStream s = SyntheticStream.reordered(TREE, flows, 20, 4000, 40 * US, 17);
        PacketMetrics whole = new PacketMetrics(TREE, flows, o).permutations(permutationOf, after, 5);
        s.replay(whole);

        int bins = 9;
        long[][] expected = new long[TREE.nodeCount()][bins];
        long total = 0;
        long[] start = new long[5]; // of the flows in step: their host's message number p
        long[] last = new long[5];
        long[] count = new long[5];
        Arrays.fill(start, Long.MAX_VALUE);
        Arrays.fill(last, -1);
        long[] control = new long[6];
        for (SyntheticStream.Event e : s.events()) {
            if (e.kind() == SyntheticStream.Event.ADAPTED) {
                total++;
                if (e.timePs() >= o.windowStartPs() && e.timePs() < o.windowEndPs()) {
                    expected[e.a()][(int) ((e.timePs() - o.windowStartPs()) / (4 * US))]++;
                }
                if (e.b() >= 0) {
                    int p = permutationOf[e.b()];
                    count[p]++;
                    last[p] = Math.max(last[p], e.timePs());
                }
            } else if (e.kind() == SyntheticStream.Event.DELIVERED) {
                int f = e.a();
                int p = permutationOf[f];
                if (message[f] == p) {
                    start[p] = Math.min(start[p], e.d());
                }
            } else if (e.kind() == SyntheticStream.Event.CONTROL) {
                control[e.b()]++;
            }
        }
        AdaptationMeter a = whole.adaptation();
        assertEquals(bins, a.bins());
        long inWindow = 0;
        for (int v = TREE.hostCount(); v < TREE.nodeCount(); v++) {
            for (int b = 0; b < bins; b++) {
                assertEquals(expected[v][b], a.count(v, b), "switch " + v + " bin " + b);
                inWindow += expected[v][b];
            }
        }
        assertEquals(total, a.total());
        assertEquals(inWindow, a.inWindow());
        assertTrue(inWindow > 3000 && inWindow < total, inWindow + " of " + total + " in the window");
        assertEquals(control[1], a.controlHops(1));
        assertEquals(control[5], a.controlHops(5));
        List<PermutationConvergence> perms = whole.permutationConvergence();
        assertEquals(5, perms.size());
        for (int p = 0; p < 4; p++) {
            PermutationConvergence c = perms.get(p);
            assertTrue(start[p] < Long.MAX_VALUE, "permutation " + p + " has an opening flow");
            assertEquals(start[p], c.startPs(), "permutation " + p);
            assertEquals(last[p], c.lastAdaptationPs());
            assertEquals(Math.max(0, last[p] - start[p]), c.convergencePs());
            assertEquals(count[p], c.adaptations());
            assertEquals(Arrays.stream(permutationOf).filter(q -> q == c.permutation()).count(), c.flows());
        }
        assertEquals(new PermutationConvergence(4, 0, -1, -1, -1, 0), perms.get(4));

        // the halves a partitioned run would see: each switch's adaptations, host's deliveries, port's hops
        PacketMetrics[] halves = {new PacketMetrics(TREE, flows, o).permutations(permutationOf, after, 5),
            new PacketMetrics(TREE, flows, o).permutations(permutationOf, after, 5)};
        s.replayPartitioned(halves);
        halves[1].merge(halves[0]);
        AdaptationMeter merged = halves[1].adaptation();
        for (int v = TREE.hostCount(); v < TREE.nodeCount(); v++) {
            for (int b = 0; b < bins; b++) {
                assertEquals(a.count(v, b), merged.count(v, b));
            }
        }
        assertEquals(a.total(), merged.total());
        for (int type = 0; type < AdaptationMeter.CONTROL_TYPES; type++) {
            assertEquals(a.controlHops(type), merged.controlHops(type));
        }
        assertEquals(perms, halves[1].permutationConvergence());
        assertThrows(IllegalArgumentException.class, () -> halves[1].merge(new PacketMetrics(TREE, flows, o)),
                "metrics without the permutations do not merge");
    }

    @Test
    void permutationsMustCoverEveryFlow() {
        FlowSet flows = FlowSet.of(new int[] {0, 1}, new int[] {1, 0});
        PacketMetrics m = new PacketMetrics(TREE, flows, MetricsOptions.window(0, 10).withReorder(true, 1));
        assertThrows(IllegalArgumentException.class, () -> m.permutations(new int[] {0}, new int[] {-1}, 1));
        assertThrows(IllegalArgumentException.class, () -> m.permutations(new int[] {0, 1}, new int[] {-1, -1}, 1));
        assertThrows(IllegalStateException.class, m::permutationConvergence);
    }
}
