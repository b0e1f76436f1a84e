package org.fabricsim.partitioner;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The initial k-way partition of the coarsest graph by recursive bisection, each bisection by greedy
 * graph growing: a region grows from a random vertex of the piece, always adding the frontier vertex
 * that most reduces the cut, until it holds its share of the weight. Bisecting recursively keeps both
 * halves of every split connected where the graph allows it (growing k regions one after the other
 * leaves the last one in fragments). A region starts from a vertex far from a random one (the last reached
 * by a breadth-first search, George and Liu's pseudo-peripheral vertex): grown from the middle of a
 * chain it would cut the rest of the chain in two.
 */
final class GreedyGrowing {
    private GreedyGrowing() {
    }

    static int[] grow(WeightedGraph g, int parts, SplittableRandom random) {
        int n = g.vertices();
        int[] partOf = new int[n]; // everything starts in the piece of part 0 that holds parts 0..k-1
        long[] degree = new long[n];
        long[] toRegion = new long[n];
        boolean[] inRegion = new boolean[n];
        bisect(g, partOf, 0, parts, degree, toRegion, inRegion, random);
        return partOf;
    }

    /** Splits the piece labelled {@code first} (parts first..first+k-1) into labels first and first+k/2. */
    private static void bisect(WeightedGraph g, int[] partOf, int first, int k, long[] degree, long[] toRegion,
            boolean[] inRegion, SplittableRandom random) {
        if (k == 1) {
            return;
        }
        int n = g.vertices();
        int kLeft = k / 2;
        int second = first + kLeft;
        long pieceWeight = 0;
        int pieceSize = 0;
        for (int v = 0; v < n; v++) {
            inRegion[v] = false;
            toRegion[v] = 0;
            if (partOf[v] == first) {
                pieceWeight += g.vertexWeight[v];
                pieceSize++;
                degree[v] = 0;
                for (int e = g.firstEdge[v]; e < g.firstEdge[v + 1]; e++) {
                    if (partOf[g.neighbour[e]] == first) {
                        degree[v] += g.edgeWeight[e];
                    }
                }
            }
        }
        // the region becomes the left half (label first); the rest of the piece becomes label second
        long target = pieceWeight * kLeft / k;
        long weight = 0;
        int taken = 0;
        GainQueue frontier = new GainQueue();
        while (weight < target && taken < pieceSize - (k - kLeft)) {
            if (frontier.isEmpty()) {
                int seed = farthest(g, partOf, first, inRegion,
                        randomVertexOf(partOf, first, inRegion, pieceSize - taken, random));
                frontier.offer(2 * toRegion[seed] - degree[seed], seed);
            }
            long entry = frontier.poll();
            int v = GainQueue.vertex(entry);
            // gain = cut edges removed − cut edges added = toRegion − (degree − toRegion); an entry whose gain
            // is no longer current has a fresher twin in the queue
            if (inRegion[v] || GainQueue.gain(entry) != 2 * toRegion[v] - degree[v]) {
                continue;
            }
            inRegion[v] = true;
            weight += g.vertexWeight[v];
            taken++;
            for (int e = g.firstEdge[v]; e < g.firstEdge[v + 1]; e++) {
                int u = g.neighbour[e];
                if (partOf[u] == first && !inRegion[u]) {
                    toRegion[u] += g.edgeWeight[e];
                    frontier.offer(2 * toRegion[u] - degree[u], u);
                }
            }
        }
        for (int v = 0; v < n; v++) {
            if (partOf[v] == first && !inRegion[v]) {
                partOf[v] = second;
            }
        }
        bisect(g, partOf, first, kLeft, degree, toRegion, inRegion, random);
        bisect(g, partOf, second, k - kLeft, degree, toRegion, inRegion, random);
    }

    /** The vertex of the free part of the piece that a breadth-first search from {@code start} reaches last. */
    private static int farthest(WeightedGraph g, int[] partOf, int label, boolean[] inRegion, int start) {
        int[] queue = new int[g.vertices()];
        boolean[] seen = new boolean[g.vertices()];
        int head = 0;
        int tail = 0;
        queue[tail++] = start;
        seen[start] = true;
        int last = start;
        while (head < tail) {
            int v = queue[head++];
            last = v;
            for (int e = g.firstEdge[v]; e < g.firstEdge[v + 1]; e++) {
                int u = g.neighbour[e];
                if (!seen[u] && partOf[u] == label && !inRegion[u]) {
                    seen[u] = true;
                    queue[tail++] = u;
                }
            }
        }
        return last;
    }

    private static int randomVertexOf(int[] partOf, int label, boolean[] inRegion, int free, SplittableRandom random) {
        int skip = random.nextInt(free);
        for (int v = 0; v < partOf.length; v++) {
            if (partOf[v] == label && !inRegion[v] && skip-- == 0) {
                return v;
            }
        }
        throw new IllegalStateException("no free vertex in the piece");
    }
}
