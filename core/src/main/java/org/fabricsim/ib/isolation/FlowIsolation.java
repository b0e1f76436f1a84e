package org.fabricsim.ib.isolation;

import org.fabricsim.ib.Isolation;
import java.util.Arrays;
import org.fabricsim.ib.ControlPacket;
import org.fabricsim.ib.ControlReceiver;
import org.fabricsim.ib.Hcas;
import org.fabricsim.ib.InputQueues;
import org.fabricsim.ib.Links;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.Switches;

/**
 * Congested-flow isolation at the switches and HCAs (seed 002 Papers V–VI, digest §5; {@link IsolationParams}):
 * HFDI / EcoCC on VOQ switches, FBICM / CCFIT on input-queued (FIFO) switches — one set of rules.
 *
 * <p><b>CAM lines.</b> Every switch input port has line slots: one per hot queue (HPQ / CFQ), then with EcoCC one
 * per local output (a root line whose queue is the CPQ itself: "no HPQ at the local root"). A line names the
 * output its packets take and the congested destinations (its dList). Every port also has output lines, one per
 * line slot of the input at the far end of its cable, filled by that input's notifications.
 *
 * <p><b>Detection</b> (Paper VI step 1, Paper V event 2): a CPQ reaching the detection threshold makes a root
 * line for its output, with the destinations queued there; an NFQ reaching it makes a root line (and CFQ) for the
 * output of the packet at its head, the inferred root. <b>Post-processing</b> (step 5, event 3): a packet
 * reaching the head of a normal queue moves to a root hot queue of its input for its output, or to a linked hot
 * queue of its input whose destinations (dList) hold its destination; one
 * whose destination is in an output line of its output takes a free hot queue, linked to that output line (lazy
 * allocation, step 4). <b>Notifications</b> (steps 3, 6–8; events 4–6) go to the node upstream of the input, as
 * control packets on their own lane: the first time a line's queue reaches the Stop threshold its destinations
 * (an allocation each), later times a Stop, back at Go a Go; an emptied line is freed and, if it had allocated
 * upstream, a deallocation follows. A hot queue goes only while its output line is not stopped; an HCA sends
 * nothing to a destination of a stopped output line of its port. <b>Throttling's trigger</b> (step 1, event 7):
 * a root line above the High threshold holds its output in the congestion state, read by
 * {@link IsolationMarking}.
 *
 * <p>Decisions beyond the papers (docs/DECISIONS.md D157): post-processing takes no time; a line's dList grows
 * with the destinations queued in its root CPQ, each new one notified; a line whose output line is deallocated
 * is orphaned — it takes no more packets and is freed once empty. Allocation-free; every element touches only
 * its own ports' lines.
 */
final class FlowIsolation implements ControlReceiver, Isolation {
    private final IsolationParams params;
    private final PacketPool pool;
    private final InputQueues queues;
    private final Switches switches;
    private final Hcas hcas;
    private final PacketObserver observer;
    private final Links links;
    private final int[] portBase;
    private final int hosts;
    private final int lanes;
    private final boolean voq;
    private final boolean rootQueue;
    private final boolean throttling;
    private final boolean rootYields;
    private final int hot; // hot queues per input
    private final int slots; // line slots per port: hot queues, then (EcoCC) one root line per local output
    private final int detect;
    private final int stop;
    private final int go;
    private final int high;
    private final int low;
    private final int controlLane;
    private final int noteBlocks;
    // input lines, per port x slot
    private final int[] lineOut; // global output; -1 = free
    private final int[] lineLink; // the output line it is linked to (port x slot); -1 = a root line
    private final boolean[] propagated;
    private final boolean[] sentStop;
    private final boolean[] orphan;
    private final boolean[] marking;
    private final DestinationLists lineDst; // a root line's dList
    private final HotQueues hotQueues;
    private final int[] nfqBlocks; // per port: the NFQ's fill (FIFO)
    private final OutputLines out; // per port x slot of the far input
    private final int[] congestion; // per output: root lines above High
    // figures
    private long notifications;
    private long refused;
    private int linesInUse;

