package org.fabricsim.ib;

import java.util.Arrays;
import org.fabricsim.engine.EventSink;
import org.fabricsim.engine.Time;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * What every host channel adapter of the part does, struct-of-arrays (docs/PACKET_MODEL.md, "HCAs").
 *
 * <p><b>Send side.</b> Flows start, stop and hand over to their successor as the {@link FlowSchedule}
 * says. Whenever the host's port is idle (and its send-rate limit allows), its pending control packets go
 * first, then the {@link Injection} names the flow whose packet starts: the packet is cut (MTU, the last
 * one shorter), needs credits for all its blocks, and is put on the cable.
 *
 * <p><b>Receive side.</b> A data packet is taken in, in arrival order, no faster than the receive rate and
 * not before its tail has arrived; its space is then freed and credited, and the delivery reported. A
 * control packet for the host is taken at its tail's arrival and handed to its {@link ControlReceiver}.
 */
public final class Hcas {
    static final int WAITING = 0;
    static final int SENDING = 1;
    static final int DONE = 2;

    private final Topology topology;
    private final Links links;
    private final PacketPool pool;
    private final PacketObserver observer;
    private final EventSink sink;
    private final FlowSchedule schedule;
    private final int hosts;
    private final int lanes;
    private final int unit;
    private final int mtu;
    private final int overhead;
    private final long sendRate;
    private final long receiveRate;
    private final boolean streamedPacing; // D232: a paced flow's packet leaves as its bytes are made
    private final long pacingMessage; // D235: > 0, a paced flow hands over messages of this many payload bytes
    private final boolean lanePerDestination; // VOQnet: a packet travels on its destination's lane
    private Injection injection;
    private ControlReceiver control = ControlReceiver.NONE;
    private boolean controlPackets; // whether any mechanism sends control packets
    private final int[] portBase;
    private final boolean[] busy;
    private final int[] slot; // per global port: where its state is in busy and credits (Links#slot)
    private final int[] credits;

    // hosts, from hostBase: the part's window of hosts
    private final int hostBase;
    private final long[] sendFreePs;
    private final long[] receiveFreePs;
    private final long[] wakePs;
    private final int[] controlHead; // per host: control packets waiting to be sent, before any data
    private final int[] controlTail;
    public final int[] hostFlowStart;
    public final int[] hostFlows;

    // flows: whole, but for state, successor, sentBytes and sentPackets, from flowBase: the window of the flows
    // the part's hosts send
    private final int flowBase;
    public final int[] flowSrc;
    public final int[] flowDst; // a message source's is its current message's (its injection sets it)
    private final int[] flowLane;
    private final int[] successor;
    private final int[] pending; // per flow: its predecessor and receives not yet done (null: no flow waits for a receive)
    private final int[] waiterStart; // per flow (whole): the part's flows waiting for its delivery, in waiters
    private final int[] waiters;
    private final int[] state;
    private final long[] sentBytes;
    private final int[] sentPackets; // per flow: its next packet's sequence number
    private final long[] deliveredBytes;
    private boolean successorStarted;
    private boolean inSend; // choosing host's next packet: a control packet made meanwhile waits for that
    private int nextPayload;
    private int nextWire;
    private int nextBlocks;

    // conservation
    long injectedPackets;
    long injectedBytes;
    long deliveredPackets;
    long deliveredTotal;
    long controlSent;
    long controlTaken;

