package org.fabricsim.routing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/**
 * Min-hop up*&#47;down* routing for any topology, destination-based like an InfiniBand LFT.
 *
 * <p>Every cable is oriented by a total order of the nodes: a move is "up" towards a smaller rank (BFS
 * distance from the roots), ties broken towards the smaller node id. A legal route goes up zero or more
 * times, then down zero or more times; it never turns from down to up, which makes the routing
 * deadlock-free. The roots are the switches of the highest level when, from them, every host can be
 * reached (true of fat trees: it gives the usual tree routing); otherwise one root, the switch of
 * smallest eccentricity.
 *
 * <p>Each switch takes the shortest legal route to each destination, with one exception forced by
 * destination-based tables: a switch that can reach the destination by going down only always does, since
 * its table entry must also serve packets that already turned down on their way in. Among equally short
 * next hops the port that carries the fewest destinations so far wins (ties: lowest port), as in OpenSM's
 * min-hop balancing; destinations are processed in host order. A port counts a destination only when some
 * host's route to it actually crosses the port, not merely because the table names it: on a fat tree
 * this makes every switch of a level turn the same way for a destination and spread the destinations
 * that really pass it, so the routes converge like D-mod-K instead of fanning out over all the roots.
 */
public final class UpDown {
    public static final String NAME = "updown";
    private static final int INF = Integer.MAX_VALUE / 2;

    private UpDown() {
    }

    public static ForwardingTables compute(Topology t) {
        int[] topSwitches = topLevelSwitches(t);
        short[] table = tryRoots(t, topSwitches);
        if (table == null) {
            table = tryRoots(t, new int[] {centralSwitch(t)});
        }
        if (table == null) {
            throw new InputException("routing " + NAME + ": topology " + t.name() + " has unreachable hosts");
        }
        return new ForwardingTables(t, NAME, table);
    }