    FlowIsolation(PacketNetwork net, IsolationParams params, boolean throttling) {
        this.params = params;
        this.pool = net.pool();
        this.queues = net.queues();
        this.switches = net.switches();
        this.hcas = net.hcas();
        this.observer = net.observer();
        Links links = net.links();
        this.links = links;
        this.portBase = links.portBase;
        this.lanes = links.lanes;
        this.hosts = net.topology().hostCount();
        this.voq = queues.voq;
        this.rootQueue = params.rootQueue() || !voq;
        this.throttling = throttling;
        this.rootYields = params.rootYields();
        this.hot = params.hotQueues();
        this.slots = hot + (rootQueue ? 0 : queues.radix);
        int most = params.destinations(); // dList capacity
        int unit = net.params().creditBytes();
        this.detect = blocks(params.detectBytes(), unit);
        this.stop = blocks(params.stopBytes(), unit);
        this.go = params.goBytes() / unit;
        this.high = blocks(params.markHighBytes(), unit);
        this.low = params.markLowBytes() / unit;
        this.controlLane = net.params().virtualLanes(); // the dedicated lane after the data lanes
        this.noteBlocks = blocks(params.notificationBytes(), unit);
        int ports = links.portCount();
        int lines = ports * slots;
        lineOut = new int[lines];
        Arrays.fill(lineOut, -1);
        lineLink = new int[lines];
        propagated = new boolean[lines];
        sentStop = new boolean[lines];
        orphan = new boolean[lines];
        marking = new boolean[lines];
        lineDst = new DestinationLists(lines, most);
        hotQueues = new HotQueues(queues, ports, hot, observer);
        nfqBlocks = new int[ports];
        out = new OutputLines(ports, slots, most, portBase);
        congestion = new int[ports];
    }

    private static int blocks(int bytes, int unit) {
        return (bytes + unit - 1) / unit;
    }

    // -------------------------------------------------------------------------------------------------
    // The switch's hooks (Switches): data packets on lane 0

    /** Data packet {@code pk} joined input {@code in}'s normal queue for output {@code o} of switch {@code node}. */
    public void arrived(long t, int node, int in, int o, int pk) {
        if (voq) {
            int line = rootLine(node, in, o);
            if (line >= 0) {
                addDestination(t, node, line, pool.dst(pk));
                update(t, node, line);
            } else if (cpqFill(node, in, o) >= detect) {
                detectRoot(t, node, in, o);
            }
            process(t, node, in, o);
        } else {
            nfqBlocks[in] += pool.blocks(pk);
            if (nfqBlocks[in] >= detect) {
                int head = queues.fifoHead[links.slot[in] * lanes];
                if (head >= 0 && pool.type(head) == ControlPacket.DATA && matchHot(in, pool.out(head), pool.dst(head)) < 0) {
                    detectRoot(t, node, in, pool.out(head));
                }
            }
            process(t, node, in, -1);
        }
    }

    /**
     * Data packet {@code pk} from input {@code in} (hot queue {@code hq}, -1: its normal queue) started onward on
     * output {@code o}; then the normal queue's new head is post-processed.
     */
    public void departed(long t, int node, int in, int o, int pk, int hq) {
        if (hq >= 0) {
            hotQueues.add(hq, -pool.blocks(pk));
            update(t, node, in * slots + hq - in * hot);
        } else {
            if (!voq) {
                nfqBlocks[in] -= pool.blocks(pk);
            }
            if (voq && !rootQueue) {
                int line = in * slots + hot + o - portBase[node];
                if (lineOut[line] >= 0) {
                    update(t, node, line);
                }
            }
            process(t, node, in, o);
        }
    }

    /**
     * Whether hot queue {@code hq} may not send now: its output line downstream said Stop; or, a root's queue,
     * the packet at its head belongs to a tree a downstream line has stopped (D161: a root's queue takes every
     * packet for its output, and those of a stopped tree must wait there too, or they fill the input downstream
     * and its Go never comes).
     */
    public boolean stopped(int hq) {
        int in = hq / hot;
        int line = in * slots + hq - in * hot;
        int link = lineLink[line];
        if (link >= 0) {
            return !orphan[line] && out.stopped(link);
        }
        int o = lineOut[line];
        int head = queues.hotHead[hq];
        return o >= 0 && head >= 0 && out.stops(o, pool.dst(head));
    }

    /** Whether output {@code o} is in the congestion state (a root line above High: throttling's trigger). */
    boolean congested(int o) {
        return congestion[o] > 0;
    }

