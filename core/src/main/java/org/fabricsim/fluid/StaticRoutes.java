package org.fabricsim.fluid;

import java.util.SplittableRandom;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.traffic.FlowSet;

/** Routes that destination-based forwarding tables give (D-mod-K, up*\/down*, a table file): no randomness. */
public final class StaticRoutes implements RouteSource {
    private final ForwardingTables lft;

    public StaticRoutes(ForwardingTables lft) {
        this.lft = lft;
    }

    @Override
    public FlowRoutes routes(FlowSet flows, SplittableRandom rng) {
        return FlowRoutes.of(lft.topology(), lft, flows);
    }
}
