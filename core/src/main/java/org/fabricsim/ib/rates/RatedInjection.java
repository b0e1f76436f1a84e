package org.fabricsim.ib.rates;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.Hcas;
import org.fabricsim.ib.Injection;

/**
 * An HCA that realises its flows' rates (seed 003 ch. 5, spec §5.1–5.2; {@link RateRealisation}). Every flow keeps
 * its data sent per unit of rate as a virtual time, D(f, t) / r(f) in picoseconds, and the host serves the flow
 * with the least:
 * <ul>
 *   <li><b>Periodic Selection</b>: the host starts one packet every d_p / R (R the sum of the rates of its flows
 *   sending now, d_p the packet just sent), with no eligibility test, so its aggregate output is periodic
 *   (Theorem 5.2.2: D(f, t) / t → r(f); Lemma 5.2.1: max D/r − min D/r ≤ max d_p / r). Back-pressure: without a
 *   credit the packet waits, and the period counts from when it does start — the wait is lost, not made up
 *   ([P] §6).</li>
 *   <li><b>Shaped Virtual Clock</b>: only flows whose last packet left at least d_p / r(f) ago are eligible;
 *   none: the host waits for the first to become so (per-flow shaping, aggregate bursts allowed).</li>
 * </ul>
 * A flow without a rate (0) counts at its host's link rate. A flow that starts while others send takes the
 * least virtual time among them, so it neither waits for nor bursts past data they sent before it existed
 * (spec §5.2 states the lemma for flows sending from time 0). Allocation-free once built.
 */
final class RatedInjection implements Injection {
    private final Hcas hcas;
    private final boolean periodic;
    private final long[] rateBps; // per flow
    private final long[] virtualPs; // per flow: D(f) / r(f)
    private final long[] virtualRemainder;
    private final long[] eligiblePs; // per flow (SVC): when its next packet may start
    private final long[] tickPs; // per host (PS): when its next packet may start
    private long retryPs;

    RatedInjection(Hcas hcas, RateRealisation mode, long[] flowRateBps, long[] hostLinkBps) {
        if (mode == RateRealisation.ROUND_ROBIN) {
            throw new IllegalArgumentException("round-robin is RoundRobinInjection's");
        }
        this.hcas = hcas;
        this.periodic = mode == RateRealisation.PERIODIC_SELECTION;
        int n = flowRateBps.length;
        rateBps = new long[n];
        for (int f = 0; f < n; f++) {
            rateBps[f] = flowRateBps[f] > 0 ? flowRateBps[f] : hostLinkBps[hcas.flowSrc[f]];
        }
        virtualPs = new long[n];
        virtualRemainder = new long[n];
        eligiblePs = new long[n];
        tickPs = new long[hostLinkBps.length];
    }

    @Override
    public void activated(long t, int f) {
        int h = hcas.flowSrc[f];
        long least = Long.MAX_VALUE;
        for (int k = hcas.hostFlowStart[h]; k < hcas.hostFlowStart[h + 1]; k++) {
            int g = hcas.hostFlows[k];
            if (g != f && hcas.sending(t, g)) {
                least = Math.min(least, virtualPs[g]);
            }
        }
        virtualPs[f] = least == Long.MAX_VALUE ? 0 : least;
        virtualRemainder[f] = 0;
        eligiblePs[f] = t;
    }

    @Override
    public int next(long t, int h) {
        if (periodic && t < tickPs[h]) {
            retryPs = tickPs[h];
            return -1;
        }
        int best = -1;
        long soonest = Long.MAX_VALUE;
        for (int k = hcas.hostFlowStart[h]; k < hcas.hostFlowStart[h + 1]; k++) {
            int f = hcas.hostFlows[k];
            if (!hcas.sending(t, f)) {
                continue;
            }
            if (!periodic && eligiblePs[f] > t) {
                soonest = Math.min(soonest, eligiblePs[f]);
                continue;
            }
            if (best < 0 || virtualPs[f] < virtualPs[best]) { // ties: the first of the host's flows
                best = f;
            }
        }
        if (best < 0) {
            retryPs = soonest; // SVC: the first to become eligible; else only a flow's start will tell
            return -1;
        }
        if (!hcas.hasCredits(best)) {
            retryPs = Long.MAX_VALUE; // back-pressure: a credit's arrival retries
            return -1;
        }
        return best;
    }

    @Override
    public long retryPs() {
        return retryPs;
    }

    @Override
    public void sent(long t, int f, int wireBytes) {
        // D(f) / r(f) grows by d_p / r(f), exactly over any run (the remainder is carried)
        long bits = wireBytes * 8L * Time.S + virtualRemainder[f];
        virtualPs[f] += bits / rateBps[f];
        virtualRemainder[f] = bits % rateBps[f];
        if (periodic) {
            int h = hcas.flowSrc[f];
            long aggregate = 0;
            for (int k = hcas.hostFlowStart[h]; k < hcas.hostFlowStart[h + 1]; k++) {
                int g = hcas.hostFlows[k];
                if (g == f || hcas.sending(t, g)) {
                    aggregate += rateBps[g];
                }
            }
            tickPs[h] = t + Time.serialisation(wireBytes, aggregate); // from the actual start: a wait is lost
        } else {
            eligiblePs[f] = t + Time.serialisation(wireBytes, rateBps[f]);
        }
    }
}
