package org.fabricsim.ib;

import java.util.Arrays;
import org.fabricsim.engine.EventHandler;
import org.fabricsim.engine.EventSink;
import org.fabricsim.engine.LogicalProcess;
import org.fabricsim.engine.Time;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * The InfiniBand packet model: switches, HCAs and links with credit-based flow control (docs/PACKET_MODEL.md).
 *
 * <p><b>Partitionable.</b> Every event targets a global port and is handled by the port's owner (the
 * entity); an entity reads and writes only the state of its own ports, hosts and flows. It affects another
 * entity only by sending a packet head or a credit over a cable, arriving after the cable's latency (plus
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
final class PacketNetwork implements EventHandler {
    static final int CREDIT = 0;
    static final int TX_DONE = 1;
    static final int ARRIVAL = 2;
    static final int CONSUMED = 3;
    static final int FLOW_START = 4;
    static final int WAKE = 5;
    static final int FLOW_STOP = 6;

    private static final int WAITING = 0;
    private static final int SENDING = 1;
    private static final int DONE = 2;

    private final Topology topology;
    private final ForwardingTables tables;
    private final PacketParams params;
    private final PacketObserver observer;
    private final EventSink sink;
    private final PacketPool pool = new PacketPool(1024);
    private final int vls;
    private final int hosts;
    private final int radix;
    private final int unit;
    private final int minBlocks; // credit blocks of the smallest packet (1 payload byte)
    private final int smallestWire; // wire bytes of the smallest packet the schedule produces
    private final int readLimit;
    private final boolean voq;
    private final boolean fcfs;

    // per global port (directed link = transmitting port)
    private final int[] owner;
    private final int[] peer;
    private final int[] portBase; // per node
    private final long[] bandwidth;
    private final long[] latency;
    private final boolean[] busy;
    private final int[] txPacket;
    private final int[] txInput;
    private final int[] reads;
    // per port x VL
    private final int[] credits;
    private final int[] capacity;
    private final int[] onWire; // blocks sent on the cable and not yet arrived
    private final int[] creditsInFlight; // blocks freed downstream whose credit has not yet arrived
    private final int[] occupancy; // blocks held in this (receiving) port's buffer
    private final int[] occupancyBytes;
    private final int[] fifoHead;
    private final int[] fifoTail;
    private final int[] rr; // round-robin pointer over local input ports
    private final int[] waiting; // per output x VL: queues (VOQs or FIFO heads) holding a packet for it
    // per (port x VL) x local output (VOQ only)
    private final int[] voqHead;
    private final int[] voqTail;
    // per output: VL arbitration state
    private final VlArbiter vlArbiter;
    // work list of outputs to try
    private final int[] pendingOutputs;
    private final boolean[] pendingFlag;
    private int pendingCount;

    // hosts
    private final long[] sendFreePs;
    private final long[] receiveFreePs;
    private final long[] wakePs;
    private final int[] hostFlowStart;
    private final int[] hostFlows;
    private final int[] hostRr;
    private final long sendRate;
    private final long receiveRate;

    // flows
    private final FlowSchedule schedule;
    private final int[] flowSrc;
    private final int[] flowDst;
    private final int[] flowVl;
    private final int[] successor;
    private final int[] state;
    private final long[] activatedPs;
    private final long[] readyPs;
    private final long[] sentBytes;
    private final long[] rateRemainder;
    private final long[] deliveredBytes;

    // partitioned runs: which part owns each node, this part, where crossing events go
    private int[] partOf;
    private int part;
    private LogicalProcess local;
    private Crossing crossing;

    // conservation
    private long injectedPackets;
    private long injectedBytes;
    private long deliveredPackets;
    private long deliveredTotal;
    private long hops;

