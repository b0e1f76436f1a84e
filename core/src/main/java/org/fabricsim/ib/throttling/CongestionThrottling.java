package org.fabricsim.ib.throttling;

import org.fabricsim.ib.InjectionThrottle;
import org.fabricsim.ib.ControlPacket;
import org.fabricsim.ib.ControlReceiver;
import org.fabricsim.ib.Hcas;
import org.fabricsim.ib.MechanismTimer;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketPool;

/**
 * InfiniBand congestion control at the HCAs (seed 002 digest §1.4–1.5): a destination answers every
 * FECN-marked data packet with a congestion notification (CNP) to its source, queued before all data; a
 * source raises the CCTI of the flow (QP level) or of its port and SL (SL level) by CCTI_Increase per CNP, up
 * to CCTI_Limit, and its CCTI_Timer brings it down by one per expiry, not below CCTI_Min — restarted on every
 * CNP (one timer per CCTI), or running per port and SL over all its CCTIs (the specification's wording).
 * The flow's packets are then spaced by the injection rate delay CCT[CCTI]: a packet may start only once
 * the IRD has passed since the flow's previous one.
 *
 * <p>With message-level traffic a source's messages go to changing destinations, and a queue pair is a
 * source and a destination (Paper IV: QP level, a destination throttled on its own): the CCTI, its timer and
 * the time the next packet may go are kept per source host and destination, and a CNP names the destination
 * of the packet it answers.
 */
public final class CongestionThrottling implements ControlReceiver, MechanismTimer, InjectionThrottle {
    private final CcParams params;
    private final PacketNetwork net;
    private final PacketPool pool;
    private final PacketObserver observer;
    private final Hcas hcas;
    private final int[] flowSrc;
    private final int lanes;
    private final int[] keyOf; // per flow: its CCTI (the flow's own, or its host's lane's)
    private final boolean perDestination; // message-level traffic at QP level: a CCTI per host and destination
    private final int hosts;
    private final int[] ccti;
    private final long[] due; // per timer: when it fires, 0 = not running
    private final long[] ready; // per destination CCTI: when its next packet may go (message-level traffic)
    private final long[] ird; // the CCT, picoseconds
    private final int cnpBlocks;
    private long cnps;
    private final long[] unacknowledged; // per flow: data bytes since its last acknowledgement (becn-every > 0)
    private final boolean[] markedSince; // per flow: one of those bytes' packets was FECN-marked

