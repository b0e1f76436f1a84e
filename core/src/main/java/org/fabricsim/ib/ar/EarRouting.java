package org.fabricsim.ib.ar;

import java.util.SplittableRandom;
import org.fabricsim.ib.ControlPacket;
import org.fabricsim.ib.ControlReceiver;
import org.fabricsim.ib.Links;
import org.fabricsim.ib.Marking;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.Routing;
import org.fabricsim.ib.SwitchView;
import org.fabricsim.ib.Switches;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;

/**
 * Seed 001 §IV's implementable distributed adaptive routing, at every switch of the part: destination-based
 * and sticky — each switch holds one output per destination, starting from the forwarding tables, and
 * changes it only when required (docs/ADAPTIVE_ROUTING.md, "Seed 001's adaptive routing"; D105–D108).
 *
 * <p><b>Algorithm 1</b> ({@link #queued}, as a data packet is queued for output TP at input RP): when the
 * bytes queued for TP reach the threshold, the destination's last change (or request) is at least the
 * timer ago, and the sample draws it — if TP is an up-going port the switch adapts the destination's
 * output here; if the packet came up from below and turns down here (this is its middle switch), the
 * switch sends an explicit adaptation request (EAR) back through RP; congestion on the way down from
 * above (the destination's own link) is no routing's to fix. <b>Algorithm 2</b> ({@link #received}): a
 * switch that takes an EAR on the up-going port its destination is assigned to adapts that destination.
 *
 * <p><b>Adapting</b> moves the destination to another up-going port drawn uniformly from this switch's
 * stream; if that port is busy (a packet queued for it or on its cable), the destination that last used it
 * moves to the old port (the swap). Each move is reported ({@link PacketObserver#adapted}). Packets
 * already queued for the old port go on from there: moving is what reorders a flow.
 *
 * <p>Everything read is the switch's own: its queues ({@link SwitchView}), its tables, its timers; the
 * EAR travels as a control packet over the cable, so partitioned runs are unchanged.
 */
final class EarRouting implements Routing, Marking, ControlReceiver {
    private final EarParams params;
    private final PacketPool pool;
    private final Switches switches;
    private final SwitchView view;
    private final PacketObserver observer;
    private final int[] flowSrc;
    private final int[] flowDst;
    private final int hosts;
    private final int lanes;
    private final int unit;
    private final int requestBlocks;
    private final int[] portBase;
    private final boolean[] up; // per global port of a switch: towards the roots (a higher level)
    private final int[] upStart; // per switch: where its up-going ports start in upPorts
    private final int[] upPorts; // per switch, its up-going global ports, from upStart[s] to upStart[s + 1]
    private final Links links; // each port's node and the port at its cable's far end
    private final short[] assigned; // per switch x destination: the local output port
    private final long[] changedPs; // per switch x destination: last change or request, Long.MIN_VALUE: never
    private final int[] lastDst; // per global port: the destination of the last packet queued for it
    private final SplittableRandom[] random; // per switch, its own stream
    private final long timer;
    private final int thresholdBlocks;
    private final double growthWeight; // > 0: the QCN-like detector
    private final int[] sampledBlocks; // QCN-like: per global port x lane, the queue at its previous sample

    EarRouting(PacketNetwork net, EarParams params, long seed) {
        this.params = params;
        this.pool = net.pool();
        this.switches = net.switches();
        this.view = net.switches();
        this.observer = net.observer();
        this.flowSrc = net.hcas().flowSrc;
        this.flowDst = net.hcas().flowDst;
        this.links = net.links();
        Topology t = net.topology();
        ForwardingTables tables = net.tables();
        this.hosts = t.hostCount();
        this.lanes = net.links().lanes;
        this.unit = net.params().creditBytes();
        this.requestBlocks = (params.requestBytes() + unit - 1) / unit;
        this.thresholdBlocks = (params.thresholdBytes() + unit - 1) / unit;
        this.timer = params.timerPs();
        this.growthWeight = params.growthWeight();
        this.sampledBlocks = growthWeight > 0 ? new int[t.portCount() * lanes] : null;
        this.portBase = net.links().portBase;
        int switchCount = t.switchCount();
        up = new boolean[t.portCount()];
        upStart = new int[switchCount + 1];
        int count = 0;
        for (int s = 0; s < switchCount; s++) {
            int node = hosts + s;
            upStart[s] = count;
            for (int k = 0; k < t.ports(node); k++) {
                int gp = t.port(node, k);
                if (t.isConnected(gp) && t.level(t.peerNode(gp)) > t.level(node)) {
                    up[gp] = true;
                    count++;
                }
            }
        }
        upStart[switchCount] = count;
        upPorts = new int[count];
        for (int s = 0, i = 0; s < switchCount; s++) {
            for (int k = 0; k < t.ports(hosts + s); k++) {
                int gp = t.port(hosts + s, k);
                if (up[gp]) {
                    upPorts[i++] = gp;
                }
            }
        }
        assigned = new short[switchCount * hosts];
        changedPs = new long[switchCount * hosts];
        java.util.Arrays.fill(changedPs, Long.MIN_VALUE);
        for (int s = 0; s < switchCount; s++) {
            for (int d = 0; d < hosts; d++) {
                assigned[s * hosts + d] = (short) tables.port(hosts + s, d); // sticky from the tables
            }
        }
        lastDst = new int[t.portCount()];
        java.util.Arrays.fill(lastDst, -1);
        random = new SplittableRandom[switchCount];
        for (int s = 0; s < switchCount; s++) {
            random[s] = Seeds.stream(seed, 0, hosts + s, Seeds.Purpose.ROUTING);
        }
    }

