package org.fabricsim.ib;

import org.fabricsim.engine.EventHandler;
import org.fabricsim.engine.EventSink;
import org.fabricsim.engine.LogicalProcess;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * The InfiniBand packet model: switches, HCAs and links with credit-based flow control (docs/PACKET_MODEL.md).
 * This class wires the network's elements together and hands each event to the element it concerns:
 * <ul>
 *   <li>{@link Links}: the cables, the transmitting ports and the credit loop of every link and lane;</li>
 *   <li>{@link Switches} with their {@link InputQueues}: arrival, routing, queueing, output arbitration;</li>
 *   <li>{@link Hcas}: flows, injection, reception;</li>
 *   <li>{@link PacketPool}: what a packet is;</li>
 *   <li>the decision points ({@link DecisionPoints}): {@link Routing} at a switch input, {@link Injection} at an
 *       HCA, {@link Marking} at a switch, {@link ControlReceiver} for {@link ControlPacket}s.</li>
 * </ul>
 *
 * <p><b>Partitionable.</b> Every event targets a global port and is handled by the port's owner (the
 * element); an element reads and writes only the state of its own ports, hosts and flows. It affects another
 * element only by sending a packet head or a credit over a cable, arriving after the cable's latency (plus
 * the switch latency for packets), so a cut along cables needs no change here (DESIGN.md lesson 7). The
 * packet pool is the one shared structure; across a cut its fields travel in the event payload.
 *
 * <p><b>Timing.</b> Virtual cut-through at packet granularity: a packet may win an output as soon as its
 * head has arrived; its head enters the next cable {@code switchLatency} later and arrives after the
 * propagation latency; the output stays busy for its serialisation time, but not less than until its tail
 * has arrived (an output faster than the input cannot overtake it). Buffer space is taken when a packet is
 * sent (credits checked for the whole packet, as VCT requires) and freed when its tail has left the input
 * buffer; the credit then travels back over the cable.
 *
 * <p>Events per packet and hop: its head's arrival, the end of its transmission, the credit's arrival (and
 * at the destination its consumption). Hot paths allocate nothing.
 */
public final class PacketNetwork implements EventHandler {
    public static final int CREDIT = 0;
    static final int TX_DONE = 1;
    public static final int ARRIVAL = 2;
    static final int CONSUMED = 3;
    static final int FLOW_START = 4;
    static final int WAKE = 5;
    static final int FLOW_STOP = 6;
    static final int TIMER = 7;
    static final int ELIGIBLE = 8;

    private final Topology topology;
    private final ForwardingTables tables;
    private final FlowSchedule schedule;
    private final GeneratedTraffic messages;
    private final PacketParams params;
    private final PacketObserver observer;
    private final PacketPool pool = new PacketPool(1024);
    private final Links links;
    private final InputQueues queues;
    private final Switches switches;
    private final Hcas hcas;
    private final int hosts;
    private final int dataLanes;
    private final int smallestWire; // wire bytes of the smallest packet the schedule or a mechanism produces
    private final int[] tx; // Links#tx: per slot, the packet on the cable and what its end needs
    private final boolean controlPackets; // whether any mechanism sends control packets
    private final EventSink sink;
    private final MechanismTimer timer;
    private long hops;
    private long controlHops;
    private long lastMovePs = -1; // the last event that carried a packet or a credit (a deadlock's time)

    public PacketNetwork(Topology topology, ForwardingTables tables, FlowSchedule schedule, int[] flowVl, PacketParams params,
            PacketObserver observer, EventSink sink) {
        this(topology, tables, schedule, flowVl, params, observer, sink, DecisionPoints.STATIC);
    }

    public PacketNetwork(Topology topology, ForwardingTables tables, FlowSchedule schedule, int[] flowVl, PacketParams params,
            PacketObserver observer, EventSink sink, DecisionPoints mechanisms) {
        this(topology, tables, schedule, null, flowVl, params, observer, sink, mechanisms);
    }

    /**
     * @param messages null: the schedule's flows send as it says; else they are the sources of this
     *     message-level traffic (the message level, {@link GeneratedTraffic})
     */
    public PacketNetwork(Topology topology, ForwardingTables tables, FlowSchedule schedule, GeneratedTraffic messages,
            int[] flowVl, PacketParams params, PacketObserver observer, EventSink sink, DecisionPoints mechanisms) {
        this(topology, tables, schedule, messages, flowVl, params, observer, sink, mechanisms, null, 0);
    }

