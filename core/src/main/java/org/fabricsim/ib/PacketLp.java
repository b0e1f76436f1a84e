package org.fabricsim.ib;

import org.fabricsim.engine.EventQueue;
import org.fabricsim.engine.EventSink;
import org.fabricsim.engine.LogicalProcess;
import org.fabricsim.engine.distributed.EventBatch;
import org.fabricsim.engine.distributed.LpModel;
import org.fabricsim.engine.distributed.RemoteEvents;
import org.fabricsim.engine.distributed.WireMessage;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * One part of a partitioned packet-level run: the same {@link PacketNetwork} as a sequential run, restricted
 * to the nodes of one part, behind an event sink that keeps events for this part's ports in its own queue
 * and hands the others — packet heads and credits crossing a cut cable — to the distributed engine, with
 * the tie key the sequential run would give them. A packet crossing the cut travels as its fields
 * ({@link PacketNetwork#exportPacket}); everything else about the model is unchanged.
 */
public final class PacketLp implements LpModel {
    /** Payload words of every cross-part event. */
    public static final int PAYLOAD_WORDS = PacketNetwork.PACKET_WORDS;

    private final int part;
    private final int[] partOf;
    private final LogicalProcess queue;
    private final PacketNetwork network;
    private final long[] lookahead;
    private final Result result;
    private RemoteEvents out;

    /** What a part reports at the end, besides its measurements (held by its observer). */
    public interface Result {
        WireMessage collect(PacketLp lp);
    }

    /**
     * @param partOf the part of every node
     * @param result turns this part's measurements and counters into what its LP reports
     */
    public PacketLp(Topology topology, ForwardingTables tables, FlowSchedule schedule, int[] flowLanes,
            PacketParams params, PacketObserver observer, String eventQueue, int part, int[] partOf, Result result) {
        this.part = part;
        this.partOf = partOf.clone();
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
        this.lookahead = new long[parts];
        java.util.Arrays.fill(lookahead, Long.MAX_VALUE);
        boolean[] remotePeer = new boolean[topology.portCount()];
        for (int gp = 0; gp < topology.portCount(); gp++) {
            if (topology.isConnected(gp) && owned[topology.owner(gp)] && !owned[topology.peerNode(gp)]) {
                remotePeer[gp] = true;
                int to = partOf[topology.peerNode(gp)];
                // packets arrive a cable latency (plus the switch latency) later, credits a cable latency later
                lookahead[to] = Math.min(lookahead[to], topology.latencyPs(gp));
            }
        }
        this.queue = new LogicalProcess(EventQueue.create(eventQueue), nodes);
        this.network = new PacketNetwork(topology, tables, schedule, flowLanes, params, observer, new CutSink());
        network.restrictTo(owned, remotePeer);
        queue.handler(network);
        network.start();
    }

    /** Events for this part's ports go to its queue, the others across the cut. */
    private final class CutSink implements EventSink {
        @Override
        public void send(long timePs, int kind, int source, int target, long payload) {
            int to = partOf[network.ownerOf(target)];
            if (to == part) {
                queue.send(timePs, kind, source, target, payload);
                return;
            }
            long tie = queue.nextTie(kind, source);
            int at = out.add(to, timePs, tie, target, kind);
            long[] words = out.payload(to);
            if (kind == PacketNetwork.ARRIVAL) {
                network.exportPacket((int) payload, words, at);
            } else {
                words[at] = payload;
            }
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
        int kind = batch.kinds()[index];
        long payload = kind == PacketNetwork.ARRIVAL
                ? network.importPacket(batch.payload(), index * batch.stride())
                : batch.payload(index, 0);
        queue.receive(batch.times()[index], batch.ties()[index], batch.targets()[index], payload);
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

    public long injectedPackets() {
        return network.injectedPackets();
    }

    public long deliveredPackets() {
        return network.deliveredPackets();
    }
}
