package org.fabricsim.ib.isolation;

import org.fabricsim.ib.Isolation;
import org.fabricsim.ib.ControlLane;
import org.fabricsim.ib.ControlReceiver;
import org.fabricsim.ib.DecisionPoints;
import org.fabricsim.ib.Injection;
import org.fabricsim.ib.Marking;
import org.fabricsim.ib.MechanismTimer;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.RoundRobinFlows;
import org.fabricsim.ib.Routing;
import org.fabricsim.ib.throttling.CcParams;

/**
 * Congested-flow isolation (seed 002 Papers V–VI) as the network's mechanisms: {@link FlowIsolation}'s hot
 * queues and CAM lines at every switch, its notifications on a lane of their own (they go before data and are
 * never blocked behind it), the HCAs holding stopped destinations; with InfiniBand CC's HCAs beside it
 * ({@code inner} is then {@code ib.cc}'s mechanisms), marked by {@link IsolationMarking} — EcoCC or CCFIT; without,
 * HFDI or FBICM. Routing stays the forwarding tables.
 */
public final class IsolationMechanisms extends DecisionPoints {
    private final IsolationParams params;
    private final DecisionPoints inner;
    private final CcParams cc;
    private final long seed;
    private PacketNetwork builtFor;
    private FlowIsolation isolation;

    public IsolationMechanisms(IsolationParams params, DecisionPoints inner, CcParams cc, long seed) {
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
    public ControlLane controlLane() {
        return ControlLane.dedicated(params.controlBufferBytes());
    }

    @Override
    public int smallestControlWireBytes() {
        return Math.min(params.notificationBytes(), inner.smallestControlWireBytes());
    }

    @Override
    public boolean countsQueuedBlocks() {
        return true;
    }

    @Override
    public int hotQueuesPerInput() {
        return params.hotQueues();
    }

    @Override
    public Isolation isolation(PacketNetwork net) {
        return of(net);
    }

    @Override
    public Routing routing(PacketNetwork net) {
        return inner.routing(net);
    }

    @Override
    public Injection injection(PacketNetwork net) {
        Injection i = inner.injection(net);
        FlowIsolation iso = of(net);
        ((RoundRobinFlows) i).hold(iso::held);
        return i;
    }

    @Override
    public Marking marking(PacketNetwork net) {
        return cc == null ? Marking.NONE : new IsolationMarking(net, of(net), cc, seed);
    }

    @Override
    public ControlReceiver controlReceiver(PacketNetwork net) {
        FlowIsolation iso = of(net);
        ControlReceiver other = inner.controlReceiver(net);
        PacketPool pool = net.pool();
        return new ControlReceiver() {
            @Override
            public void received(long t, int node, int in, int pk) {
                if (FlowIsolation.isNotification(pool.type(pk))) {
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
    public MechanismTimer timer(PacketNetwork net) {
        return inner.timer(net);
    }

    /** The last network's isolation (tests read its figures). */
    FlowIsolation lastIsolation() {
        return isolation;
    }
}
