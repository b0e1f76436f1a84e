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
 * directed link is named by its transmitting global port; per lane, index {@code port * lanes + lane}.
 *
 * <p>What crosses a cable happens here: a packet's head leaving ({@link #transmit}) and a credit going
 * back ({@link #sendCredit}), each an event after the cable's latency — to this part's queue, or through
 * the {@link Crossing} when the far end belongs to another part of a partitioned run.
 */
final class Links {
    final int lanes;
    private final boolean perDestination; // VOQnet: the observer sees a port's lanes as one (lane 0, their sum)
    final int dataLanes;
    private final Topology topology; // the cables: each port's node, far end, bandwidth, latency (not copied, issue 16)
    final int[] portBase; // per node: its first global port; [nodes] = port count
    final int hosts; // nodes 0 .. hosts - 1 are hosts
    final boolean[] busy;
    final int[] txPacket;
    final int[] txInput;
    // per port x lane
    final int[] credits;
    final int[] capacity;
    // the credit loop's invariant bookkeeping (creditViolation), sequential runs only: a partitioned run drops them
    private int[] onWire; // blocks sent on the cable and not yet arrived
    private int[] creditsInFlight; // blocks freed downstream whose credit has not yet arrived
    final int[] occupancy; // blocks held in this (receiving) port's buffer
    final int[] occupancyBytes;
    private final int[] portBytes; // per receiving port: bytes held over all its lanes

    private final PacketPool pool;
    private final PacketObserver observer;
    private final EventSink sink;
    // partitioned runs: which part owns each node, this part, where crossing events go
    private int[] partOf;
    private int part;
    private LogicalProcess local;
    private Crossing crossing;

    Links(Topology topology, PacketParams params, ControlLane control, PacketPool pool, PacketObserver observer,
            EventSink sink) {
        this.pool = pool;
        this.observer = observer;
        this.sink = sink;
        this.dataLanes = params.virtualLanes();
        this.perDestination = params.queueing() == Queueing.VOQ_NET;
        this.lanes = dataLanes + (control.isDedicated() ? 1 : 0);
        int nodes = topology.nodeCount();
        int ports = topology.portCount();
        hosts = topology.hostCount();
        portBase = new int[nodes + 1];
        for (int v = 0; v < nodes; v++) {
            portBase[v] = topology.port(v, 0);
        }
        portBase[nodes] = ports;
        this.topology = topology;
        for (int p = 0; p < ports; p++) {
            if (topology.isConnected(p)) {
                if (topology.latencyPs(p) <= 0 && params.switchLatencyPs() <= 0) {
                    throw new IllegalArgumentException("cable at port " + p + " has no latency: entities must"
                            + " interact over links of positive latency");
                }
            }
        }
        busy = new boolean[ports];
        txPacket = new int[ports];
        txInput = new int[ports];
        int pv = ports * lanes;
        credits = new int[pv];
        capacity = new int[pv];
        onWire = new int[pv];
        creditsInFlight = new int[pv];
        occupancy = new int[pv];
        occupancyBytes = new int[pv];
        portBytes = new int[ports];
        int unit = params.creditBytes();
        int switchBlocks = params.bufferBytes() / unit;
        int hcaBlocks = params.hcaBufferBytes() / unit;
        int controlBlocks = control.bufferBytes() / unit;
        for (int p = 0; p < ports; p++) {
            if (peer(p) < 0) {
                continue;
            }
            int blocks = topology.isHost(owner(peer(p))) ? hcaBlocks : switchBlocks;
            for (int lane = 0; lane < lanes; lane++) {
                int b = lane < dataLanes ? blocks : controlBlocks;
                capacity[p * lanes + lane] = b;
                credits[p * lanes + lane] = b;
            }
        }
    }

    /** See {@link PacketNetwork#partition}. */
    void partition(int[] partOf, int part, LogicalProcess local, Crossing crossing) {
        this.partOf = partOf.clone();
        this.part = part;
        this.onWire = null; // a cable across the cut has its two ends in different parts
        this.creditsInFlight = null;
        this.local = local;
        this.crossing = crossing;
    }

    boolean isLocal(int node) {
        return partOf == null || partOf[node] == part;
    }

    /** Ports of {@code node}. */
    int ports(int node) {
        return portBase[node + 1] - portBase[node];
    }

    /** Global ports of the network. */
    int portCount() {
        return portBase[portBase.length - 1];
    }

    /** The node of port {@code p}. */
    int owner(int p) {
        return topology.owner(p);
    }

    /** The port at the far end of port {@code p}'s cable, -1 if it has none. */
    int peer(int p) {
        return topology.peerPort(p);
    }

    /** The bandwidth of the cable from port {@code p}, bits per second. */
    long bandwidth(int p) {
        return topology.bandwidthBps(p);
    }

    /** The propagation latency of the cable from port {@code p}, ps. */
    long latency(int p) {
        return topology.latencyPs(p);
    }

    /** A credit for {@code blocks} on {@code lane} reached transmitting port {@code o}. */
    void creditArrived(int o, int lane, int blocks) {
        int i = o * lanes + lane;
        credits[i] += blocks;
        if (partOf == null) {
            creditsInFlight[i] -= blocks; // invariant bookkeeping across the cable: sequential runs only
        }
        if (credits[i] > capacity[i]) {
            throw new IllegalStateException("port " + o + " VL " + lane + ": " + credits[i] + " credits exceed the "
                    + capacity[i] + " blocks of the buffer downstream");
        }
    }

    /** The lane the observer is told of: with VOQnet's lane per destination, one (0) for the whole port. */
    int reportedLane(int lane) {
        return perDestination && lane < dataLanes ? 0 : lane;
    }

    /** The head of packet {@code pk} reached receiving port {@code in}: its blocks now fill the buffer. */
    void headArrived(long t, int in, int pk) {
        PacketPool p = pool;
        int lane = p.vl[pk];
        int b = p.blocks[pk];
        int up = peer(in);
        if (partOf == null) {
            onWire[up * lanes + lane] -= b; // invariant bookkeeping across the cable: sequential runs only
        }
        int i = in * lanes + lane;
        occupancy[i] += b;
        occupancyBytes[i] += p.wire[pk];
        portBytes[in] += p.wire[pk];
        if (occupancy[i] > capacity[up * lanes + lane]) {
            throw new IllegalStateException("port " + in + " VL " + lane + " buffer overrun: " + occupancy[i]
                    + " blocks");
        }
        if (lane < dataLanes) {
            observer.bufferOccupancy(t, in, reportedLane(lane), perDestination ? portBytes[in] : occupancyBytes[i]);
        }
    }

    /**
     * Frees a packet's space in the buffer of receiving port {@code in}; its credit, sent when this moment
     * became known, is now on its way upstream.
     */
    void release(long t, int in, int lane, int blocks, int wire) {
        int i = in * lanes + lane;
        occupancy[i] -= blocks;
        occupancyBytes[i] -= wire;
        portBytes[in] -= wire;
        if (lane < dataLanes) {
            observer.bufferOccupancy(t, in, reportedLane(lane), perDestination ? portBytes[in] : occupancyBytes[i]);
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
        if (isLocal(owner(up))) {
            sink.send(arrivalPs, PacketNetwork.CREDIT, node, up, payload);
        } else {
            crossing.credit(partOf[owner(up)], arrivalPs, local.tie(PacketNetwork.CREDIT, node), up, payload);
        }
    }

    /**
     * Puts packet {@code pk} on the cable of output {@code o} from input {@code in} (-1: from the node itself):
     * spends its credits, keeps the output busy until its end of transmission, sends the input's credit and
     * the packet's head, which arrives {@code extraLatency} (the switch's) plus the cable's latency later.
     */
    void transmit(long t, int o, int lane, int pk, int in, int node, long extraLatency) {
        PacketPool p = pool;
        int b = p.blocks[pk];
        int i = o * lanes + lane;
        credits[i] -= b;
        if (partOf == null) {
            onWire[i] += b; // invariant bookkeeping across the cable: sequential runs only
        }
        long end = Math.max(t + Time.serialisation(p.wire[pk], bandwidth(o)), p.tailPs[pk]);
        long lat = latency(o) + extraLatency;
        busy[o] = true;
        txPacket[o] = pk;
        txInput[o] = in;
        p.tailPs[pk] = end + lat;
        sink.send(end, PacketNetwork.TX_DONE, node, o, pk);
        if (in >= 0) {
            // the input's space is freed at TX_DONE, known now: its credit is sent now (see sendCredit)
            sendCredit(end + latency(in), in, lane, b, node);
        }
        int down = peer(o);
        if (isLocal(owner(down))) {
            sink.send(t + lat, PacketNetwork.ARRIVAL, node, down, pk);
        } else {
            // across the cut the packet's fields travel with the event; this part's copy is freed at TX_DONE
            crossing.packet(partOf[owner(down)], t + lat, local.tie(PacketNetwork.ARRIVAL, node), down,
                    p.word0(pk), p.word1(pk), p.word2(pk), p.injectedPs[pk], p.tailPs[pk], p.word5(pk));
        }
    }

    /** The transmission of packet {@code pk} on output {@code o} ended: if it went to another part, its copy here is freed. */
    void leftPart(int o, int pk) {
        if (!isLocal(owner(peer(o)))) {
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
                int i = o * lanes + lane;
                int down = peer(o) * lanes + lane;
                long sum = (long) credits[i] + onWire[i] + occupancy[down] + creditsInFlight[i];
                if (credits[i] < 0 || onWire[i] < 0 || occupancy[down] < 0 || creditsInFlight[i] < 0
                        || sum != capacity[i]) {
                    return "port " + o + " VL " + lane + ": credits " + credits[i] + " + on wire " + onWire[i]
                            + " + buffered " + occupancy[down] + " + returning " + creditsInFlight[i] + " != "
                            + capacity[i];
                }
            }
        }
        return null;
    }
}
