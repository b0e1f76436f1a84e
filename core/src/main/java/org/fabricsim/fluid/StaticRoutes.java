package org.fabricsim.fluid;

import java.util.SplittableRandom;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.traffic.FlowSet;

/** Routes that destination-based forwarding tables give (D-mod-K, up*\/down*, a table file): no randomness. */
public final class StaticRoutes implements RouteSource {
    private final ForwardingTables lft;

    public StaticRoutes(ForwardingTables lft) {
        this.lft = lft;
    }

    @Override
    public Routes routes(FlowSet flows, SplittableRandom rng) {
        int[] path = new int[lft.maxRouteLength()];
        Routes.Builder b = new Routes.Builder(lft.topology().portCount(), flows.size(),
                2 * lft.topology().maxLevel());
        for (int f = 0; f < flows.size(); f++) {
            b.add(path, lft.route(flows.src()[f], flows.dst()[f], path));
        }
        return b.build();
    }
}