    PacketNetwork(Topology topology, ForwardingTables tables, FlowSchedule schedule, int[] flowVl, PacketParams params,
            PacketObserver observer, EventSink sink) {
        this.topology = topology;
        this.tables = tables;
        this.params = params;
        this.observer = observer;
        this.sink = sink;
        this.schedule = schedule;
        this.vls = params.virtualLanes();
        this.hosts = topology.hostCount();
        this.unit = params.creditBytes();
        this.minBlocks = (1 + params.overheadBytes() + unit - 1) / unit;
        this.smallestWire = CutLookahead.smallestWireBytes(schedule, params);
        this.readLimit = params.speedup() == 0 ? Integer.MAX_VALUE : params.speedup();
        this.voq = params.queueing() == Queueing.VOQ;
        this.fcfs = params.arbitration() == Arbitration.FCFS;
        this.sendRate = params.hcaSendRateBps();
        this.receiveRate = params.hcaReceiveRateBps();
        int nodes = topology.nodeCount();
        int ports = topology.portCount();
        int maxPorts = 0;
        portBase = new int[nodes + 1];
        for (int v = 0; v < nodes; v++) {
            portBase[v] = topology.port(v, 0);
            maxPorts = Math.max(maxPorts, topology.ports(v));
        }
        portBase[nodes] = ports;
        radix = maxPorts;
        owner = new int[ports];
        peer = new int[ports];
        bandwidth = new long[ports];
        latency = new long[ports];
        for (int p = 0; p < ports; p++) {
            owner[p] = topology.owner(p);
            peer[p] = topology.isConnected(p) ? topology.peerPort(p) : -1;
            if (peer[p] >= 0) {
                bandwidth[p] = topology.bandwidthBps(p);
                latency[p] = topology.latencyPs(p);
                if (latency[p] <= 0 && params.switchLatencyPs() <= 0) {
                    throw new IllegalArgumentException("cable at port " + p + " has no latency: entities must"
                            + " interact over links of positive latency");
                }
            }
        }
        busy = new boolean[ports];
        txPacket = new int[ports];
        txInput = new int[ports];
        reads = new int[ports];
        int pv = ports * vls;
        credits = new int[pv];
        capacity = new int[pv];
        onWire = new int[pv];
        creditsInFlight = new int[pv];
        occupancy = new int[pv];
        occupancyBytes = new int[pv];
        fifoHead = new int[pv];
        fifoTail = new int[pv];
        rr = new int[pv];
        waiting = new int[pv];
        Arrays.fill(fifoHead, -1);
        Arrays.fill(fifoTail, -1);
        int switchBlocks = params.bufferBytes() / unit;
        int hcaBlocks = params.hcaBufferBytes() / unit;
        for (int p = 0; p < ports; p++) {
            if (peer[p] < 0) {
                continue;
            }
            int blocks = topology.isHost(owner[peer[p]]) ? hcaBlocks : switchBlocks;
            for (int vl = 0; vl < vls; vl++) {
                capacity[p * vls + vl] = blocks;
                credits[p * vls + vl] = blocks;
            }
        }
        if (voq) {
            voqHead = new int[pv * radix];
            voqTail = new int[pv * radix];
            Arrays.fill(voqHead, -1);
            Arrays.fill(voqTail, -1);
        } else {
            voqHead = null;
            voqTail = null;
        }
        vlArbiter = new VlArbiter(params.vlArbitration(), vls, ports);
        pendingOutputs = new int[ports];
        pendingFlag = new boolean[ports];

        sendFreePs = new long[hosts];
        receiveFreePs = new long[hosts];
        wakePs = new long[hosts];
        Arrays.fill(wakePs, Long.MAX_VALUE);
        hostRr = new int[hosts];
        int n = schedule.size();
        flowSrc = schedule.flows().src();
        flowDst = schedule.flows().dst();
        for (int f = 0; f < n; f++) {
            if (flowSrc[f] >= hosts || flowDst[f] >= hosts) {
                throw new IllegalArgumentException("flow " + f + " names a host outside 0.." + (hosts - 1));
            }
        }
        hostFlowStart = new int[hosts + 1];
        for (int f = 0; f < n; f++) {
            hostFlowStart[flowSrc[f] + 1]++;
        }
        for (int h = 0; h < hosts; h++) {
            hostFlowStart[h + 1] += hostFlowStart[h];
        }
        hostFlows = new int[n];
        int[] fill = Arrays.copyOf(hostFlowStart, hosts);
        for (int f = 0; f < n; f++) {
            hostFlows[fill[flowSrc[f]]++] = f;
        }
        if (flowVl.length != n) {
            throw new IllegalArgumentException("one VL per flow expected: " + flowVl.length + " for " + n + " flows");
        }
        for (int f = 0; f < n; f++) {
            if (flowVl[f] < 0 || flowVl[f] >= vls) {
                throw new IllegalArgumentException("flow " + f + " on VL " + flowVl[f] + " of " + vls);
            }
        }
        this.flowVl = flowVl;
        successor = new int[n];
        Arrays.fill(successor, -1);
        for (int f = 0; f < n; f++) {
            if (schedule.after()[f] >= 0) {
                if (successor[schedule.after()[f]] >= 0) {
                    throw new IllegalArgumentException("flow " + schedule.after()[f] + " has two successors");
                }
                successor[schedule.after()[f]] = f;
            }
        }
        state = new int[n];
        activatedPs = new long[n];
        readyPs = new long[n];
        sentBytes = new long[n];
        rateRemainder = new long[n];
        deliveredBytes = new long[n];
    }

