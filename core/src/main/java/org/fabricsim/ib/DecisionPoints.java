package org.fabricsim.ib;

/**
 * The mechanisms a packet network runs at its decision points (DESIGN.md, "The packet model's elements and
 * decision points"): routing at a switch input, injection at an HCA, marking at a switch, what a node does
 * with the control packets it takes, and where control packets travel. This base is today's model —
 * forwarding tables, round-robin injection at line or fixed rate, no marking, no control packets; a
 * mechanism overrides the decisions it makes and nothing else. Each method is called once per network (per
 * part of a partitioned run), after every element is built.
 */
public class DecisionPoints {
    /** Today's model. */
    public static final DecisionPoints STATIC = new DecisionPoints();

    /** Where control packets travel; fixed before the network is built. */
    public ControlLane controlLane() {
        return ControlLane.SHARED;
    }

    /** Wire bytes of the smallest control packet any node may send (the lookahead needs it); none: MAX_VALUE. */
    public int smallestControlWireBytes() {
        return Integer.MAX_VALUE;
    }

    /** Whether a switch's mechanisms read its queued blocks per output ({@link SwitchView#queuedBlocks}). */
    public boolean countsQueuedBlocks() {
        return false;
    }

    /** Hot queues per switch input for congested-flow isolation; fixed before the network is built. */
    public int hotQueuesPerInput() {
        return 0;
    }

    /** Congested-flow isolation at the switches and HCAs, or null. */
    public Isolation isolation(PacketNetwork net) {
        return null;
    }

    public Routing routing(PacketNetwork net) {
        return new StaticRouting(net.tables(), net.links(), net.pool());
    }

    public Injection injection(PacketNetwork net) {
        if (net.messages() != null) {
            return net.messages().injection(net.hcas(), net.params());
        }
        return new RoundRobinInjection(net.hcas(), net.schedule().rateBps());
    }

    public Marking marking(PacketNetwork net) {
        return Marking.NONE;
    }

    public ControlReceiver controlReceiver(PacketNetwork net) {
        return ControlReceiver.NONE;
    }

    public MechanismTimer timer(PacketNetwork net) {
        return MechanismTimer.NONE;
    }
}
