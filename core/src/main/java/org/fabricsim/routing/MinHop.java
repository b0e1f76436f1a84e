package org.fabricsim.routing;

import java.util.Arrays;
import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/**
 * OpenSM's default routing engine, {@code minhop} (osm_ucast_mgr.c with osm_switch_recommend_path, LMC 0):
 * every switch, on its own, sends each destination out of one of its minimal-hop ports, the one that already
 * carries the fewest routes. Switches are processed in node order and destinations in host order within
 * each switch, as OpenSM walks its switches and then its port order list; a port's count is the number of
 * destinations its switch already sends out of it (OpenSM's port profile, which by default leaves routes
 * to switches out, as our tables have none). Ties go to the lowest port, as OpenSM scans from port 1.
 *
 * <p>Unlike {@link UpDown} the counts are local to a switch and nothing restricts turns: the routes are
 * minimal on any topology but may have channel-dependency cycles on one with loops of switches (OpenSM
 * documents that minhop is not deadlock-free in general; on a fat tree minimal routes never go down and
 * then up, so they are).
 */
public final class MinHop {
    public static final String NAME = "minhop";
    private static final int INF = Integer.MAX_VALUE / 2;

    private MinHop() {
    }

    public static ForwardingTables compute(Topology t) {
        int hosts = t.hostCount();
        int n = t.nodeCount();
        // hops[d][v]: switch hops from switch v to d's leaf; OpenSM's hop count to a CA is that of its switch
        // one array per leaf, shared by its hosts: hosts x nodes would not fit for tree4096
        int[][] byLeaf = new int[t.switchCount()][];
        int[][] hops = new int[hosts][];
        int[] queue = new int[n];
        for (int d = 0; d < hosts; d++) {
            int leaf = t.leafOf(d);
            if (leaf < 0) {
                throw new InputException("routing " + NAME + ": host " + t.nodeName(d) + " of topology " + t.name()
                        + " has no cable");
            }
            if (byLeaf[leaf - hosts] == null) {
                byLeaf[leaf - hosts] = switchHops(t, leaf, queue);
            }
            hops[d] = byLeaf[leaf - hosts];
        }
        short[] table = ForwardingTables.emptyTable(t);
        for (int v = hosts; v < n; v++) {
            int[] paths = new int[t.ports(v)];
            for (int d = 0; d < hosts; d++) {
                int best = choose(t, v, d, hops[d], paths);
                if (best < 0) {
                    throw new InputException("routing " + NAME + ": topology " + t.name() + " has no path from switch "
                            + t.nodeName(v) + " to host " + t.nodeName(d));
                }
                paths[best]++;
                table[(v - hosts) * hosts + d] = (short) best;
            }
        }
        return new ForwardingTables(t, NAME, table);
    }

    /** The least-used minimal-hop port of switch v towards d (lowest port on ties), or -1. */
    private static int choose(Topology t, int v, int d, int[] hops, int[] paths) {
        int best = -1;
        for (int lp = 0; lp < t.ports(v); lp++) {
            int u = t.peerNode(t.port(v, lp));
            if (u == d) {
                return lp; // the destination's own switch: its cable, as OpenSM returns it at once
            }
            boolean minimal = u >= 0 && t.isSwitch(u) && hops[v] < INF && hops[u] == hops[v] - 1;
            if (minimal && (best < 0 || paths[lp] < paths[best])) {
                best = lp;
            }
        }
        return best;
    }

    /** Hops between switches from {@code leaf} to every node (INF when unreachable; hosts never expanded). */
    static int[] switchHops(Topology t, int leaf, int[] queue) {
        int[] dist = new int[t.nodeCount()];
        Arrays.fill(dist, INF);
        dist[leaf] = 0;
        int head = 0;
        int tail = 0;
        queue[tail++] = leaf;
        while (head < tail) {
            int x = queue[head++];
            for (int p = t.port(x, 0); p < t.port(x, 0) + t.ports(x); p++) {
                int y = t.peerNode(p);
                if (y >= 0 && t.isSwitch(y) && dist[y] == INF) {
                    dist[y] = dist[x] + 1;
                    queue[tail++] = y;
                }
            }
        }
        return dist;
    }
}
