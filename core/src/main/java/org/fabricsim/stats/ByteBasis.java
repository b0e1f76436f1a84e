package org.fabricsim.stats;

import java.util.Locale;

/**
 * Which bytes of a packet count: its payload (what the application sent) or everything on the wire (payload
 * plus the per-packet header and trailer). Seed 004 reports goodput — one flow on a 200 Gbps link delivers
 * ≈ 188 Gbps — so throughput counts payload by default; link utilisation always counts wire bytes (the
 * fraction of time the link is busy). docs/DECISIONS.md (D64).
 */
public enum ByteBasis {
    PAYLOAD, WIRE;

    /** The lower-case name used in outputs and configuration ({@code payload}, {@code wire}). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
