package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FatTreesTest {
    private static final LinkParams LINK = LinkParams.gbps(10, 15);

    private static int pow(int k, int e) {
        int r = 1;
        for (int i = 0; i < e; i++) {
            r *= k;
        }
        return r;
    }

    /** Petrini label digit i (0 = most significant) of an index with n-1 base-k digits. */
    private static int digit(int index, int i, int k, int n) {
        return index / pow(k, n - 2 - i) % k;
    }

    /**
     * Brute-force check against the definition of spec-adaptive-routing §2.1: switch ⟨w,l⟩ (l = 0 root) is
     * linked to ⟨w',l+1⟩ iff w and w' agree except at digit l, down port j leads to w_l := j, up port j to
     * w_(l-1) := j, and node p sits on leaf ⟨(p_0..p_(n-2)), n-1⟩ at down port p_(n-1).
     */
    @ParameterizedTest
    @CsvSource({"2,3", "3,3", "4,3", "2,4", "4,2", "3,1"})
    void kAryNTreeIsPetriniNumbered(int k, int n) {
        Topology t = FatTrees.kAryNTree("t", k, n, LINK);
        FatTree tree = t.fatTree().orElseThrow();
        int perLevel = pow(k, n - 1);
        assertEquals(pow(k, n), t.hostCount());
        assertEquals(n * perLevel, t.switchCount());
        assertEquals(n * pow(k, n), t.cableCount());
        for (int l = 0; l < n; l++) { // Petrini level
            int ours = n - l;
            for (int i = 0; i < perLevel; i++) {
                int v = tree.node(ours, i);
                assertEquals(ours, t.level(v));
                assertEquals(l == 0 ? k : 2 * k, t.ports(v));
                for (int j = 0; j < k; j++) {
                    int down = t.peerNode(t.port(v, j));
                    if (l == n - 1) {
                        // host p = w_0..w_(n-2), j
                        assertEquals(i * k + j, down);
                        assertEquals(v, t.leafOf(down));
                    } else {
                        int ci = tree.indexInLevel(down);
                        assertEquals(ours - 1, t.level(down));
                        for (int x = 0; x < n - 1; x++) {
                            int expected = x == l ? j : digit(i, x, k, n);
                            assertEquals(expected, digit(ci, x, k, n), "down port " + j + " digit " + x);
                        }
                    }
                    if (l >= 1) {
                        int up = t.peerNode(t.port(v, k + j));
                        int pi = tree.indexInLevel(up);
                        assertEquals(ours + 1, t.level(up));
                        for (int x = 0; x < n - 1; x++) {
                            int expected = x == l - 1 ? j : digit(i, x, k, n);
                            assertEquals(expected, digit(pi, x, k, n), "up port " + j + " digit " + x);
                        }
                    }
                }
            }
        }
    }

    @Test
    void xgftCountsAndPorts() {
        Topology t = FatTrees.xgft("t", new int[] {18, 36}, new int[] {1, 18}, LINK);
        assertEquals(648, t.hostCount());
        assertEquals(36 + 18, t.switchCount());
        assertEquals(648 + 36 * 18, t.cableCount());
        FatTree tree = t.fatTree().orElseThrow();
        for (int i = 0; i < 36; i++) {
            assertEquals(36, t.ports(tree.node(1, i)));
        }
        for (int i = 0; i < 18; i++) {
            assertEquals(36, t.ports(tree.node(2, i)));
        }
        assertTrue(tree.isFullBisection());
        assertEquals("xgft(2;18,36;1,18)", tree.expression());
    }

    @Test
    void closIsTheFoldedTwoLevelTree() {
        Topology clos = FatTrees.clos("c", 18, 36, 18, LINK);
        Topology xgft = FatTrees.xgft("x", new int[] {18, 36}, new int[] {1, 18}, LINK);
        assertEquals(xgft.nodeCount(), clos.nodeCount());
        for (int p = 0; p < xgft.portCount(); p++) {
            assertEquals(xgft.peerPort(p), clos.peerPort(p));
        }
    }

    @Test
    void parallelLinksAreNumberedChildMajor() {
        // PGFT(2; 4,2; 1,2; 1,3): each leaf has 4 hosts and 3 parallel cables to each of 2 spines
        Topology t = FatTrees.pgft("p", new int[] {4, 2}, new int[] {1, 2}, new int[] {1, 3}, 0, LINK);
        FatTree tree = t.fatTree().orElseThrow();
        int leaf = tree.node(1, 1);
        assertEquals(4 + 6, t.ports(leaf));
        for (int parent = 0; parent < 2; parent++) {
            for (int q = 0; q < 3; q++) {
                int gp = t.port(leaf, 4 + parent * 3 + q);
                assertEquals(tree.node(2, parent), t.peerNode(gp));
                assertEquals(1 * 3 + q, t.localPort(t.peerPort(gp)));
            }
        }
    }

    @Test
    void modifiedTreeChainsLogicalNodes() {
        int k = 4;
        int n = 3;
        int wh = 2;
        Topology t = FatTrees.modifiedKAryNTree("m", k, n, wh, LINK);
        FatTree tree = t.fatTree().orElseThrow();
        int horizontalCables = 0;
        for (int p = 0; p < t.portCount(); p++) {
            int u = t.owner(p);
            int v = t.peerNode(p);
            if (v > u && t.level(u) == t.level(v)) {
                horizontalCables++;
                int l = t.level(u);
                long block = tree.logicalNodeSize(l);
                int iu = tree.indexInLevel(u);
                int iv = tree.indexInLevel(v);
                assertEquals(iu + 1, iv, "only neighbours of a chain are linked");
                assertEquals(iu / block, iv / block, "within one logical node");
                int local = t.localPort(p);
                int base = tree.horizontalBase(l);
                assertTrue(local >= base + wh && local < base + 2 * wh, "right ports of the left switch");
            }
        }
        // level 2: k logical nodes of k switches, level 3: one logical node of k^2 switches
        int expected = wh * (k * (k - 1) + (k * k - 1));
        assertEquals(expected, horizontalCables);
        // leaves keep 2k ports, level 2 gets 2k + 2wh, roots k + 2wh (chain ends have unconnected ports)
        assertEquals(2 * k, t.ports(tree.node(1, 0)));
        assertEquals(2 * k + 2 * wh, t.ports(tree.node(2, 0)));
        assertEquals(k + 2 * wh, t.ports(tree.node(3, 0)));
        assertFalse(t.isConnected(t.port(tree.node(3, 0), k)), "left ports of a chain's first switch are free");
    }

    /**
     * seed 003 Table 6.1 counts 2·w_h added ports on every non-leaf switch; a chain has none beyond its
     * ends, which gives the smaller ratio the digest derives: 0.25 instead of 0.33 for h = 2, k = 4.
     */
    @Test
    void chainPortOverheadMatchesTheDerivedValue() {
        Topology t = FatTrees.modifiedKAryNTree("m", 4, 2, 2, LINK);
        int existing = 16 * 3; // k^h (2h - 1)
        int added = 0;
        for (int p = 0; p < t.portCount(); p++) {
            int u = t.owner(p);
            int v = t.peerNode(p);
            if (v >= 0 && t.level(u) == t.level(v)) {
                added++;
            }
        }
        assertEquals(0.25, added / (double) existing, 1e-12);
    }

    @Test
    void badParametersAreInputErrors() {
        assertThrows(InputException.class, () -> FatTrees.kAryNTree("t", 0, 3, LINK));
        assertThrows(InputException.class, () -> FatTrees.xgft("t", new int[] {4, 4}, new int[] {2, 4}, LINK));
        assertThrows(InputException.class, () -> FatTrees.xgft("t", new int[] {4, 4}, new int[] {1}, LINK));
        assertThrows(InputException.class, () -> FatTrees.kAryNTree("t", 1024, 4, LINK));
        assertThrows(InputException.class, () -> FatTrees.modifiedKAryNTree("t", 4, 3, -1, LINK));
    }
}