    /**
     * Makes this network the part {@code part} of a partitioned run: it handles only the events of nodes
     * {@code partOf[node] == part}; a packet head or credit for another part's port leaves through
     * {@code crossing} with the tie key its sender gives it in {@code local}. Call before {@link #start}.
     */
    void partition(int[] partOf, int part, LogicalProcess local, Crossing crossing) {
        this.partOf = partOf.clone();
        this.part = part;
        this.local = local;
        this.crossing = crossing;
    }

    private boolean isLocal(int node) {
        return partOf == null || partOf[node] == part;
    }

    /**
     * The lookahead over the cable at global port {@code gp} from its owner's side: after any moment, nothing
     * the owner sends over this cable arrives sooner than this ({@link CutLookahead}; credits are sent early
     * for it, see {@link #sendCredit}).
     */
    long crossingLookahead(int gp) {
        return CutLookahead.ofCable(topology, gp, params, smallestWire);
    }

    /** A packet head sent by another part reaches port {@code target}: the packet joins this part's pool. */
    void receivePacket(long time, long tie, int target, int flow, int payload, int wire, int blocks, int vl,
            long injectedPs, long tailPs) {
        int pk = pool.allocate();
        PacketPool p = pool;
        p.flow[pk] = flow;
        p.payload[pk] = payload;
        p.wire[pk] = wire;
        p.blocks[pk] = blocks;
        p.vl[pk] = vl;
        p.injectedPs[pk] = injectedPs;
        p.tailPs[pk] = tailPs;
        local.push(time, tie, target, pk);
    }

    /** A credit sent by another part reaches transmitting port {@code target}. */
    void receiveCredit(long time, long tie, int target, long payload) {
        local.push(time, tie, target, payload);
    }

    /** Schedules the start of every flow that follows no other. */
    void start() {
        for (int f = 0; f < schedule.size(); f++) {
            if (schedule.after()[f] < 0 && isLocal(flowSrc[f])) {
                int h = flowSrc[f];
                sink.send(schedule.startPs()[f], FLOW_START, h, topology.hostPort(h), f);
            }
        }
    }

    // -------------------------------------------------------------------------------------------------
    // Events

    @Override
    public void handle(long t, int kind, int port, long payload) {
        switch (kind) {
            case CREDIT -> credit(t, port, (int) (payload >>> 32), (int) payload);
            case TX_DONE -> transmitted(t, port);
            case ARRIVAL -> arrival(t, port, (int) payload);
            case CONSUMED -> consumed(t, port, (int) payload);
            case FLOW_START -> {
                int f = (int) payload;
                if (state[f] == WAITING) {
                    activate(t, f);
                }
                hcaSend(t, owner[port]);
            }
            case FLOW_STOP -> {
                int f = (int) payload;
                if (state[f] == SENDING) {
                    state[f] = DONE;
                    next(t, f);
                }
                hcaSend(t, owner[port]);
            }
            case WAKE -> {
                int h = owner[port];
                if (wakePs[h] == t) {
                    wakePs[h] = Long.MAX_VALUE;
                }
                hcaSend(t, h);
            }
            default -> throw new IllegalStateException("unknown event kind " + kind);
        }
        drain(t);
    }

