package org.fabricsim.partitioner;

import java.util.Arrays;
import org.fabricsim.topology.Topology;

/**
 * An undirected graph with vertex and edge weights in compressed sparse rows, the form every step of
 * the multilevel partitioner works on. Parallel cables between two nodes are one edge whose weight is
 * their sum.
 */
final class WeightedGraph {
    final int[] vertexWeight;
    final int[] firstEdge; // edges of v: firstEdge[v] .. firstEdge[v+1]-1
    final int[] neighbour;
    final int[] edgeWeight;

    WeightedGraph(int[] vertexWeight, int[] firstEdge, int[] neighbour, int[] edgeWeight) {
        this.vertexWeight = vertexWeight;
        this.firstEdge = firstEdge;
        this.neighbour = neighbour;
        this.edgeWeight = edgeWeight;
    }

    int vertices() {
        return vertexWeight.length;
    }

    long totalWeight() {
        long sum = 0;
        for (int w : vertexWeight) {
            sum += w;
        }
        return sum;
    }

    int maxVertexWeight() {
        int max = 0;
        for (int w : vertexWeight) {
            max = Math.max(max, w);
        }
        return max;
    }

    /** Sum of the weights of the edges whose ends are in different parts. */
    long cut(int[] partOf) {
        long cut = 0;
        for (int v = 0; v < vertices(); v++) {
            for (int e = firstEdge[v]; e < firstEdge[v + 1]; e++) {
                if (neighbour[e] > v && partOf[neighbour[e]] != partOf[v]) {
                    cut += edgeWeight[e];
                }
            }
        }
        return cut;
    }

    long[] partWeights(int[] partOf, int parts) {
        long[] w = new long[parts];
        for (int v = 0; v < vertices(); v++) {
            w[partOf[v]] += vertexWeight[v];
        }
        return w;
    }

    /**
     * The graph of a topology: a vertex per node weighted by its {@link Partitioners#nodeLoad expected
     * load}, an edge per pair of cabled nodes weighted by {@link Partitioners#cableCost its cut cost}.
     */
    static WeightedGraph of(Topology t, int[] nodeLoad) {
        int n = t.nodeCount();
        long maxLatency = 1;
        for (int gp = 0; gp < t.portCount(); gp++) {
            if (t.isConnected(gp)) {
                maxLatency = Math.max(maxLatency, t.latencyPs(gp));
            }
        }
        int[] first = new int[n + 1];
        int[] nbr = new int[t.portCount()];
        int[] wgt = new int[t.portCount()];
        int edges = 0;
        int[] slot = new int[n];
        Arrays.fill(slot, -1);
        for (int v = 0; v < n; v++) {
            first[v] = edges;
            for (int lp = 0; lp < t.ports(v); lp++) {
                int gp = t.port(v, lp);
                if (!t.isConnected(gp)) {
                    continue;
                }
                int u = t.peerNode(gp);
                if (u == v) {
                    continue;
                }
                int cost = Partitioners.cableCost(t.latencyPs(gp), maxLatency);
                if (slot[u] >= first[v]) {
                    wgt[slot[u]] += cost;
                } else {
                    slot[u] = edges;
                    nbr[edges] = u;
                    wgt[edges] = cost;
                    edges++;
                }
            }
        }
        first[n] = edges;
        return new WeightedGraph(nodeLoad.clone(), first, Arrays.copyOf(nbr, edges), Arrays.copyOf(wgt, edges));
    }
}
