package org.fabricsim.ib;

import org.fabricsim.engine.EventSink;
import org.fabricsim.engine.LogicalProcess;
import org.fabricsim.engine.Time;
import org.fabricsim.topology.Topology;

/**
 * Every directed link of the network, struct-of-arrays: its cable (the port at the far end, bandwidth,
 * propagation latency), the state of its transmitting port (busy, the packet on the cable and the input it
 * came from) and its credit loop per lane (docs/PACKET_MODEL.md, "What a credit is"): credits held by the
 * transmitter, blocks on the cable, blocks held in the receiving buffer, credits travelling back. A
 * directed link is named by its transmitting global port. Its state sits at the port's {@link #slot}: in a
 * partitioned run the ports of this part's nodes only, so that an LP's port state is its share of the
 * network's (issue 16); per lane, index {@code slot * lanes + lane}.
 *
 * <p>What crosses a cable happens here: a packet's head leaving ({@link #transmit}) and a credit going
 * back ({@link #sendCredit}), each an event after the cable's latency — to this part's queue, or through
 * the {@link Crossing} when the far end belongs to another part of a partitioned run.
 */
public final class Links {
    public final int lanes;
    private final boolean perDestination; // VOQnet: the observer sees a port's lanes as one (lane 0, their sum)
    final int dataLanes;
    // per global port, read on every event: its node and the port at its cable's far end (-1: none); the
    // topology's own arrays, not copies (issue 16: 8 bytes a port in every LP)
    private final int[] owner;
    private final int[] peer;
    public final int[] portBase; // per node: its first global port; [nodes] = port count (the topology's array too)
    final int hosts; // nodes 0 .. hosts - 1 are hosts
    // per global port: where its state is in the arrays below, -1 at another part's port; slots follow the ports'
    // order, so a node's ports have consecutive slots
    public final int[] slot;
    // per slot
    private final long[] bandwidth; // of the cable from the port, bit/s
    private final long[] latency; // of the cable from the port, ps
    final boolean[] busy;
    // per slot, a row of TX_ROW: the packet on the cable and what its end of transmission needs of it, copied
    // while its row is in the cache, so that the end does not read the packet again a serialisation later
    final int[] tx;
    static final int TX_ROW = 8;
    static final int TX_PACKET = 0;
    static final int TX_INPUT = 1; // the input it came from, -1: the node itself
    static final int TX_VL = 2;
    static final int TX_TYPE = 3;
    static final int TX_FLOW = 4;
    static final int TX_WIRE = 5;
    static final int TX_BLOCKS = 6;
    // per slot x lane
    final int[] credits;
    private final int switchBlocks; // a buffer's blocks per data lane: at a switch, at an HCA, on the control lane
    private final int hcaBlocks;
    private final int controlBlocks;
    // the credit loop's invariant bookkeeping (creditViolation), sequential runs only: a partitioned run drops them
    private int[] onWire; // blocks sent on the cable and not yet arrived
    private int[] creditsInFlight; // blocks freed downstream whose credit has not yet arrived
    final int[] occupancy; // blocks held in this (receiving) port's buffer
    final int[] occupancyBytes;
    private final int[] portBytes; // per receiving slot: bytes held over all its lanes

    private final PacketPool pool;
    private final PacketObserver observer;
    private final EventSink sink;
    // partitioned runs: which part owns each node, this part, where crossing events go
    private final int[] partOf;
    private final int part;
    private LogicalProcess local;
    private Crossing crossing;

