package org.fabricsim.ib;

/**
 * Congested-flow isolation (seed 002 Papers V–VI) as the network's mechanisms: {@link FlowIsolation}'s hot
 * queues and CAM lines at every switch, its notifications on a lane of their own (they go before data and are
 * never blocked behind it), the HCAs holding stopped destinations; with InfiniBand CC's HCAs beside it
 * ({@code inner} is then {@link CcMechanisms}), marked by {@link IsolationMarking} — EcoCC or CCFIT; without,
 * HFDI or FBICM. Routing stays the forwarding tables.
 */
final class IsolationMechanisms extends Mechanisms {
    private final IsolationParams params;
    private final Mechanisms inner;
    private final CcParams cc;
    private final long seed;
    private PacketNetwork builtFor;
    private FlowIsolation isolation;

    IsolationMechanisms(IsolationParams params, Mechanisms inner, CcParams cc, long seed) {
        this.params = params;
        this.inner = inner;
        this.cc = cc;
        this.seed = seed;
    }

    private FlowIsolation of(PacketNetwork net) {
        if (builtFor != net) {
            builtFor = net;
            isolation = new FlowIsolation(net, params, cc != null);
        }
        return isolation;
    }

    @Override
    ControlLane controlLane() {
        return ControlLane.dedicated(params.controlBufferBytes());
    }

    @Override
    int smallestControlWireBytes() {
        return Math.min(params.notificationBytes(), inner.smallestControlWireBytes());
    }

    @Override
    boolean countsQueuedBlocks() {
        return true;
    }

    @Override
    int hotQueuesPerInput() {
        return params.hotQueues();
    }

    @Override
    FlowIsolation isolation(PacketNetwork net) {
        return of(net);
    }

    @Override
    Routing routing(PacketNetwork net) {
        return inner.routing(net);
    }

    @Override
    Injection injection(PacketNetwork net) {
        Injection i = inner.injection(net);
        FlowIsolation iso = of(net);
        ((RoundRobinFlows) i).hold(iso::held);
        return i;
    }

    @Override
    Marking marking(PacketNetwork net) {
        return cc == null ? Marking.NONE : new IsolationMarking(net, of(net), cc, seed);
    }

    @Override
    ControlReceiver controlReceiver(PacketNetwork net) {
        FlowIsolation iso = of(net);
        ControlReceiver other = inner.controlReceiver(net);
        PacketPool pool = net.pool();
        return new ControlReceiver() {
            @Override
            public void received(long t, int node, int in, int pk) {
                if (FlowIsolation.isNotification(pool.type[pk])) {
                    iso.received(t, node, in, pk);
                } else {
                    other.received(t, node, in, pk);
                }
            }

            @Override
            public void dataArrived(long t, int host, int pk) {
                other.dataArrived(t, host, pk);
            }

            @Override
            public void flowDelivered(long t, int host, int flow) {
                other.flowDelivered(t, host, flow);
            }
        };
    }

    @Override
    MechanismTimer timer(PacketNetwork net) {
        return inner.timer(net);
    }

    /** The last network's isolation (tests read its figures). */
    FlowIsolation lastIsolation() {
        return isolation;
    }
}