    /** Whether host {@code h} may not send to {@code dst} now: a stopped output line of its port names it. */
    boolean held(int h, int dst) {
        return out.held(h, dst);
    }

    // -------------------------------------------------------------------------------------------------
    // Detection and post-processing

    /** The root line of input {@code in} for output {@code o}, or -1. */
    private int rootLine(int node, int in, int o) {
        if (!rootQueue) {
            int line = in * slots + hot + o - portBase[node];
            return lineOut[line] >= 0 ? line : -1;
        }
        for (int k = 0; k < hot; k++) {
            int line = in * slots + k;
            if (lineOut[line] == o && lineLink[line] < 0) {
                return line;
            }
        }
        return -1;
    }

    /** The CPQ's own fill: what input {@code in} holds for {@code o} outside its hot queues. */
    private int cpqFill(int node, int in, int o) {
        return switches.inputBlocks(in, o, 0) - hotQueues.heldFor(in, o);
    }

    /** A root of congestion at output {@code o}, seen at input {@code in}: its line, notified upstream at once. */
    private void detectRoot(long t, int node, int in, int o) {
        int line;
        if (rootQueue) {
            int k = hotQueues.free(in);
            if (k < 0) {
                refuse(t);
                return;
            }
            line = in * slots + k;
            hotQueues.take(t, in, k, o);
        } else {
            line = in * slots + hot + o - portBase[node];
        }
        open(t, line, o, -1);
        if (voq) {
            // the destinations queued at the root (Paper VI step 3: from packets crossing the root)
            int local = o - portBase[node];
            for (int pk = queues.voqHead[queues.voqIndex(in, 0, local)]; pk >= 0; pk = pool.next(pk)) {
                addDestination(t, node, line, pool.dst(pk));
            }
        } else {
            addDestination(t, node, line, pool.dst(queues.fifoHead[links.slot[in] * lanes]));
        }
        // EcoCC: "on detection" an allocation goes upstream; with a root CFQ, at its first Stop crossing
        if (!rootQueue) {
            propagate(t, node, line);
            update(t, node, line);
        } // a root CFQ / HPQ is empty until the caller's post-processing moves the head (its dList's first)
    }

    /**
     * Post-processing of the head of input {@code in}'s normal queue for output {@code o} (VOQ) or of its FIFO
     * ({@code o} = -1): hot packets move to their hot queue until a packet for no line is at the head.
     */
    private void process(long t, int node, int in, int o) {
        int local = o - portBase[node];
        while (true) {
            int pk = voq ? queues.voqHead[queues.voqIndex(in, 0, local)] : queues.fifoHead[links.slot[in] * lanes];
            if (pk < 0 || pool.type(pk) != ControlPacket.DATA) {
                return;
            }
            int po = pool.out(pk);
            int d = pool.dst(pk);
            int k = matchHot(in, po, d);
            if (k < 0 || rootYields && lineLink[in * slots + k] < 0) {
                // none, or only a guessed root's: a tree notified from downstream takes a queue of its own (D161)
                int ol = out.naming(po, d);
                int free = ol < 0 ? -1 : hotQueues.free(in);
                if (free >= 0) {
                    hotQueues.take(t, in, free, po);
                    open(t, in * slots + free, po, ol);
                    k = free;
                } else if (k < 0) {
                    if (ol >= 0) {
                        refuse(t);
                    }
                    return;
                }
            }
            if (lineLink[in * slots + k] < 0) {
                addDestination(t, node, in * slots + k, d); // the root's dList: the destinations crossing it
            }
            queues.moveToHot(node, in, po, pk, in * hot + k);
            hotQueues.add(in * hot + k, pool.blocks(pk));
            if (!voq) {
                nfqBlocks[in] -= pool.blocks(pk); // it left the NFQ: detection reads the NFQ's own fill
            }
            update(t, node, in * slots + k);
            if (voq && !rootQueue) {
                int root = in * slots + hot + po - portBase[node];
                if (lineOut[root] >= 0) {
                    update(t, node, root); // the CPQ lost a packet: its root line may say Go, or be freed
                }
            }
            switches.mark(po);
        }
    }

