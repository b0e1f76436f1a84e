package org.fabricsim.ib.ar;

import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.Routing;
import org.fabricsim.ib.SwitchView;
import org.fabricsim.routing.ArGroups;

/**
 * InfiniBand adaptive routing with AR groups (seed 004 §II-B, §IV): each packet arriving at a switch input
 * may leave by any port of its destination's group, and the switch picks one per packet — in turn
 * ({@link ArSelection#ROUND_ROBIN}: the spraying seed 004 saw on the QM8700's counters even
 * at low load), or by load (fewest blocks queued for the port at this switch, or most credits for the
 * buffer downstream; ties in turn). The turn is kept per input port and group, so one input's flows are
 * spread evenly whatever the other inputs do (D110). A group of one port is the forwarding table.
 */
final class ArGroupRouting implements Routing {
    private final ArGroups groups;
    private final ArSelection selection;
    private final PacketPool pool;
    private final SwitchView view;
    private final int[] portBase;
    private final int hosts;
    private final int stride;
    private final int[] next; // per input port x group of its switch: the turn
    private final int[] ownTurn; // per switch x group: the turn of the switch's own packets

    ArGroupRouting(PacketNetwork net, ArGroups groups, ArSelection selection) {
        this.groups = groups;
        this.selection = selection;
        this.pool = net.pool();
        this.view = net.switches();
        this.portBase = net.links().portBase;
        this.hosts = net.topology().hostCount();
        this.stride = Math.max(1, groups.maxGroups());
        this.next = new int[net.topology().portCount() * stride];
        this.ownTurn = new int[net.topology().switchCount() * stride];
    }

    @Override
    public int output(long t, int node, int in, int pk) {
        int s = node - hosts;
        int g = groups.localGroup(s, pool.dst(pk));
        int n = groups.size(s, g);
        int base = portBase[node];
        if (n == 1) {
            return base + groups.port(s, g, 0);
        }
        int[] turn = in >= 0 ? next : ownTurn;
        int slot = (in >= 0 ? in : s) * stride + g;
        int start = turn[slot];
        int pick = start;
        if (selection != ArSelection.ROUND_ROBIN) {
            int lane = pool.vl(pk);
            int best = Integer.MIN_VALUE;
            for (int k = 0; k < n; k++) {
                int i = start + k < n ? start + k : start + k - n;
                int o = base + groups.port(s, g, i);
                int score = selection == ArSelection.LEAST_QUEUED ? -view.queuedBlocks(o, lane)
                        : view.credits(o, lane);
                if (score > best) {
                    best = score;
                    pick = i;
                }
            }
        }
        turn[slot] = pick + 1 < n ? pick + 1 : 0;
        return base + groups.port(s, g, pick);
    }
}
