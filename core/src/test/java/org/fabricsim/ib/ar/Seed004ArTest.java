package org.fabricsim.ib.ar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.PacketInvariantsTest;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.PartitionedRunTest;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.Seed004Test;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.run.Mechanisms;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ArGroups;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seed 004 under adaptive routing with AR groups (digest A.4, A.5, A.7): LAG groups in C1, TREE groups in
 * C2, every packet sprayed over its group in turn; the same switch model as {@link Seed004Test} (input FIFOs,
 * round-robin over inputs, one VL, credits, 200 Gbps). The paper's numbers with the tolerances below.
 */
class Seed004ArTest {
    static final Topology C1 = Topologies.resolve("c1", 0, 0, null);
    static final Topology C2 = Topologies.resolve("c2", 0, 0, null);
    static final ForwardingTables C1_TABLES = Routings.compute("file:" + Path.of("..", "conf", "lft",
            "c1-seed004.lft"), C1, null);
    static final ForwardingTables C2_TABLES = Routings.compute("dmodk", C2, null);

    static AdaptiveRouting groups(ArGrouping g, ArSelection s) {
        return new AdaptiveRouting(AdaptiveRouting.Mode.GROUPS, g, s, EarParams.DEFAULTS);
    }

    static final AdaptiveRouting LAG = groups(ArGrouping.LAG, ArSelection.ROUND_ROBIN);
    static final AdaptiveRouting TREE = groups(ArGrouping.TREE, ArSelection.ROUND_ROBIN);

    static FlowSet c1(String... pairs) {
        int[] src = new int[pairs.length / 2];
        int[] dst = new int[pairs.length / 2];
        for (int i = 0; i < src.length; i++) {
            src[i] = C1.node(pairs[2 * i]);
            dst[i] = C1.node(pairs[2 * i + 1]);
        }
        return FlowSet.of(src, dst);
    }

    @Test
    void c1Scenario2ArBalancesTheThreeFlowsAt125() {
        double[] g = Seed004Test.phases(C1, C1_TABLES, FlowSchedule.always(c1("A", "D", "B", "E", "C", "F")), 1,
                LAG)[0];
        for (int f = 0; f < 3; f++) {
            assertEquals(125, g[f], 1.5, "flow " + f + " (Fig. 5b: 125 Gbps each)");
        }
        assertEquals(376, g[0] + g[1] + g[2], 2.0, "the same aggregate as DR's 188 + 94 + 94");
    }

    @Test
    void c1Scenario3ArIsFairButUsesThreeQuartersOfTheInterSwitchLinks() {
        double[] g = Seed004Test.phases(C1, C1_TABLES, FlowSchedule.always(c1("A", "D", "B", "E", "C", "E")), 1,
                LAG)[0];
        for (int f = 0; f < 3; f++) {
            assertEquals(94, g[f], 1.5, "flow " + f + ": A -> D held back to the E-bound flows' rate");
        }
        // 75 % of the 400 Gbps between the switches, in payload terms 0.75 x 2 x 188
        assertEquals(0.75, (g[0] + g[1] + g[2]) / (2 * 188), 0.01);
    }

