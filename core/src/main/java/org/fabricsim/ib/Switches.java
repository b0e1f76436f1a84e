package org.fabricsim.ib;

import java.util.Arrays;
import org.fabricsim.engine.EventSink;

/**
 * What every switch of the part does, struct-of-arrays (docs/PACKET_MODEL.md, "Switches" and "What an
 * arbitration cycle is"): a packet's head arrives at an input, the switch's {@link Routing} names its
 * output, {@link Marking} sees it queued, it waits in the {@link InputQueues}; an idle output with credits
 * picks a lane ({@link VlArbiter}) and an input (round-robin or FCFS) and starts the packet onward; when
 * the packet has left, the input's space is freed. Control packets the switch sends itself (an adaptation
 * request) wait in the output's own queue and go before the inputs' packets on their lane; control packets
 * addressed to the switch are taken at their tail's arrival and handed to its {@link ControlReceiver}.
 *
 * <p>The switch sees only its own state: its queues, the credits its outputs hold, its timers. Whenever an
 * output may be able to send it is put on a work list, which {@link #drain} serves at the end of the event.
 */
public final class Switches implements SwitchView {
    private final Links links;
    private final InputQueues queues;
    private final PacketPool pool;
    private final EventSink sink;
    private final VlArbiter vlArbiter;
    private Routing routing;
    private Marking marking = Marking.NONE;
    private ControlReceiver control = ControlReceiver.NONE;
    private Isolation isolation; // congested-flow isolation's hot queues; null: none
    private boolean isolates;
    // the static model's hot path skips what no mechanism uses
    private boolean marks;
    private final boolean controlPackets;
    private final int lanes;
    private final int minBlocks; // credit blocks of the smallest packet
    private final int readLimit;
    private final boolean fcfs;
    private final boolean rateMatched; // D229: no cut-through into a faster output before the tail is near
    private final long switchLatency;
    // the cables' arrays, read on every arbitration
    private final int[] portBase;
    private final int[] slot; // per global port: where its state is (Links#slot)
    private final int[] credits;
    private final boolean[] busy;
    private final int[] reads; // per input port: packets being read from it
    // iSlip's grant pointer in event time (arbitration islip, finite read ports; D161): an output passed over an
    // input busy reading for another output on its turn claims the input's next free read slot; others leave it
    private final boolean claims;
    private final int[] claimBy; // per input port: the output that claimed it, -1 none
    private final int[] claimOf; // per output x lane: the input it claimed, -1 none
    private final int[] passIn; // per output x lane: the busy input it passed over last on its turn
    private final int[] passCount; // and how many times in a row
    private static final int PASSES_BEFORE_CLAIM = 2;
    private final int[] rr; // per output x lane: the local input served last
    private final int[] originHead; // per output x lane: control packets the switch sends itself
    private final int[] originTail;
    // work list of outputs to try
    private final int[] pendingOutputs;
    private final boolean[] pendingFlag;
    private int pendingCount;
    private int chosenPacket;
    private int chosenInput;
    private int chosenHot; // the hot queue the chosen packet heads; -1: a normal queue
    private int chosenSlot; // with hot queues: the (input, queue) slot served, for the round-robin

    Switches(Links links, InputQueues queues, PacketPool pool, PacketParams params, int minBlocks,
            boolean controlPackets, EventSink sink) {
        this.controlPackets = controlPackets;
        this.links = links;
        this.queues = queues;
        this.pool = pool;
        this.sink = sink;
        this.lanes = links.lanes;
        this.minBlocks = minBlocks;
        this.readLimit = params.speedup() == 0 ? Integer.MAX_VALUE : params.speedup();
        this.fcfs = params.arbitration() == Arbitration.FCFS;
        this.rateMatched = params.rateMatchedCutThrough();
        this.switchLatency = params.switchLatencyPs();
        this.portBase = links.portBase;
        this.slot = links.slot;
        this.credits = links.credits;
        this.busy = links.busy;
        int ports = links.slots(); // this part's ports: per-port state is at their slots
        reads = new int[ports];
        claims = readLimit != Integer.MAX_VALUE && params.arbitration() == Arbitration.ISLIP;
        claimBy = new int[claims ? ports : 0];
        claimOf = new int[claims ? ports * lanes : 0];
        passIn = new int[claims ? ports * lanes : 0];
        passCount = new int[claims ? ports * lanes : 0];
        Arrays.fill(passIn, -1);
        Arrays.fill(claimBy, -1);
        Arrays.fill(claimOf, -1);
        rr = new int[ports * lanes];
        // only switches that send control packets of their own queue them (candidate() reads them only then)
        originHead = new int[controlPackets ? ports * lanes : 0];
        originTail = new int[controlPackets ? ports * lanes : 0];
        Arrays.fill(originHead, -1);
        Arrays.fill(originTail, -1);
        vlArbiter = new VlArbiter(params.vlArbitration(), params.virtualLanes(), lanes > params.virtualLanes(),
                slot, ports);
        vlArbiter.laneMask(queues);
        pendingOutputs = new int[ports];
        pendingFlag = new boolean[ports];
    }

