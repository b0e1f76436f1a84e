package org.fabricsim.engine;

/**
 * How an entity schedules an event: for itself (a timer) or for another entity, then only across a link
 * whose latency is positive — the link is the one way entities affect each other (DESIGN.md lesson 7), so
 * the same calls serve a sequential run and a partitioned one.
 */
public interface EventSink {
    /**
     * Schedules event {@code kind} for {@code target} at {@code timePs}, sent by entity {@code source}; the
     * tie key is (kind, source, source's next sequence number).
     */
    void send(long timePs, int kind, int source, int target, long payload);
}