    @Test
    void c1Scenario1ArSpraysOneFlowOverBothLinksEvenBelowLineRate() {
        // one flow at 80 Gbps (Fig. 4's middle rate): DR uses one link, AR both, about equally
        FlowSchedule s = FlowSchedule.always(c1("A", "D"));
        s.rateBps()[0] = 80_000_000_000L;
        long[] perLink = new long[2];
        int l1 = C1.port(C1.node("SW1"), 3);
        int l2 = C1.port(C1.node("SW1"), 4);
        PacketObserver links = new PacketObserver() {
            @Override
            public void transmitted(long timePs, int globalPort, int vl, int flow, int bytes) {
                if (globalPort == l1) {
                    perLink[0] += bytes;
                } else if (globalPort == l2) {
                    perLink[1] += bytes;
                }
            }

            @Override
            public void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq) {
            }

            @Override
            public void bufferOccupancy(long timePs, int globalPort, int vl, int bytes) {
            }

            @Override
            public void flowCompleted(long timePs, int flow) {
            }
        };
        PacketSimulation sim = PacketSimulation.builder(C1, C1_TABLES, s).params(Seed004Test.PARAMS).observer(links)
                .adaptiveRouting(LAG).build();
        sim.runUntil(50 * Time.US);
        assertTrue(perLink[0] > 0 && perLink[1] > 0, "both links carry the flow: " + Arrays.toString(perLink));
        assertEquals(1.0, (double) perLink[0] / perLink[1], 0.01, "packets alternate: " + Arrays.toString(perLink));
    }

    @Test
    void c2Scenario3ArReverseParkingLotThenEvenThenRemotesReduce() {
        FlowSet flows = FlowSet.of(Seed004Test.nodes(C2, "n5", "n2", "n1", "n3"),
                Seed004Test.nodes(C2, "n4", "n4", "n4", "n4"));
        double[][] g = Seed004Test.phases(C2, C2_TABLES, Seed004Test.addedEveryPhase(flows, 0, 0, 1, 2), 3, TREE);
        // phase 0: one remote over both roots' ports against one local: remote 2/3, local 1/3 (Fremote < K = 2)
        assertEquals(188 / 3.0, g[0][0], 3.0, "local n5, phase 0");
        assertEquals(2 * 188 / 3.0, g[0][1], 3.0, "remote n2, phase 0");
        // phase 1: two remotes (Fremote = K): an even third each
        for (int f = 0; f < 3; f++) {
            assertEquals(188 / 3.0, g[1][f], 3.0, "phase 1 flow " + f);
        }
        // phase 2: the local keeps 1/3, the three remotes share 2/3 (2/9 each, derived)
        assertEquals(188 / 3.0, g[2][0], 3.0, "local n5, phase 2");
        assertEquals(2 * 188 / 3.0, g[2][1] + g[2][2] + g[2][3], 3.0, "remotes together, phase 2");
        for (int f = 1; f < 4; f++) {
            assertEquals(2 * 188 / 9.0, g[2][f], 2.0, "remote " + f + ", phase 2 (2/9, derived)");
        }
    }

    @Test
    void c2Scenario4ArEliminatesTheParkingLotAfterTheFirstPhase() {
        // local n5 + remote n2 from 0; remote n37 (another leaf) from phase 1; local n13 from phase 2 (digest A.5)
        FlowSet flows = FlowSet.of(Seed004Test.nodes(C2, "n5", "n2", "n37", "n13"),
                Seed004Test.nodes(C2, "n4", "n4", "n4", "n4"));
        double[][] g = Seed004Test.phases(C2, C2_TABLES, Seed004Test.addedEveryPhase(flows, 0, 0, 1, 2), 3, TREE);
        assertEquals(188 / 3.0, g[0][0], 3.0, "local, phase 0: the reverse parking lot");
        assertEquals(2 * 188 / 3.0, g[0][1], 3.0, "remote, phase 0");
        for (int f = 0; f < 3; f++) {
            assertEquals(188 / 3.0, g[1][f], 3.0, "phase 1 flow " + f + ": a third each");
        }
        for (int f = 0; f < 4; f++) {
            assertEquals(188 / 4.0, g[2][f], 3.0, "phase 2 flow " + f + ": a quarter each (unfairness eliminated)");
        }
    }

    @Test
    void c2Scenario5ArSpreadsCongestionTo39To28AndLosesAQuarter() {
        FlowSet flows = FlowSet.of(Seed004Test.nodes(C2, "n1", "n37", "n39"), Seed004Test.nodes(C2, "n4", "n4", "n28"));
        double[] dr = Seed004Test.phases(C2, C2_TABLES, FlowSchedule.always(flows), 1)[0];
        double[] ar = Seed004Test.phases(C2, C2_TABLES, FlowSchedule.always(flows), 1, TREE)[0];
        assertEquals(94, ar[2], 3.0, "39 -> 28 is a victim of the congestion tree (DR: 188)");
        double ratio = (ar[0] + ar[1] + ar[2]) / (dr[0] + dr[1] + dr[2]);
        assertEquals(0.75, ratio, 0.02, "AR loses a quarter of the total (Fig. 11)");
    }

    @Test
    void treeGroupsAreTheMinimalHopPortsByBruteForce() {
        Topology t = Topologies.resolve("xgft(2;4,6;1,3)", 0, 0, null);
        ArGroups groups = ArGroups.tree(t);
        int hosts = t.hostCount();
        for (int s = 0; s < t.switchCount(); s++) {
            int u = hosts + s;
            for (int d = 0; d < hosts; d++) {
                boolean[] expected = new boolean[t.ports(u)];
                int best = Integer.MAX_VALUE;
                int[] len = new int[t.ports(u)];
                for (int k = 0; k < t.ports(u); k++) {
                    len[k] = hopsVia(t, u, k, d);
                    best = Math.min(best, len[k]);
                }
                for (int k = 0; k < t.ports(u); k++) {
                    expected[k] = len[k] == best;
                }
                int g = groups.localGroup(s, d);
                boolean[] got = new boolean[t.ports(u)];
                for (int i = 0; i < groups.size(s, g); i++) {
                    got[groups.port(s, g, i)] = true;
                }
                assertArrayEquals(expected, got, "switch " + t.nodeName(u) + " to " + t.nodeName(d));
            }
        }
    }

    /** Hops from switch u through its port k to host d, by exhaustive search over switch paths (no host relays). */
    static int hopsVia(Topology t, int u, int k, int d) {
        int gp = t.port(u, k);
        if (!t.isConnected(gp)) {
            return Integer.MAX_VALUE;
        }
        int v = t.peerNode(gp);
        if (v == d) {
            return 1;
        }
        if (t.isHost(v)) {
            return Integer.MAX_VALUE;
        }
        // breadth-first from v over switches only, then the last hop to d
        int[] dist = new int[t.nodeCount()];
        Arrays.fill(dist, -1);
        java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
        dist[v] = 0;
        q.add(v);
        while (!q.isEmpty()) {
            int x = q.poll();
            for (int j = 0; j < t.ports(x); j++) {
                int p = t.port(x, j);
                if (!t.isConnected(p)) {
                    continue;
                }
                int y = t.peerNode(p);
                if (y == d) {
                    return 1 + dist[x] + 1;
                }
                if (!t.isHost(y) && dist[y] < 0) {
                    dist[y] = dist[x] + 1;
                    q.add(y);
                }
            }
        }
        return Integer.MAX_VALUE;
    }

    @Test
    void lagGroupsAreTheParallelLinksOfTheTablesNeighbour() {
        ArGroups groups = ArGroups.lag(C1, C1_TABLES);
        int sw1 = C1.node("SW1") - C1.hostCount();
        int toD = groups.localGroup(sw1, C1.node("D"));
        assertEquals(2, groups.size(sw1, toD), "L1 and L2");
        int toA = groups.localGroup(sw1, C1.node("A"));
        assertEquals(1, groups.size(sw1, toA), "a host port alone");
        assertEquals(C1_TABLES.port(C1.node("SW1"), C1.node("A")), groups.port(sw1, toA, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"round-robin", "least-queued", "most-credits"})
    void everySelectionConservesDataAndPartitionedRunsMatchSequentialOnes(String select) {
        ArSelection sel = Arrays.stream(ArSelection.values())
                .filter(v -> v.key().equals(select)).findFirst().orElseThrow();
        AdaptiveRouting r = groups(ArGrouping.TREE, sel);
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        PacketParams p = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024)
                .withSwitch(Queueing.FIFO, 1, Arbitration.ROUND_ROBIN);
        PacketSimulation sim = PacketSimulation.builder(PartitionedRunTest.TOPOLOGY, PartitionedRunTest.TABLES, s)
                .params(p).adaptiveRouting(r).build();
        sim.runUntil(20 * Time.MS);
        assertEquals(0, sim.pendingEvents(), "the run drained");
        assertEquals(null, sim.creditViolation());
        for (int f = 0; f < s.size(); f++) {
            assertEquals(s.bytes()[f], sim.deliveredBytes(f), "flow " + f);
        }
        int[] partOf = new int[PartitionedRunTest.TOPOLOGY.nodeCount()];
        SplittableRandom random = new SplittableRandom(select.length());
        for (int v = 0; v < partOf.length; v++) {
            partOf[v] = random.nextInt(3);
        }
        PartitionedRunTest.Trace seq = PartitionedRunTest.sequential(p, s, Mechanisms.routing(r, 1));
        PartitionedRunTest.Trace par = PartitionedRunTest.partitioned(p, s, partOf, 3, Mechanisms.routing(r, 1));
        assertEquals(seq.calls, par.calls);
        assertArrayEquals(seq.port, par.port);
        assertArrayEquals(seq.host, par.host);
        assertArrayEquals(seq.completed, par.completed);
    }
}
