package org.fabricsim.ib;

/**
 * What a congestion control tells the HCAs' round-robin injection ({@link RoundRobinFlows}): how long a flow
 * waits after a packet (the injection rate delay of InfiniBand CC, seed 002 digest §1.4), and, for message
 * sources whose destination changes per message, when the next packet to a destination may go. Implemented
 * by {@code ib.throttling}; an injection without it is not throttled.
 */
public interface InjectionThrottle {
    /** Flow {@code flow}'s packet of {@code wireBytes} went: the least time before its next may. */
    long delayPs(int flow, int wireBytes);

    /** When message source {@code flow}'s next packet to {@code dst} may go. */
    long readyPs(int flow, int dst);

    /** Message source {@code flow}'s packet of {@code wireBytes} to {@code dst} went at {@code t}. */
    void sent(long t, int flow, int dst, int wireBytes);
}