    Hcas(Topology topology, Links links, PacketPool pool, FlowSchedule schedule, int[] flowLane, PacketParams params,
            PacketObserver observer, EventSink sink) {
        this.topology = topology;
        this.links = links;
        this.pool = pool;
        this.observer = observer;
        this.sink = sink;
        this.schedule = schedule;
        this.hosts = topology.hostCount();
        this.lanes = links.lanes;
        this.unit = params.creditBytes();
        this.mtu = params.mtuBytes();
        this.overhead = params.overheadBytes();
        this.sendRate = params.hcaSendRateBps();
        this.streamedPacing = params.streamedPacing();
        this.pacingMessage = params.pacingMessageBytes();
        this.receiveRate = params.hcaReceiveRateBps();
        this.lanePerDestination = params.queueing() == Queueing.VOQ_NET;
        this.portBase = links.portBase;
        this.busy = links.busy;
        this.slot = links.slot;
        this.credits = links.credits;
        int n = schedule.size();
        flowSrc = schedule.flows().src();
        // a part's hosts and the flows they send are windows: its state is kept from its first to its last
        // (issue 16: a tree's part is a run of hosts, a permutation's flows follow their sources)
        int[] hw = window(hosts, links::isLocal);
        hostBase = hw[0];
        int[] fw = window(n, f -> links.isLocal(flowSrc[f]));
        flowBase = fw[0];
        sendFreePs = new long[hw[1]];
        receiveFreePs = new long[hw[1]];
        wakePs = new long[hw[1]];
        Arrays.fill(wakePs, Long.MAX_VALUE);
        controlHead = new int[hw[1]];
        controlTail = new int[hw[1]];
        Arrays.fill(controlHead, -1);
        Arrays.fill(controlTail, -1);
        flowDst = schedule.flows().dst().clone();
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
        if (flowLane.length != n) {
            throw new IllegalArgumentException("one VL per flow expected: " + flowLane.length + " for " + n
                    + " flows");
        }
        for (int f = 0; f < n; f++) {
            if (flowLane[f] < 0 || flowLane[f] >= params.virtualLanes()) {
                throw new IllegalArgumentException("flow " + f + " on VL " + flowLane[f] + " of "
                        + params.virtualLanes());
            }
        }
        this.flowLane = flowLane;
        successor = new int[fw[1]];
        Arrays.fill(successor, -1);
        for (int f = 0; f < n; f++) {
            int a = schedule.after()[f];
            if (a >= 0 && a - flowBase >= 0 && a - flowBase < fw[1]) {
                if (successor[a - flowBase] >= 0) {
                    throw new IllegalArgumentException("flow " + a + " has two successors");
                }
                successor[a - flowBase] = f;
            }
        }
        if (schedule.hasWaits()) {
            // seed 004 §IV-C: a rank's next send waits for its receives (FlowSchedule's waits)
            pending = new int[fw[1]];
            waiterStart = new int[n + 1];
            for (int g = flowBase; g < flowBase + fw[1]; g++) {
                if (links.isLocal(flowSrc[g])) {
                    pending[g - flowBase] = (schedule.after()[g] >= 0 ? 1 : 0) + schedule.waits(g);
                    for (int k = schedule.waitStart()[g]; k < schedule.waitStart()[g + 1]; k++) {
                        waiterStart[schedule.waitFlows()[k] + 1]++;
                    }
                }
            }
            for (int f = 0; f < n; f++) {
                waiterStart[f + 1] += waiterStart[f];
            }
            waiters = new int[waiterStart[n]];
            int[] next = Arrays.copyOf(waiterStart, n);
            for (int g = flowBase; g < flowBase + fw[1]; g++) {
                if (links.isLocal(flowSrc[g])) {
                    for (int k = schedule.waitStart()[g]; k < schedule.waitStart()[g + 1]; k++) {
                        waiters[next[schedule.waitFlows()[k]]++] = g;
                    }
                }
            }
        } else {
            pending = null;
            waiterStart = null;
            waiters = null;
        }
        state = new int[fw[1]];
        sentBytes = new long[fw[1]];
        sentPackets = new int[fw[1]];
        deliveredBytes = new long[n];
    }

    void mechanisms(Injection injection, ControlReceiver control, boolean controlPackets) {
        this.injection = injection;
        this.control = control;
        this.controlPackets = controlPackets;
    }

    /** Schedules the start of every flow of this part's hosts that follows no other. */
    void start() {
        for (int f = 0; f < schedule.size(); f++) {
            if (schedule.after()[f] < 0 && schedule.waits(f) == 0 && links.isLocal(flowSrc[f])) {
                int h = flowSrc[f];
                sink.send(schedule.startPs()[f], PacketNetwork.FLOW_START, h, topology.hostPort(h), f);
            }
        }
    }