    /** A credit for {@code blocks} on {@code vl} reached transmitting port {@code o}. */
    private void credit(long t, int o, int vl, int blocks) {
        int i = o * vls + vl;
        credits[i] += blocks;
        if (partOf == null) {
            creditsInFlight[i] -= blocks; // invariant bookkeeping across the cable: sequential runs only
        }
        if (credits[i] > capacity[i]) {
            throw new IllegalStateException("port " + o + " VL " + vl + ": " + credits[i] + " credits exceed the "
                    + capacity[i] + " blocks of the buffer downstream");
        }
        int node = owner[o];
        if (node < hosts) {
            hcaSend(t, node);
        } else {
            mark(o);
        }
    }

    /** The last byte of the packet on output {@code o} has left. */
    private void transmitted(long t, int o) {
        PacketPool p = pool;
        int pk = txPacket[o];
        int vl = p.vl[pk];
        observer.transmitted(t, o, vl, p.flow[pk], p.wire[pk]);
        hops++;
        busy[o] = false;
        int in = txInput[o];
        int node = owner[o];
        if (in >= 0) {
            release(t, in, vl, p.blocks[pk], p.wire[pk]);
            reads[in]--;
            if (readLimit != Integer.MAX_VALUE) {
                markWaiting(in);
            }
            mark(o);
        } else {
            hcaSend(t, node);
        }
        if (!isLocal(owner[peer[o]])) {
            pool.release(pk);
        }
    }

    /** The head of packet {@code pk} reached receiving port {@code in}. */
    private void arrival(long t, int in, int pk) {
        PacketPool p = pool;
        int vl = p.vl[pk];
        int b = p.blocks[pk];
        int up = peer[in];
        if (partOf == null) {
            onWire[up * vls + vl] -= b; // invariant bookkeeping across the cable: sequential runs only
        }
        int i = in * vls + vl;
        occupancy[i] += b;
        occupancyBytes[i] += p.wire[pk];
        if (occupancy[i] > capacity[up * vls + vl]) {
            throw new IllegalStateException("port " + in + " VL " + vl + " buffer overrun: " + occupancy[i] + " blocks");
        }
        observer.bufferOccupancy(t, in, vl, occupancyBytes[i]);
        int node = owner[in];
        if (node < hosts) {
            // HCA: take the packet in at most at the receive rate, in arrival order
            long start = Math.max(t, receiveFreePs[node]);
            long done = receiveRate == 0 ? Math.max(p.tailPs[pk], start)
                    : Math.max(p.tailPs[pk], start + Time.serialisation(p.wire[pk], receiveRate));
            receiveFreePs[node] = done;
            sink.send(done, CONSUMED, node, in, pk);
            sendCredit(done + latency[in], in, vl, b, node); // freed at CONSUMED, known now (see sendCredit)
            return;
        }
        int dst = flowDst[p.flow[pk]];
        int o = portBase[node] + tables.port(node, dst);
        p.out[pk] = o;
        p.arrivedPs[pk] = t;
        p.next[pk] = -1;
        if (voq) {
            int q = i * radix + (o - portBase[node]);
            if (voqTail[q] < 0) {
                voqHead[q] = pk;
                waiting[o * vls + vl]++;
            } else {
                p.next[voqTail[q]] = pk;
            }
            voqTail[q] = pk;
            mark(o);
        } else {
            if (fifoTail[i] < 0) {
                fifoHead[i] = pk;
                waiting[o * vls + vl]++;
                mark(o);
            } else {
                p.next[fifoTail[i]] = pk;
            }
            fifoTail[i] = pk;
        }
    }

    /** The destination HCA has taken packet {@code pk} in from its port {@code in}. */
    private void consumed(long t, int in, int pk) {
        PacketPool p = pool;
        int f = p.flow[pk];
        release(t, in, p.vl[pk], p.blocks[pk], p.wire[pk]);
        observer.delivered(t, f, flowDst[f], p.wire[pk], p.injectedPs[pk]);
        deliveredPackets++;
        deliveredTotal += p.payload[pk];
        deliveredBytes[f] += p.payload[pk];
        long size = schedule.bytes()[f];
        if (size > 0 && deliveredBytes[f] == size) {
            observer.flowCompleted(t, f);
        }
        pool.release(pk);
    }

