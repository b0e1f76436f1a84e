package org.fabricsim.ib;

/**
 * The injection decision at an HCA (DESIGN.md, "The packet model's elements and decision points"): when
 * the host's port may start a packet, which of its flows sends next, and when a flow may send again. It
 * keeps its own per-flow pacing state; the {@link Hcas} tell it whether a flow is sending and whether its
 * packet has credits. Implementations: {@link RoundRobinInjection} (line rate or a fixed rate per flow),
 * {@code ib.traffic}'s message sources, {@code ib.rates}' rated injection (Periodic Selection, Shaped Virtual
 * Clock: seed 003 ch. 5).
 */
public interface Injection {
    /** Flow {@code f} begins to send at {@code t}. */
    void activated(long t, int f);

    /**
     * The flow of host {@code h} whose packet starts now, or -1 when none may: then {@link #retryPs} is the
     * earliest time one may (Long.MAX_VALUE: only a credit or a flow's start will tell).
     */
    int next(long t, int h);

    long retryPs();

    /** Flow {@code f}'s packet of {@code wireBytes} started at {@code t}. */
    void sent(long t, int f, int wireBytes);

    /**
     * When the source made the last byte of the packet {@link #sent} last started, for a source that makes its
     * bytes at its flow's rate ({@code packet.flow-pacing = stream}, D232); 0: the packet was handed over whole.
     */
    default long lastByteMadePs() {
        return 0;
    }
}