    private static int[] topLevelSwitches(Topology t) {
        int top = 0;
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            top = Math.max(top, t.level(v));
        }
        List<Integer> roots = new ArrayList<>();
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            if (t.level(v) == top) {
                roots.add(v);
            }
        }
        return roots.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The switch with the smallest eccentricity; ties to the lowest id. */
    private static int centralSwitch(Topology t) {
        int best = -1;
        int bestEcc = INF;
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            int[] dist = bfs(t, new int[] {v});
            int ecc = Arrays.stream(dist).max().orElse(0);
            if (ecc < bestEcc) {
                bestEcc = ecc;
                best = v;
            }
        }
        return best;
    }

    private static int[] bfs(Topology t, int[] sources) {
        int[] dist = new int[t.nodeCount()];
        Arrays.fill(dist, INF);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int s : sources) {
            dist[s] = 0;
            queue.add(s);
        }
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int p = t.port(v, 0); p < t.port(v, 0) + t.ports(v); p++) {
                int u = t.peerNode(p);
                if (u >= 0 && dist[u] == INF) {
                    dist[u] = dist[v] + 1;
                    if (t.isSwitch(u)) {
                        queue.add(u);
                    }
                }
            }
        }
        return dist;
    }

    /** Tables for this root set, or null if some switch cannot reach some host legally. */
    private static short[] tryRoots(Topology t, int[] roots) {
        int[] rank = bfs(t, roots);
        int hosts = t.hostCount();
        int n = t.nodeCount();
        short[] table = ForwardingTables.emptyTable(t);
        int[] assigned = new int[t.portCount()];
        int[] down = new int[n];
        int[] any = new int[n];
        int[] queue = new int[n];
        int[] counted = new int[n]; // d + 1 when switch v's entry for d has been counted
        for (int d = 0; d < hosts; d++) {
            downDistances(t, rank, d, down, queue);
            anyDistances(t, rank, down, any);
            for (int v = hosts; v < n; v++) {
                boolean goDown = down[v] < INF;
                if (!goDown && any[v] >= INF) {
                    return null;
                }
                int best = -1;
                for (int lp = 0; lp < t.ports(v); lp++) {
                    int gp = t.port(v, lp);
                    int u = t.peerNode(gp);
                    if (u < 0 || (t.isHost(u) && u != d)) {
                        continue;
                    }
                    boolean candidate = goDown
                            ? isUp(rank, u, v) && down[u] == down[v] - 1
                            : isUp(rank, v, u) && any[u] == any[v] - 1;
                    if (candidate && (best < 0 || assigned[gp] < assigned[t.port(v, best)])) {
                        best = lp;
                    }
                }
                table[(v - hosts) * hosts + d] = (short) best;
            }
            countUsedPorts(t, table, d, counted, assigned);
        }
        return table;
    }

    /** Adds d to the count of every port that some host's route to d crosses. */
    private static void countUsedPorts(Topology t, short[] table, int d, int[] counted, int[] assigned) {
        int hosts = t.hostCount();
        for (int s = 0; s < hosts; s++) {
            if (s == d) {
                continue;
            }
            int v = t.leafOf(s);
            while (v != d && counted[v] != d + 1) {
                counted[v] = d + 1;
                int gp = t.port(v, table[(v - hosts) * hosts + d]);
                assigned[gp]++;
                v = t.peerNode(gp);
            }
        }
    }

    /** Whether moving from a to b is an up move. */
    private static boolean isUp(int[] rank, int a, int b) {
        return rank[b] < rank[a] || (rank[b] == rank[a] && b < a);
    }

    /** Hops from each switch to d going down only (INF if impossible). */
    private static void downDistances(Topology t, int[] rank, int d, int[] down, int[] queue) {
        Arrays.fill(down, INF);
        down[d] = 0;
        int head = 0;
        int tail = 0;
        queue[tail++] = d;
        while (head < tail) {
            int x = queue[head++];
            for (int p = t.port(x, 0); p < t.port(x, 0) + t.ports(x); p++) {
                int y = t.peerNode(p);
                // the move y -> x must be down, i.e. x -> y up
                if (y >= 0 && t.isSwitch(y) && down[y] == INF && isUp(rank, x, y)) {
                    down[y] = down[x] + 1;
                    queue[tail++] = y;
                }
            }
        }
    }

    /**
     * Length of the route each switch will actually take: its down-only distance when it has one,
     * otherwise one more than the best up neighbour's.
     */
    private static void anyDistances(Topology t, int[] rank, int[] down, int[] any) {
        int n = t.nodeCount();
        System.arraycopy(down, 0, any, 0, n);
        // Dijkstra with unit weights and several starting distances, by buckets of distance
        int maxStart = 0;
        for (int v = t.hostCount(); v < n; v++) {
            if (down[v] < INF) {
                maxStart = Math.max(maxStart, down[v]);
            }
        }
        List<ArrayDeque<Integer>> buckets = new ArrayList<>();
        for (int v = t.hostCount(); v < n; v++) {
            if (down[v] < INF) {
                bucket(buckets, down[v]).add(v);
            }
        }
        for (int dist = 0; dist < buckets.size(); dist++) {
            ArrayDeque<Integer> b = buckets.get(dist);
            while (!b.isEmpty()) {
                int x = b.poll();
                if (any[x] != dist) {
                    continue;
                }
                for (int p = t.port(x, 0); p < t.port(x, 0) + t.ports(x); p++) {
                    int y = t.peerNode(p);
                    // y -> x must be an up move
                    if (y >= 0 && t.isSwitch(y) && down[y] == INF && isUp(rank, y, x) && any[y] > dist + 1) {
                        any[y] = dist + 1;
                        bucket(buckets, dist + 1).add(y);
                    }
                }
            }
        }
    }

    private static ArrayDeque<Integer> bucket(List<ArrayDeque<Integer>> buckets, int dist) {
        while (buckets.size() <= dist) {
            buckets.add(new ArrayDeque<>());
        }
        return buckets.get(dist);
    }
}
