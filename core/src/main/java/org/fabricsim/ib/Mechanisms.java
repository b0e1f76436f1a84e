package org.fabricsim.ib;

/**
 * The mechanisms a packet network runs at its decision points (DESIGN.md, "The packet model's elements and
 * decision points"): routing at a switch input, injection at an HCA, marking at a switch, what a node does
 * with the control packets it takes, and where control packets travel. This base is today's model —
 * forwarding tables, round-robin injection at line or fixed rate, no marking, no control packets; a
 * mechanism overrides the decisions it makes and nothing else. Each method is called once per network (per
 * part of a partitioned run), after every element is built.
 */
class Mechanisms {
    /** Today's model. */
    static final Mechanisms STATIC = new Mechanisms();

    /**
     * The mechanisms of a routing and, if {@code cc} is not null, InfiniBand congestion control (not combined
     * with an adaptive routing yet).
     */
    static Mechanisms of(AdaptiveRouting routing, CcParams cc, long seed, int[] flowLanes) {
        return of(routing, cc, null, seed, flowLanes);
    }

    /**
     * ... and congested-flow isolation if {@code isolation} is not null (static routing only), throttled by
     * {@code cc}'s HCAs when that is not null too.
     */
    static Mechanisms of(AdaptiveRouting routing, CcParams cc, IsolationParams isolation, long seed, int[] flowLanes) {
        if (isolation != null) {
            if (routing.mode() != AdaptiveRouting.Mode.STATIC) {
                throw new IllegalArgumentException("congested-flow isolation with adaptive routing is not built");
            }
            return new IsolationMechanisms(isolation, cc == null ? STATIC : new CcMechanisms(cc, seed, flowLanes),
                    cc, seed);
        }
        if (cc == null) {
            return routing.mechanisms(seed);
        }
        if (routing.mode() != AdaptiveRouting.Mode.STATIC) {
            throw new IllegalArgumentException("congestion control with adaptive routing is not built yet");
        }
        return new CcMechanisms(cc, seed, flowLanes);
    }

    /** Where control packets travel; fixed before the network is built. */
    ControlLane controlLane() {
        return ControlLane.SHARED;
    }

    /** Wire bytes of the smallest control packet any node may send (the lookahead needs it); none: MAX_VALUE. */
    int smallestControlWireBytes() {
        return Integer.MAX_VALUE;
    }

    /** Whether a switch's mechanisms read its queued blocks per output ({@link SwitchView#queuedBlocks}). */
    boolean countsQueuedBlocks() {
        return false;
    }

    /** Hot queues per switch input for congested-flow isolation; fixed before the network is built. */
    int hotQueuesPerInput() {
        return 0;
    }

    /** Congested-flow isolation at the switches and HCAs, or null. */
    FlowIsolation isolation(PacketNetwork net) {
        return null;
    }

    Routing routing(PacketNetwork net) {
        return new StaticRouting(net.tables(), net.links(), net.pool());
    }

    Injection injection(PacketNetwork net) {
        if (net.messages() != null) {
            return new MessageInjection(net.hcas(), net.messages(), net.params().mtuBytes(),
                    net.params().overheadBytes());
        }
        return new RoundRobinInjection(net.hcas(), net.schedule().rateBps());
    }

    Marking marking(PacketNetwork net) {
        return Marking.NONE;
    }

    ControlReceiver controlReceiver(PacketNetwork net) {
        return ControlReceiver.NONE;
    }

    MechanismTimer timer(PacketNetwork net) {
        return MechanismTimer.NONE;
    }
}