    // -------------------------------------------------------------------------------------------------
    // Routing: the destination's current output

    @Override
    public int output(long t, int node, int in, int pk) {
        int dst = pool.dst(pk);
        int o = portBase[node] + assigned[(node - hosts) * hosts + dst];
        lastDst[o] = dst;
        return o;
    }

    // -------------------------------------------------------------------------------------------------
    // Algorithm 1: on queueing a data packet for output o

    @Override
    public void queued(long t, int node, int in, int o, int pk) {
        int s = node - hosts;
        int dst = pool.dst(pk);
        int key = s * hosts + dst;
        // the QCN-like detector samples first (its sample is its state); the level draws its sample last (D233)
        boolean congested = growthWeight > 0 ? congestedQcnLike(s, o, pool.vl(pk))
                : view.queuedBlocks(o, pool.vl(pk)) >= thresholdBlocks;
        if (!congested || (t - changedPs[key] < timer && changedPs[key] != Long.MIN_VALUE)) {
            return;
        }
        if (growthWeight == 0 && !sampled(s)) {
            return;
        }
        if (up[o]) {
            adapt(t, node, dst, pool.flow(pk));
        } else if (!up[in] && links.owner(links.peer(in)) >= hosts) {
            // came up from a switch below and turns down here: the flow's middle switch (seed 001 Alg. 1)
            changedPs[key] = t;
            int flow = pool.flow(pk);
            int ear = pool.control(ControlPacket.ADAPTATION_REQUEST, ControlPacket.TOWARD_SOURCE, flow,
                    flowSrc[flow], links.owner(links.peer(in)), params.requestBytes(), requestBlocks, pool.vl(pk), t);
            switches.originate(node, in, ear); // back through RP, behind the switch's own queue on that port
        }
    }

    /**
     * The QCN-like detector (IEEE 802.1Qau's congestion point, which seed 001 §IV names): a packet is sampled with
     * probability {@code sampling}; a sample compares output {@code o}'s queue Q with the threshold and with
     * itself at the previous sample, congested when (Q − threshold) + w·(Q − Q_old) &gt; 0, and becomes Q_old.
     */
    private boolean congestedQcnLike(int s, int o, int vl) {
        if (!sampled(s)) {
            return false;
        }
        int i = o * lanes + vl;
        int q = view.queuedBlocks(o, vl);
        double fb = (q - thresholdBlocks) + growthWeight * (q - sampledBlocks[i]);
        sampledBlocks[i] = q;
        return fb > 0;
    }

    /** Whether switch {@code s} samples this packet: always at sampling 1, else a draw from its own stream. */
    private boolean sampled(int s) {
        return params.sampling() >= 1.0 || random[s].nextDouble() < params.sampling();
    }

    @Override
    public void departing(long t, int node, int o, int pk) {
        // seed 001 Alg. 1 also runs on dequeue; queue growth is seen on queueing, which is where we act (D106)
    }

    // -------------------------------------------------------------------------------------------------
    // Algorithm 2: on taking an adaptation request

    @Override
    public void received(long t, int node, int in, int pk) {
        if (node < hosts || pool.type(pk) != ControlPacket.ADAPTATION_REQUEST) {
            return;
        }
        int flow = pool.flow(pk);
        int dst = flowDst[flow];
        int s = node - hosts;
        // only if the destination still leaves through the up-going port the request came in on
        if (up[in] && portBase[node] + assigned[s * hosts + dst] == in) {
            adapt(t, node, dst, flow);
        }
    }

    // -------------------------------------------------------------------------------------------------

    /** Moves {@code dst} to another up-going port of {@code node}, swapping with that port's destination if busy. */
    private void adapt(long t, int node, int dst, int flow) {
        int s = node - hosts;
        int first = upStart[s];
        int n = upStart[s + 1] - first;
        int key = s * hosts + dst;
        int old = portBase[node] + assigned[key];
        if (n < 2 || !up[old]) {
            return;
        }
        int pick = random[s].nextInt(n - 1);
        int to = upPorts[first + pick];
        if (to == old) {
            to = upPorts[first + n - 1]; // uniform over the others: the old port's draw takes the last one
        }
        assigned[key] = (short) (to - portBase[node]);
        changedPs[key] = t;
        observer.adapted(t, node, flow, old, to);
        int other = lastDst[to];
        if (params.swap() && other >= 0 && other != dst && busy(to)
                && portBase[node] + assigned[s * hosts + other] == to) {
            assigned[s * hosts + other] = (short) (old - portBase[node]);
            changedPs[s * hosts + other] = t;
            observer.adapted(t, node, flow, to, old);
        }
    }

    private boolean busy(int o) {
        if (view.busy(o)) {
            return true;
        }
        for (int lane = 0; lane < lanes; lane++) {
            if (view.queuedBlocks(o, lane) > 0) {
                return true;
            }
        }
        return false;
    }
}