    /**
     * {@code partOf}: the part of every node in a partitioned run (read, not copied: the run's own array, the
     * same for its LPs), this one {@code part}; null: sequential.
     */
    Links(Topology topology, PacketParams params, ControlLane control, PacketPool pool, PacketObserver observer,
            EventSink sink, int[] partOf, int part) {
        this.partOf = partOf;
        this.part = part;
        this.pool = pool;
        this.observer = observer;
        this.sink = sink;
        this.dataLanes = params.virtualLanes();
        this.perDestination = params.queueing() == Queueing.VOQ_NET;
        this.lanes = dataLanes + (control.isDedicated() ? 1 : 0);
        int ports = topology.portCount();
        hosts = topology.hostCount();
        portBase = topology.portBases();
        owner = topology.portOwners();
        peer = topology.peerPorts();
        slot = new int[ports];
        int slots = 0;
        for (int p = 0; p < ports; p++) {
            if (peer[p] >= 0 && topology.latencyPs(p) <= 0 && params.switchLatencyPs() <= 0) {
                throw new IllegalArgumentException("cable at port " + p + " has no latency: entities must"
                        + " interact over links of positive latency");
            }
            slot[p] = isLocal(owner[p]) ? slots++ : -1;
        }
        bandwidth = new long[slots];
        latency = new long[slots];
        busy = new boolean[slots];
        tx = new int[slots * TX_ROW];
        int pv = slots * lanes;
        credits = new int[pv];
        // the credit loop's bookkeeping across cables: sequential runs only (a cut cable's ends are in two parts)
        onWire = partOf == null ? new int[pv] : null;
        creditsInFlight = partOf == null ? new int[pv] : null;
        occupancy = new int[pv];
        occupancyBytes = new int[pv];
        portBytes = new int[slots];
        int unit = params.creditBytes();
        switchBlocks = params.bufferBytes() / unit;
        hcaBlocks = params.hcaBufferBytes() / unit;
        controlBlocks = control.bufferBytes() / unit;
        for (int p = 0; p < ports; p++) {
            int sp = slot[p];
            if (sp < 0) {
                continue;
            }
            bandwidth[sp] = topology.bandwidthBps(p);
            latency[sp] = topology.latencyPs(p);
            for (int lane = 0; peer[p] >= 0 && lane < lanes; lane++) {
                credits[sp * lanes + lane] = capacity(peer[p], lane);
            }
        }
    }

    /** Where the crossing events of a partitioned run go ({@link PacketNetwork#partition}). */
    void crossing(LogicalProcess local, Crossing crossing) {
        this.local = local;
        this.crossing = crossing;
    }

    /** Blocks of the buffer of receiving port {@code in} on {@code lane}: what the credits across its cable add up to. */
    int capacity(int in, int lane) {
        return lane >= dataLanes ? controlBlocks : owner(in) < hosts ? hcaBlocks : switchBlocks;
    }

    /** Whether {@code node} is this part's (every node in a sequential run). */
    boolean isLocal(int node) {
        return partOf == null || partOf[node] == part;
    }

    /**
     * Whether port {@code p}'s node is this part's. A sequential run does not look up the owner: the look-up is a
     * load from a per-port array on every hop, which the JIT keeps for its bounds check (issue 36).
     */
    private boolean isLocalPort(int p) {
        return partOf == null || partOf[owner[p]] == part;
    }

    /** Ports of {@code node}. */
    int ports(int node) {
        return portBase[node + 1] - portBase[node];
    }

    /** This part's ports: the length of the arrays per slot. */
    int slots() {
        return busy.length;
    }

    /** Global ports of the network. */
    public int portCount() {
        return portBase[portBase.length - 1];
    }

    /** The node of port {@code p}. */
    public int owner(int p) {
        return owner[p];
    }

    /** The port at the far end of port {@code p}'s cable, -1 if it has none. */
    public int peer(int p) {
        return peer[p];
    }

    /** The propagation latency of the cable from this part's port {@code p}, ps. */
    long latency(int p) {
        return latency[slot[p]];
    }