    /**
     * @param partOf null: the whole network (a sequential run); else the part of every node, and this network
     *     is part {@code part} of a partitioned run: it holds the state of that part's ports only and handles the
     *     events of its nodes ({@link #partition})
     */
    public PacketNetwork(Topology topology, ForwardingTables tables, FlowSchedule schedule, GeneratedTraffic messages,
            int[] flowVl, PacketParams params, PacketObserver observer, EventSink sink, DecisionPoints mechanisms,
            int[] partOf, int part) {
        this.messages = messages;
        params = params.forHosts(topology.hostCount()); // VOQnet: a lane per destination inside the network
        this.topology = topology;
        this.tables = tables;
        this.sink = sink;
        this.schedule = schedule;
        this.params = params;
        this.observer = observer;
        this.hosts = topology.hostCount();
        this.dataLanes = params.virtualLanes();
        int unit = params.creditBytes();
        int controlWire = mechanisms.smallestControlWireBytes();
        this.controlPackets = controlWire != Integer.MAX_VALUE;
        int minBlocks = (1 + params.overheadBytes() + unit - 1) / unit;
        if (controlWire != Integer.MAX_VALUE) {
            minBlocks = Math.min(minBlocks, (controlWire + unit - 1) / unit);
        }
        int smallestData = CutLookahead.smallestWireBytes(schedule, params);
        if (messages != null && messages.messageBytes() % params.mtuBytes() != 0) {
            smallestData = Math.min(smallestData, messages.messageBytes() % params.mtuBytes() + params.overheadBytes());
        }
        this.smallestWire = Math.min(smallestData, controlWire);
        links = new Links(topology, params, mechanisms.controlLane(), pool, observer, sink, partOf, part);
        queues = new InputQueues(links, params.queueing() != Queueing.FIFO, mechanisms.countsQueuedBlocks(),
                mechanisms.hotQueuesPerInput(), pool);
        switches = new Switches(links, queues, pool, params, minBlocks, controlPackets, sink);
        hcas = new Hcas(topology, links, pool, schedule, flowVl, params, observer, sink);
        tx = links.tx;
        ControlReceiver receiver = mechanisms.controlReceiver(this);
        switches.isolation(mechanisms.isolation(this));
        switches.mechanisms(mechanisms.routing(this), mechanisms.marking(this), receiver);
        hcas.mechanisms(mechanisms.injection(this), receiver, controlPackets);
        timer = mechanisms.timer(this);
    }

    /**
     * Where a part of a partitioned run (built with its {@code partOf}) sends what leaves it: a packet head or
     * credit for another part's port leaves through {@code crossing} with the tie key its sender gives it in
     * {@code local}. Call before {@link #start}.
     */
    public void partition(LogicalProcess local, Crossing crossing) {
        links.crossing(local, crossing);
    }

    /**
     * The lookahead over the cable at global port {@code gp} from its owner's side: after any moment, nothing
     * the owner sends over this cable arrives sooner than this ({@link CutLookahead}; credits are sent early
     * for it, see {@link Links#sendCredit}).
     */
    public long crossingLookahead(int gp) {
        return CutLookahead.ofCable(topology, gp, params, smallestWire);
    }

    /** A packet head sent by another part as six words ({@link PacketPool#word0}) reaches port {@code target}. */
    public void receivePacket(long time, long tie, int target, long w0, long w1, long w2, long injectedPs, long tailPs,
            long w5, LogicalProcess local) {
        int pk = pool.fromWords(w0, w1, w2, injectedPs, tailPs, w5);
        local.push(time, tie, target, pk);
    }

    /** Schedules the start of every flow that follows no other. */
    public void start() {
        queues.allocate();
        hcas.start();
    }

    // -------------------------------------------------------------------------------------------------
    // Events

    @Override
    public void handle(long t, int kind, int port, long payload) {
        int node = links.owner(port);
        if (kind <= CONSUMED) { // CREDIT, TX_DONE, ARRIVAL, CONSUMED: a packet or a credit moved
            lastMovePs = t;
        }
        switch (kind) {
            case CREDIT -> {
                links.creditArrived(port, (int) (payload >>> 32), (int) payload);
                if (node < hosts) {
                    hcas.send(t, node);
                } else {
                    switches.mark(port);
                }
            }
            case TX_DONE -> transmitted(t, port, node);
            case ARRIVAL -> {
                int pk = (int) payload;
                links.headArrived(t, port, pk);
                if (node < hosts) {
                    hcas.arrival(t, node, port, pk);
                } else {
                    switches.arrival(t, node, port, pk);
                }
            }
            case CONSUMED -> {
                if (node < hosts) {
                    hcas.consumed(t, node, port, (int) payload);
                } else {
                    switches.consumed(t, node, port, (int) payload);
                }
            }
            case FLOW_START -> hcas.flowStart(t, node, (int) payload);
            case FLOW_STOP -> hcas.flowStop(t, node, (int) payload);
            case WAKE -> hcas.wake(t, node);
            case TIMER -> timer.fired(t, node, payload);
            case ELIGIBLE -> switches.eligible(t, node, port, (int) payload);
            default -> throw new IllegalStateException("unknown event kind " + kind);
        }
        switches.drain(t);
    }

    /** The name of event kind {@code kind} in reports (issue 36: what each event per packet-hop does). */
    public static String kindName(int kind) {
        return switch (kind) {
            case CREDIT -> "credit";
            case TX_DONE -> "tx-done";
            case ARRIVAL -> "arrival";
            case CONSUMED -> "consumed";
            case FLOW_START -> "flow-start";
            case WAKE -> "wake";
            case FLOW_STOP -> "flow-stop";
            case TIMER -> "timer";
            case ELIGIBLE -> "eligible";
            default -> "kind-" + kind;
        };
    }

