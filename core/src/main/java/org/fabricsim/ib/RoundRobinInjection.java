package org.fabricsim.ib;

import org.fabricsim.engine.Time;

/**
 * An HCA's flows served round-robin, one queue per flow (per destination / queue pair), so a flow without
 * credits or held back by its rate never blocks the others (docs/PACKET_MODEL.md, "HCAs"). A flow with a
 * rate ({@code FlowSchedule.rateBps}) is paced: its next packet may start the wire time at that rate after
 * the previous one (exact over any run); otherwise it sends at line rate.
 */
final class RoundRobinInjection extends RoundRobinFlows {
    private final long[] rateBps;
    private final long[] readyPs;
    private final long[] rateRemainder;
    private final boolean[] open; // per flow: may inject (its circuit is set up); null: every flow may
    private Throttle throttle; // congestion control's delay between a flow's packets; null: none

    /** A delay a flow's next packet waits after one was sent (IB CC's injection rate delay). */
    interface Throttle {
        long delayPs(int flow, int wireBytes);
    }

    RoundRobinInjection(Hcas hcas, long[] rateBps, int hosts) {
        this(hcas, rateBps, hosts, null);
    }

    /** Flows inject only while {@code open[f]} (seed 003 §3.2: data waits for the route set-up's return). */
    RoundRobinInjection(Hcas hcas, long[] rateBps, int hosts, boolean[] open) {
        super(hcas, hosts);
        this.open = open;
        this.rateBps = rateBps;
        int n = rateBps.length;
        readyPs = new long[n];
        rateRemainder = new long[n];
    }

    @Override
    public void activated(long t, int f) {
        readyPs[f] = t;
        rateRemainder[f] = 0;
    }

    @Override
    long readyAt(long t, int h, int f) {
        if (!hcas.sending(t, f) || (open != null && !open[f])) {
            return Long.MAX_VALUE;
        }
        if (readyPs[f] > t) {
            return readyPs[f];
        }
        if (hold != null && hold.held(h, hcas.flowDst[f])) {
            return Long.MAX_VALUE; // a Go wakes the host
        }
        return hcas.hasCredits(f) ? NOW : Long.MAX_VALUE; // a credit arrival retries
    }

    @Override
    public void sent(long t, int f, int wireBytes) {
        long rate = rateBps[f];
        if (rate > 0) {
            // exact over any run: carry the remainder instead of multiplying the cumulative bytes (overflow)
            long bits = wireBytes * Time.S * 8 + rateRemainder[f];
            readyPs[f] += bits / rate;
            rateRemainder[f] = bits % rate;
        }
        if (throttle != null) {
            // seed 002 digest §1.4: eligible again only when now - LTI >= IRD
            readyPs[f] = Math.max(readyPs[f], t + throttle.delayPs(f, wireBytes));
        }
    }

    /** Throttles the flows by {@code t} (congestion control). */
    void throttle(Throttle t) {
        this.throttle = t;
    }
}