    /** A credit for {@code blocks} on {@code lane} reached transmitting port {@code o}. */
    void creditArrived(int o, int lane, int blocks) {
        int i = slot[o] * lanes + lane;
        credits[i] += blocks;
        if (partOf == null) {
            creditsInFlight[i] -= blocks; // invariant bookkeeping across the cable: sequential runs only
        }
        if (credits[i] > capacity(peer(o), lane)) {
            throw new IllegalStateException("port " + o + " VL " + lane + ": " + credits[i] + " credits exceed the "
                    + capacity(peer(o), lane) + " blocks of the buffer downstream");
        }
    }

    /** The lane the observer is told of: with VOQnet's lane per destination, one (0) for the whole port. */
    int reportedLane(int lane) {
        return perDestination && lane < dataLanes ? 0 : lane;
    }

    /** The head of packet {@code pk} reached receiving port {@code in}: its blocks now fill the buffer. */
    void headArrived(long t, int in, int pk) {
        PacketPool p = pool;
        int lane = p.vl(pk);
        int b = p.blocks(pk);
        if (partOf == null) {
            onWire[peer(in) * lanes + lane] -= b; // invariant bookkeeping across the cable: sequential runs only
        }
        int s = slot[in];
        int i = s * lanes + lane;
        occupancy[i] += b;
        occupancyBytes[i] += p.wire(pk);
        portBytes[s] += p.wire(pk);
        if (occupancy[i] > capacity(in, lane)) {
            throw new IllegalStateException("port " + in + " VL " + lane + " buffer overrun: " + occupancy[i]
                    + " blocks");
        }
        if (lane < dataLanes) {
            observer.bufferOccupancy(t, in, reportedLane(lane), perDestination ? portBytes[s] : occupancyBytes[i]);
        }
    }

    /**
     * Frees a packet's space in the buffer of receiving port {@code in}; its credit, sent when this moment
     * became known, is now on its way upstream.
     */
    void release(long t, int in, int lane, int blocks, int wire) {
        int s = slot[in];
        int i = s * lanes + lane;
        occupancy[i] -= blocks;
        occupancyBytes[i] -= wire;
        portBytes[s] -= wire;
        if (lane < dataLanes) {
            observer.bufferOccupancy(t, in, reportedLane(lane), perDestination ? portBytes[s] : occupancyBytes[i]);
        }
        if (partOf == null) {
            creditsInFlight[peer(in) * lanes + lane] += blocks; // invariant bookkeeping: sequential runs only
        }
    }

    /**
     * Sends upstream the credit for {@code blocks} on {@code lane} that receiving port {@code in} returns
     * when the packet's space is freed, to arrive at {@code arrivalPs} (the freeing time plus the cable
     * latency). The freeing time is fixed as soon as the packet starts onward (its end of transmission) or,
     * at an HCA, as soon as its head arrives (its consumption), so the credit is sent then rather than when
     * the space is freed: it arrives at the same time, and a credit crossing a cut gives the neighbour a
     * lookahead of the shortest packet's serialisation plus the cable instead of the cable alone
     * (docs/DISTRIBUTED.md). Credits of one source for one port keep their order, so the event order is
     * unchanged.
     */
    void sendCredit(long arrivalPs, int in, int lane, int blocks, int node) {
        int up = peer(in);
        long payload = ((long) lane << 32) | blocks;
        if (isLocalPort(up)) {
            sink.send(arrivalPs, PacketNetwork.CREDIT, node, up, payload);
        } else {
            crossing.credit(partOf[owner(up)], arrivalPs, local.tie(PacketNetwork.CREDIT, node), up, payload);
        }
    }

    // the last serialisation computed: most packets are a full MTU on links of one rate, and the 64-bit division
    // behind each is a sizeable part of a hop's work (issue 36)
    private int memoWire = -1;
    private long memoBandwidth;
    private long memoPs;

    /** How long output {@code o} takes to send {@code wire} bytes. */
    long serialisation(int o, int wire) {
        return serialisation(wire, bandwidth[slot[o]]);
    }