    // -------------------------------------------------------------------------------------------------
    // Flows

    /** Flow {@code f}'s start time came. */
    void flowStart(long t, int h, int f) {
        if (state[f - flowBase] == WAITING) {
            activate(t, f);
        }
        send(t, h);
    }

    /** Flow {@code f}'s stop time came. */
    void flowStop(long t, int h, int f) {
        if (state[f - flowBase] == SENDING) {
            state[f - flowBase] = DONE;
            next(t, f);
        }
        send(t, h);
    }

    /** The wake-up host {@code h} asked for (a paced flow or its send-rate limit) came. */
    void wake(long t, int h) {
        if (wakePs[h - hostBase] == t) {
            wakePs[h - hostBase] = Long.MAX_VALUE;
        }
        send(t, h);
    }

    private void activate(long t, int f) {
        if (t >= schedule.stopPs()[f]) {
            state[f - flowBase] = DONE;
            next(t, f);
            return;
        }
        state[f - flowBase] = SENDING;
        injection.activated(t, f);
        long stop = schedule.stopPs()[f];
        if (stop != FlowSchedule.NEVER) {
            int h = flowSrc[f];
            sink.send(stop, PacketNetwork.FLOW_STOP, h, portBase[h], f); // the successor starts exactly then
        }
    }

    /** Flow {@code f} has handed over its last byte (or stopped): its successor may begin. */
    private void next(long t, int f) {
        int g = successor[f - flowBase];
        if (g >= 0 && (pending == null || --pending[g - flowBase] == 0)) {
            begin(t, g);
        }
    }

    /** Flow {@code f}, delivered whole to host {@code h}, was a receive that some of h's flows wait for. */
    private void received(long t, int h, int f) {
        boolean started = false;
        for (int k = waiterStart[f]; k < waiterStart[f + 1]; k++) {
            int g = waiters[k];
            // the rank's software cost per message (D236): the send begins that much after the receive
            if (--pending[g - flowBase] == 0 && begin(t, t + schedule.receiveDelayPs(), g)) {
                started = true;
            }
        }
        if (started) {
            send(t, h);
        }
    }

    /** Flow {@code g} may begin: now, or at its start time. */
    private void begin(long t, int g) {
        begin(t, t, g);
    }

    /** Flow {@code g} may begin from {@code earliest} on: now (returns true), or at that time or its start time. */
    private boolean begin(long t, long earliest, int g) {
        long at = Math.max(earliest, schedule.startPs()[g]);
        if (at <= t) {
            activate(t, g);
            return true;
        }
        int h = flowSrc[g];
        sink.send(at, PacketNetwork.FLOW_START, h, topology.hostPort(h), g);
        return false;
    }

    /**
     * Whether flow {@code f} is sending at {@code t} (for the {@link Injection}); a flow past its stop time
     * is done here, and its successor starts.
     */
    public boolean sending(long t, int f) {
        if (state[f - flowBase] != SENDING) {
            return false;
        }
        if (t >= schedule.stopPs()[f]) {
            state[f - flowBase] = DONE;
            next(t, f);
            int g = successor[f - flowBase];
            successorStarted |= g >= 0 && state[g - flowBase] == SENDING;
            return false;
        }
        return true;
    }

    /** Whether flow {@code f}'s next packet has credits for all its blocks on its lane (for the {@link Injection}). */
    public boolean hasCredits(int f) {
        long size = schedule.bytes()[f];
        return hasCredits(f, size == 0 ? mtu : (int) Math.min(mtu, size - sentBytes[f - flowBase]));
    }

    /** Whether flow {@code f}'s next packet, of {@code payload} bytes, has credits for all its blocks on its lane. */
    public boolean hasCredits(int f, int payload) {
        nextPayload = payload;
        nextWire = nextPayload + overhead;
        nextBlocks = (nextWire + unit - 1) / unit;
        return credits[slot[portBase[flowSrc[f]]] * lanes + lane(f)] >= nextBlocks;
    }

