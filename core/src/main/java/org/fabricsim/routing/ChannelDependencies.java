package org.fabricsim.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The channel dependency graph of destination-based routes (Dally and Seitz): a vertex per directed link
 * (its transmitting global port), an edge l → l' when some route to some destination leaves a switch over
 * l' right after arriving over l. Without a cycle the routing cannot deadlock, whatever the number of
 * virtual lanes; with one, a single lane can deadlock.
 *
 * <p>Built one destination at a time: the routes towards one destination form a tree, so its edges never
 * close a cycle by themselves, which is what makes a layering by destination ({@link #layers}) possible.
 */
public final class ChannelDependencies {
    private final int links;
    private final List<long[]> byDestination = new ArrayList<>();

    /** {@code links}: the number of vertices, the topology's port count. */
    public ChannelDependencies(int links) {
        this.links = links;
    }

    /** Adds the dependencies of the routes towards one destination, each edge as {@code from << 32 | to}. */
    public void addDestination(long[] edges) {
        byDestination.add(edges);
    }

    /** Every cycle-carrying strongly connected component as one cycle of directed links, in path order. */
    public List<int[]> cycles() {
        Graph g = graph(allEdges());
        return g.cycles();
    }

    /**
     * A greedy layering by destination, as a subnet manager would assign one virtual lane per destination:
     * destinations in order, each into the first layer whose dependencies stay acyclic with its own. Returns
     * the number of layers used, or -1 when more than {@code maxLayers} would be needed (greedy: another order
     * might need fewer).
     */
    public int layers(int maxLayers) {
        List<List<long[]>> layers = new ArrayList<>();
        for (long[] edges : byDestination) {
            boolean placed = false;
            for (List<long[]> layer : layers) {
                layer.add(edges);
                if (graph(concat(layer)).acyclic()) {
                    placed = true;
                    break;
                }
                layer.remove(layer.size() - 1);
            }
            if (!placed) {
                if (layers.size() == maxLayers) {
                    return -1;
                }
                List<long[]> layer = new ArrayList<>();
                layer.add(edges);
                layers.add(layer);
            }
        }
        return Math.max(1, layers.size());
    }

    private long[] allEdges() {
        return concat(byDestination);
    }

    private static long[] concat(List<long[]> parts) {
        int n = 0;
        for (long[] p : parts) {
            n += p.length;
        }
        long[] all = new long[n];
        int at = 0;
        for (long[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    private Graph graph(long[] edges) {
        long[] e = edges.clone();
        Arrays.sort(e);
        int unique = 0;
        for (int i = 0; i < e.length; i++) {
            if (i == 0 || e[i] != e[i - 1]) {
                e[unique++] = e[i];
            }
        }
        int[] start = new int[links + 1];
        int[] to = new int[unique];
        for (int i = 0; i < unique; i++) {
            start[(int) (e[i] >>> 32) + 1]++;
            to[i] = (int) e[i];
        }
        for (int v = 0; v < links; v++) {
            start[v + 1] += start[v];
        }
        return new Graph(start, to);
    }

    /** Adjacency in compressed rows; edges sorted by source, so row v is {@code to[start[v] .. start[v+1])}. */
    private record Graph(int[] start, int[] to) {
        int vertices() {
            return start.length - 1;
        }

        /** Kahn's algorithm: acyclic iff every vertex can be removed at in-degree 0. */
        boolean acyclic() {
            int n = vertices();
            int[] in = new int[n];
            for (int w : to) {
                in[w]++;
            }
            int[] queue = new int[n];
            int tail = 0;
            for (int v = 0; v < n; v++) {
                if (in[v] == 0) {
                    queue[tail++] = v;
                }
            }
            for (int head = 0; head < tail; head++) {
                int v = queue[head];
                for (int i = start[v]; i < start[v + 1]; i++) {
                    if (--in[to[i]] == 0) {
                        queue[tail++] = to[i];
                    }
                }
            }
            return tail == n;
        }

        /** One cycle per strongly connected component with more than one vertex (Tarjan, iterative). */
        List<int[]> cycles() {
            int n = vertices();
            int[] index = new int[n];
            int[] low = new int[n];
            int[] component = new int[n];
            Arrays.fill(index, -1);
            Arrays.fill(component, -1);
            boolean[] onStack = new boolean[n];
            int[] stack = new int[n];
            int sp = 0;
            int[] callV = new int[n];
            int[] callI = new int[n];
            int counter = 0;
            int components = 0;
            List<int[]> cycles = new ArrayList<>();
            for (int root = 0; root < n; root++) {
                if (index[root] >= 0 || start[root] == start[root + 1]) {
                    continue;
                }
                int depth = 0;
                callV[0] = root;
                callI[0] = start[root];
                index[root] = low[root] = counter++;
                stack[sp++] = root;
                onStack[root] = true;
                while (depth >= 0) {
                    int v = callV[depth];
                    if (callI[depth] < start[v + 1]) {
                        int w = to[callI[depth]++];
                        if (index[w] < 0) {
                            index[w] = low[w] = counter++;
                            stack[sp++] = w;
                            onStack[w] = true;
                            depth++;
                            callV[depth] = w;
                            callI[depth] = start[w];
                        } else if (onStack[w]) {
                            low[v] = Math.min(low[v], index[w]);
                        }
                        continue;
                    }
                    if (low[v] == index[v]) {
                        int size = 0;
                        int w;
                        do {
                            w = stack[--sp];
                            onStack[w] = false;
                            component[w] = components;
                            size++;
                        } while (w != v);
                        if (size > 1) {
                            cycles.add(cycleThrough(v, component, components));
                        }
                        components++;
                    }
                    depth--;
                    if (depth >= 0) {
                        int parent = callV[depth];
                        low[parent] = Math.min(low[parent], low[v]);
                    }
                }
            }
            return cycles;
        }

        /** A shortest cycle through v inside its component: breadth first from v back to v. */
        private int[] cycleThrough(int v, int[] component, int c) {
            int n = vertices();
            int[] parent = new int[n];
            Arrays.fill(parent, -1);
            int[] queue = new int[n];
            int tail = 0;
            queue[tail++] = v;
            parent[v] = v;
            for (int head = 0; head < tail; head++) {
                int x = queue[head];
                for (int i = start[x]; i < start[x + 1]; i++) {
                    int w = to[i];
                    if (component[w] != c) {
                        continue;
                    }
                    if (w == v) {
                        List<Integer> path = new ArrayList<>();
                        for (int y = x; y != v; y = parent[y]) {
                            path.add(y);
                        }
                        path.add(v);
                        int[] cycle = new int[path.size()];
                        for (int k = 0; k < cycle.length; k++) {
                            cycle[k] = path.get(cycle.length - 1 - k);
                        }
                        return cycle;
                    }
                    if (parent[w] < 0) {
                        parent[w] = x;
                        queue[tail++] = w;
                    }
                }
            }
            throw new IllegalStateException("no cycle through a vertex of a strongly connected component");
        }
    }
}