    void mechanisms(Routing routing, Marking marking, ControlReceiver control) {
        this.routing = routing;
        this.marking = marking;
        this.control = control;
        this.marks = marking != Marking.NONE;
    }

    /** Congested-flow isolation at every switch: its hot queues are in {@link InputQueues}. */
    void isolation(Isolation isolation) {
        this.isolation = isolation;
        this.isolates = isolation != null;
    }

    /** The head of packet {@code pk} reached input {@code in} of switch {@code node} (its blocks are counted). */
    void arrival(long t, int node, int in, int pk) {
        PacketPool p = pool;
        if (controlPackets && p.to(pk) == node) {
            // a control packet for this switch: taken once its tail is in, its space then freed and credited
            long done = Math.max(p.tailPs(pk), t);
            sink.send(done, PacketNetwork.CONSUMED, node, in, pk);
            links.sendCredit(done + links.latency(in), in, p.vl(pk), p.blocks(pk), node);
            return;
        }
        int o = routing.output(t, node, in, pk);
        p.setOut(pk, o);
        if (rateMatched) {
            // D229: into a faster output only when the tail will be in by the time the output needs it
            long eligible = p.tailPs(pk) - links.serialisation(o, p.wire(pk));
            if (eligible > t) {
                sink.send(eligible, PacketNetwork.ELIGIBLE, node, in, pk);
                return;
            }
        }
        queue(t, node, in, o, pk);
    }

    /** Packet {@code pk}, held at input {@code in} until its tail is near enough (D229), joins its output's queue. */
    void eligible(long t, int node, int in, int pk) {
        queue(t, node, in, pool.out(pk), pk);
    }

    private void queue(long t, int node, int in, int o, int pk) {
        PacketPool p = pool;
        p.setArrivedPs(pk, t);
        if (queues.enqueue(node, in, o, pk)) {
            mark(o);
        }
        if (marks && p.type(pk) == ControlPacket.DATA) {
            marking.queued(t, node, in, o, pk);
        }
        if (isolates && p.type(pk) == ControlPacket.DATA && p.vl(pk) == 0) {
            isolation.arrived(t, node, in, o, pk);
        }
    }

    /** Control packet {@code pk} for this switch, queued at its input {@code in}, has been taken in whole. */
    void consumed(long t, int node, int in, int pk) {
        PacketPool p = pool;
        links.release(t, in, p.vl(pk), p.blocks(pk), p.wire(pk));
        control.received(t, node, in, pk);
        pool.release(pk);
    }

    /** Switch {@code node} sends control packet {@code pk} (made by its mechanism) where its routing says. */
    void send(long t, int node, int pk) {
        originate(node, routing.output(t, node, -1, pk), pk);
    }

    /**
     * Switch {@code node} sends control packet {@code pk} (made by its mechanism) on output {@code o}: it
     * waits in the output's own queue on its lane and goes before any input's packet there.
     */
    public void originate(int node, int o, int pk) {
        int ov = slot[o] * lanes + pool.vl(pk);
        pool.setOut(pk, o);
        pool.append(originHead, originTail, ov, pk);
        mark(o);
    }

    /** The last byte of a packet from input {@code in} (-1: the switch's own) on lane {@code vl} left output {@code o}. */
    void transmitted(long t, int o, int in, int vl, int blocks, int wire) {
        mark(o); // first: the work list is a stack, so the outputs markWaiting adds are served before o
        if (in >= 0) {
            links.release(t, in, vl, blocks, wire);
            reads[slot[in]]--;
            if (readLimit != Integer.MAX_VALUE) {
                markWaiting(in, o);
            }
        }
    }

