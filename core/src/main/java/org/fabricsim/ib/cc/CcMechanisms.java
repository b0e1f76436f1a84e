package org.fabricsim.ib.cc;

import org.fabricsim.ib.RoundRobinFlows;
import org.fabricsim.ib.ControlReceiver;
import org.fabricsim.ib.DecisionPoints;
import org.fabricsim.ib.Injection;
import org.fabricsim.ib.Marking;
import org.fabricsim.ib.MechanismTimer;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.throttling.CongestionThrottling;

/**
 * InfiniBand congestion control (seed 002) as the network's mechanisms: {@link CongestionMarking} at the
 * switches (the marking hook), {@link CongestionThrottling} at the HCAs (CNPs, CCTIs, timers, the IRD on the
 * round-robin injection); routing stays the forwarding tables. CNPs travel on their flow's data lane (the
 * thesis gives them priority at the HCA only).
 */
public final class CcMechanisms extends DecisionPoints {
    private final CcParams params;
    private final long seed;
    private final int[] flowLane;
    private PacketNetwork builtFor;
    private CongestionThrottling throttling;
    private CongestionMarking marking;

    public CcMechanisms(CcParams params, long seed, int[] flowLane) {
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
    public int smallestControlWireBytes() {
        return params.cnpBytes();
    }

    @Override
    public boolean countsQueuedBlocks() {
        return true;
    }

    @Override
    public Injection injection(PacketNetwork net) {
        Injection i = super.injection(net);
        ((RoundRobinFlows) i).throttle(throttling(net));
        return i;
    }

    @Override
    public Marking marking(PacketNetwork net) {
        marking = new CongestionMarking(net, params, seed);
        return marking;
    }

    @Override
    public ControlReceiver controlReceiver(PacketNetwork net) {
        return throttling(net);
    }

    @Override
    public MechanismTimer timer(PacketNetwork net) {
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
