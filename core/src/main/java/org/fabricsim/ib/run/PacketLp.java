package org.fabricsim.ib.run;

import org.fabricsim.engine.EventQueue;
import org.fabricsim.engine.LogicalProcess;
import org.fabricsim.engine.distributed.EventBatch;
import org.fabricsim.engine.distributed.LpModel;
import org.fabricsim.engine.distributed.RemoteEvents;
import org.fabricsim.engine.distributed.WireMessage;
import org.fabricsim.ib.Crossing;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.isolation.IsolationParams;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.traffic.MessageTraffic;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * One part of a partitioned packet-level run: the same {@link PacketNetwork} as a sequential run, restricted
 * to the nodes of one part, behind an event sink that keeps events for this part's ports in its own queue
 * and hands the others — packet heads and credits crossing a cut cable — to the distributed engine, with
 * the tie key the sequential run would give them. A packet crossing the cut travels as its fields
 * ({@link org.fabricsim.ib.PacketPool#word0}); everything else about the model is unchanged.
 */
public final class PacketLp implements LpModel {
    /** Payload words of every cross-part event: a packet head's fields (a credit uses the first). */
    public static final int PAYLOAD_WORDS = 6;

    private final LogicalProcess queue;
    private final PacketNetwork network;
    private final long[] lookahead;
    private final Result result;
    private RemoteEvents out;
    private long crossSent; // events sent to and received from other parts: those still on their way
    private long crossReceived; // (sent - received, over all parts) keep a partitioned run from a false deadlock

    /** What a part reports at the end, besides its measurements (held by its observer). */
    public interface Result {
        WireMessage collect(PacketLp lp);
    }

    /**
     * @param partOf the part of every node
     * @param result turns this part's measurements and counters into what its LP reports
     */
    public PacketLp(Topology topology, ForwardingTables tables, FlowSchedule schedule, MessageTraffic messages, int[] flowLanes,
            PacketParams params, AdaptiveRouting routing, CcParams cc, IsolationParams isolation, long seed, PacketObserver observer,
            String eventQueue, int part, int[] partOf, Result result) {
        this.result = result;
        int nodes = topology.nodeCount();
        boolean[] owned = new boolean[nodes];
        for (int v = 0; v < nodes; v++) {
            owned[v] = partOf[v] == part;
        }
        int parts = 0;
        for (int p : partOf) {
            parts = Math.max(parts, p + 1);
        }
        this.queue = new LogicalProcess(EventQueue.create(eventQueue), nodes);
        this.network = new PacketNetwork(topology, tables, schedule, messages, flowLanes, params, observer, queue,
                Mechanisms.of(routing, cc, isolation, seed, flowLanes), partOf, part);
        this.lookahead = new long[parts];
        java.util.Arrays.fill(lookahead, Long.MAX_VALUE);
        for (int gp = 0; gp < topology.portCount(); gp++) {
            if (topology.isConnected(gp) && owned[topology.owner(gp)] && !owned[topology.peerNode(gp)]) {
                int to = partOf[topology.peerNode(gp)];
                lookahead[to] = Math.min(lookahead[to], network.crossingLookahead(gp));
            }
        }
        network.partition(queue, new CutCrossing());
        queue.handler(network);
        network.start();
    }

    /** Packet heads and credits for another part's ports leave through the distributed engine's buffers. */
    private final class CutCrossing implements Crossing {
        @Override
        public void packet(int toPart, long time, long tie, int target, long w0, long w1, long w2, long injectedPs,
                long tailPs, long w5) {
            crossSent++;
            int at = out.add(toPart, time, tie, target, PacketNetwork.ARRIVAL);
            long[] w = out.payload(toPart);
            w[at] = w0;
            w[at + 1] = w1;
            w[at + 2] = w2;
            w[at + 3] = injectedPs;
            w[at + 4] = tailPs;
            w[at + 5] = w5;
        }

        @Override
        public void credit(int toPart, long time, long tie, int target, long payload) {
            crossSent++;
            int at = out.add(toPart, time, tie, target, PacketNetwork.CREDIT); // may grow the buffer: index after
            out.payload(toPart)[at] = payload;
        }
    }

    @Override
    public long nextEventTime() {
        return queue.nextEventTime();
    }

    @Override
    public void runBefore(long limit, RemoteEvents remote) {
        this.out = remote;
        queue.runBefore(limit);
    }

    @Override
    public void receive(EventBatch batch, int index) {
        crossReceived++;
        long time = batch.times()[index];
        long tie = batch.ties()[index];
        int target = batch.targets()[index];
        if (batch.kinds()[index] == PacketNetwork.ARRIVAL) {
            network.receivePacket(time, tie, target, batch.payload(index, 0), batch.payload(index, 1),
                    batch.payload(index, 2), batch.payload(index, 3), batch.payload(index, 4), batch.payload(index, 5),
                    queue);
        } else {
            queue.push(time, tie, target, batch.payload(index, 0)); // a credit
        }
    }

    @Override
    public long lookahead(int to) {
        return to < lookahead.length ? lookahead[to] : Long.MAX_VALUE;
    }

    @Override
    public long events() {
        return queue.events();
    }

    @Override
    public WireMessage result() {
        return result.collect(this);
    }

    public long hops() {
        return network.hops();
    }

    /** Control packet transmissions, counted apart from data. */
    public long controlHops() {
        return network.controlHops();
    }

    public long injectedPackets() {
        return network.injectedPackets();
    }

    public long deliveredPackets() {
        return network.deliveredPackets();
    }

    /**
     * This part's share of a deadlock check ({@link Deadlock#of}), read when the run has ended: its packet and
     * credit events still to come, those it sent to other parts less those it received (summed over the parts:
     * those still on their way), its held packets, when a packet or credit last moved here, and its wait-for
     * edges (read only when nothing here is to move: otherwise the run is not deadlocked and they are not needed).
     */
    public Stall stall() {
        long moves = network.movesPending(queue);
        int held = network.packetsInFlight();
        return new Stall(moves, crossSent - crossReceived, held, network.lastMovePs(), network.waitLanes(),
                moves == 0 && held > 0 ? network.creditWaits() : new long[0]);
    }

    /** See {@link #stall}. */
    public record Stall(long movesPending, long crossing, long held, long lastMovePs, int lanes, long[] waits) {
        /** The parts' stalls together: the deadlock of the whole network, or null. */
        public static Deadlock merge(Stall[] parts) {
            long moves = 0;
            long crossing = 0;
            long held = 0;
            long last = -1;
            int edges = 0;
            for (Stall s : parts) {
                moves += s.movesPending;
                crossing += s.crossing;
                held += s.held;
                last = Math.max(last, s.lastMovePs);
                edges += s.waits.length;
            }
            long[] waits = new long[edges];
            int at = 0;
            for (Stall s : parts) {
                System.arraycopy(s.waits, 0, waits, at, s.waits.length);
                at += s.waits.length;
            }
            return Deadlock.of(moves + crossing, held, last, parts[0].lanes, waits);
        }
    }
}
