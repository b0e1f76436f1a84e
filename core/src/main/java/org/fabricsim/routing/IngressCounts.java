package org.fabricsim.routing;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import org.fabricsim.topology.Topology;

/**
 * How many ingress ports of a switch may send to each of its egress ports, over every pair of hosts, along the
 * routes the switches may take (seed 004 §V, Table II: "Number of ingress ports arbitrated per egress port ...
 * only shortest paths considered"): the forwarding tables' one port per destination, or every port of the
 * destination's AR group. An ingress port counts as from above when the node at its far end is on a higher
 * level than its switch, from below when lower (the table's "Uplinks" and "Downlinks" rows).
 *
 * @param total per global port owned by a switch: the ingress ports that may send to it (0: none; -1: not a
 *     switch's egress port)
 * @param fromAbove of those, the ones whose far end is higher up
 * @param fromBelow the ones whose far end is lower down
 */
public record IngressCounts(int[] total, int[] fromAbove, int[] fromBelow) {

    /**
     * The counts of {@code t} routed by {@code tables}, or by {@code groups} where it is not null (a packet
     * may take any port of its destination's group).
     */
    public static IngressCounts of(Topology t, Forwarding tables, ArGroups groups) {
        int ports = t.portCount();
        BitSet[] feeders = new BitSet[ports]; // per egress port: the local numbers of the ingress ports feeding it
        boolean[] reached = new boolean[ports];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int d = 0; d < t.hostCount(); d++) {
            Arrays.fill(reached, false);
            for (int s = 0; s < t.hostCount(); s++) {
                int in = t.peerPort(t.hostPort(s));
                if (s != d && in >= 0 && !reached[in]) {
                    reached[in] = true;
                    queue.add(in);
                }
            }
            while (!queue.isEmpty()) {
                int in = queue.poll();
                int u = t.owner(in);
                if (t.isHost(u)) {
                    continue; // arrived
                }
                int sw = t.switchIndex(u);
                int group = groups == null ? -1 : groups.localGroup(sw, d);
                int choices = groups == null ? 1 : group < 0 ? 0 : groups.size(sw, group);
                for (int k = 0; k < choices; k++) {
                    int out = t.port(u, groups == null ? tables.port(u, d) : groups.port(sw, group, k));
                    if (feeders[out] == null) {
                        feeders[out] = new BitSet();
                    }
                    feeders[out].set(t.localPort(in));
                    int next = t.peerPort(out);
                    if (next >= 0 && !reached[next]) {
                        reached[next] = true;
                        queue.add(next);
                    }
                }
            }
        }
        int[] total = new int[ports];
        int[] above = new int[ports];
        int[] below = new int[ports];
        for (int p = 0; p < ports; p++) {
            int u = t.owner(p);
            if (t.isHost(u) || !t.isConnected(p)) {
                total[p] = above[p] = below[p] = -1;
                continue;
            }
            BitSet f = feeders[p] == null ? new BitSet() : feeders[p];
            total[p] = f.cardinality();
            for (int local = f.nextSetBit(0); local >= 0; local = f.nextSetBit(local + 1)) {
                int far = t.level(t.peerNode(t.port(u, local)));
                above[p] += far > t.level(u) ? 1 : 0;
                below[p] += far < t.level(u) ? 1 : 0;
            }
        }
        return new IngressCounts(total, above, below);
    }
}