    /**
     * The hot queue of input {@code in} that takes packets for {@code d} on output {@code o}, or -1: a linked one
     * whose output line names {@code d} first (if roots yield), else a root's (which takes every packet for the root output, its
     * congestion point). A root here is a guess (the NFQ's head, D157); a tree notified from downstream is known,
     * and its packets must go where that tree's Stop holds them (D161): in a root's hot queue they would ignore
     * the Stop and fill the downstream input, and the victims behind it would be blocked again.
     */
    private int matchHot(int in, int o, int d) {
        int root = -1;
        for (int k = 0; k < hot; k++) {
            int line = in * slots + k;
            if (lineOut[line] != o || orphan[line]) {
                continue;
            }
            int link = lineLink[line];
            if (link < 0) {
                if (!rootYields) {
                    return k;
                }
                root = k;
            } else if (out.names(link, d)) {
                return k;
            }
        }
        return root;
    }

    /** Line {@code line} now holds output {@code o}, linked to output line {@code link} (-1: a root line). */
    private void open(long t, int line, int o, int link) {
        lineOut[line] = o;
        lineLink[line] = link;
        lineDst.clear(line);
        linesInUse++;
        observer.isolation(t, 1, 0, 0);
    }

    /** A line could not be made: no hot queue of the input is free. */
    private void refuse(long t) {
        refused++;
        observer.isolationRefused(t);
    }

    // -------------------------------------------------------------------------------------------------
    // A line's queue against its thresholds

    private int fill(int node, int line) {
        int in = line / slots;
        int s = line - in * slots;
        return s < hot ? hotQueues.blocks(in * hot + s) : cpqFill(node, in, lineOut[line]);
    }

    /** Line {@code line}'s queue changed: Stop / Go, the congestion state, and freeing it when empty. */
    private void update(long t, int node, int line) {
        int fill = fill(node, line);
        int in = line / slots;
        if (fill >= stop) {
            // Paper VI step 7: the first time at HTh the line allocates upstream; every later time it stops it
            if (!propagated[line]) {
                propagate(t, node, line);
            } else if (!sentStop[line]) {
                sentStop[line] = true;
                notify(t, node, in, ControlPacket.ISOLATION_STOP, line - in * slots, -1);
            }
        } else if (fill <= go && sentStop[line]) {
            sentStop[line] = false;
            notify(t, node, in, ControlPacket.ISOLATION_GO, line - in * slots, -1);
        }
        if (throttling && lineLink[line] < 0) {
            if (!marking[line] && fill > high) {
                marking[line] = true;
                congestion[lineOut[line]]++;
            } else if (marking[line] && fill <= low) {
                marking[line] = false;
                congestion[lineOut[line]]--;
            }
        }
        if (fill == 0) {
            free(t, node, line);
        }
    }

    private void free(long t, int node, int line) {
        int in = line / slots;
        int s = line - in * slots;
        if (propagated[line]) {
            notify(t, node, in, ControlPacket.ISOLATION_DEALLOCATE, s, -1);
        }
        if (marking[line]) {
            congestion[lineOut[line]]--;
        }
        lineOut[line] = -1;
        propagated[line] = false;
        sentStop[line] = false;
        orphan[line] = false;
        marking[line] = false;
        lineDst.clear(line);
        linesInUse--;
        observer.isolation(t, -1, 0, 0);
        if (s < hot) {
            hotQueues.release(t, in, s);
        }
    }

    /** Destination {@code d} joins root line {@code line}'s dList (if new and room), notified if allocated. */
    private void addDestination(long t, int node, int line, int d) {
        if (!lineDst.add(line, d)) {
            return;
        }
        if (propagated[line]) {
            notify(t, node, line / slots, ControlPacket.ISOLATION_ALLOCATE, line % slots, d);
        }
    }

    /** Line {@code line} allocates upstream: one notification per destination of its dList. */
    private void propagate(long t, int node, int line) {
        propagated[line] = true;
        int in = line / slots;
        int s = line - in * slots;
        int link = lineLink[line];
        int n = link < 0 ? lineDst.size(line) : out.size(link);
        for (int j = 0; j < n; j++) {
            int d = link < 0 ? lineDst.get(line, j) : out.get(link, j);
            notify(t, node, in, ControlPacket.ISOLATION_ALLOCATE, s, d);
        }
    }

