package org.fabricsim.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.fabricsim.InputException;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.topology.TopologyBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** OpenSM's minhop and ftree engines: complete, deadlock-free, minimal; ftree against D-mod-K. */
class OpenSmEnginesTest {
    static Topology generated(String spec) {
        return Topologies.resolve(spec, 0, 0, null);
    }

    /**
     * A degraded tree: kary-ntree(4,3) without its first top switch and without three cables (two leaf up
     * cables of different leaves, one middle up cable), rebuilt through the topology API so that it carries no
     * generator structure, as a fabric read from a file or from ibnetdiscover.
     */
    static Topology degraded() {
        Topology t = generated("kary-ntree(4,3)");
        int spine = -1;
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            if (t.level(v) == t.maxLevel()) {
                spine = v;
                break;
            }
        }
        int[] leaves = {t.leafOf(0), t.leafOf(8)};
        int middle = -1;
        for (int v = t.hostCount(); v < t.nodeCount() && middle < 0; v++) {
            if (t.level(v) == 2) {
                middle = v;
            }
        }
        Set<Integer> cut = Set.of(firstUpPort(t, leaves[0], 0), firstUpPort(t, leaves[1], 1),
                firstUpPort(t, middle, 1));
        TopologyBuilder b = new TopologyBuilder("degraded-4-ary-3-tree");
        for (int v = 0; v < t.nodeCount(); v++) {
            if (t.isHost(v)) {
                b.addHost(t.nodeName(v));
            } else if (v != spine) {
                b.addSwitch(t.nodeName(v), t.level(v));
            }
        }
        for (int gp = 0; gp < t.portCount(); gp++) {
            int peer = t.peerPort(gp);
            int a = t.owner(gp);
            int c = peer < 0 ? -1 : t.owner(peer);
            if (peer < gp || a == spine || c == spine || cut.contains(gp) || cut.contains(peer)) {
                continue;
            }
            b.connect(b.find(t.nodeName(a)), t.localPort(gp), b.find(t.nodeName(c)), t.localPort(peer),
                    t.bandwidthBps(gp), t.latencyPs(gp));
        }
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            if (v != spine) {
                b.reservePorts(b.find(t.nodeName(v)), t.ports(v));
            }
        }
        return b.build();
    }

    /** The global port of the n-th up cable (towards a higher level) of switch v. */
    private static int firstUpPort(Topology t, int v, int n) {
        for (int lp = 0; lp < t.ports(v); lp++) {
            int u = t.peerNode(t.port(v, lp));
            if (u >= 0 && t.level(u) > t.level(v) && n-- == 0) {
                return t.port(v, lp);
            }
        }
        throw new IllegalStateException("no up cable");
    }

    @ParameterizedTest
    @ValueSource(strings = {"kary-ntree(4,3)", "xgft(2;4,8;1,4)", "tree648", "degraded"})
    void ftreeIsCompleteDeadlockFreeAndMinimal(String spec) {
        assertClean(FTree.compute(spec.equals("degraded") ? degraded() : generated(spec)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"kary-ntree(4,3)", "xgft(2;4,8;1,4)", "tree648", "degraded"})
    void minhopIsCompleteDeadlockFreeAndMinimal(String spec) {
        assertClean(MinHop.compute(spec.equals("degraded") ? degraded() : generated(spec)));
    }

    private static void assertClean(ForwardingTables lft) {
        lft.validate();
        TableCheck.Report r = TableCheck.run(lft, 1);
        assertTrue(r.complete(), () -> "missing " + r.missing().size() + ", loops " + r.loops());
        assertEquals(0, r.cycles().size(), "channel dependency cycles");
        assertEquals(0, r.nonMinimal().size(), "non-minimal routes");
        assertTrue(r.clean());
    }

    /**
     * Two-level trees whose leaves have a multiple of the spines as hosts: ftree's tables are D-mod-K's, entry
     * for entry (host j of every leaf goes through spine j mod w_2, in index order).
     */
    @ParameterizedTest
    @ValueSource(strings = {"xgft(2;4,8;1,4)", "tree648", "xgft(2;8,4;1,4)"})
    void ftreeEqualsDModKOnTwoLevelTrees(String spec) {
        Topology t = generated(spec);
        assertTrue(LftFile.sameEntries(FTree.compute(t), DModK.compute(t)));
    }

    /**
     * k-ary n-trees: the tables differ from D-mod-K's but every shift permutation is contention-free under both
     * (at most one flow per directed link) and every down link carries exactly one destination.
     */
    @ParameterizedTest
    @ValueSource(strings = {"kary-ntree(4,3)", "kary-ntree(2,4)", "kary-ntree(4,2)"})
    void ftreeShiftsAreContentionFreeLikeDModK(String spec) {
        Topology t = generated(spec);
        ForwardingTables ftree = FTree.compute(t);
        ForwardingTables dmodk = DModK.compute(t);
        int n = t.hostCount();
        for (int k = 1; k < n; k++) {
            assertArrayEquals(maxLoad(t, dmodk, k), maxLoad(t, ftree, k), "shift " + k);
        }
        assertEquals(1, destinationsPerDownLink(t, ftree));
    }

    /** {max flows on any directed link} under shift h → h + k. */
    private static int[] maxLoad(Topology t, ForwardingTables lft, int k) {
        int n = t.hostCount();
        int[] load = new int[t.portCount()];
        int[] path = new int[lft.maxRouteLength()];
        for (int s = 0; s < n; s++) {
            int len = lft.route(s, (s + k) % n, path);
            for (int i = 0; i < len; i++) {
                load[path[i]]++;
            }
        }
        return new int[] {java.util.Arrays.stream(load).max().orElse(0)};
    }

    /** The largest number of destinations whose routes share a switch-to-lower-switch link. */
    private static int destinationsPerDownLink(Topology t, ForwardingTables lft) {
        int n = t.hostCount();
        java.util.Map<Integer, java.util.Set<Integer>> dests = new java.util.HashMap<>();
        int[] path = new int[lft.maxRouteLength()];
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                int len = lft.route(s, d, path);
                for (int i = 0; i < len; i++) {
                    int a = t.owner(path[i]);
                    int b = t.peerNode(path[i]);
                    if (t.isSwitch(a) && t.isSwitch(b) && t.level(b) < t.level(a)) {
                        dests.computeIfAbsent(path[i], x -> new java.util.HashSet<>()).add(d);
                    }
                }
            }
        }
        return dests.values().stream().mapToInt(java.util.Set::size).max().orElse(0);
    }

    @Test
    void ftreeRefusesWhatIsNotAFatTree() {
        for (String preset : new String[] {"testbed7", "fig1-1"}) {
            Topology t = Presets.find(preset).build();
            InputException e = assertThrows(InputException.class, () -> FTree.compute(t));
            assertTrue(e.getMessage().startsWith("routing ftree: topology " + preset + " is not a fat tree: "),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("use routing = minhop or updown (OpenSM would fall back to minhop)"));
        }
    }

    @Test
    void routingsKnowTheNewEngines() {
        Topology t = generated("xgft(2;4,8;1,4)");
        assertEquals("ftree", Routings.compute("ftree", t, null).algorithm());
        assertEquals("minhop", Routings.compute("minhop", t, null).algorithm());
    }

    /** minhop balances each switch on its own: every leaf of tree648 spreads its 630 remote hosts 35 per up port. */
    @Test
    void minhopBalancesPortsPerSwitch() {
        Topology t = generated("tree648");
        ForwardingTables lft = MinHop.compute(t);
        int leaf = t.leafOf(0);
        int[] count = new int[t.ports(leaf)];
        for (int p : lft.row(leaf)) {
            count[p]++;
        }
        for (int lp = 0; lp < t.ports(leaf); lp++) {
            if (t.isSwitch(t.peerNode(t.port(leaf, lp)))) {
                assertEquals(35, count[lp]);
            }
        }
    }
}
