package org.fabricsim.ib.ar;

import org.fabricsim.config.Units;

/**
 * Seed 001 §IV's distributed adaptive routing (Algorithms 1 and 2), its parameters; the paper gives none of
 * their values (digest B.8, "ambiguous" 10), so each is a key with a documented default
 * ({@code packet.adaptive-routing.ear.*}; docs/ADAPTIVE_ROUTING.md, D106).
 *
 * @param thresholdBytes an output is congested when the bytes queued for it at its switch reach this
 *     ("transmit-port queue occupancy, QCN-like")
 * @param timerPs after a destination's port changed (or a request for it was sent), no change (request) for
 *     it before this much time has passed ("enough time from port change for this flow")
 * @param sampling the probability that a packet queued for a congested output triggers an adaptation or a
 *     request (sampling makes larger flows likelier to move)
 * @param requestBytes wire size of an explicit adaptation request ("8-byte messages, like InfiniBand
 *     flow-control packets")
 * @param swap whether an adaptation onto a busy port moves that port's destination onto the old port
 * @param growthWeight 0: an output is congested when its queue reaches the threshold (a level); w &gt; 0: a
 *     QCN-like detector (IEEE 802.1Qau, which seed 001 §IV names): a sampled packet finds its output congested
 *     when (Q − threshold) + w·(Q − Q at the output's previous sample) &gt; 0, so a growing queue counts before
 *     it reaches the threshold and a draining one not even above it (QCN's w is 2)
 */
public record EarParams(int thresholdBytes, long timerPs, double sampling, int requestBytes, boolean swap,
        double growthWeight) {
    /** The defaults of conf/defaults.conf. */
    public static final EarParams DEFAULTS = new EarParams(8 * 1024, 10_000_000L, 1.0, 8, true, 0);

    /** A level detector ({@code growthWeight} 0). */
    public EarParams(int thresholdBytes, long timerPs, double sampling, int requestBytes, boolean swap) {
        this(thresholdBytes, timerPs, sampling, requestBytes, swap, 0);
    }

    public EarParams {
        if (thresholdBytes < 1) {
            throw new IllegalArgumentException("threshold must be >= 1 byte: " + thresholdBytes);
        }
        if (timerPs < 0) {
            throw new IllegalArgumentException("timer must be >= 0: " + timerPs);
        }
        if (!(sampling > 0 && sampling <= 1)) {
            throw new IllegalArgumentException("sampling must be in (0, 1]: " + sampling);
        }
        if (requestBytes < 1) {
            throw new IllegalArgumentException("request size must be >= 1 byte: " + requestBytes);
        }
        if (!(growthWeight >= 0 && growthWeight < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("growth weight must be >= 0 and finite: " + growthWeight);
        }
    }

    public String describe() {
        return "threshold " + Units.formatSize(thresholdBytes) + ", timer " + Units.formatTime(timerPs)
                + ", sampling " + sampling + ", request " + requestBytes + " B" + (swap ? ", swap" : "")
                + (growthWeight > 0 ? ", QCN-like, growth weight " + growthWeight : "");
    }
}