    // -------------------------------------------------------------------------------------------------
    // Send side

    /** Host {@code h} sends its next packet if its port is idle: control packets first, then data. */
    public void send(long t, int h) {
        inSend = true;
        sendNow(t, h);
        inSend = false;
    }

    private void sendNow(long t, int h) {
        int hp = portBase[h];
        if (busy[slot[hp]] || links.peer(hp) < 0) {
            return;
        }
        if (t < sendFreePs[h - hostBase]) {
            wakeAt(h, sendFreePs[h - hostBase]);
            return;
        }
        if (controlHead[h - hostBase] >= 0 && sendControl(t, h, hp)) {
            return;
        }
        successorStarted = false;
        int f = injection.next(t, h);
        if (f < 0) {
            if (successorStarted) {
                sendNow(t, h); // a stopped flow's successor may sit earlier in the ring
            } else {
                if (controlHead[h - hostBase] >= 0) {
                    sendControl(t, h, hp); // made while the flows were scanned (a set-up)
                }
                if (!busy[slot[hp]] && injection.retryPs() != Long.MAX_VALUE) {
                    wakeAt(h, injection.retryPs());
                }
            }
            return;
        }
        int payload = nextPayload;
        int wire = nextWire;
        int lane = lane(f);
        int pk = pool.data(f, sentPackets[f - flowBase]++, flowDst[f], payload, wire, nextBlocks, lane, t, 0);
        sentBytes[f - flowBase] += payload;
        injectedPackets++;
        injectedBytes += payload;
        injection.sent(t, f, wire);
        long madePs = streamedPacing ? injection.lastByteMadePs() : 0; // read before next() may send again
        long size = schedule.bytes()[f];
        if (size > 0 && sentBytes[f - flowBase] == size) {
            state[f - flowBase] = DONE;
            next(t, f);
        }
        if (sendRate > 0) {
            sendFreePs[h - hostBase] = t + Time.serialisation(wire, sendRate);
        }
        if (streamedPacing) {
            // D232: the tail leaves when the source has made it, at its flow's rate and at most at the host's
            // send rate; the port (and each output the packet cuts through) stays busy until then
            pool.setTailPs(pk, sendRate > 0 ? Math.max(madePs, sendFreePs[h - hostBase]) : madePs);
        }
        links.transmit(t, hp, lane, pk, -1, h, 0);
    }

    /** Host {@code h}'s first control packet starts if it has credits (they come back, or data would wait too). */
    private boolean sendControl(long t, int h, int hp) {
        int pk = controlHead[h - hostBase];
        PacketPool p = pool;
        if (credits[slot[hp] * lanes + p.vl(pk)] < p.blocks(pk)) {
            return false;
        }
        p.removeHead(controlHead, controlTail, h - hostBase);
        p.setInjectedPs(pk, t);
        controlSent++;
        if (sendRate > 0) {
            sendFreePs[h - hostBase] = t + Time.serialisation(p.wire(pk), sendRate);
        }
        links.transmit(t, hp, p.vl(pk), pk, -1, h, 0);
        return true;
    }

    /**
     * Host {@code h} is to send control packet {@code pk} (made by its mechanism) before its data; sent now
     * if the port is free, unless the host is choosing its next packet already (then that choice sends it).
     */
    public void originate(long t, int h, int pk) {
        pool.append(controlHead, controlTail, h - hostBase, pk);
        if (!inSend) {
            send(t, h);
        }
    }

    private void wakeAt(int h, long at) {
        if (at < wakePs[h - hostBase]) {
            wakePs[h - hostBase] = at;
            sink.send(at, PacketNetwork.WAKE, h, portBase[h], 0);
        }
    }

    // -------------------------------------------------------------------------------------------------
    // Receive side