    /** A notification about line slot {@code slot} of input {@code in} to the node at the cable's far end. */
    private void notify(long t, int node, int in, int type, int slot, int d) {
        if (links.peer(in) < 0) {
            return;
        }
        int pk = pool.control(type, 0, -1, d, links.owner(links.peer(in)), params.notificationBytes(), noteBlocks, controlLane,
                t);
        pool.setAux(pk, slot);
        notifications++;
        switches.originate(node, in, pk);
    }

    // -------------------------------------------------------------------------------------------------
    // Notifications taken (upstream of the line that sent them)

    static boolean isNotification(int type) {
        return type >= ControlPacket.ISOLATION_ALLOCATE && type <= ControlPacket.ISOLATION_DEALLOCATE;
    }

    @Override
    public void received(long t, int node, int p, int pk) {
        int ol = p * slots + pool.aux(pk);
        boolean host = node < hosts;
        switch (pool.type(pk)) {
            case ControlPacket.ISOLATION_ALLOCATE -> {
                int d = pool.dst(pk);
                if (!out.allocate(ol, d) || host) {
                    return; // known already, or no room; an HCA has no lines to link
                }
                for (int in = portBase[node]; in < portBase[node + 1]; in++) {
                    for (int k = 0; k < hot; k++) {
                        int line = in * slots + k;
                        if (rootYields && lineOut[line] == p && lineLink[line] < 0) {
                            relink(line, ol);
                        }
                        if (lineOut[line] >= 0 && lineLink[line] == ol && !orphan[line] && propagated[line]) {
                            notify(t, node, in, ControlPacket.ISOLATION_ALLOCATE, k, d); // the dList grows upstream
                        }
                    }
                    process(t, node, in, voq ? p : -1); // heads for the new line move at once
                }
            }
            case ControlPacket.ISOLATION_STOP -> out.stop(p, ol);
            case ControlPacket.ISOLATION_GO -> {
                go(t, node, p, ol);
            }
            case ControlPacket.ISOLATION_DEALLOCATE -> {
                go(t, node, p, ol);
                out.deallocate(ol);
                if (!host) {
                    for (int in = portBase[node]; in < portBase[node + 1]; in++) {
                        for (int k = 0; k < hot; k++) {
                            int line = in * slots + k;
                            if (lineOut[line] >= 0 && lineLink[line] == ol) {
                                orphan[line] = true;
                            }
                        }
                    }
                }
            }
            default -> throw new IllegalStateException("not an isolation notification: " + pool.type(pk));
        }
    }

    /**
     * A root's hot queue for an output a tree downstream now passes learns it was not the root: the root was a
     * guess (the NFQ's head, or a CPQ filling behind the tree), and the tree's own line says where its packets
     * wait (D161). It joins that tree's output line — held by its Stop, taking only its destinations from now on —
     * and no longer holds its output in the congestion state.
     */
    private void relink(int line, int ol) {
        if (marking[line]) {
            marking[line] = false;
            congestion[lineOut[line]]--;
        }
        lineLink[line] = ol;
    }

    private void go(long t, int node, int p, int ol) {
        if (!out.go(p, ol)) {
            return;
        }
        if (node < hosts) {
            hcas.send(t, node);
        } else {
            switches.mark(p);
        }
    }

    // -------------------------------------------------------------------------------------------------
    // Figures

    long notifications() {
        return notifications;
    }

    /** Times a line could not be made for want of a free hot queue. */
    long refused() {
        return refused;
    }

    /**
     * The first switch input whose NFQ fill, as detection reads it, differs from the data packets its FIFO holds
     * (-1: none): the fill must lose what post-processing moves into a hot queue (a check for tests).
     */
    int nfqMismatch() {
        if (voq) {
            return -1;
        }
        for (int in = 0; in < links.portCount(); in++) {
            if (links.slot[in] < 0) {
                continue; // another part's port
            }
            int held = 0;
            for (int pk = queues.fifoHead[links.slot[in] * lanes]; pk >= 0; pk = pool.next(pk)) {
                if (pool.type(pk) == ControlPacket.DATA) {
                    held += pool.blocks(pk);
                }
            }
            if (held != nfqBlocks[in]) {
                return in;
            }
        }
        return -1;
    }

    int linesInUse() {
        return linesInUse;
    }

    int hotQueuesInUse() {
        return hotQueues.inUse();
    }

    /** Switch ports with no free hot queue now. */
    int portsWithoutFreeQueue() {
        return hotQueues.portsFull();
    }
}
