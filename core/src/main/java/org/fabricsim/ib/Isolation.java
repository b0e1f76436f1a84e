package org.fabricsim.ib;

/**
 * Congested-flow isolation at a switch's inputs (DESIGN.md, "The packet model's elements and decision
 * points"; seed 002 Papers V–VI): told of every data packet on lane 0 that joins or leaves an input's queues, it
 * may move the packets of a congested flow into one of the input's hot queues ({@link InputQueues}), and it
 * says whether a hot queue may send. Implemented in {@code ib.isolation}; a network without it has none.
 */
public interface Isolation {
    /** Data packet {@code pk} joined input {@code in}'s normal queue for output {@code o} of switch {@code node}. */
    void arrived(long t, int node, int in, int o, int pk);

    /**
     * Data packet {@code pk} left input {@code in} of switch {@code node} for output {@code o}, from hot queue
     * {@code hq} (-1: from the normal queue).
     */
    void departed(long t, int node, int in, int o, int pk, int hq);

    /** Whether hot queue {@code hq} is stopped (a Stop from downstream holds it). */
    boolean stopped(int hq);
}