    /**
     * Frees a packet's space in the buffer of receiving port {@code in}; its credit, sent when this moment
     * became known, is now on its way upstream.
     */
    private void release(long t, int in, int vl, int blocks, int wire) {
        int i = in * vls + vl;
        occupancy[i] -= blocks;
        occupancyBytes[i] -= wire;
        observer.bufferOccupancy(t, in, vl, occupancyBytes[i]);
        if (partOf == null) {
            creditsInFlight[peer[in] * vls + vl] += blocks; // invariant bookkeeping: sequential runs only
        }
    }

    /**
     * Sends upstream the credit for {@code blocks} on {@code vl} that receiving port {@code in} returns when
     * the packet's space is freed, to arrive at {@code arrivalPs} (the freeing time plus the cable latency).
     * The freeing time is fixed as soon as the packet starts onward (its end of transmission) or, at an HCA,
     * as soon as its head arrives (its consumption), so the credit is sent then rather than when the space
     * is freed: it arrives at the same time, and a credit crossing a cut gives the neighbour a lookahead of
     * the shortest packet's serialisation plus the cable instead of the cable alone (docs/DISTRIBUTED.md).
     * Credits of one source for one port keep their order, so the event order is unchanged.
     */
    private void sendCredit(long arrivalPs, int in, int vl, int blocks, int node) {
        int up = peer[in];
        long payload = ((long) vl << 32) | blocks;
        if (isLocal(owner[up])) {
            sink.send(arrivalPs, CREDIT, node, up, payload);
        } else {
            crossing.credit(partOf[owner[up]], arrivalPs, local.tie(CREDIT, node), up, payload);
        }
    }

    // -------------------------------------------------------------------------------------------------
    // Switch outputs

    private void mark(int o) {
        if (!pendingFlag[o]) {
            pendingFlag[o] = true;
            pendingOutputs[pendingCount++] = o;
        }
    }

    /** Marks every output a packet waiting in input {@code in} could go to (a read slot became free). */
    private void markWaiting(int in) {
        int node = owner[in];
        for (int vl = 0; vl < vls; vl++) {
            int i = in * vls + vl;
            if (voq) {
                int base = i * radix;
                int n = portBase[node + 1] - portBase[node];
                for (int k = 0; k < n; k++) {
                    if (voqHead[base + k] >= 0) {
                        mark(portBase[node] + k);
                    }
                }
            } else if (fifoHead[i] >= 0) {
                mark(pool.out[fifoHead[i]]);
            }
        }
    }

    private void drain(long t) {
        while (pendingCount > 0) {
            int o = pendingOutputs[--pendingCount];
            pendingFlag[o] = false;
            if (!busy[o]) {
                serve(t, o);
            }
        }
    }

    /** Output {@code o} of a switch is idle: choose a VL, then an input, and start sending. */
    private void serve(long t, int o) {
        int node = owner[o];
        int vl = vlArbiter.choose(o, this);
        if (vl < 0) {
            return;
        }
        int pk = chosenPacket;
        int in = chosenInput;
        vlArbiter.sent(o, vl, pool.wire[pk]);
        rr[o * vls + vl] = in - portBase[node];
        // dequeue
        int i = in * vls + vl;
        int next = pool.next[pk];
        if (voq) {
            int q = i * radix + (o - portBase[node]);
            voqHead[q] = next;
            if (next < 0) {
                voqTail[q] = -1;
                waiting[o * vls + vl]--;
            }
        } else {
            fifoHead[i] = next;
            waiting[o * vls + vl]--;
            if (next < 0) {
                fifoTail[i] = -1;
            } else {
                int o2 = pool.out[next];
                waiting[o2 * vls + vl]++;
                mark(o2); // a new head may go elsewhere (if a read slot is free)
            }
        }
        reads[in]++;
        transmit(t, o, vl, pk, in, node, params.switchLatencyPs());
    }

    private int chosenPacket;
    private int chosenInput;

