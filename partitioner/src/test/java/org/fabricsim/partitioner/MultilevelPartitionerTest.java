package org.fabricsim.partitioner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The graph algorithm on graphs whose optimal cut is known. */
class MultilevelPartitionerTest {
    @Test
    void aRingSplitsIntoArcs() {
        for (int parts : new int[] {2, 4, 8}) {
            WeightedGraph ring = graph(256, (v, edges) -> edges.add(new int[] {v, (v + 1) % 256, 1}));
            int[] partOf = new MultilevelPartitioner(parts, 0.03, 1).partition(ring);
            assertEquals(parts, ring.cut(partOf), parts + " parts");
            assertBalanced(ring, partOf, parts, 0.03);
        }
    }

    @Test
    void twoCliquesJoinedByOneEdgeAreCutAtThatEdge() {
        WeightedGraph g = graph(60, (v, edges) -> {
            for (int u = v + 1; u < 60; u++) {
                if ((u < 30) == (v < 30)) {
                    edges.add(new int[] {v, u, 1});
                }
            }
            if (v == 0) {
                edges.add(new int[] {0, 59, 1});
            }
        });
        for (long seed = 1; seed <= 5; seed++) {
            int[] partOf = new MultilevelPartitioner(2, 0.03, seed).partition(g);
            assertEquals(1, g.cut(partOf), "seed " + seed);
        }
    }

    @Test
    void aGridIsCutAlmostStraight() {
        int side = 32;
        WeightedGraph grid = graph(side * side, (v, edges) -> {
            if (v % side + 1 < side) {
                edges.add(new int[] {v, v + 1, 1});
            }
            if (v + side < side * side) {
                edges.add(new int[] {v, v + side, 1});
            }
        });
        // the optimum is a straight cut of 32 edges; a random balanced split cuts about 1000
        long best = Long.MAX_VALUE;
        for (long seed = 1; seed <= 10; seed++) {
            int[] partOf = new MultilevelPartitioner(2, 0.03, seed).partition(grid);
            assertTrue(grid.cut(partOf) <= 32 * 1.3, "seed " + seed + ": cut " + grid.cut(partOf));
            assertBalanced(grid, partOf, 2, 0.03);
            best = Math.min(best, grid.cut(partOf));
        }
        assertEquals(32, best, "some seed finds the straight cut");
    }

    private static void assertBalanced(WeightedGraph g, int[] partOf, int parts, double imbalance) {
        long[] w = g.partWeights(partOf, parts);
        long avg = (g.totalWeight() + parts - 1) / parts;
        for (long x : w) {
            assertTrue(x <= Math.max(Math.ceil(avg * (1 + imbalance)), avg + g.maxVertexWeight()), "part weight " + x);
            assertTrue(x > 0, "empty part");
        }
    }

    interface Edges {
        void of(int v, List<int[]> edges);
    }

    /** An undirected unit-vertex-weight graph from an edge list (each edge listed once). */
    static WeightedGraph graph(int n, Edges edges) {
        List<int[]> list = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            edges.of(v, list);
        }
        int[] degree = new int[n];
        for (int[] e : list) {
            degree[e[0]]++;
            degree[e[1]]++;
        }
        int[] first = new int[n + 1];
        for (int v = 0; v < n; v++) {
            first[v + 1] = first[v] + degree[v];
        }
        int[] fill = first.clone();
        int[] nbr = new int[first[n]];
        int[] wgt = new int[first[n]];
        for (int[] e : list) {
            nbr[fill[e[0]]] = e[1];
            wgt[fill[e[0]]++] = e[2];
            nbr[fill[e[1]]] = e[0];
            wgt[fill[e[1]]++] = e[2];
        }
        int[] vw = new int[n];
        java.util.Arrays.fill(vw, 1);
        return new WeightedGraph(vw, first, nbr, wgt);
    }
}
