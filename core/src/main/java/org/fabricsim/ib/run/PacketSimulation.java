package org.fabricsim.ib.run;

import java.util.Objects;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.engine.LogicalProcess;
import org.fabricsim.engine.RunFigures;
import org.fabricsim.engine.SequentialScheduler;
import org.fabricsim.ib.DecisionPoints;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.isolation.IsolationParams;
import org.fabricsim.ib.rates.RateRealisation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.traffic.MessageTraffic;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * The packet-level simulation of one network under one flow schedule, run sequentially:
 * <pre>
 *   PacketSimulation sim = PacketSimulation.builder(topology, tables, schedule)
 *           .params(params).seed(seed).observer(metrics).build();
 *   PacketRun run = sim.runUntil(endPs);
 * </pre>
 * {@link #runUntil} may be called again with a later time to continue. Reports go to the
 * {@link PacketObserver}; the run figures (events, events/s, wall time, packet-hops) come back.
 * Several simulations may coexist in one JVM (no static state); one thread drives each.
 */
public final class PacketSimulation {
    private final LogicalProcess lp;
    private final PacketNetwork network;
    private final PacketParams params;
    private final long seed;
    private long reachedPs;

    private PacketSimulation(Builder b) {
        this.params = b.params;
        this.seed = b.seed;
        int flows = b.schedule.size();
        int[] lanes = b.flowLanes == null ? new int[flows] : b.flowLanes;
        lp = new LogicalProcess(b.queueInstance != null ? b.queueInstance : EventQueue.create(b.queue),
                b.topology.nodeCount());
        DecisionPoints mechanisms = b.mechanisms != null ? b.mechanisms
                : b.realisation != RateRealisation.ROUND_ROBIN || b.paths != null
                ? Mechanisms.rates(b.realisation, b.paths)
                : Mechanisms.of(b.routing, b.cc, b.isolation, b.seed, lanes);
        network = new PacketNetwork(b.topology, b.tables, b.schedule, b.messages, lanes, b.params, b.observer, lp,
                mechanisms);
        lp.handler(network);
        network.start();
    }

    public static Builder builder(Topology topology, ForwardingTables tables, FlowSchedule schedule) {
        return new Builder(topology, tables, schedule);
    }

    /** A simulation of message-level traffic: its flows are the {@link MessageTraffic#schedule}'s sources. */
    public static Builder builder(Topology topology, ForwardingTables tables, MessageTraffic messages) {
        Builder b = new Builder(topology, tables, messages.schedule());
        b.messages = messages;
        return b;
    }

    /** Processes every event before {@code endPs}; returns the figures of this step. */
    public PacketRun runUntil(long endPs) {
        if (endPs < reachedPs) {
            throw new IllegalArgumentException("cannot run back to " + endPs + " ps from " + reachedPs + " ps");
        }
        long hops = network.hops();
        long delivered = network.deliveredPackets();
        RunFigures f = SequentialScheduler.run(lp, endPs);
        reachedPs = endPs;
        return new PacketRun(f.events(), endPs, f.wallNanos(), network.hops() - hops,
                network.deliveredPackets() - delivered);
    }

    public PacketParams params() {
        return params;
    }

    public long seed() {
        return seed;
    }

    /** Events processed so far per kind, by the kinds' names, kinds never processed left out (issue 36). */
    public java.util.Map<String, Long> eventsByKind() {
        java.util.Map<String, Long> byKind = new java.util.LinkedHashMap<>();
        for (int kind = 0; kind <= org.fabricsim.engine.TieKey.MAX_KIND; kind++) {
            if (lp.handled(kind) > 0) {
                byKind.put(PacketNetwork.kindName(kind), lp.handled(kind));
            }
        }
        return byKind;
    }

    /** Events processed so far. */
    public long events() {
        return lp.events();
    }

    /** Events scheduled and not yet processed. */
    public int pendingEvents() {
        return lp.pending();
    }

    /** A hash of the whole event sequence so far (same inputs, same digest). */
    public long eventDigest() {
        return lp.digest();
    }

    /** Payload bytes flow {@code f} has handed to the network so far. */
    public long sentBytes(int f) {
        return network.sentBytes(f);
    }

    /** Payload bytes of flow {@code f} delivered so far. */
    public long deliveredBytes(int f) {
        return network.deliveredBytes(f);
    }

    public long injectedBytes() {
        return network.injectedBytes();
    }

    public long deliveredBytes() {
        return network.deliveredBytes();
    }

    public long injectedPackets() {
        return network.injectedPackets();
    }

    public long deliveredPackets() {
        return network.deliveredPackets();
    }

    /** Control packets transmitted over all links (hops), counted apart from data. */
    public long controlHops() {
        return network.controlHops();
    }

    /** Data packets injected and not yet delivered. */
    public int packetsInFlight() {
        return network.packetsInFlight();
    }

    /** Control packets sent and not yet taken. */
    public int controlInFlight() {
        return network.controlInFlight();
    }

    /**
     * The credit-loop deadlock the network is in now, or null ({@link Deadlock#of}): packets held and no packet or
     * credit event still to come, so that none can ever move again.
     */
    public Deadlock deadlock() {
        int held = network.packetsInFlight();
        int moves = network.movesPending(lp);
        return held == 0 || moves > 0 ? null
                : Deadlock.of(moves, held, network.lastMovePs(), network.waitLanes(), network.creditWaits());
    }

    /** Null when every link's credit loop balances (see docs/PACKET_MODEL.md), else the first violation. */
    public String creditViolation() {
        return network.creditViolation();
    }

    /** How to build a {@link PacketSimulation}; everything but the network and traffic has a default. */
    public static final class Builder {
        private final Topology topology;
        private final ForwardingTables tables;
        private final FlowSchedule schedule;
        private PacketParams params = PacketParams.defaults();
        private long seed = 1;
        private PacketObserver observer = PacketObserver.NONE;
        private int[] flowLanes;
        private String queue = "calendar";
        private EventQueue queueInstance;
        private DecisionPoints mechanisms;
        private AdaptiveRouting routing = AdaptiveRouting.STATIC;
        private CcParams cc;
        private IsolationParams isolation;
        private MessageTraffic messages;
        private RateRealisation realisation = RateRealisation.ROUND_ROBIN;
        private org.fabricsim.routing.FlowRoutes paths;

        private Builder(Topology topology, ForwardingTables tables, FlowSchedule schedule) {
            this.topology = Objects.requireNonNull(topology, "topology");
            this.tables = Objects.requireNonNull(tables, "tables");
            this.schedule = Objects.requireNonNull(schedule, "schedule");
            if (tables.topology() != topology) {
                throw new IllegalArgumentException("forwarding tables of another topology");
            }
        }

        public Builder params(PacketParams p) {
            this.params = Objects.requireNonNull(p);
            return this;
        }

        /** Master seed: the switches' adaptive routing draws from streams derived from it (static routing draws none). */
        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        public Builder observer(PacketObserver o) {
            this.observer = Objects.requireNonNull(o);
            return this;
        }

        /** The VL of each flow (its service level mapped one to one); default all on VL 0. */
        public Builder flowLanes(int[] vl) {
            this.flowLanes = vl.clone();
            return this;
        }

        /** The event queue implementation ({@link EventQueue#kinds()}); default calendar (D216). */
        public Builder queue(String kind) {
            EventQueue.create(kind);
            this.queue = kind;
            this.queueInstance = null; // the last queue given is the one
            return this;
        }

        /**
         * An empty event queue of the caller's, instead of one of {@link EventQueue#kinds()}: a benchmark's
         * recorder around one of them (issue 36). It must pop in the (time, tie) order the kinds do.
         */
        public Builder queue(EventQueue empty) {
            if (!empty.isEmpty()) {
                throw new IllegalArgumentException("the event queue must be empty");
            }
            this.queueInstance = Objects.requireNonNull(empty);
            return this;
        }

        /** The switches' routing (default: the forwarding tables alone). */
        public Builder adaptiveRouting(AdaptiveRouting r) {
            this.routing = Objects.requireNonNull(r);
            return this;
        }

        /**
         * InfiniBand congestion control with {@code params} (seed 002); null: none. Not combined with an
         * adaptive routing yet: {@link #build} refuses both.
         */
        public Builder congestionControl(CcParams params) {
            this.cc = params;
            return this;
        }

        /**
         * How the HCAs realise their flows' rates (seed 003 ch. 5): Periodic Selection or Shaped Virtual Clock;
         * with static routing, without congestion control, isolation or message traffic.
         */
        public Builder rateRealisation(RateRealisation r) {
            this.realisation = Objects.requireNonNull(r);
            return this;
        }

        /**
         * Every flow on its own path, set up before the run (seed 003: routes first; null: the forwarding tables);
         * with the same restrictions as {@link #rateRealisation}.
         */
        public Builder flowPaths(org.fabricsim.routing.FlowRoutes p) {
            if (p != null && p.flows() != schedule.size()) {
                throw new IllegalArgumentException(p.flows() + " paths for " + schedule.size() + " flows");
            }
            this.paths = p;
            return this;
        }

        /** Congested-flow isolation at the switches (null: none); with congestion control, EcoCC or CCFIT. */
        public Builder isolation(IsolationParams params) {
            this.isolation = params;
            return this;
        }

        /** The decision points' mechanisms, overriding {@link #adaptiveRouting} (tests). */
        public Builder mechanisms(DecisionPoints m) {
            this.mechanisms = Objects.requireNonNull(m);
            return this;
        }

        public PacketSimulation build() {
            if (messages != null && (routing.mode() == AdaptiveRouting.Mode.EAR
                    || routing.mode() == AdaptiveRouting.Mode.CIRCUITS)) {
                throw new IllegalArgumentException("message-level traffic with " + routing.mode().key()
                        + " routing is not built (its flows have one destination each)");
            }
            if (params.queueing() == Queueing.VOQ_NET && routing.mode() != AdaptiveRouting.Mode.STATIC) {
                throw new IllegalArgumentException("VOQnet (a lane per destination) with " + routing.mode().key()
                        + " routing is not built");
            }
            if (cc != null && routing.mode() != AdaptiveRouting.Mode.STATIC) {
                throw new IllegalArgumentException("congestion control with adaptive routing is not built yet");
            }
            if ((realisation != RateRealisation.ROUND_ROBIN || paths != null) && (cc != null || isolation != null || messages != null
                    || routing.mode() != AdaptiveRouting.Mode.STATIC)) {
                throw new IllegalArgumentException(realisation.word() + " injection with congestion control,"
                        + " isolation, message traffic or adaptive routing is not built");
            }
            return new PacketSimulation(this);
        }
    }
}
