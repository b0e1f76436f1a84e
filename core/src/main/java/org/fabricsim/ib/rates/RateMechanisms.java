package org.fabricsim.ib.rates;

import org.fabricsim.ib.DecisionPoints;
import org.fabricsim.ib.Injection;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.Routing;

/**
 * The mechanisms of seed 003's rate-control runs, where only the sources know the rates and the switches are
 * rate-agnostic (spec §5.3): HCAs that realise their flows' rates by Periodic Selection or Shaped Virtual Clock
 * ({@link RatedInjection}, ch. 5) or round-robin, on the forwarding tables or on paths set up before the run
 * ({@link FlowPathRouting}).
 */
public final class RateMechanisms extends DecisionPoints {
    private final RateRealisation mode;
    private final org.fabricsim.routing.FlowRoutes paths;

    /** {@code paths}: every flow's path (null: the forwarding tables). */
    public RateMechanisms(RateRealisation mode, org.fabricsim.routing.FlowRoutes paths) {
        this.mode = mode;
        this.paths = paths;
    }

    @Override
    public Routing routing(PacketNetwork net) {
        return paths == null ? super.routing(net) : new FlowPathRouting(net, paths);
    }

    @Override
    public Injection injection(PacketNetwork net) {
        if (mode == RateRealisation.ROUND_ROBIN) {
            return super.injection(net);
        }
        int hosts = net.topology().hostCount();
        long[] linkBps = new long[hosts];
        for (int h = 0; h < hosts; h++) {
            linkBps[h] = net.topology().bandwidthBps(net.topology().hostPort(h));
        }
        return new RatedInjection(net.hcas(), mode, net.schedule().rateBps(), linkBps);
    }
}
