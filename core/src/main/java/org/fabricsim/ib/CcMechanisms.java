package org.fabricsim.ib;

/**
 * InfiniBand congestion control (seed 002) as the network's mechanisms: {@link CongestionMarking} at the
 * switches (the marking hook), {@link CongestionThrottling} at the HCAs (CNPs, CCTIs, timers, the IRD on the
 * round-robin injection); routing stays the forwarding tables. CNPs travel on their flow's data lane (the
 * thesis gives them priority at the HCA only).
 */
final class CcMechanisms extends Mechanisms {
    private final CcParams params;
    private final long seed;
    private final int[] flowLane;
    private PacketNetwork builtFor;
    private CongestionThrottling throttling;
    private CongestionMarking marking;

    CcMechanisms(CcParams params, long seed, int[] flowLane) {
        this.params = params;
        this.seed = seed;
        this.flowLane = flowLane;
    }

    private CongestionThrottling throttling(PacketNetwork net) {
        if (builtFor != net) {
            builtFor = net;
            throttling = new CongestionThrottling(net, params, flowLane);
        }
        return throttling;
    }

    @Override
    int smallestControlWireBytes() {
        return params.cnpBytes();
    }

    @Override
    boolean countsQueuedBlocks() {
        return true;
    }

    @Override
    Injection injection(PacketNetwork net) {
        Injection i = super.injection(net);
        if (i instanceof MessageInjection m) {
            m.throttle(throttling(net));
        } else {
            ((RoundRobinInjection) i).throttle(throttling(net));
        }
        return i;
    }

    @Override
    Marking marking(PacketNetwork net) {
        marking = new CongestionMarking(net, params, seed);
        return marking;
    }

    @Override
    ControlReceiver controlReceiver(PacketNetwork net) {
        return throttling(net);
    }

    @Override
    MechanismTimer timer(PacketNetwork net) {
        return throttling(net);
    }

    /** The last network's parts (tests read their counters). */
    CongestionThrottling lastThrottling() {
        return throttling;
    }

    CongestionMarking lastMarking() {
        return marking;
    }
}
