package org.fabricsim.ib.rates;

import org.fabricsim.ib.Links;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.Routing;
import org.fabricsim.routing.FlowRoutes;

/**
 * Every flow on a path set up before the run (seed 003: routes first, then rates, then data; spec §3): a
 * switch sends a flow's packet out of the port of its path that the switch owns. The paths are the fluid
 * level's — adaptive flow routing's, say — so the packet run carries exactly the routes its rates were
 * calculated on. A path crosses a switch once, so the look-up is a scan of a handful of ports.
 */
final class FlowPathRouting implements Routing {
    private final int[] start;
    // per hop of every flow's path, side by side: the switch that owns the hop's link, then the link; a
    // look-up reads a flow's hops from one or two cache lines rather than each link's owner from another array
    // (issue 36: thousands of flows on the thesis' trees)
    private final int[] hops;
    private final PacketPool pool;

    FlowPathRouting(PacketNetwork net, FlowRoutes routes) {
        this.start = routes.start();
        int[] path = routes.links();
        Links links = net.links();
        this.hops = new int[2 * path.length];
        for (int k = 0; k < path.length; k++) {
            hops[2 * k] = links.owner(path[k]);
            hops[2 * k + 1] = path[k];
        }
        this.pool = net.pool();
    }

    @Override
    public int output(long t, int node, int in, int pk) {
        int f = pool.flow(pk);
        int end = 2 * start[f + 1];
        for (int k = 2 * start[f]; k < end; k += 2) {
            if (hops[k] == node) {
                return hops[k + 1];
            }
        }
        throw new IllegalStateException("flow " + f + "'s path does not cross switch " + node);
    }
}
