package org.fabricsim.partitioner;

/**
 * k-way Fiduccia–Mattheyses refinement: repeatedly move the boundary vertex whose move to another part
 * reduces the cut the most (even when it does not, to climb out of local minima), each vertex at most once
 * per pass, never overloading a part, and at the end of the pass roll back to the best cut seen. Passes
 * stop when one brings no gain. Overloaded parts are first relieved by the cheapest moves.
 */
final class FmRefinement {
    private static final int MAX_PASSES = 10;

    private final WeightedGraph g;
    private final int parts;
    private final long maxPartWeight;
    private final int[] partOf;
    private final long[] connection; // connection[v * parts + p]: edge weight from v into part p
    private final long[] partWeight;

    private FmRefinement(WeightedGraph g, int parts, long maxPartWeight, int[] partOf) {
        this.g = g;
        this.parts = parts;
        this.maxPartWeight = maxPartWeight;
        this.partOf = partOf;
        this.connection = new long[g.vertices() * parts];
        for (int v = 0; v < g.vertices(); v++) {
            for (int e = g.firstEdge[v]; e < g.firstEdge[v + 1]; e++) {
                connection[v * parts + partOf[g.neighbour[e]]] += g.edgeWeight[e];
            }
        }
        this.partWeight = g.partWeights(partOf, parts);
    }

    /** Refines {@code partOf} in place. */
    static void refine(WeightedGraph g, int parts, long maxPartWeight, int[] partOf) {
        FmRefinement fm = new FmRefinement(g, parts, maxPartWeight, partOf);
        fm.rebalance();
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            if (fm.pass() <= 0) {
                break;
            }
        }
    }

    /** Moves vertices out of overloaded parts, each time the one whose move costs the least cut. */
    private void rebalance() {
        for (int guard = 0; guard < g.vertices(); guard++) {
            int heavy = 0;
            for (int p = 1; p < parts; p++) {
                if (partWeight[p] > partWeight[heavy]) {
                    heavy = p;
                }
            }
            if (partWeight[heavy] <= maxPartWeight) {
                return;
            }
            int bestV = -1;
            int bestTarget = -1;
            long bestGain = Long.MIN_VALUE;
            for (int v = 0; v < g.vertices(); v++) {
                if (partOf[v] != heavy || partWeight[heavy] <= g.vertexWeight[v]) {
                    continue;
                }
                for (int p = 0; p < parts; p++) {
                    if (p == heavy || partWeight[p] + g.vertexWeight[v] >= partWeight[heavy]) {
                        continue;
                    }
                    long gain = connection[v * parts + p] - connection[v * parts + heavy];
                    if (gain > bestGain) {
                        bestGain = gain;
                        bestV = v;
                        bestTarget = p;
                    }
                }
            }
            if (bestV < 0) {
                return; // nothing can move without making another part heavier still
            }
            move(bestV, bestTarget);
        }
    }

    /** One pass; returns the cut reduction it kept. */
    private long pass() {
        int n = g.vertices();
        boolean[] locked = new boolean[n];
        int[] movedVertex = new int[n];
        int[] movedFrom = new int[n];
        int moves = 0;
        long delta = 0;
        long bestDelta = 0;
        int bestMoves = 0;
        int sinceBest = 0;
        int patience = 50 + n / 50;
        GainQueue queue = new GainQueue();
        for (int v = 0; v < n; v++) {
            offer(queue, v);
        }
        while (!queue.isEmpty() && sinceBest < patience) {
            long entry = queue.poll();
            int v = GainQueue.vertex(entry);
            if (locked[v]) {
                continue;
            }
            int target = bestTarget(v);
            if (target < 0) {
                continue;
            }
            long gain = gain(v, target);
            if (gain != GainQueue.gain(entry)) {
                queue.offer(gain, v); // stale: the neighbourhood changed since it was queued
                continue;
            }
            locked[v] = true;
            movedVertex[moves] = v;
            movedFrom[moves] = partOf[v];
            moves++;
            move(v, target);
            delta += gain;
            if (delta > bestDelta) {
                bestDelta = delta;
                bestMoves = moves;
                sinceBest = 0;
            } else {
                sinceBest++;
            }
            for (int e = g.firstEdge[v]; e < g.firstEdge[v + 1]; e++) {
                int u = g.neighbour[e];
                if (!locked[u]) {
                    offer(queue, u);
                }
            }
        }
        for (int i = moves - 1; i >= bestMoves; i--) {
            move(movedVertex[i], movedFrom[i]);
        }
        return bestDelta;
    }

    private void offer(GainQueue queue, int v) {
        int target = bestTarget(v);
        if (target >= 0 && connection[v * parts + target] > 0) { // boundary vertices only
            queue.offer(gain(v, target), v);
        }
    }

    /** The part with room for v that v is most connected to (lowest index on ties), or -1. */
    private int bestTarget(int v) {
        int from = partOf[v];
        if (partWeight[from] <= g.vertexWeight[v]) {
            return -1; // v is all its part holds: moving it would leave an LP with nothing to simulate
        }
        int best = -1;
        for (int p = 0; p < parts; p++) {
            if (p == from || partWeight[p] + g.vertexWeight[v] > maxPartWeight) {
                continue;
            }
            if (best < 0 || connection[v * parts + p] > connection[v * parts + best]) {
                best = p;
            }
        }
        return best;
    }

    private long gain(int v, int target) {
        return connection[v * parts + target] - connection[v * parts + partOf[v]];
    }

    private void move(int v, int to) {
        int from = partOf[v];
        partOf[v] = to;
        partWeight[from] -= g.vertexWeight[v];
        partWeight[to] += g.vertexWeight[v];
        for (int e = g.firstEdge[v]; e < g.firstEdge[v + 1]; e++) {
            int u = g.neighbour[e];
            connection[u * parts + from] -= g.edgeWeight[e];
            connection[u * parts + to] += g.edgeWeight[e];
        }
    }
}
