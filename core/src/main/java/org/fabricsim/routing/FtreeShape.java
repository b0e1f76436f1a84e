package org.fabricsim.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/**
 * The fat tree OpenSM's {@code ftree} engine sees in a topology (osm_ucast_ftree.c: ranking from the CAs,
 * then again from the roots; port groups): leaf switches are those with hosts; the roots are the switches
 * farthest from every leaf; a switch's rank is its distance from the roots, and every leaf must have the
 * highest rank. Cables to a switch one rank closer to the roots form its up port groups, one group per
 * remote switch (parallel cables are the ports of a group); cables to the next rank and to hosts its down
 * groups. Cables between switches of one rank (OpenSM's siblings) are left out: they carry no route here.
 *
 * <p>Anything else is not a fat tree: one line names why (DECISIONS D169).
 */
final class FtreeShape {
    /** Ports of one switch towards one neighbour, in port order. */
    static final class Group {
        final int remote;
        final int[] ports; // local ports of the owning switch
        int counterUp;
        int counterDown;

        Group(int remote, int[] ports) {
            this.remote = remote;
            this.ports = ports;
        }
    }

    final Topology t;
    final int[] rank; // by node; hosts -1
    final int leafRank;
    final Group[][] up; // by switch index
    final Group[][] down;
    final int[] leaves; // switches of the leaf rank, node order, from the first to the last with hosts

    private FtreeShape(Topology t, int[] rank, int leafRank, Group[][] up, Group[][] down, int[] leaves) {
        this.t = t;
        this.rank = rank;
        this.leafRank = leafRank;
        this.up = up;
        this.down = down;
        this.leaves = leaves;
    }

    static FtreeShape of(Topology t) {
        int hosts = t.hostCount();
        if (t.switchCount() < 2 || hosts < 2) {
            throw notATree(t, "it has " + t.switchCount() + " switches and " + hosts
                    + " hosts (OpenSM's ftree needs at least two of each)");
        }
        boolean[] isLeaf = new boolean[t.nodeCount()];
        for (int h = 0; h < hosts; h++) {
            int leaf = t.leafOf(h);
            if (leaf < 0 || t.isHost(leaf)) {
                throw notATree(t, "host " + t.nodeName(h) + " is not cabled to a switch");
            }
            isLeaf[leaf] = true;
        }
        int[] fromLeaves = bfs(t, isLeaf);
        int far = 0;
        for (int v = hosts; v < t.nodeCount(); v++) {
            if (fromLeaves[v] < 0) {
                throw notATree(t, "switch " + t.nodeName(v) + " has no path to a host");
            }
            far = Math.max(far, fromLeaves[v]);
        }
        boolean[] isRoot = new boolean[t.nodeCount()];
        for (int v = hosts; v < t.nodeCount(); v++) {
            isRoot[v] = fromLeaves[v] == far;
        }
        int[] rank = bfs(t, isRoot);
        int leafRank = 0;
        for (int v = hosts; v < t.nodeCount(); v++) {
            leafRank = Math.max(leafRank, rank[v]);
        }
        for (int v = hosts; v < t.nodeCount(); v++) {
            if (isLeaf[v] && rank[v] != leafRank) {
                throw notATree(t, "switch " + t.nodeName(v) + " has hosts at rank " + rank[v]
                        + " but the leaves are at rank " + leafRank + " (counted from the roots)");
            }
        }
        if (leafRank == 0) {
            throw notATree(t, "every switch is a root");
        }
        Group[][] up = new Group[t.switchCount()][];
        Group[][] down = new Group[t.switchCount()][];
        for (int v = hosts; v < t.nodeCount(); v++) {
            Map<Integer, List<Integer>> upPorts = new LinkedHashMap<>();
            Map<Integer, List<Integer>> downPorts = new LinkedHashMap<>();
            for (int lp = 0; lp < t.ports(v); lp++) {
                int u = t.peerNode(t.port(v, lp));
                if (u < 0) {
                    continue;
                }
                if (t.isHost(u) || rank[u] == rank[v] + 1) {
                    downPorts.computeIfAbsent(u, k -> new ArrayList<>()).add(lp);
                } else if (rank[u] == rank[v] - 1) {
                    upPorts.computeIfAbsent(u, k -> new ArrayList<>()).add(lp);
                }
            }
            up[v - hosts] = groups(upPorts);
            down[v - hosts] = groups(downPorts);
        }
        int first = -1;
        int last = -1;
        for (int v = hosts; v < t.nodeCount(); v++) {
            if (isLeaf[v]) {
                first = first < 0 ? v : first;
                last = v;
            }
        }
        int leafRankOfFirst = rank[first];
        int[] leaves = java.util.stream.IntStream.rangeClosed(first, last).filter(v -> rank[v] == leafRankOfFirst)
                .toArray();
        return new FtreeShape(t, rank, leafRank, up, down, leaves);
    }

    /** Groups in remote-switch index order (OpenSM sorts them by the remote switch's tuple; our index is the node). */
    private static Group[] groups(Map<Integer, List<Integer>> byRemote) {
        return byRemote.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> new Group(e.getKey(), e.getValue().stream().mapToInt(Integer::intValue).toArray()))
                .toArray(Group[]::new);
    }

    /** Switch hops from the marked switches to every switch (-1 unreachable); hosts are never crossed. */
    private static int[] bfs(Topology t, boolean[] start) {
        int[] dist = new int[t.nodeCount()];
        Arrays.fill(dist, -1);
        int[] queue = new int[t.nodeCount()];
        int tail = 0;
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            if (start[v]) {
                dist[v] = 0;
                queue[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            int x = queue[head];
            for (int p = t.port(x, 0); p < t.port(x, 0) + t.ports(x); p++) {
                int y = t.peerNode(p);
                if (y >= 0 && t.isSwitch(y) && dist[y] < 0) {
                    dist[y] = dist[x] + 1;
                    queue[tail++] = y;
                }
            }
        }
        return dist;
    }

    static InputException notATree(Topology t, String why) {
        return new InputException("routing " + FTree.NAME + ": topology " + t.name() + " is not a fat tree: " + why
                + "; use routing = minhop or updown (OpenSM would fall back to minhop)");
    }
}
