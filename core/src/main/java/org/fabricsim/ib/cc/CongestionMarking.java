package org.fabricsim.ib.cc;

import org.fabricsim.ib.Marking;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.SwitchView;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.throttling.FecnMarker;

/**
 * InfiniBand congestion control at the switches (seed 002 digest §1.3): a Port VL (output port and lane)
 * enters the congestion state when the fill of the queues for it crosses the threshold — per input queue,
 * summed, or summed against the threshold divided by the contributing inputs (Paper I's three options) —
 * and it is the root of congestion (it holds credits) or its port connects a CA (Victim_Mask); it leaves
 * the state below the threshold, or below the threshold minus the hysteresis (Paper II's two thresholds).
 * A data packet leaving a Port VL in the state is FECN-marked with probability 1/(Marking_Rate + 1), drawn
 * from the switch's own stream, unless it is smaller than Packet_Size. Control packets are never marked.
 */
public final class CongestionMarking implements Marking {
    private final CcParams params;
    private final PacketPool pool;
    private final SwitchView view;
    private final int lanes;
    private final int unit;
    private final long upperBlocks;
    private final long lowerBlocks;
    private final boolean[] caPort; // per global port: it connects a CA
    private final boolean[] congested; // per output x lane
    private final FecnMarker marker;
    private final long[] markedAt; // per global port: FECN marks set there
    private long marked;

    CongestionMarking(PacketNetwork net, CcParams params, long seed) {
        this.params = params;
        this.marker = new FecnMarker(net, params, seed);
        this.pool = net.pool();
        this.view = net.switches();
        this.lanes = net.links().lanes;
        this.unit = net.params().creditBytes();
        long upper = params.thresholdBytes(net.params().bufferBytes());
        this.upperBlocks = upper == Long.MAX_VALUE ? Long.MAX_VALUE : (upper + unit - 1) / unit;
        this.lowerBlocks = upper == Long.MAX_VALUE ? Long.MAX_VALUE
                : Math.max(0, upperBlocks - (params.hysteresisBytes() + unit - 1) / unit);
        int ports = net.topology().portCount();
        caPort = new boolean[ports];
        for (int p = 0; p < ports; p++) {
            caPort[p] = net.links().peer(p) >= 0 && net.links().owner(net.links().peer(p)) < net.topology().hostCount();
        }
        congested = new boolean[ports * lanes];
        markedAt = new long[ports];
    }

    @Override
    public void queued(long t, int node, int in, int o, int pk) {
        update(o, pool.vl(pk), in, pool.blocks(pk));
    }

    @Override
    public void departing(long t, int node, int o, int pk) {
        int lane = pool.vl(pk);
        update(o, lane, -1, 0);
        if (congested[o * lanes + lane] && marker.mark(t, node, o, pk)) {
            marked++;
            markedAt[o]++;
        }
    }

    /**
     * The Port VL's state after a change of the fill of input {@code in}'s queue for it (-1: a packet leaves).
     * It enters the state only as a packet of {@code blocks} joins, if the port is not short of credits — it
     * holds credits for this packet and a full one more, so its queue grows because it cannot send fast enough
     * (the root) — or connects a CA (Victim_Mask). A port living from credit to credit is a victim whose
     * queue grows because the next switch is congested (D141). As a packet leaves, the port can only leave
     * the state.
     */
    private void update(int o, int lane, int in, int blocks) {
        int ol = o * lanes + lane;
        long fill;
        long upper = upperBlocks;
        long lower = lowerBlocks;
        switch (params.evaluation()) {
            case PER_VOQ -> fill = in >= 0 ? view.inputBlocks(in, o, lane) : view.largestInputBlocks(o, lane);
            case SUM -> fill = view.queuedBlocks(o, lane);
            default -> {
                fill = view.queuedBlocks(o, lane);
                int contributors = Math.max(1, view.contributors(o, lane));
                upper = upper == Long.MAX_VALUE ? upper : Math.max(1, upper / contributors);
                lower = lower == Long.MAX_VALUE ? lower : Math.max(0, upper - (upperBlocks - lowerBlocks));
            }
        }
        if (!congested[ol]) {
            if (blocks > 0 && fill >= upper && (marker.root(o, lane, blocks) || (params.victimMask() && caPort[o]))) {
                congested[ol] = true;
            }
        } else if (fill < (params.hysteresisBytes() == 0 ? upper : lower)) {
            congested[ol] = false;
        }
    }

    /** FECN-marked packets so far at output port {@code o} (global). */
    long markedAt(int o) {
        return markedAt[o];
    }

    /** FECN-marked packets so far. */
    long marked() {
        return marked;
    }
}