    /**
     * Finds the packet output {@code o} would send on {@code vl} by the port arbitration; leaves it in
     * {@link #chosenPacket} / {@link #chosenInput} and returns true, or returns false.
     */
    boolean candidate(int o, int vl) {
        int ov = o * vls + vl;
        int credit = credits[ov];
        if (waiting[ov] == 0 || credit < minBlocks) {
            return false;
        }
        int node = owner[o];
        int base = portBase[node];
        int n = portBase[node + 1] - base;
        int local = o - base;
        int start = rr[ov];
        int best = -1;
        int bestIn = -1;
        long bestTime = Long.MAX_VALUE;
        PacketPool p = pool;
        for (int k = 1; k <= n; k++) {
            int li = start + k;
            if (li >= n) {
                li -= n;
            }
            int in = base + li;
            if (reads[in] >= readLimit) {
                continue;
            }
            int i = in * vls + vl;
            int pk;
            if (voq) {
                pk = voqHead[i * radix + local];
            } else {
                pk = fifoHead[i];
                if (pk >= 0 && p.out[pk] != o) {
                    continue;
                }
            }
            if (pk < 0 || p.blocks[pk] > credit) {
                continue;
            }
            if (!fcfs) {
                chosenPacket = pk;
                chosenInput = in;
                return true;
            }
            long at = p.arrivedPs[pk];
            if (at < bestTime || (at == bestTime && in < bestIn)) {
                best = pk;
                bestIn = in;
                bestTime = at;
            }
        }
        if (best < 0) {
            return false;
        }
        chosenPacket = best;
        chosenInput = bestIn;
        return true;
    }

    /** Puts packet {@code pk} on the cable of output {@code o}. */
    private void transmit(long t, int o, int vl, int pk, int in, int node, long extraLatency) {
        PacketPool p = pool;
        int b = p.blocks[pk];
        int i = o * vls + vl;
        credits[i] -= b;
        onWire[i] += b;
        long end = Math.max(t + Time.serialisation(p.wire[pk], bandwidth[o]), p.tailPs[pk]);
        long lat = latency[o] + extraLatency;
        busy[o] = true;
        txPacket[o] = pk;
        txInput[o] = in;
        p.tailPs[pk] = end + lat;
        sink.send(end, TX_DONE, node, o, pk);
        if (in >= 0) {
            // the input's space is freed at TX_DONE, known now: its credit is sent now (see sendCredit)
            sendCredit(end + latency[in], in, vl, b, node);
        }
        int down = peer[o];
        if (isLocal(owner[down])) {
            sink.send(t + lat, ARRIVAL, node, down, pk);
        } else {
            // across the cut the packet's fields travel with the event; this part's copy is freed at TX_DONE
            crossing.packet(partOf[owner[down]], t + lat, local.tie(ARRIVAL, node), down, p.flow[pk],
                    p.payload[pk], p.wire[pk], p.blocks[pk], vl, p.injectedPs[pk], p.tailPs[pk]);
        }
    }

    // -------------------------------------------------------------------------------------------------
    // HCAs

    private void activate(long t, int f) {
        if (t >= schedule.stopPs()[f]) {
            state[f] = DONE;
            next(t, f);
            return;
        }
        state[f] = SENDING;
        activatedPs[f] = t;
        readyPs[f] = t;
        rateRemainder[f] = 0;
        long stop = schedule.stopPs()[f];
        if (stop != FlowSchedule.NEVER) {
            int h = flowSrc[f];
            sink.send(stop, FLOW_STOP, h, portBase[h], f); // the successor starts exactly then
        }
    }

    /** Flow {@code f} has handed over its last byte (or stopped): its successor may begin. */
    private void next(long t, int f) {
        int g = successor[f];
        if (g < 0) {
            return;
        }
        long start = schedule.startPs()[g];
        if (start <= t) {
            activate(t, g);
        } else {
            int h = flowSrc[g];
            sink.send(start, FLOW_START, h, topology.hostPort(h), g);
        }
    }

