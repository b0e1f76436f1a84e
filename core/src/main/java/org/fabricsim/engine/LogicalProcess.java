package org.fabricsim.engine;

/**
 * A group of entities with one event queue: it numbers each entity's sends (the per-source sequence of the
 * tie key), pops events in (time, tie) order and hands them to the model. The sequential scheduler runs
 * one logical process holding every entity; a partitioned run (issue 6) gives each part its own.
 * Not thread-safe: one simulation thread owns it.
 */
public final class LogicalProcess implements EventSink {
    private final EventQueue queue;
    private final long[] sequence;
    // pending events per kind: a model asks whether any event of a kind is still to come (a credit-loop
    // deadlock is packets held with no packet or credit event pending); one add per push and pop
    private final int[] pendingOfKind = new int[TieKey.MAX_KIND + 1];
    // events processed per kind: what each event per packet-hop does (issue 36)
    private final long[] handledOfKind = new long[TieKey.MAX_KIND + 1];
    private EventHandler handler;
    private long events;
    private long now;
    private long digest = 17;

    /** @param entities number of entities that may send (the range of {@code source}) */
    public LogicalProcess(EventQueue queue, int entities) {
        if (entities > TieKey.MAX_SOURCE + 1) {
            throw new IllegalArgumentException(entities + " entities exceed the tie key's " + (TieKey.MAX_SOURCE + 1));
        }
        this.queue = queue;
        this.sequence = new long[entities];
    }

    public void handler(EventHandler h) {
        this.handler = h;
    }

    @Override
    public void send(long timePs, int kind, int source, int target, long payload) {
        if (timePs < now) {
            throw new IllegalStateException("event kind " + kind + " from entity " + source + " scheduled at "
                    + timePs + " ps, before the current time " + now + " ps");
        }
        queue.push(timePs, tie(kind, source), target, payload);
        pendingOfKind[kind]++;
    }

    /**
     * The tie key of the next event {@code source} sends, consuming its sequence number: for an event that
     * leaves this logical process and is {@link #push pushed} into another's queue with the same key.
     */
    public long tie(int kind, int source) {
        long seq = sequence[source]++;
        if (seq > TieKey.MAX_SEQUENCE) {
            throw new IllegalStateException("entity " + source + " sent more than " + TieKey.MAX_SEQUENCE + " events");
        }
        return TieKey.of(kind, source, seq);
    }

    /** Schedules an event another logical process sent, with the tie key its source gave it. */
    public void push(long timePs, long tie, int target, long payload) {
        if (timePs < now) {
            throw new IllegalStateException("event from another logical process at " + timePs
                    + " ps, before the current time " + now + " ps (lookahead violated)");
        }
        queue.push(timePs, tie, target, payload);
        pendingOfKind[TieKey.kind(tie)]++;
    }

    /** Processes, in order, every event with time &lt; {@code limit}. */
    public void runBefore(long limit) {
        EventQueue q = queue;
        EventHandler h = handler;
        long n = 0;
        while (q.peekTime() < limit) {
            q.pop();
            now = q.time();
            n++;
            long tie = q.tie();
            int kind = TieKey.kind(tie);
            pendingOfKind[kind]--;
            handledOfKind[kind]++;
            digest = (digest ^ now ^ (tie * 0x9E3779B97F4A7C15L) ^ ((long) q.target() << 32) ^ q.payload())
                    * 0xBF58476D1CE4E5B9L;
            h.handle(now, kind, q.target(), q.payload());
        }
        events += n;
    }

    /** Time of the earliest pending event, {@link Long#MAX_VALUE} when none. */
    public long nextEventTime() {
        return queue.peekTime();
    }

    /** Time of the event being (or last) processed. */
    public long now() {
        return now;
    }

    /**
     * A running hash of every event processed (time, tie key, target, payload), in order: equal digests mean
     * (with overwhelming probability) identical event sequences.
     */
    public long digest() {
        return digest;
    }

    public long events() {
        return events;
    }

    public int pending() {
        return queue.size();
    }

    /** Events of {@code kind} processed so far. */
    public long handled(int kind) {
        return handledOfKind[kind];
    }

    /** Events of {@code kind} scheduled and not yet processed. */
    public int pending(int kind) {
        return pendingOfKind[kind];
    }
}