    /** {@link Time#serialisation} of {@code wire} bytes at {@code bandwidth}, the last one remembered. */
    private long serialisation(int wire, long bandwidth) {
        if (wire != memoWire || bandwidth != memoBandwidth) {
            memoPs = Time.serialisation(wire, bandwidth);
            memoWire = wire;
            memoBandwidth = bandwidth;
        }
        return memoPs;
    }

    /**
     * Puts packet {@code pk} on the cable of output {@code o} from input {@code in} (-1: from the node itself):
     * spends its credits, keeps the output busy until its end of transmission, sends the input's credit and
     * the packet's head, which arrives {@code extraLatency} (the switch's) plus the cable's latency later.
     */
    void transmit(long t, int o, int lane, int pk, int in, int node, long extraLatency) {
        PacketPool p = pool;
        int b = p.blocks(pk);
        int s = slot[o];
        int i = s * lanes + lane;
        credits[i] -= b;
        if (partOf == null) {
            onWire[i] += b; // invariant bookkeeping across the cable: sequential runs only
        }
        int wire = p.wire(pk);
        long end = Math.max(t + serialisation(wire, bandwidth[s]), p.tailPs(pk));
        long lat = latency[s] + extraLatency;
        busy[s] = true;
        int r = s * TX_ROW;
        tx[r + TX_PACKET] = pk;
        tx[r + TX_INPUT] = in;
        tx[r + TX_VL] = p.vl(pk);
        tx[r + TX_TYPE] = p.type(pk);
        tx[r + TX_FLOW] = p.flow(pk);
        tx[r + TX_WIRE] = wire;
        tx[r + TX_BLOCKS] = b;
        p.setTailPs(pk, end + lat);
        sink.send(end, PacketNetwork.TX_DONE, node, o, pk);
        if (in >= 0) {
            // the input's space is freed at TX_DONE, known now: its credit is sent now (see sendCredit)
            sendCredit(end + latency(in), in, lane, b, node);
        }
        int down = peer(o);
        if (isLocalPort(down)) {
            sink.send(t + lat, PacketNetwork.ARRIVAL, node, down, pk);
        } else {
            // across the cut the packet's fields travel with the event; this part's copy is freed at TX_DONE
            crossing.packet(partOf[owner(down)], t + lat, local.tie(PacketNetwork.ARRIVAL, node), down,
                    p.word0(pk), p.word1(pk), p.word2(pk), p.injectedPs(pk), p.tailPs(pk), p.word5(pk));
        }
    }

    /** The transmission of packet {@code pk} on output {@code o} ended: if it went to another part, its copy here is freed. */
    void leftPart(int o, int pk) {
        if (partOf != null && !isLocalPort(peer(o))) { // tested first: a sequential run loads no peer either
            pool.release(pk);
        }
    }

    /**
     * Checks the credit loop of every directed link and lane: credits held upstream + blocks on the cable +
     * blocks in the downstream buffer + credits travelling back = the downstream buffer size, none negative.
     *
     * @return null when it holds, else what is wrong
     */
    String creditViolation() {
        if (partOf != null) {
            throw new IllegalStateException("the credit loop is checked in sequential runs only");
        }
        for (int o = 0; o < portCount(); o++) {
            if (peer(o) < 0) {
                continue;
            }
            for (int lane = 0; lane < lanes; lane++) {
                int i = o * lanes + lane; // sequential: every port's slot is the port
                int down = peer(o) * lanes + lane;
                int capacity = capacity(peer(o), lane);
                long sum = (long) credits[i] + onWire[i] + occupancy[down] + creditsInFlight[i];
                if (credits[i] < 0 || onWire[i] < 0 || occupancy[down] < 0 || creditsInFlight[i] < 0
                        || sum != capacity) {
                    return "port " + o + " VL " + lane + ": credits " + credits[i] + " + on wire " + onWire[i]
                            + " + buffered " + occupancy[down] + " + returning " + creditsInFlight[i] + " != "
                            + capacity;
                }
            }
        }
        return null;
    }
}
