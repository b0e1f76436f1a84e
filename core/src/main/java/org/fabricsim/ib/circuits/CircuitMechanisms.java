package org.fabricsim.ib.circuits;

import org.fabricsim.ib.ControlLane;
import org.fabricsim.ib.ControlReceiver;
import org.fabricsim.ib.DecisionPoints;
import org.fabricsim.ib.Injection;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.RoundRobinInjection;
import org.fabricsim.ib.Routing;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.routing.adaptive.AdaptiveRouter;
import org.fabricsim.routing.adaptive.ExtendedRoutingTable;

/**
 * Seed 003 §3's flow virtual circuits as the network's mechanisms: {@link CircuitRouting} at the switch
 * inputs, {@link CircuitEndpoints} at the HCAs (set-up before data, acknowledgement, tear-down), the
 * HCAs' round-robin injection gated by the circuits, control packets on a dedicated lane before data.
 * The port selector is the fluid level's, with its default options (ForcedDir(8), random ties) and the
 * configured route-cache size; the forwarding tables give the default ports.
 */
public final class CircuitMechanisms extends DecisionPoints {
    private final CircuitParams params;
    private final long seed;
    private PacketNetwork builtFor;
    private CircuitEndpoints endpoints;
    private CircuitRouting routing;

    public CircuitMechanisms(CircuitParams params, long seed) {
        this.params = params;
        this.seed = seed;
    }

    private CircuitEndpoints endpoints(PacketNetwork net) {
        if (builtFor != net) {
            builtFor = net;
            endpoints = new CircuitEndpoints(net, params);
        }
        return endpoints;
    }

    @Override
    public ControlLane controlLane() {
        return ControlLane.dedicated(params.controlBufferBytes());
    }

    @Override
    public int smallestControlWireBytes() {
        return Math.min(params.controlBytes(), params.ackBytes());
    }

    @Override
    public Routing routing(PacketNetwork net) {
        AdaptiveOptions options = AdaptiveOptions.DEFAULT.withCacheCapacity(params.cacheEntries());
        AdaptiveRouter router = new AdaptiveRouter(ExtendedRoutingTable.forFatTree(net.topology(), net.tables()),
                options);
        routing = new CircuitRouting(net, router, seed);
        return routing;
    }

    /** The routing built last (tests read its counters and caches). */
    CircuitRouting lastRouting() {
        return routing;
    }

    @Override
    public Injection injection(PacketNetwork net) {
        CircuitEndpoints e = endpoints(net);
        RoundRobinInjection gated = new RoundRobinInjection(net.hcas(), net.schedule().rateBps(), e.open);
        return new Injection() {
            @Override
            public void activated(long t, int f) {
                gated.activated(t, f);
                e.activated(t, f);
            }

            @Override
            public int next(long t, int h) {
                return gated.next(t, h);
            }

            @Override
            public long retryPs() {
                return gated.retryPs();
            }

            @Override
            public void sent(long t, int f, int wireBytes) {
                gated.sent(t, f, wireBytes);
            }
        };
    }

    @Override
    public ControlReceiver controlReceiver(PacketNetwork net) {
        return endpoints(net);
    }
}
