package org.fabricsim.topology;

import java.util.Arrays;

/**
 * The bisection of a topology as fabricsim reports it: the minimum cut separating the first half of the
 * hosts (by index) from the second half, switches placed on whichever side makes the cut smallest. For the
 * generated trees, whose host numbering follows the tree, this is the usual bisection width (H/2 links for
 * a full-bisection tree). Computed exactly by max-flow (Dinic), once counting cables and once weighting
 * them by bandwidth.
 *
 * @param links cables in a minimum cut when every cable counts 1
 * @param bandwidthBps capacity of a minimum cut when cables count their bandwidth (bits per second)
 */
public record Bisection(long links, long bandwidthBps) {

    public static Bisection of(Topology t) {
        return new Bisection(maxFlow(t, false), maxFlow(t, true));
    }

    private static long maxFlow(Topology t, boolean weighted) {
        int hosts = t.hostCount();
        if (hosts < 2) {
            return 0;
        }
        int n = t.nodeCount() + 2;
        int source = n - 2;
        int sink = n - 1;
        int edges = 2 * t.portCount() + 2 * hosts;
        Flow f = new Flow(n, edges);
        for (int p = 0; p < t.portCount(); p++) {
            int q = t.peerPort(p);
            if (q > p) {
                long cap = weighted ? t.bandwidthBps(p) : 1;
                f.addUndirected(t.owner(p), t.owner(q), cap);
            }
        }
        long inf = Long.MAX_VALUE / 4;
        for (int h = 0; h < hosts; h++) {
            if (h < hosts / 2) {
                f.addDirected(source, h, inf);
            } else {
                f.addDirected(h, sink, inf);
            }
        }
        return f.run(source, sink);
    }

    /** Dinic's algorithm on an adjacency structure of int arrays. */
    private static final class Flow {
        private final int[] head;
        private final int[] next;
        private final int[] to;
        private final long[] cap;
        private int m;
        private final int[] level;
        private final int[] iter;

        Flow(int n, int maxEdges) {
            head = new int[n];
            Arrays.fill(head, -1);
            next = new int[2 * maxEdges];
            to = new int[2 * maxEdges];
            cap = new long[2 * maxEdges];
            level = new int[n];
            iter = new int[n];
        }

        void addDirected(int a, int b, long c) {
            add(a, b, c);
            add(b, a, 0);
        }

        void addUndirected(int a, int b, long c) {
            add(a, b, c);
            add(b, a, c);
        }

        private void add(int a, int b, long c) {
            to[m] = b;
            cap[m] = c;
            next[m] = head[a];
            head[a] = m++;
        }

        long run(int s, int t) {
            long total = 0;
            int[] queue = new int[head.length];
            while (bfs(s, t, queue)) {
                System.arraycopy(head, 0, iter, 0, head.length);
                long pushed;
                while ((pushed = dfs(s, t, Long.MAX_VALUE)) > 0) {
                    total += pushed;
                }
            }
            return total;
        }

        private boolean bfs(int s, int t, int[] queue) {
            Arrays.fill(level, -1);
            level[s] = 0;
            int qh = 0;
            int qt = 0;
            queue[qt++] = s;
            while (qh < qt) {
                int v = queue[qh++];
                for (int e = head[v]; e >= 0; e = next[e]) {
                    if (cap[e] > 0 && level[to[e]] < 0) {
                        level[to[e]] = level[v] + 1;
                        queue[qt++] = to[e];
                    }
                }
            }
            return level[t] >= 0;
        }

        // recursion depth is bounded by the BFS level of the sink, i.e. the network diameter
        private long dfs(int v, int t, long limit) {
            if (v == t) {
                return limit;
            }
            for (; iter[v] >= 0; iter[v] = next[iter[v]]) {
                int e = iter[v];
                int u = to[e];
                if (cap[e] > 0 && level[u] == level[v] + 1) {
                    long d = dfs(u, t, Math.min(limit, cap[e]));
                    if (d > 0) {
                        cap[e] -= d;
                        cap[e ^ 1] += d;
                        return d;
                    }
                }
            }
            return 0;
        }
    }
}
