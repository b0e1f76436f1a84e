package org.fabricsim.ib;

import org.fabricsim.engine.Time;

/**
 * An HCA's flows served round-robin, one queue per flow (per destination / queue pair), so a flow without
 * credits or held back by its rate never blocks the others (docs/PACKET_MODEL.md, "HCAs"). A flow with a
 * rate ({@code FlowSchedule.rateBps}) is paced: its next packet may start the wire time at that rate after
 * the previous one (exact over any run); otherwise it sends at line rate. With streamed pacing (D232) the
 * packet's bytes are made at that rate, its last one when the next packet may start. With message pacing (D235)
 * the same schedule is kept, but a flow waits for it only between messages: a message's packets go at once.
 */
public final class RoundRobinInjection extends RoundRobinFlows {
    private final long[] rateBps;
    private final int flowBase; // readyPs and rateRemainder cover the part's window of sending flows (Hcas#flowBase)
    private final long[] readyPs;
    private final long[] rateRemainder;
    private final boolean[] open; // per flow: may inject (its circuit is set up); null: every flow may
    private InjectionThrottle throttle; // congestion control's delay between a flow's packets; null: none
    private final boolean streamed; // D232: a paced flow's bytes are made at its rate
    private long lastByteMadePs; // of the packet last sent (streamed pacing)
    private final long message; // D235: > 0, payload bytes a paced flow hands over at once
    private final int overhead;
    private final long[] slotPs; // message pacing: where the flow's packet-by-packet schedule has reached
    private final long[] inMessage; // message pacing: payload bytes sent of the current message


    public RoundRobinInjection(Hcas hcas, long[] rateBps) {
        this(hcas, rateBps, null);
    }

    /** Flows inject only while {@code open[f]} (seed 003 §3.2: data waits for the route set-up's return). */
    public RoundRobinInjection(Hcas hcas, long[] rateBps, boolean[] open) {
        super(hcas);
        this.open = open;
        this.rateBps = rateBps;
        this.flowBase = hcas.flowBase();
        this.streamed = hcas.streamedPacing();
        this.message = hcas.pacingMessageBytes();
        this.overhead = hcas.overheadBytes();
        int n = hcas.flowWindow();
        readyPs = new long[n];
        rateRemainder = new long[n];
        slotPs = message > 0 ? new long[n] : null;
        inMessage = message > 0 ? new long[n] : null;
    }

    @Override
    public void activated(long t, int f) {
        readyPs[f - flowBase] = t;
        rateRemainder[f - flowBase] = 0;
        if (message > 0) {
            slotPs[f - flowBase] = t;
            inMessage[f - flowBase] = 0;
        }
    }

    @Override
    protected long readyAt(long t, int h, int f) {
        if (!hcas.sending(t, f) || (open != null && !open[f])) {
            return Long.MAX_VALUE;
        }
        if (readyPs[f - flowBase] > t) {
            return readyPs[f - flowBase];
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
            long bits = wireBytes * Time.S * 8 + rateRemainder[f - flowBase];
            rateRemainder[f - flowBase] = bits % rate;
            if (message == 0) {
                readyPs[f - flowBase] += bits / rate;
            } else {
                // D235: the schedule advances per packet as above; the flow waits for it only when a message
                // is complete (a packet that crosses a message's end completes it, the rest counts for the next)
                int i = f - flowBase;
                slotPs[i] += bits / rate;
                inMessage[i] += wireBytes - overhead;
                if (inMessage[i] >= message) {
                    inMessage[i] -= message;
                    readyPs[i] = slotPs[i];
                }
            }
            // the packet's bytes were made at the flow's rate from its pacing slot on: its last one when the
            // next slot opens (long past if the flow fell behind, e.g. waiting for credits)
            lastByteMadePs = streamed ? readyPs[f - flowBase] : 0;
        } else {
            lastByteMadePs = 0;
        }
        if (throttle != null) {
            // seed 002 digest §1.4: eligible again only when now - LTI >= IRD
            readyPs[f - flowBase] = Math.max(readyPs[f - flowBase], t + throttle.delayPs(f, wireBytes));
        }
    }

    @Override
    public long lastByteMadePs() {
        return lastByteMadePs;
    }

    @Override
    public void throttle(InjectionThrottle t) {
        this.throttle = t;
    }
}
