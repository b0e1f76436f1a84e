package org.fabricsim.ratecontrol;

import java.util.Arrays;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.engine.HeapEventQueue;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.topology.Topology;

/**
 * The network of special packets a distributed rate protocol runs on (seed 003 §4.0, Table 6.2; spec §6.9). A
 * flow's control packet leaves its source over the injection link, crosses its flow's path — at each switch a
 * routing delay, then its output port's processor (one packet after another, {@link ControlTiming}), where the
 * protocol's link operation runs, then the link (serialisation, propagation) — and at the destination turns
 * back to the source along the default path (the forwarding tables' route), processed at every hop but
 * changing no link state. Round broadcasts flood from an HCA, processed per switch input.
 *
 * <p>Data is absent on purpose: under Table 6.2 special packets preempt data, so data never delays them and
 * the protocols' timing is that of this plane alone (docs/DECISIONS.md D164). One sequential model, never
 * partitioned: events tie on a creation counter.
 */
final class ControlPlane {
    private static final int ARRIVE = 0;
    private static final int PROCESSED = 1;
    private static final int TIMER = 2;
    private static final int BROADCAST_ARRIVE = 3;
    private static final int BROADCAST_PROCESSED = 4;
    private static final int START = 5;
    private static final int MESSAGE_ARRIVE = 6;
    private static final int MESSAGE_PROCESSED = 7;
    private static final int KINDS = 8;

    private final Topology topology;
    private final FlowRoutes forward;
    private final FlowRoutes back;
    private final ControlTiming timing;
    private final long controlSerialisationPs;
    private final long broadcastSerialisationPs;
    private final EventQueue queue = new HeapEventQueue(4);
    private final long[] processorFree; // per output port: its control packets' processor
    private final long[] inputFree; // per input port (the peer's global port): its broadcasts' processor
    private final long[] linkFree;
    private final int[] flowSrc;
    private final int[] hostFlowStart; // a host's flows: hostFlows[hostFlowStart[h] .. hostFlowStart[h + 1])
    private final int[] hostFlows;
    private RateProtocol protocol;
    private long tie;
    private long now;
    private long controlPackets;
    private long controlHops;
    private long broadcastHops;
    private long messageHops;

    // control packets, struct of arrays; ids are reused through a free list
    private int[] flow = new int[64];
    private int[] op = new int[64];
    private int[] hop = new int[64];
    private int[] round = new int[64];
    private boolean[] returning = new boolean[64];
    private boolean[] flag = new boolean[64];
    private double[] a = new double[64];
    private double[] b = new double[64];
    private double[] c = new double[64];
    private long[] processing = new long[64]; // element messages: the receiver's processing time
    private int[] free = new int[64];
    private int freeCount;
    private int allocated;

    /**
     * @param forward each flow's path (global transmit ports from its source's host port on)
     * @param back each flow's default path from its destination back to its source
     */
    ControlPlane(Topology topology, FlowRoutes forward, FlowRoutes back, int[] flowSrc, ControlTiming timing) {
        if (forward.flows() != back.flows() || forward.flows() != flowSrc.length) {
            throw new IllegalArgumentException("paths and flows differ in number");
        }
        this.topology = topology;
        this.forward = forward;
        this.back = back;
        this.flowSrc = flowSrc;
        this.timing = timing;
        this.controlSerialisationPs = timing.serialisationPs(timing.controlBytes());
        this.broadcastSerialisationPs = timing.serialisationPs(timing.broadcastBytes());
        int hosts = topology.hostCount();
        hostFlowStart = new int[hosts + 1];
        for (int src : flowSrc) {
            hostFlowStart[src + 1]++;
        }
        for (int h = 0; h < hosts; h++) {
            hostFlowStart[h + 1] += hostFlowStart[h];
        }
        hostFlows = new int[flowSrc.length];
        int[] at = Arrays.copyOf(hostFlowStart, hosts);
        for (int f = 0; f < flowSrc.length; f++) {
            hostFlows[at[flowSrc[f]]++] = f;
        }
        int ports = topology.portCount();
        processorFree = new long[ports];
        inputFree = new long[ports];
        linkFree = new long[ports];
    }

    void protocol(RateProtocol p) {
        this.protocol = p;
    }

    Topology topology() {
        return topology;
    }

    ControlTiming timing() {
        return timing;
    }

    FlowRoutes paths() {
        return forward;
    }

    int flows() {
        return forward.flows();
    }