    public void mark(int o) {
        if (!pendingFlag[slot[o]]) {
            pendingFlag[slot[o]] = true;
            pendingOutputs[pendingCount++] = o;
        }
    }

    /**
     * Marks every output a packet waiting in input {@code in} could go to (a read slot became free), in the
     * input's round-robin order after {@code last}, the output it has just served: the first idle one served
     * takes the slot, so with one read port the outputs an input feeds take turns (iSlip's accept pointer,
     * Papers V–VI) instead of the one just served taking it again.
     */
    private void markWaiting(int in, int last) {
        if (!queues.voq && queues.hotPerInput == 0) {
            for (int lane = 0; lane < lanes; lane++) { // FIFOs alone: each lane's head wants one output
                int pk = queues.head(in, lane, 0);
                if (pk >= 0) {
                    mark(pool.out(pk));
                }
            }
            if (claims && claimBy[slot[in]] >= 0) {
                mark(claimBy[slot[in]]);
            }
            return;
        }
        int node = links.owner(in);
        int base = portBase[node];
        int n = portBase[node + 1] - base;
        int from = last - base;
        for (int j = n - 1; j >= 1; j--) { // pushed in reverse: the stack pops last + 1 first
            int k = from + j;
            if (k >= n) {
                k -= n;
            }
            if (queues.waitsFor(in, base + k, k)) {
                mark(base + k);
            }
        }
        if (claims && claimBy[slot[in]] >= 0) {
            mark(claimBy[slot[in]]); // the others leave the input to it
        }
    }

    /** Serves every output on the work list that is idle (the end of each event). */
    void drain(long t) {
        while (pendingCount > 0) {
            int o = pendingOutputs[--pendingCount];
            pendingFlag[slot[o]] = false;
            if (!busy[slot[o]]) {
                serve(t, o);
            }
        }
    }

    /** Output {@code o} of a switch is idle: choose a lane, then an input, and start sending. */
    private void serve(long t, int o) {
        int node = links.owner(o);
        int lane = vlArbiter.choose(o, this);
        if (lane < 0) {
            return;
        }
        int pk = chosenPacket;
        int in = chosenInput;
        vlArbiter.sent(o, lane, pool.wire(pk));
        if (in < 0) {
            pool.removeHead(originHead, originTail, slot[o] * lanes + lane);
            links.transmit(t, o, lane, pk, -1, node, switchLatency);
            return;
        }
        // with hot queues the round-robin is over (input, queue) slots and the packet may head a hot queue
        rr[slot[o] * lanes + lane] = isolates ? chosenSlot : in - portBase[node];
        if (claims && passIn[slot[o] * lanes + lane] == in) {
            passCount[slot[o] * lanes + lane] = 0; // served: its passes start again
        }
        int hq = isolates ? chosenHot : -1;
        if (hq >= 0) {
            queues.dequeueHot(node, in, o, hq, pk);
        } else {
            int next = queues.dequeue(node, in, o, lane, pk);
            if (next >= 0) {
                mark(pool.out(next)); // a new head may go elsewhere (if a read slot is free)
            }
        }
        reads[slot[in]]++;
        boolean data = pool.type(pk) == ControlPacket.DATA;
        if (marks && data) {
            marking.departing(t, node, o, pk);
        }
        if (isolates && data && lane == 0) {
            isolation.departed(t, node, in, o, pk, hq);
        }
        links.transmit(t, o, lane, pk, in, node, switchLatency);
    }

