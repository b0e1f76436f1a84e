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
    private final int[] path;
    private final Links links;
    private final PacketPool pool;

    FlowPathRouting(PacketNetwork net, FlowRoutes routes) {
        this.start = routes.start();
        this.path = routes.links();
        this.links = net.links();
        this.pool = net.pool();
    }

    @Override
    public int output(long t, int node, int in, int pk) {
        int f = pool.flow[pk];
        for (int k = start[f]; k < start[f + 1]; k++) {
            if (links.owner(path[k]) == node) {
                return path[k];
            }
        }
        throw new IllegalStateException("flow " + f + "'s path does not cross switch " + node);
    }
}
