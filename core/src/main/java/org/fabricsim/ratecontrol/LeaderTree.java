package org.fabricsim.ratecontrol;

import java.util.Arrays;
import org.fabricsim.topology.Topology;

/**
 * DAFA's leader — the first switch of the top level (seed 003 §6.5: a root switch) — and the breadth-first tree
 * from it: every element's distance in hops and its port towards the leader (a trigger's way there).
 */
final class LeaderTree {
    final int leader;
    final int[] hops;
    final int[] towardLeader; // -1 at the leader

    LeaderTree(Topology t) {
        leader = leader(t);
        int n = t.nodeCount();
        hops = new int[n];
        Arrays.fill(hops, -1);
        towardLeader = new int[n];
        towardLeader[leader] = -1;
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        hops[leader] = 0;
        queue[tail++] = leader;
        while (head < tail) {
            int v = queue[head++];
            for (int i = 0; i < t.ports(v); i++) {
                int port = t.port(v, i);
                int w = t.isConnected(port) ? t.peerNode(port) : -1;
                if (w >= 0 && hops[w] < 0) {
                    hops[w] = hops[v] + 1;
                    towardLeader[w] = t.peerPort(port);
                    queue[tail++] = w;
                }
            }
        }
    }

    private static int leader(Topology t) {
        for (int v = 0; v < t.nodeCount(); v++) {
            if (t.isSwitch(v) && t.level(v) == t.maxLevel()) {
                return v;
            }
        }
        throw new IllegalArgumentException("no switch in " + t.name());
    }

    /** h_max: the most hops from the leader to any element. */
    int eccentricity() {
        return Arrays.stream(hops).max().orElse(0);
    }
}
