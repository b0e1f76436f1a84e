package org.fabricsim.fluid;

import java.util.SplittableRandom;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.traffic.FlowSet;

/**
 * Where the routes of the fluid model come from: static forwarding tables ({@link StaticRoutes}) or an
 * adaptive flow-routing procedure (spec §3) that sets routes up flow by flow. The rate algorithms see only
 * the resulting {@link FlowRoutes}.
 */
@FunctionalInterface
public interface RouteSource {

    /**
     * The route of every flow, flow i of the result being flow i of {@code flows}.
     *
     * @param rng the trial's routing stream ({@code Seeds.Purpose.ROUTING}) for sources that make random
     *     choices (set-up order, ties); static sources ignore it
     */
    FlowRoutes routes(FlowSet flows, SplittableRandom rng);
}