    /**
     * Finds the packet output {@code o} would send on {@code lane}: the switch's own control packet first,
     * else by the port arbitration; leaves it in {@link #chosenPacket} / {@link #chosenInput} and returns
     * true, or returns false.
     */
    boolean candidate(int o, int lane) {
        int ov = slot[o] * lanes + lane;
        int credit = credits[ov];
        if (controlPackets) {
            int own = originHead[ov];
            if (own >= 0 && pool.blocks(own) <= credit) {
                chosenPacket = own;
                chosenInput = -1;
                return true;
            }
        }
        int due = claims ? dueClaim(o, ov) : -1;
        if (queues.waiting[ov] == 0 || credit < minBlocks) {
            return false;
        }
        if (isolates) {
            return candidateIsolating(o, lane, credit, due);
        }
        int node = links.owner(o);
        int base = portBase[node];
        int slotBase = slot[base]; // a switch's ports have consecutive slots: input in's is slotBase + (in - base)
        int n = portBase[node + 1] - base;
        int local = o - base;
        int start = due >= 0 ? (due - base + n - 1) % n : rr[ov]; // a due claim is looked at first
        int best = -1;
        int bestIn = -1;
        long bestTime = Long.MAX_VALUE;
        int want = -1; // the first input in turn that holds a packet for o but has no free read slot
        int wantBlocks = 0;
        PacketPool p = pool;
        boolean voq = queues.voq;
        int[] fifoHead = queues.fifoHead;
        int[] voqHead = queues.voqHead;
        long heads = queues.headMask != null ? queues.headMask[ov] : -1L; // the inputs worth a look
        for (int k = 1; k <= n; k++) {
            int li = start + k;
            if (li >= n) {
                li -= n;
            }
            if ((heads & 1L << li) == 0) {
                continue; // no packet for o heads its queue
            }
            int in = base + li;
            int si = slotBase + li;
            if (claims && claimBy[si] >= 0 && claimBy[si] != o) {
                continue; // its next read slot is another output's turn
            }
            int i = si * lanes + lane;
            int pk;
            if (voq) {
                pk = voqHead[queues.voqIndex(in, lane, local)];
            } else {
                pk = fifoHead[i];
                if (pk >= 0 && p.out(pk) != o) {
                    continue;
                }
            }
            if (pk < 0 || p.blocks(pk) > credit) {
                continue;
            }
            if (reads[si] >= readLimit) {
                if (claims && want < 0 && claimBy[si] < 0 && claimOf[ov] < 0) {
                    want = in; // its turn: claimed below if o can still send its packet after this choice
                    wantBlocks = p.blocks(pk);
                }
                continue;
            }
            if (!fcfs) {
                chosenPacket = pk;
                chosenInput = in;
                if (want >= 0) {
                    passed(want, o, ov, credit - p.blocks(pk) >= wantBlocks);
                }
                return true;
            }
            long at = p.arrivedPs(pk);
            if (at < bestTime || (at == bestTime && in < bestIn)) {
                best = pk;
                bestIn = in;
                bestTime = at;
            }
        }
        if (best < 0) {
            if (want >= 0) {
                claim(want, o, ov);
            }
            return false;
        }
        chosenPacket = best;
        chosenInput = bestIn;
        return true;
    }

    /**
     * Output {@code o}'s claim on lane {@code ov}: if the claimed input has a free read slot now the claim is due —
     * it ends here, and the input is returned to be looked at first (the others that left it are woken, in case
     * {@code o} does not take it); else -1.
     */
    private void claim(int in, int o, int ov) {
        claimBy[slot[in]] = o;
        claimOf[ov] = in;
        passCount[ov] = 0;
    }

    /**
     * Output {@code o} passed over input {@code in}, busy, on its turn and served another: the second time in a
     * row it claims the input (if its credit covers the claimed packet too). Claiming at every pass would leave
     * inputs idle while their claimants finish (a quarter of case #4's throughput, D161); never claiming lets an
     * input whose read port another output keeps busy lose every race, for ever (case #2's F0).
     */
    private void passed(int in, int o, int ov, boolean creditCoversBoth) {
        if (passIn[ov] != in) {
            passIn[ov] = in;
            passCount[ov] = 0;
        }
        if (++passCount[ov] >= PASSES_BEFORE_CLAIM && creditCoversBoth) {
            claim(in, o, ov);
        }
    }

    private int dueClaim(int o, int ov) {
        int in = claimOf[ov];
        if (in < 0 || reads[slot[in]] >= readLimit) {
            return -1;
        }
        claimOf[ov] = -1;
        claimBy[slot[in]] = -1;
        markWaiting(in, o);
        return in;
    }