    public CongestionThrottling(PacketNetwork net, CcParams params, int[] flowLane) {
        this.params = params;
        this.net = net;
        this.pool = net.pool();
        this.observer = net.observer();
        this.hcas = net.hcas();
        this.flowSrc = hcas.flowSrc;
        this.lanes = net.params().virtualLanes();
        int flows = flowSrc.length;
        keyOf = new int[flows];
        for (int f = 0; f < flows; f++) {
            keyOf[f] = params.serviceLevel() ? flowSrc[f] * lanes + flowLane[f] : f;
        }
        hosts = net.topology().hostCount();
        perDestination = net.messages() != null && !params.serviceLevel();
        if (perDestination && (long) hosts * hosts > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a CCTI per host and destination for " + hosts + " hosts is too many:"
                    + " use the SL level");
        }
        int keys = params.serviceLevel() ? hosts * lanes : perDestination ? hosts * hosts : flows;
        ready = net.messages() != null ? new long[keys] : null;
        ccti = new int[keys];
        java.util.Arrays.fill(ccti, params.cctiMin());
        due = new long[params.perFlowTimer() ? keys : net.topology().hostCount() * lanes];
        ird = new long[params.cctEntries()];
        for (int i = 0; i < ird.length; i++) {
            ird[i] = params.ird(i);
        }
        cnpBlocks = (params.cnpBytes() + net.params().creditBytes() - 1) / net.params().creditBytes();
        unacknowledged = params.becnEveryBytes() > 0 ? new long[flows] : null;
        markedSince = params.becnEveryBytes() > 0 ? new boolean[flows] : null;
    }

    // ---- destination: FECN -> CNP

    @Override
    public void dataArrived(long t, int host, int pk) {
        boolean marked = (pool.flags(pk) & FecnMarker.FECN) != 0;
        int f = pool.flow(pk);
        if (unacknowledged != null) {
            // a reliable connection acknowledges each becn-every bytes, the BECN riding on that acknowledgement
            markedSince[f] |= marked;
            unacknowledged[f] += pool.payload(pk);
            if (unacknowledged[f] < params.becnEveryBytes()) {
                return;
            }
            unacknowledged[f] -= params.becnEveryBytes();
            marked = markedSince[f];
            markedSince[f] = false;
        }
        if (!marked) {
            return;
        }
        int src = flowSrc[f];
        int cnp = pool.control(ControlPacket.CONGESTION_NOTIFICATION, ControlPacket.TOWARD_SOURCE, f, src, src,
                params.cnpBytes(), cnpBlocks, pool.vl(pk), t);
        pool.setAux(cnp, host); // the queue pair's destination
        cnps++;
        hcas.originate(t, host, cnp); // the HCA's CNP queue goes before its data (digest §1.4)
    }

    // ---- source: BECN -> CCTI, timers

    @Override
    public void received(long t, int node, int in, int pk) {
        if (pool.type(pk) != ControlPacket.CONGESTION_NOTIFICATION || node != flowSrc[pool.flow(pk)]) {
            return;
        }
        int f = pool.flow(pk);
        int key = key(f, pool.aux(pk));
        int before = ccti[key];
        ccti[key] = Math.min(params.cctiLimit(), before + params.cctiIncrease());
        if (ccti[key] != before) {
            reportCcti(t, key);
        }
        int timer = params.perFlowTimer() ? key : flowSrc[f] * lanes + pool.vl(pk);
        if (params.perFlowTimer() || due[timer] == 0) {
            arm(t, node, timer); // per CCTI: restarted on every BECN; per port SL: started if idle
        }
    }

    private void arm(long t, int node, int timer) {
        due[timer] = t + params.timerPs();
        net.schedule(due[timer], node, timer);
    }

    @Override
    public void fired(long t, int node, long payload) {
        int timer = (int) payload;
        if (due[timer] != t) {
            return; // restarted since: a later event is on its way
        }
        due[timer] = 0;
        boolean above = false;
        if (params.perFlowTimer() || params.serviceLevel()) {
            // one timer per CCTI; at SL level the CCTI of the port and SL is numbered as its timer
            above = decrement(t, timer);
        } else if (perDestination) {
            // every destination's CCTI of this port (the specification's wording; one SL per source here)
            int host = timer / lanes;
            for (int k = host * hosts; k < (host + 1) * hosts; k++) {
                above |= decrement(t, k);
            }
        } else {
            // every flow's CCTI of this port and SL (the specification's wording)
            int host = timer / lanes;
            int lane = timer % lanes;
            for (int i = hcas.hostFlowStart[host]; i < hcas.hostFlowStart[host + 1]; i++) {
                int f = hcas.hostFlows[i];
                if (hcas.lane(f) == lane) {
                    above |= decrement(t, f);
                }
            }
        }
        if (above) {
            arm(t, node, timer);
        }
    }

    // ---- injection: the IRD

    @Override
    public long delayPs(int flow, int wireBytes) {
        return ird[ccti[keyOf[flow]]];
    }

    /** Lowers CCTI {@code key} by one unless at CCTI_Min; whether it is still above. */
    private boolean decrement(long t, int key) {
        if (ccti[key] <= params.cctiMin()) {
            return false;
        }
        ccti[key]--;
        reportCcti(t, key);
        return ccti[key] > params.cctiMin();
    }

    private void reportCcti(long t, int key) {
        if (params.serviceLevel()) {
            observer.cctiChanged(t, key / lanes, -1, ccti[key]);
        } else if (perDestination) {
            observer.cctiChanged(t, key / hosts, key % hosts, ccti[key]);
        } else {
            observer.cctiChanged(t, flowSrc[key], hcas.flowDst[key], ccti[key]);
        }
    }

    @Override
    public long readyPs(int flow, int dst) {
        return ready[key(flow, dst)];
    }

    @Override
    public void sent(long t, int flow, int dst, int wireBytes) {
        int key = key(flow, dst);
        ready[key] = t + ird[ccti[key]]; // as for flows: the delay is the CCT entry when the packet goes
    }

    /** The CCTI of flow {@code f}'s packets to host {@code dst}. */
    private int key(int f, int dst) {
        return perDestination ? flowSrc[f] * hosts + dst : keyOf[f];
    }

    public long cnps() {
        return cnps;
    }

    /** The CCTI flow {@code f} is throttled by now. */
    public int ccti(int f) {
        return ccti[keyOf[f]];
    }

    /** The CCTI of host {@code src}'s packets to {@code dst} now (message-level traffic). */
    public int ccti(int src, int dst) {
        return ccti[perDestination ? src * hosts + dst : keyOf[hcas.hostFlows[hcas.hostFlowStart[src]]]];
    }
}