    /** The head of packet {@code pk} reached host {@code h} at its port {@code in} (its blocks are counted). */
    void arrival(long t, int h, int in, int pk) {
        PacketPool p = pool;
        long done;
        if (!controlPackets || p.type(pk) == ControlPacket.DATA) {
            // take the packet in at most at the receive rate, in arrival order
            long start = Math.max(t, receiveFreePs[h - hostBase]);
            done = receiveRate == 0 ? Math.max(p.tailPs(pk), start)
                    : Math.max(p.tailPs(pk), start + Time.serialisation(p.wire(pk), receiveRate));
            receiveFreePs[h - hostBase] = done;
        } else {
            done = Math.max(p.tailPs(pk), t); // the adapter's own business, beside the host's receive path
        }
        sink.send(done, PacketNetwork.CONSUMED, h, in, pk);
        links.sendCredit(done + links.latency(in), in, p.vl(pk), p.blocks(pk), h); // freed at CONSUMED, known now
    }

    /** Host {@code h} has taken packet {@code pk} in from its port {@code in}. */
    void consumed(long t, int h, int in, int pk) {
        PacketPool p = pool;
        links.release(t, in, p.vl(pk), p.blocks(pk), p.wire(pk));
        if (controlPackets && p.type(pk) != ControlPacket.DATA) {
            controlTaken++;
            control.received(t, h, in, pk);
            pool.release(pk);
            return;
        }
        int f = p.flow(pk);
        if (controlPackets) {
            control.dataArrived(t, h, pk);
        }
        observer.delivered(t, f, p.dst(pk), p.wire(pk), p.injectedPs(pk), p.seq(pk));
        deliveredPackets++;
        deliveredTotal += p.payload(pk);
        deliveredBytes[f] += p.payload(pk);
        long size = schedule.bytes()[f];
        boolean awaited = false; // a receive some of h's flows wait for
        if (size > 0 && deliveredBytes[f] == size) {
            observer.flowCompleted(t, f);
            if (controlPackets) {
                control.flowDelivered(t, h, f);
            }
            awaited = waiters != null && waiterStart[f + 1] > waiterStart[f];
        }
        pool.release(pk);
        if (awaited) {
            received(t, h, f);
        }
    }

    /** The lane of flow {@code f}'s next packet: its own, or with VOQnet its (current) destination's. */
    public int lane(int f) {
        return lanePerDestination ? flowDst[f] : flowLane[f];
    }

    long sentBytes(int f) {
        int i = f - flowBase;
        return i >= 0 && i < sentBytes.length ? sentBytes[i] : 0; // another part's flow sent nothing here
    }

    /** The first host of this part's window ({@link #window}): per-host state of host h is at h - hostBase(). */
    int hostBase() {
        return hostBase;
    }

    /** Whether paced flows' sources make their bytes at the flow's rate (D232). */
    boolean streamedPacing() {
        return streamedPacing;
    }

    /** &gt; 0: paced flows hand over messages of this many payload bytes at once (D235); 0: packet by packet. */
    long pacingMessageBytes() {
        return pacingMessage;
    }

    /** Header and trailer bytes of every packet on the wire. */
    int overheadBytes() {
        return overhead;
    }

    /** The first flow of this part's window of sending flows: per-flow state of flow f is at f - flowBase(). */
    int flowBase() {
        return flowBase;
    }

    /** How many flows the window of sending flows spans. */
    int flowWindow() {
        return state.length;
    }

    /** How many hosts the part's window of hosts spans. */
    int hostWindow() {
        return sendFreePs.length;
    }

    /** Ids 0..n-1 from the first {@code own} one to the last: {first, length} ({0, 0} when none is). */
    static int[] window(int n, java.util.function.IntPredicate own) {
        int first = -1;
        int last = -1;
        for (int i = 0; i < n; i++) {
            if (own.test(i)) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        return first < 0 ? new int[] {0, 0} : new int[] {first, last - first + 1};
    }

    long deliveredBytes(int f) {
        return deliveredBytes[f];
    }
}
