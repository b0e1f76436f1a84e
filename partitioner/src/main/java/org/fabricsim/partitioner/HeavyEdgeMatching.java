package org.fabricsim.partitioner;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One coarsening step of the multilevel partitioner: visit the vertices in random order and match each
 * unmatched vertex with the unmatched neighbour joined by the heaviest edge (Karypis and Kumar's
 * heavy-edge matching), so that heavy edges disappear inside coarse vertices and never get cut. A vertex
 * that would grow beyond {@code maxVertexWeight} stays single, which keeps coarse vertices small enough
 * to balance.
 */
final class HeavyEdgeMatching {
    private HeavyEdgeMatching() {
    }

    /** The coarse graph and, for each fine vertex, its coarse vertex. */
    record Coarsening(WeightedGraph coarse, int[] coarseOf) {
    }

    static Coarsening coarsen(WeightedGraph g, int maxVertexWeight, SplittableRandom random) {
        int n = g.vertices();
        int[] order = new int[n];
        for (int v = 0; v < n; v++) {
            order[v] = v;
        }
        for (int i = n - 1; i > 0; i--) { // Fisher–Yates
            int j = random.nextInt(i + 1);
            int tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
        }
        int[] mate = new int[n];
        Arrays.fill(mate, -1);
        for (int v : order) {
            if (mate[v] != -1) {
                continue;
            }
            int best = -1;
            int bestWeight = -1;
            for (int e = g.firstEdge[v]; e < g.firstEdge[v + 1]; e++) {
                int u = g.neighbour[e];
                if (mate[u] != -1 || g.vertexWeight[u] + g.vertexWeight[v] > maxVertexWeight) {
                    continue;
                }
                if (g.edgeWeight[e] > bestWeight || (g.edgeWeight[e] == bestWeight && u < best)) {
                    best = u;
                    bestWeight = g.edgeWeight[e];
                }
            }
            mate[v] = best >= 0 ? best : v;
            if (best >= 0) {
                mate[best] = v;
            }
        }
        return contract(g, mate);
    }

    private static Coarsening contract(WeightedGraph g, int[] mate) {
        int n = g.vertices();
        int[] coarseOf = new int[n];
        Arrays.fill(coarseOf, -1);
        int[] first = new int[n]; // the lower-id member of each coarse vertex
        int c = 0;
        for (int v = 0; v < n; v++) {
            if (coarseOf[v] == -1) {
                coarseOf[v] = c;
                coarseOf[mate[v]] = c;
                first[c++] = v;
            }
        }
        int[] weight = new int[c];
        int[] firstEdge = new int[c + 1];
        int[] neighbour = new int[g.neighbour.length];
        int[] edgeWeight = new int[g.neighbour.length];
        int[] slot = new int[c];
        Arrays.fill(slot, -1);
        int edges = 0;
        for (int cv = 0; cv < c; cv++) {
            firstEdge[cv] = edges;
            int v = first[cv];
            int start = edges;
            for (int member : mate[v] == v ? new int[] {v} : new int[] {v, mate[v]}) {
                weight[cv] += g.vertexWeight[member];
                for (int e = g.firstEdge[member]; e < g.firstEdge[member + 1]; e++) {
                    int cu = coarseOf[g.neighbour[e]];
                    if (cu == cv) {
                        continue;
                    }
                    if (slot[cu] >= start) {
                        edgeWeight[slot[cu]] += g.edgeWeight[e];
                    } else {
                        slot[cu] = edges;
                        neighbour[edges] = cu;
                        edgeWeight[edges] = g.edgeWeight[e];
                        edges++;
                    }
                }
            }
        }
        firstEdge[c] = edges;
        WeightedGraph coarse = new WeightedGraph(weight, firstEdge, Arrays.copyOf(neighbour, edges),
                Arrays.copyOf(edgeWeight, edges));
        return new Coarsening(coarse, coarseOf);
    }
}
