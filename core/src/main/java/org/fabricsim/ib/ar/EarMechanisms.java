package org.fabricsim.ib.ar;

import org.fabricsim.ib.ControlReceiver;
import org.fabricsim.ib.DecisionPoints;
import org.fabricsim.ib.Marking;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.Routing;

/**
 * Seed 001 §IV's adaptive routing as the network's mechanisms: {@link EarRouting} decides the output at a
 * switch input, watches the queues as packets join them (Algorithm 1, in the marking hook) and takes the
 * adaptation requests (Algorithm 2). Requests travel "through the normal send queues" (the shared lane).
 */
public final class EarMechanisms extends DecisionPoints {
    private final EarParams params;
    private final long seed;
    private PacketNetwork builtFor;
    private EarRouting routing;

    public EarMechanisms(EarParams params, long seed) {
        this.params = params;
        this.seed = seed;
    }

    /** One routing per network (per part of a partitioned run): it is the routing, the marking and the receiver. */
    private EarRouting of(PacketNetwork net) {
        if (builtFor != net) {
            builtFor = net;
            routing = new EarRouting(net, params, seed);
        }
        return routing;
    }

    @Override
    public int smallestControlWireBytes() {
        return params.requestBytes();
    }

    @Override
    public boolean countsQueuedBlocks() {
        return true;
    }

    @Override
    public Routing routing(PacketNetwork net) {
        return of(net);
    }

    @Override
    public Marking marking(PacketNetwork net) {
        return of(net);
    }

    @Override
    public ControlReceiver controlReceiver(PacketNetwork net) {
        return of(net);
    }
}