    /** Host {@code h} sends its next packet if its port is idle: round-robin over its flows (per-flow queues). */
    private void hcaSend(long t, int h) {
        int hp = portBase[h];
        if (busy[hp] || peer[hp] < 0) {
            return;
        }
        if (t < sendFreePs[h]) {
            wake(h, sendFreePs[h]);
            return;
        }
        int first = hostFlowStart[h];
        int n = hostFlowStart[h + 1] - first;
        long soonest = Long.MAX_VALUE;
        boolean successorStarted = false;
        int mtu = params.mtuBytes();
        for (int k = 1; k <= n; k++) {
            int idx = hostRr[h] + k;
            if (idx >= n) {
                idx -= n;
            }
            int f = hostFlows[first + idx];
            if (state[f] != SENDING) {
                continue;
            }
            if (t >= schedule.stopPs()[f]) {
                state[f] = DONE;
                next(t, f);
                successorStarted |= successor[f] >= 0 && state[successor[f]] == SENDING;
                continue;
            }
            if (readyPs[f] > t) {
                soonest = Math.min(soonest, readyPs[f]);
                continue;
            }
            long size = schedule.bytes()[f];
            int payload = size == 0 ? mtu : (int) Math.min(mtu, size - sentBytes[f]);
            int wire = payload + params.overheadBytes();
            int blocks = (wire + unit - 1) / unit;
            int vl = flowVl[f];
            if (credits[hp * vls + vl] < blocks) {
                continue; // a credit arrival retries
            }
            hostRr[h] = idx;
            int pk = pool.allocate();
            PacketPool p = pool;
            p.flow[pk] = f;
            p.payload[pk] = payload;
            p.wire[pk] = wire;
            p.blocks[pk] = blocks;
            p.vl[pk] = vl;
            p.injectedPs[pk] = t;
            p.tailPs[pk] = 0;
            sentBytes[f] += payload;
            injectedPackets++;
            injectedBytes += payload;
            long rate = schedule.rateBps()[f];
            if (rate > 0) {
                // exact over any run: carry the remainder instead of multiplying the cumulative bytes (overflow)
                long bits = wire * Time.S * 8 + rateRemainder[f];
                readyPs[f] += bits / rate;
                rateRemainder[f] = bits % rate;
            }
            if (size > 0 && sentBytes[f] == size) {
                state[f] = DONE;
                next(t, f);
            }
            if (sendRate > 0) {
                sendFreePs[h] = t + Time.serialisation(wire, sendRate);
            }
            transmit(t, hp, vl, pk, -1, h, 0);
            return;
        }
        if (successorStarted) {
            hcaSend(t, h); // a stopped flow's successor may sit earlier in the ring
        } else if (soonest != Long.MAX_VALUE) {
            wake(h, soonest);
        }
    }

    private void wake(int h, long at) {
        if (at < wakePs[h]) {
            wakePs[h] = at;
            sink.send(at, WAKE, h, portBase[h], 0);
        }
    }

    // -------------------------------------------------------------------------------------------------
    // Reading

    /** Packet transmissions completed over all links (packet-hops, the injection link included). */
    long hops() {
        return hops;
    }

    long injectedPackets() {
        return injectedPackets;
    }

    long injectedBytes() {
        return injectedBytes;
    }

    long deliveredPackets() {
        return deliveredPackets;
    }

    long deliveredBytes() {
        return deliveredTotal;
    }

    long deliveredBytes(int flow) {
        return deliveredBytes[flow];
    }

    long sentBytes(int flow) {
        return sentBytes[flow];
    }

    int packetsInFlight() {
        return pool.live();
    }

    /**
     * Checks the credit loop of every directed link and VL: credits held upstream + blocks on the cable +
     * blocks in the downstream buffer + credits travelling back = the downstream buffer size, none negative.
     *
     * @return null when it holds, else what is wrong
     */
    String creditViolation() {
        for (int o = 0; o < peer.length; o++) {
            if (peer[o] < 0) {
                continue;
            }
            for (int vl = 0; vl < vls; vl++) {
                int i = o * vls + vl;
                int down = peer[o] * vls + vl;
                long sum = (long) credits[i] + onWire[i] + occupancy[down] + creditsInFlight[i];
                if (credits[i] < 0 || onWire[i] < 0 || occupancy[down] < 0 || creditsInFlight[i] < 0
                        || sum != capacity[i]) {
                    return "port " + o + " VL " + vl + ": credits " + credits[i] + " + on wire " + onWire[i]
                            + " + buffered " + occupancy[down] + " + returning " + creditsInFlight[i] + " != "
                            + capacity[i];
                }
            }
        }
        return null;
    }

    int virtualLanes() {
        return vls;
    }
}
