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
    private static final Topology TREE = Topologies.resolve("xgft(2;4,4;1,4)", 0, 0, null); // hosts 0-15, switches 16-23
    private static final long US = 1_000_000;

    @Test
    void handMadeAdaptationsFallIntoTheirBinsAndPermutationsConvergeWhenTheirLastAdaptationHappens() {
        // permutation 0: flows 0-2, permutation 1: flows 3-4, permutation 2: flow 5
        FlowSet flows = FlowSet.of(new int[] {0, 1, 2, 0, 1, 0}, new int[] {1, 2, 0, 2, 0, 1});
        MetricsOptions o = MetricsOptions.window(0, 45 * US).withReorder(true, 10 * US); // bins of 10, the last 5 µs
        PacketMetrics m = new PacketMetrics(TREE, flows, o).permutations(new int[] {0, 0, 0, 1, 1, 2}, 3);
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
    void randomAdaptationsAgainstADirectComputationAndTwoHalvesMergedEqualTheWhole() {
        FlowSet flows = ReorderMeterTest.flows(48, 13);
        int[] permutationOf = new int[flows.size()];
        Arrays.setAll(permutationOf, f -> f % 4); // permutation 4 of 5 has no flows
        MetricsOptions o = MetricsOptions.window(3 * US, 37 * US).withReorder(true, 4 * US); // 9 bins, the last 2 µs
        SyntheticStream s = SyntheticStream.reordered(TREE, flows, 20, 4000, 40 * US, 17);
        PacketMetrics whole = new PacketMetrics(TREE, flows, o).permutations(permutationOf, 5);
        s.replay(whole);

        int bins = 9;
        long[][] expected = new long[TREE.nodeCount()][bins];
        long total = 0;
        long[] start = new long[5];
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
                int p = permutationOf[e.a()];
                start[p] = Math.min(start[p], e.d());
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
            assertEquals(start[p], c.startPs(), "permutation " + p);
            assertEquals(last[p], c.lastAdaptationPs());
            assertEquals(Math.max(0, last[p] - start[p]), c.convergencePs());
            assertEquals(count[p], c.adaptations());
            assertEquals(12, c.flows());
        }
        assertEquals(new PermutationConvergence(4, 0, -1, -1, -1, 0), perms.get(4));

        // the halves a partitioned run would see: each switch's adaptations, host's deliveries, port's hops
        PacketMetrics[] halves = {new PacketMetrics(TREE, flows, o).permutations(permutationOf, 5),
            new PacketMetrics(TREE, flows, o).permutations(permutationOf, 5)};
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
        assertThrows(IllegalArgumentException.class, () -> m.permutations(new int[] {0}, 1));
        assertThrows(IllegalArgumentException.class, () -> m.permutations(new int[] {0, 1}, 1));
        assertThrows(IllegalStateException.class, m::permutationConvergence);
    }
}
