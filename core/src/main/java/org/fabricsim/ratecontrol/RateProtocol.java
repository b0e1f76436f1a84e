package org.fabricsim.ratecontrol;

/**
 * A distributed rate protocol of seed 003 ch. 4 on a {@link ControlPlane}: what a flow's source does when the
 * flow starts, when one of its control packets comes back and when one of its timers fires, and what a control
 * packet does at each link of its flow's path (spec §4.0: atomically per link, in path order, the same
 * operation at every hop). Per-link state lives with the link's transmitting element; the sources hold their
 * flows' state; a switch holds nothing per flow (spec §4.7).
 */
interface RateProtocol {
    /** Flow {@code f} starts at its source. */
    void start(long t, int f);

    /** Control packet {@code pk} of flow {@code ControlPlane#flow(pk)} is processed at link {@code link}. */
    void atLink(int pk, int link);

    /** Control packet {@code pk} is back at its flow's source (it is released after the call). */
    void returned(long t, int pk);

    /** Timer {@code kind} of flow {@code f} fires. */
    void timer(long t, int f, int kind);

    /** A round broadcast reached switch {@code node} (processed at its input): forward it to every other port? */
    default boolean broadcastAtSwitch(long t, int node, int pk) {
        return false;
    }

    /** A round broadcast reached host {@code host}. */
    default void broadcastAtHost(long t, int host, int pk) {
    }

    /** Control packet {@code pk} reached its flow's destination host: send it back to the source? */
    default boolean arrived(long t, int pk, int host) {
        return true;
    }

    /**
     * Element message {@code pk} reached element {@code node} on its port {@code in} (global) and was processed
     * ({@link ControlPlane#message}); the protocol releases it ({@link ControlPlane#done}).
     */
    default void message(long t, int node, int in, int pk) {
        throw new IllegalStateException("this protocol sends no element messages");
    }

    /** When the calculation the results count from began (DAFA: the last round's trigger at the leader); 0 here. */
    default long originPs() {
        return 0;
    }
}