    /**
     * {@link #candidate} with hot queues: the round-robin runs over every input's normal queue and hot queues
     * (iSlip-like, Papers V–VI), skipping hot queues their output line downstream has stopped.
     */
    private boolean candidateIsolating(int o, int lane, int credit, int due) {
        int node = links.owner(o);
        int base = portBase[node];
        int slotBase = slot[base]; // a switch's ports have consecutive slots: input in's is slotBase + (in - base)
        int n = portBase[node + 1] - base;
        int local = o - base;
        int hot = queues.hotPerInput;
        int per = hot + 1;
        int count = n * per;
        int ov = slot[o] * lanes + lane;
        int start = due >= 0 ? ((due - base) * per + count - 1) % count : rr[ov]; // a due claim first
        PacketPool p = pool;
        int best = -1;
        int bestIn = -1;
        int bestHot = -1;
        int bestSlot = -1;
        long bestTime = Long.MAX_VALUE;
        int want = -1; // the first input in turn that holds a packet for o but has no free read slot
        int wantBlocks = 0;
        long heads = queues.headMask != null ? queues.headMask[ov] : -1L; // inputs with a normal queue for o
        long look = lane == 0 && queues.hotInputs != null ? heads | queues.hotInputs[node] : heads;
        int li = start / per; // slot (li, q) is turn li * per + q; stepped without dividing per turn
        int q = start - li * per;
        for (int k = 1; k <= count; k++) {
            if (++q == per) {
                q = 0;
                if (++li == n) {
                    li = 0;
                }
            }
            int in = base + li;
            int si = slotBase + li;
            // nothing for o at this input (no queue holds a packet for it; its next read slot is another output's
            // turn; or, past its normal queue, its hot queues hold nothing or this is not lane 0): the next input
            if ((look & 1L << li) == 0 || (claims && claimBy[si] >= 0 && claimBy[si] != o)
                    || (q > 0 && (lane != 0 || queues.hotFilled[in] == 0))) {
                k += hot - q;
                q = hot;
                continue;
            }
            int pk;
            int hq = -1;
            if (q == 0) {
                int i = si * lanes + lane;
                if (queues.voq) {
                    pk = queues.voqHead[queues.voqIndex(in, lane, local)];
                } else {
                    pk = queues.fifoHead[i];
                    if (pk >= 0 && p.out(pk) != o) {
                        continue;
                    }
                }
            } else {
                hq = in * hot + q - 1;
                if (queues.hotOut[hq] != o || isolation.stopped(hq)) {
                    continue;
                }
                pk = queues.hotHead[hq];
            }
            if (pk < 0 || p.blocks(pk) > credit) {
                continue;
            }
            if (reads[si] >= readLimit) {
                if (claims && want < 0 && claimBy[si] < 0 && claimOf[ov] < 0) {
                    want = in; // its turn: claimed below if o can still send its packet after this choice
                    wantBlocks = p.blocks(pk);
                }
                continue;
            }
            if (!fcfs) {
                chosenPacket = pk;
                chosenInput = in;
                chosenHot = hq;
                chosenSlot = li * per + q;
                if (want >= 0) {
                    passed(want, o, ov, credit - p.blocks(pk) >= wantBlocks);
                }
                return true;
            }
            long at = p.arrivedPs(pk);
            if (at < bestTime || (at == bestTime && in < bestIn)) {
                best = pk;
                bestIn = in;
                bestHot = hq;
                bestSlot = li * per + q;
                bestTime = at;
            }
        }
        if (best < 0) {
            if (want >= 0) {
                claim(want, o, ov);
            }
            return false;
        }
        chosenPacket = best;
        chosenInput = bestIn;
        chosenHot = bestHot;
        chosenSlot = bestSlot;
        return true;
    }

    // -------------------------------------------------------------------------------------------------
    // What a switch's own mechanisms may look at (SwitchView)

    @Override
    public int firstPort(int node) {
        return portBase[node];
    }

    @Override
    public int ports(int node) {
        return portBase[node + 1] - portBase[node];
    }

    @Override
    public boolean connected(int o) {
        return links.peer(o) >= 0;
    }

    @Override
    public int credits(int o, int lane) {
        return credits[slot[o] * lanes + lane];
    }

    @Override
    public int queuedBlocks(int o, int lane) {
        return queues.queuedBlocks[slot[o] * lanes + lane];
    }

    @Override
    public int inputBlocks(int in, int o, int lane) {
        int node = links.owner(o);
        return queues.inputBlocks[queues.voqIndex(in, lane, o - portBase[node])];
    }

    @Override
    public int largestInputBlocks(int o, int lane) {
        int node = links.owner(o);
        int most = 0;
        for (int in = portBase[node]; in < portBase[node + 1]; in++) {
            most = Math.max(most, inputBlocks(in, o, lane));
        }
        return most;
    }

    @Override
    public int contributors(int o, int lane) {
        int node = links.owner(o);
        int n = 0;
        for (int in = portBase[node]; in < portBase[node + 1]; in++) {
            if (inputBlocks(in, o, lane) > 0) {
                n++;
            }
        }
        return n;
    }

    @Override
    public boolean busy(int o) {
        return busy[slot[o]];
    }
}