    /**
     * Flow {@code f}'s control packet's round trip with no other packet about: every link's serialisation and
     * propagation, every switch's routing and processing, both ways — the "propagation" part of a probe's
     * delay in seed 003 §4.1.2, queueing left out.
     */
    long idleRoundTripPs(int f) {
        int there = forward.length(f);
        int back = this.back.length(f);
        int switches = Math.max(0, there - 1) + Math.max(0, back - 1);
        return (long) (there + back) * (controlSerialisationPs + timing.propagationPs())
                + switches * (timing.routingPs() + timing.controlProcessingPs());
    }

    int source(int f) {
        return flowSrc[f];
    }

    /** Host {@code h}'s flows are {@code hostFlow(i)} for i in [firstFlow(h), firstFlow(h + 1)). */
    int firstFlow(int h) {
        return hostFlowStart[h];
    }

    int hostFlow(int i) {
        return hostFlows[i];
    }

    long now() {
        return now;
    }

    // ----------------------------------------------------------------------------------------------------
    // packets

    /** A new control packet of flow {@code f} doing operation {@code operation} at every link. */
    int packet(int f, int operation) {
        int pk;
        if (freeCount > 0) {
            pk = free[--freeCount];
        } else {
            pk = allocated++;
            if (pk == flow.length) {
                grow();
            }
        }
        flow[pk] = f;
        op[pk] = operation;
        hop[pk] = 0;
        round[pk] = 0;
        returning[pk] = false;
        flag[pk] = false;
        a[pk] = 0;
        b[pk] = 0;
        c[pk] = 0;
        return pk;
    }

    private void grow() {
        int n = flow.length * 2;
        flow = Arrays.copyOf(flow, n);
        op = Arrays.copyOf(op, n);
        hop = Arrays.copyOf(hop, n);
        round = Arrays.copyOf(round, n);
        returning = Arrays.copyOf(returning, n);
        flag = Arrays.copyOf(flag, n);
        a = Arrays.copyOf(a, n);
        b = Arrays.copyOf(b, n);
        c = Arrays.copyOf(c, n);
        processing = Arrays.copyOf(processing, n);
        free = Arrays.copyOf(free, n);
    }

    private void release(int pk) {
        free[freeCount++] = pk;
    }

    int flow(int pk) {
        return flow[pk];
    }

    int op(int pk) {
        return op[pk];
    }

    int round(int pk) {
        return round[pk];
    }

    void round(int pk, int r) {
        round[pk] = r;
    }

    boolean flag(int pk) {
        return flag[pk];
    }

    void flag(int pk, boolean v) {
        flag[pk] = v;
    }

    double a(int pk) {
        return a[pk];
    }

    double b(int pk) {
        return b[pk];
    }

    double c(int pk) {
        return c[pk];
    }

    void a(int pk, double v) {
        a[pk] = v;
    }

    void b(int pk, double v) {
        b[pk] = v;
    }

    void c(int pk, double v) {
        c[pk] = v;
    }

    // ----------------------------------------------------------------------------------------------------
    // sending and timers

    /** The source sends {@code pk} at {@code t}: its injection link's operation runs at once (the HCA's own). */
    void send(long t, int pk) {
        controlPackets++;
        int f = flow[pk];
        int link = forward.links()[forward.start()[f]];
        protocol.atLink(pk, link);
        transmit(t, link, pk, controlSerialisationPs, ARRIVE);
    }

    /** Flow {@code f}'s timer {@code kind} fires at {@code t}. */
    void schedule(long t, int f, int kind) {
        push(t, f, TIMER + KINDS * (long) kind);
    }

    /** Flow {@code f} starts at {@code t} ({@link RateProtocol#start}). */
    void startAt(long t, int f) {
        push(t, f, START);
    }

    /** Host {@code host} sends round broadcast {@code pk} to its switch. */
    void broadcast(long t, int host, int pk) {
        transmit(t, topology.hostPort(host), pk, broadcastSerialisationPs, BROADCAST_ARRIVE);
    }

    /**
     * Element {@code owner(port)} sends {@code pk} to its neighbour over {@code port} (a wave of DAFA's PIF, a
     * trigger): a switch takes it after the routing delay and {@code processingPs} of its input port's processor,
     * one after another; a host at once. Then {@link RateProtocol#message}.
     */
    void message(long t, int port, int pk, long processingPs) {
        processing[pk] = processingPs;
        transmit(t, port, pk, controlSerialisationPs, MESSAGE_ARRIVE);
    }

    private void transmit(long t, int link, int pk, long serialisation, int arrive) {
        long start = Math.max(t, linkFree[link]);
        linkFree[link] = start + serialisation;
        // the packet remembers the link it crossed in hop (broadcasts) or its path index (control packets)
        push(start + serialisation + timing.propagationPs(), pk, arrive + KINDS * (long) link);
    }

