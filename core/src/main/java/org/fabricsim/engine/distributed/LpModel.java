package org.fabricsim.engine.distributed;

/**
 * One logical process's share of a model: the entities a part owns, their event queue, and the links
 * that leave the part. The distributed scheduler drives it; it never sees another LP's state. Events are
 * processed in (time, tie key) order, the tie key coming from the model alone, so that the order does not
 * depend on the partition (DESIGN.md, "Determinism").
 */
public interface LpModel {
    /** Time of the earliest pending local event in picoseconds, {@link Long#MAX_VALUE} when there is none. */
    long nextEventTime();

    /**
     * Processes, in order, every local event with time &lt; {@code limit}. An event for an entity of another
     * LP goes to {@code out} (its time is at least the current time plus that channel's lookahead).
     */
    void runBefore(long limit, RemoteEvents out);

    /** Schedules event {@code index} of a batch another LP sent. */
    void receive(EventBatch batch, int index);

    /**
     * The lookahead of the channel to LP {@code to}: the shortest latency of the links from this part to
     * that one, or {@link Long#MAX_VALUE} when there is none.
     */
    long lookahead(int to);

    /** Events processed so far. */
    long events();

    /** This LP's results, after it has run to the end time; merged by the coordinator. */
    WireMessage result();
}
