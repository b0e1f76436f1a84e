package org.fabricsim.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabricsim.InputException;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.FatTrees;
import org.fabricsim.topology.LinkParams;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class DModKTest {
    @ParameterizedTest
    @ValueSource(strings = {"tree648", "tree4096", "c2", "xgft1152-rnb", "mkary-ntree(4,3,2)", "kary-ntree(3,4)",
        "clos(3,4,5)", "pgft(3;4,4,4;1,2,4;1,2,1)", "pgft(3;3,2,4;1,3,2;1,2,3)", "xgft(1;5;1)",
        "xgft(3;6,6,12;1,6,6)"})
    void theTableFreeForwardingGivesTheTablesPorts(String spec) {
        Topology t = org.fabricsim.topology.Topologies.resolve(spec, 0, 0, null);
        ForwardingTables tables = DModK.compute(t);
        ForwardingTables computed = DModK.computed(t);
        Forwarding forwarding = DModK.forwarding(t);
        assertTrue(computed.isComputed());
        assertEquals(0, computed.storedEntries(), "nothing stored");
        assertEquals((long) t.switchCount() * t.hostCount(), tables.storedEntries());
        assertEquals(tables.describe(), computed.describe(), "results say dmodk either way");
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            for (int d = 0; d < t.hostCount(); d++) {
                int port = tables.port(v, d);
                assertEquals(port, computed.port(v, d), t.nodeName(v) + " -> " + d);
                assertEquals(port, computed.ports().port(v, d), t.nodeName(v) + " -> " + d);
                assertEquals(port, forwarding.port(v, d), t.nodeName(v) + " -> " + d);
            }
        }
        computed.validate(); // every route reaches its destination, by the computed ports alone
    }

    @ParameterizedTest
    @ValueSource(strings = {"tree648", "pgft(3;4,4,4;1,2,4;1,2,1)"})
    void aPartsRowsAreTheWholeTablesRowsAndNoOthers(String spec) {
        Topology t = org.fabricsim.topology.Topologies.resolve(spec, 0, 0, null);
        ForwardingTables whole = DModK.compute(t);
        java.util.function.IntPredicate odd = v -> v % 2 == 1;
        ForwardingTables built = DModK.compute(t, odd); // row by row, nothing else allocated
        ForwardingTables kept = whole.keepRows(odd); // built whole, then kept (updown, minhop, files)
        long held = 0;
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            assertEquals(odd.test(v), built.holdsRow(v));
            assertEquals(odd.test(v), kept.holdsRow(v));
            if (odd.test(v)) {
                held++;
                assertTrue(java.util.Arrays.equals(whole.row(v), built.row(v)), t.nodeName(v));
                assertTrue(java.util.Arrays.equals(whole.row(v), kept.row(v)), t.nodeName(v));
            } else {
                int sw = v;
                assertThrows(IllegalArgumentException.class, () -> built.row(sw));
                assertThrows(ArrayIndexOutOfBoundsException.class, () -> kept.port(sw, t.hostCount() - 1),
                        "a row not held fails, never reads another's");
            }
        }
        assertEquals(held * t.hostCount(), built.storedEntries());
        assertEquals(held * t.hostCount(), kept.storedEntries());
        assertEquals(0, DModK.compute(t, v -> false).storedEntries(), "a driver that routes nothing holds nothing");
    }

    @Test
    void routingsHoldWhatTheyAreAskedToHold() {
        Topology t = Presets.find("tree648").build();
        assertTrue(Routings.compute("auto", t, null, true, null).isComputed(), "auto is D-mod-K on a fat tree");
        assertTrue(Routings.compute("dmodk", t, null, true, v -> false).isComputed(), "computed holds no rows");
        assertEquals(0, Routings.compute("dmodk", t, null, false, v -> false).storedEntries());
        ForwardingTables updown = Routings.compute("updown", t, null, true, v -> v == t.hostCount());
        assertTrue(!updown.isComputed() && updown.storedEntries() == t.hostCount(), "only D-mod-K is computed");
        assertTrue(java.util.Arrays.equals(UpDown.compute(t).row(t.hostCount()), updown.row(t.hostCount())));
    }

    /** The full-bisection tree presets (c2 is 3:2 oversubscribed, so neither property can hold there). */
    static final String[] FULL_TREES = {"tree648", "tree4096", "xgft1152-rnb", "xgft1152-snb"};

    /** Flows per directed link of a set of flows (brute force: walk every route). */
    static int[] loads(ForwardingTables lft, int[] dst) {
        Topology t = lft.topology();
        int[] load = new int[t.portCount()];
        int[] path = new int[lft.maxRouteLength()];
        for (int s = 0; s < dst.length; s++) {
            int n = lft.route(s, dst[s], path);
            for (int i = 0; i < n; i++) {
                load[path[i]]++;
            }
        }
        return load;
    }

    static boolean isDownLink(Topology t, int port) {
        return t.level(t.peerNode(port)) < t.level(t.owner(port));
    }

    @ParameterizedTest
    @ValueSource(strings = {"tree648", "tree4096", "xgft1152-rnb", "xgft1152-snb", "c2"})
    void tablesAreValid(String preset) {
        ForwardingTables lft = DModK.compute(Presets.find(preset).build());
        lft.validate();
    }

    /** spec-adaptive-routing §2.5 property 2: shift permutations are contention-free everywhere. */
    @ParameterizedTest
    @ValueSource(strings = {"tree648", "tree4096", "xgft1152-rnb", "xgft1152-snb"})
    void everyShiftIsContentionFree(String preset) {
        assertEveryShiftIsContentionFree(DModK.compute(Presets.find(preset).build()), preset);
    }

    static void assertEveryShiftIsContentionFree(ForwardingTables lft, String label) {
        Topology t = lft.topology();
        int n = t.hostCount();
        int[] dst = new int[n];
        for (int k = 1; k < n; k++) {
            for (int s = 0; s < n; s++) {
                dst[s] = (s + k) % n;
            }
            int[] load = loads(lft, dst);
            for (int p = 0; p < load.length; p++) {
                if (load[p] > 1) {
                    throw new AssertionError(label + " shift " + k + ": link " + t.nodeName(t.owner(p)) + " port "
                            + t.localPort(p) + " carries " + load[p] + " flows");
                }
            }
        }
    }

    /** spec-adaptive-routing §2.5 property 3: no permutation ever collides on a down link. */
    @ParameterizedTest
    @ValueSource(strings = {"tree648", "tree4096", "xgft1152-rnb", "xgft1152-snb"})
    void randomPermutationsNeverShareADownLink(String preset) {
        Topology t = Presets.find(preset).build();
        ForwardingTables lft = DModK.compute(t);
        SplittableRandom rng = new SplittableRandom(42);
        int upCollisions = 0;
        for (int trial = 0; trial < 200; trial++) {
            int[] dst = shuffled(t.hostCount(), rng);
            int[] load = loads(lft, dst);
            for (int p = 0; p < load.length; p++) {
                if (t.isConnected(p) && isDownLink(t, p)) {
                    assertTrue(load[p] <= 1, preset + ": down link shared in trial " + trial);
                } else if (load[p] > 1) {
                    upCollisions++;
                }
            }
        }
        // the property is about down links; up links do collide (seed 003 Fig 6.2-a), which shows the
        // test looks at loaded links at all
        assertTrue(upCollisions > 0);
    }

    /** The k-ary n-tree stage formula of spec §2.5: up port ⌊d / k^s⌋ mod k at stage s from the leaves. */
    @Test
    void kAryNTreeUpPortIsTheDestinationDigit() {
        int k = 4;
        int n = 3;
        Topology t = FatTrees.kAryNTree("t", k, n, LinkParams.gbps(10, 15));
        FatTree tree = t.fatTree().orElseThrow();
        ForwardingTables lft = DModK.compute(t);
        for (int level = 1; level < n; level++) {
            int stage = level - 1;
            for (int i = 0; i < tree.levelSize(level); i++) {
                int v = tree.node(level, i);
                for (int d = 0; d < t.hostCount(); d++) {
                    int port = lft.port(v, d);
                    if (!tree.isAncestor(level, i, d)) {
                        assertEquals(d / (int) Math.pow(k, stage) % k, port - k);
                    } else {
                        assertEquals(tree.hostDigit(d, level), port);
                    }
                }
            }
        }
    }

    @Test
    void parallelLinksAreUsedAndRoutesValid() {
        Topology t = FatTrees.pgft("p", new int[] {4, 3}, new int[] {1, 2}, new int[] {1, 2}, 0,
                LinkParams.gbps(10, 15));
        ForwardingTables lft = DModK.compute(t);
        lft.validate();
        int[] dst = new int[t.hostCount()];
        for (int s = 0; s < dst.length; s++) {
            dst[s] = (s + 4) % dst.length;
        }
        int[] load = loads(lft, dst);
        for (int p = 0; p < load.length; p++) {
            assertTrue(load[p] <= 1, "shift by a leaf's width spreads over all 4 up links of each leaf");
        }
    }

    /**
     * Full-bisection PGFTs with parallel cables at any level: every down link carries the traffic of one
     * destination, and every shift permutation is contention-free.
     */
    @ParameterizedTest
    @ValueSource(strings = {"3;4,4,4;1,2,8;1,2,1", "3;4,4,4;1,1,4;1,4,4", "2;4,3;1,2;1,2", "3;2,3,4;1,2,3;1,1,1",
        "3;4,2,3;1,2,2;1,2,2", "2;6,5;1,3;1,2"})
    void parallelCablesKeepDownLinksPerDestination(String shape) {
        String[] g = shape.split(";");
        Topology t = FatTrees.pgft("p", ints(g[1]), ints(g[2]), ints(g[3]), 0, LinkParams.gbps(10, 15));
        assertTrue(t.fatTree().orElseThrow().isFullBisection(), shape);
        ForwardingTables lft = DModK.compute(t);
        lft.validate();
        int n = t.hostCount();
        int[] owner = new int[t.portCount()];
        java.util.Arrays.fill(owner, -1);
        int[] path = new int[lft.maxRouteLength()];
        for (int d = 0; d < n; d++) {
            for (int s = 0; s < n; s++) {
                int hops = lft.route(s, d, path);
                for (int i = 0; i < hops; i++) {
                    if (isDownLink(t, path[i])) {
                        assertTrue(owner[path[i]] < 0 || owner[path[i]] == d, shape + ": down link shared by "
                                + owner[path[i]] + " and " + d);
                        owner[path[i]] = d;
                    }
                }
            }
        }
        assertEveryShiftIsContentionFree(lft, shape);
    }

    private static int[] ints(String csv) {
        return java.util.Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    @Test
    void nonTreesAreRefused() {
        Topology t = Presets.find("testbed7").build();
        String msg = assertThrows(InputException.class, () -> DModK.compute(t)).getMessage();
        assertTrue(msg.contains("updown"), msg);
    }

    static int[] shuffled(int n, SplittableRandom rng) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
        return a;
    }
}