    private void push(long t, int target, long payload) {
        queue.push(t, tie++, target, payload);
    }

    // ----------------------------------------------------------------------------------------------------
    // the event loop

    /** Runs every event up to and including {@code endPs}; returns whether events remain after it. */
    boolean runUntil(long endPs) {
        while (!queue.isEmpty() && queue.peekTime() <= endPs) {
            queue.pop();
            now = queue.time();
            int target = queue.target();
            long payload = queue.payload();
            int kind = (int) (payload % KINDS);
            int arg = (int) (payload / KINDS);
            switch (kind) {
                case START -> protocol.start(now, target);
                case TIMER -> protocol.timer(now, target, arg);
                case ARRIVE -> arrive(target, arg);
                case PROCESSED -> processed(target, arg);
                case BROADCAST_ARRIVE -> broadcastArrive(target, arg);
                case BROADCAST_PROCESSED -> broadcastProcessed(target, arg);
                case MESSAGE_ARRIVE -> messageArrive(target, arg);
                case MESSAGE_PROCESSED -> protocol.message(now, topology.owner(arg), arg, target);
                default -> throw new IllegalStateException("event kind " + kind);
            }
        }
        return !queue.isEmpty();
    }

    private FlowRoutes path(int pk) {
        return returning[pk] ? back : forward;
    }

    /** Control packet {@code pk} crossed {@code link}. */
    private void arrive(int pk, int link) {
        controlHops++;
        int node = topology.peerNode(link);
        int f = flow[pk];
        if (topology.isHost(node)) {
            if (!returning[pk]) {
                if (!protocol.arrived(now, pk, node)) {
                    release(pk);
                    return;
                }
                // at the destination: back to the source on the default path, no link state touched (§4.0)
                returning[pk] = true;
                hop[pk] = 0;
                transmit(now, back.links()[back.start()[f]], pk, controlSerialisationPs, ARRIVE);
            } else {
                protocol.returned(now, pk);
                release(pk);
            }
            return;
        }
        FlowRoutes p = path(pk);
        int out = p.links()[p.start()[f] + ++hop[pk]];
        long start = Math.max(now + timing.routingPs(), processorFree[out]);
        processorFree[out] = start + timing.controlProcessingPs();
        push(processorFree[out], pk, PROCESSED + KINDS * (long) out);
    }

    /** Output port {@code out}'s processor is done with {@code pk}: the link operation, then the link. */
    private void processed(int pk, int out) {
        if (!returning[pk]) {
            protocol.atLink(pk, out);
        }
        transmit(now, out, pk, controlSerialisationPs, ARRIVE);
    }

    private void broadcastArrive(int pk, int link) {
        broadcastHops++;
        int node = topology.peerNode(link);
        if (topology.isHost(node)) {
            protocol.broadcastAtHost(now, node, pk);
            release(pk);
            return;
        }
        int in = topology.peerPort(link);
        long start = Math.max(now + timing.routingPs(), inputFree[in]);
        inputFree[in] = start + timing.broadcastProcessingPs();
        push(inputFree[in], pk, BROADCAST_PROCESSED + KINDS * (long) in);
    }

    private void broadcastProcessed(int pk, int in) {
        int node = topology.owner(in);
        if (protocol.broadcastAtSwitch(now, node, pk)) {
            int first = topology.port(node, 0);
            for (int i = 0; i < topology.ports(node); i++) {
                int port = first + i;
                if (port != in && topology.isConnected(port)) {
                    int copy = packet(flow[pk], op[pk]);
                    round[copy] = round[pk];
                    transmit(now, port, copy, broadcastSerialisationPs, BROADCAST_ARRIVE);
                }
            }
        }
        release(pk);
    }

    private void messageArrive(int pk, int link) {
        messageHops++;
        int in = topology.peerPort(link);
        if (topology.isHost(topology.owner(in))) {
            protocol.message(now, topology.owner(in), in, pk);
            return;
        }
        long start = Math.max(now + timing.routingPs(), inputFree[in]);
        inputFree[in] = start + processing[pk];
        push(inputFree[in], pk, MESSAGE_PROCESSED + KINDS * (long) in);
    }

    /** Releases a packet a protocol has done with (element messages are the protocol's to release). */
    void done(int pk) {
        release(pk);
    }

    /** Link crossings of element messages. */
    long messageHops() {
        return messageHops;
    }

    /** Control packets the sources sent. */
    long controlPackets() {
        return controlPackets;
    }

    /** Link crossings of control packets, both ways. */
    long controlHops() {
        return controlHops;
    }

    /** Link crossings of round broadcasts. */
    long broadcastHops() {
        return broadcastHops;
    }
}
