package org.fabricsim.ib;

/**
 * Traffic the HCAs generate as they run, instead of sending what the flow schedule gives (the message level
 * of seed 002 Papers IV–VI): each of the schedule's flows is a source whose destination changes from message
 * to message. It makes the HCAs' injection and tells the network its smallest data packet (the lookahead
 * needs it). Implemented in {@code ib.traffic}.
 */
public interface GeneratedTraffic {
    /** The injection that generates this traffic at the HCAs. */
    RoundRobinFlows injection(Hcas hcas, PacketParams params);

    /** Payload bytes of a message (its last packet is short unless a multiple of the MTU). */
    int messageBytes();
}