    /** The last byte of the packet on output {@code o} of {@code node} has left. */
    private void transmitted(long t, int o, int node) {
        int s = links.slot[o];
        int r = s * Links.TX_ROW;
        int pk = tx[r + Links.TX_PACKET];
        int lane = tx[r + Links.TX_VL];
        int wire = tx[r + Links.TX_WIRE];
        int type = tx[r + Links.TX_TYPE];
        if (!controlPackets || type == ControlPacket.DATA) {
            observer.transmitted(t, o, links.reportedLane(lane), tx[r + Links.TX_FLOW], wire);
            hops++;
        } else {
            observer.controlTransmitted(t, o, type, wire);
            controlHops++;
        }
        links.busy[s] = false;
        if (node < hosts) {
            hcas.send(t, node);
        } else {
            switches.transmitted(t, o, tx[r + Links.TX_INPUT], lane, tx[r + Links.TX_BLOCKS], wire);
        }
        links.leftPart(o, pk);
    }

    /**
     * A mechanism of {@code node} asks to be woken at {@code at} with {@code payload} ({@link MechanismTimer}):
     * an event of the node itself, so it stays in the node's part.
     */
    public void schedule(long at, int node, long payload) {
        sink.send(at, TIMER, node, links.portBase[node], payload);
    }

    // -------------------------------------------------------------------------------------------------
    // The elements, for the mechanisms built on them

    public Topology topology() {
        return topology;
    }

    public ForwardingTables tables() {
        return tables;
    }

    public FlowSchedule schedule() {
        return schedule;
    }

    /** The message-level traffic the flows are sources of, or null. */
    public GeneratedTraffic messages() {
        return messages;
    }

    public PacketParams params() {
        return params;
    }

    public PacketObserver observer() {
        return observer;
    }

    public PacketPool pool() {
        return pool;
    }

    public Links links() {
        return links;
    }

    public InputQueues queues() {
        return queues;
    }

    public Switches switches() {
        return switches;
    }

    public Hcas hcas() {
        return hcas;
    }

    // -------------------------------------------------------------------------------------------------
    // Reading

    /** Data packet transmissions completed over all links (packet-hops, the injection link included). */
    public long hops() {
        return hops;
    }

    /** Control packet transmissions completed over all links, counted apart from data. */
    public long controlHops() {
        return controlHops;
    }

    public long injectedPackets() {
        return hcas.injectedPackets;
    }

    public long injectedBytes() {
        return hcas.injectedBytes;
    }

    public long deliveredPackets() {
        return hcas.deliveredPackets;
    }

    public long deliveredBytes() {
        return hcas.deliveredTotal;
    }

    public long deliveredBytes(int flow) {
        return hcas.deliveredBytes(flow);
    }

    public long sentBytes(int flow) {
        return hcas.sentBytes(flow);
    }

    /** Control packets HCAs sent and took (switches' own are counted by their mechanisms). */
    long controlSent() {
        return hcas.controlSent;
    }

    long controlTaken() {
        return hcas.controlTaken;
    }

    /** Data packets in this part's pool: injected and not yet delivered (or handed to another part). */
    public int packetsInFlight() {
        return pool.live() - pool.liveControl();
    }

    /** Control packets in this part's pool. */
    public int controlInFlight() {
        return pool.liveControl();
    }

    // -------------------------------------------------------------------------------------------------
    // Deadlock (docs/PACKET_MODEL.md, "Deadlock")

    /**
     * Events still to come in {@code queue} that carry a packet or a credit. While there is none and packets
     * are held, none of them can ever move: each waits for credits that only a packet leaving a buffer it
     * waits for could return (a credit-loop deadlock). Flow starts, wake-ups and timers move nothing held.
     */
    public int movesPending(LogicalProcess queue) {
        return queue.pending(CREDIT) + queue.pending(TX_DONE) + queue.pending(ARRIVAL) + queue.pending(CONSUMED);
    }

    /** When a packet or a credit last moved (an event carrying one was handled), -1 if never. */
    public long lastMovePs() {
        return lastMovePs;
    }

    /** This part's wait-for edges between links and lanes ({@link CreditWaits}); read after the run. */
    public long[] creditWaits() {
        return CreditWaits.of(links, queues, pool);
    }

    /** Lanes per port in {@link CreditWaits}' vertices (data lanes and a dedicated control lane). */
    public int waitLanes() {
        return links.lanes;
    }

    /**
     * The credit loop ({@link Links#creditViolation}), then the arbiters' masks against the queues
     * ({@link InputQueues#maskViolation}): null when both hold, else what is wrong.
     */
    public String creditViolation() {
        String credit = links.creditViolation();
        return credit != null ? credit : queues.maskViolation();
    }

    int virtualLanes() {
        return dataLanes;
    }
}
