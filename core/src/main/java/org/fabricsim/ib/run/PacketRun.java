package org.fabricsim.ib.run;

/**
 * Figures of one packet-level run (or of one {@link PacketSimulation#runUntil} step).
 *
 * @param events events processed
 * @param simulatedPs simulated time reached
 * @param wallNanos wall time of the event loop
 * @param packetHops packet transmissions completed on all links (the injection link included)
 * @param packetsDelivered packets that reached their destination
 */
public record PacketRun(long events, long simulatedPs, long wallNanos, long packetHops, long packetsDelivered) {
    public double eventsPerSecond() {
        return wallNanos == 0 ? 0 : events * 1e9 / wallNanos;
    }

    /** Wall nanoseconds per simulated packet-hop. */
    public double nanosPerPacketHop() {
        return packetHops == 0 ? 0 : (double) wallNanos / packetHops;
    }

    public double wallSeconds() {
        return wallNanos / 1e9;
    }
}
