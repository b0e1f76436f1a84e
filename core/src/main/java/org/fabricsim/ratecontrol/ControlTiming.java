package org.fabricsim.ratecontrol;

/**
 * The timing of special packets, seed 003 Table 6.2 (spec §6.9): a routing delay at every switch, then the
 * packet is processed by its output port's dedicated hardware — control packets one after another per output
 * port, broadcasts per input port — then serialised and propagated. HCA processing is negligible (zero).
 * Special packets have absolute priority over data, preemption included, so data never delays them.
 *
 * @param routingPs routing delay per switch (Table 6.2: 100 ns)
 * @param propagationPs per link (15 ns)
 * @param linkBps link bandwidth (10 Gb/s)
 * @param controlBytes a control packet's size (40 B)
 * @param controlProcessingPs its processing time per output port (60 ns)
 * @param broadcastBytes a round broadcast's size (8 B)
 * @param broadcastProcessingPs its processing time per input port (30 ns)
 */
public record ControlTiming(long routingPs, long propagationPs, long linkBps, int controlBytes,
        long controlProcessingPs, int broadcastBytes, long broadcastProcessingPs) implements java.io.Serializable {
    /** Seed 003 Table 6.2. */
    public static final ControlTiming TABLE_6_2 = new ControlTiming(100_000, 15_000, 10_000_000_000L, 40, 60_000, 8,
            30_000);

    public ControlTiming {
        if (routingPs < 0 || propagationPs < 0 || linkBps <= 0 || controlBytes <= 0 || controlProcessingPs < 0
                || broadcastBytes <= 0 || broadcastProcessingPs < 0) {
            throw new IllegalArgumentException("control timing needs non-negative delays and positive sizes: " + this);
        }
    }

    /** Serialisation of {@code bytes} on a link, picoseconds (40 B at 10 Gb/s: 32 ns). */
    public long serialisationPs(int bytes) {
        return Math.round(bytes * 8e12 / linkBps);
    }
}
