package org.fabricsim.engine.distributed;

import java.util.ArrayList;
import java.util.List;

/**
 * The Chandy–Misra–Bryant null-message protocol for one LP, without any messaging: the actor feeds it the
 * batches that arrive and sends the batches it returns. Kept apart from Pekko so that it is tested alone.
 *
 * <p>Channel clocks: {@code inClock[j]} is the latest promise of LP j, so every event still to come is at
 * or after the smallest of them, the LP's safe time; events strictly before it are processed. After that
 * the LP can create no event before {@code horizon = min(next local event, safe time)}, so it promises
 * {@code horizon + lookahead} on every outgoing channel — lazily, only when blocked and only when the
 * promise grows, carried by the batch of real events when there is one (DESIGN.md, "Packet engine").
 * Cables are bidirectional, so LP j sends to this LP exactly when this LP sends to j.
 *
 * <p><b>Two LPs: crossing idle spells at once.</b> Promises alone cross a stretch of simulated time without
 * events one lookahead per exchange. With exactly two LPs the exact bound is at hand: every batch states its
 * sender's next pending event and how many batches it had received back. When the neighbour's latest batch
 * acknowledges all but some of this LP's batches, every event still to come here is at or after
 * {@code min(neighbour's next event, earliest event among this LP's unacknowledged batches, this LP's next
 * event + lookahead out) + lookahead in}: the neighbour creates nothing but from its own pending events or
 * from what this LP sent or will send (a fixed point of the two bounds). The safe time is the larger of that
 * and the promise. With more LPs the bound needs a view of every channel: {@link GlobalBound} builds it at
 * the coordinator from the LPs' snapshots ({@link #report}), and {@link #raiseFloor} takes it in.
 */
final class ConservativeLp {
    /**
     * The most events one batch carries: with the packet model's 6 payload words, at most 3 MB in Kryo's
     * encoding (about 90 bytes an event at worst), inside Artery's 4 MiB frame ({@link ClusterConfig}). A step
     * that sends more sends several batches.
     */
    static final int MAX_BATCH_EVENTS = 32_768;

    /** How many lookaheads of idle time ahead make a blocked LP ask for the global bound (D186). */
    static final long IDLE_STRETCH_LOOKAHEADS = 8;

    private final long runId;
    private final int lp;
    private final int parts;
    private final LpModel model;
    private final long endPs;
    private final RemoteEvents out;
    private final long[] lookahead;
    private final long[] inClock;
    private final long[] expectedSequence;
    private final long[] nextSequence;
    private final long[] lastPromise;
    private final long shortestLookahead; // of the outgoing channels: how far one step runs past its next event
    private final int maxBatchEvents;
    // two LPs (see the class comment): the neighbour, its latest statement, and this LP's unacknowledged batches
    private final int peer;
    private long peerNext;
    private long peerLookahead;
    private long[] unackedMin = new long[16]; // earliest event of each batch sent to the neighbour, from
    private long unackedFrom; // this sequence number on (the first the neighbour has not acknowledged)
    private long safeFloor;
    private long globalFloor; // from the global bound's last wave (GlobalBound)
    private final SentBatches[] sentSince; // per channel, for the global bound's reports (3 LPs or more)
    private long realSent;
    private long nullSent;
    private long batchesSent;
    private long steps;
    private long latencyNanos;
    private long busyNanos;
    private long received;

    ConservativeLp(long runId, int lp, int parts, LpModel model, int payloadWords, long endPs) {
        this(runId, lp, parts, model, payloadWords, endPs, MAX_BATCH_EVENTS);
    }

    ConservativeLp(long runId, int lp, int parts, LpModel model, int payloadWords, long endPs, int maxBatchEvents) {
        this(runId, lp, parts, model, payloadWords, endPs, maxBatchEvents, false);
    }

    /** {@code globalBound}: the coordinator runs {@link GlobalBound} waves (3 LPs or more); this LP answers them. */
    ConservativeLp(long runId, int lp, int parts, LpModel model, int payloadWords, long endPs, int maxBatchEvents,
            boolean globalBound) {
        this.maxBatchEvents = maxBatchEvents;
        this.runId = runId;
        this.lp = lp;
        this.parts = parts;
        this.model = model;
        this.endPs = endPs;
        this.out = new RemoteEvents(parts, payloadWords);
        this.lookahead = new long[parts];
        this.inClock = new long[parts];
        this.expectedSequence = new long[parts];
        this.nextSequence = new long[parts];
        this.lastPromise = new long[parts];
        for (int j = 0; j < parts; j++) {
            lookahead[j] = j == lp ? Long.MAX_VALUE : model.lookahead(j);
            if (lookahead[j] <= 0) {
                throw new IllegalArgumentException("LP " + lp + " -> LP " + j + ": lookahead must be positive, got "
                        + lookahead[j] + " ps (a link with zero latency crosses the partition)");
            }
            inClock[j] = lookahead[j] == Long.MAX_VALUE ? Long.MAX_VALUE : 0;
            lastPromise[j] = -1;
        }
        long shortest = Long.MAX_VALUE;
        for (long l : lookahead) {
            shortest = Math.min(shortest, l);
        }
        this.shortestLookahead = shortest;
        this.peer = parts == 2 && lookahead[1 - lp] != Long.MAX_VALUE ? 1 - lp : -1;
        this.sentSince = globalBound && parts > 2 ? new SentBatches[parts] : null;
        for (int j = 0; sentSince != null && j < parts; j++) {
            sentSince[j] = new SentBatches();
        }
    }

    /**
     * Takes in a batch from another LP.
     *
     * @throws ChannelException when it is not the next one on its channel
     */
    void receive(EventBatch batch) {
        int from = batch.from();
        if (batch.runId() != runId || batch.to() != lp) {
            throw new ChannelException("LP " + lp + " received a batch for run " + batch.runId() + ", LP " + batch.to());
        }
        if (batch.sequence() != expectedSequence[from]) {
            throw new ChannelException("channel LP " + from + " -> LP " + lp + ": batch " + expectedSequence[from]
                    + " expected, batch " + batch.sequence() + " arrived (lost or out of order)");
        }
        expectedSequence[from]++;
        latencyNanos += Math.max(0, System.nanoTime() - batch.sentNanos());
        received++;
        for (int i = 0; i < batch.size(); i++) {
            if (batch.times()[i] < globalFloor) {
                throw new ChannelException("channel LP " + from + " -> LP " + lp + ": an event at " + batch.times()[i]
                        + " ps is earlier than the global bound of " + globalFloor + " ps");
            }
            if (batch.times()[i] < inClock[from]) {
                throw new ChannelException("channel LP " + from + " -> LP " + lp + ": an event at " + batch.times()[i]
                        + " ps is earlier than the promise of " + inClock[from] + " ps");
            }
            model.receive(batch, i);
        }
        inClock[from] = Math.max(inClock[from], batch.promisePs());
        if (from == peer) {
            // a batch without a statement (the front of a long queue) suspends the bound until the next one
            peerNext = batch.nextEventPs();
            peerLookahead = batch.lookaheadPs();
            if (batch.receivedBatches() > nextSequence[peer]) {
                throw new ChannelException("channel LP " + from + " -> LP " + lp + ": acknowledges "
                        + batch.receivedBatches() + " batches, " + nextSequence[peer] + " were sent");
            }
            long acked = batch.receivedBatches() - unackedFrom;
            if (acked > 0) { // forget the batches the neighbour has received
                int left = (int) (nextSequence[peer] - batch.receivedBatches());
                System.arraycopy(unackedMin, (int) acked, unackedMin, 0, left);
                unackedFrom = batch.receivedBatches();
            }
        }
    }

    /**
     * Processes what is safe, at most one lookahead past the next local event, and returns the batches to
     * send, one per channel at most; {@link #hasSafeWork()} tells whether another step may go on at once.
     *
     * <p>Why in strides: a neighbour can be blocked waiting for this LP's next promise while this LP runs.
     * Running a whole window of two lookaheads before promising again (possible when the neighbour's promise
     * is ahead) makes the neighbour wait for all of it; it then runs two lookaheads while this LP waits, and
     * the two take turns for the rest of the run instead of working at the same time. Promising after every
     * lookahead's worth keeps both busy.
     */
    List<EventBatch> step() {
        long began = System.nanoTime();
        steps++;
        long safe = safeTime();
        model.runBefore(Math.min(Math.min(safe, endPs), saturatedAdd(model.nextEventTime(), shortestLookahead)), out);
        long horizon = Math.min(model.nextEventTime(), safe);
        boolean done = horizon >= endPs;
        List<EventBatch> batches = new ArrayList<>();
        for (int j = 0; j < parts; j++) {
            if (lookahead[j] == Long.MAX_VALUE) {
                continue;
            }
            long promise = Math.max(lastPromise[j], done ? Long.MAX_VALUE : saturatedAdd(horizon, lookahead[j]));
            while (out.pending(j) > maxBatchEvents) {
                // a message must fit a frame: the front of a long queue goes first under the old promise (the
                // events behind it may be earlier than the new one)
                batches.add(cut(j, Math.max(lastPromise[j], 0), maxBatchEvents, false));
            }
            if (out.pending(j) > 0 || promise > lastPromise[j]) {
                batches.add(cut(j, promise, Integer.MAX_VALUE, true));
                lastPromise[j] = promise;
            }
        }
        busyNanos += System.nanoTime() - began;
        return batches;
    }

    /**
     * The next batch for LP {@code j}: at most {@code max} of its queued events, with this LP's standing when
     * {@code standing} (not while events it has created still wait in the buffer: they are neither in its
     * queue nor sent, and the statement would not cover them).
     */
    private EventBatch cut(int j, long promise, int max, boolean standing) {
        long sequence = nextSequence[j]++;
        EventBatch b = out.take(runId, lp, j, sequence, promise, standing ? model.nextEventTime() : 0,
                expectedSequence[j], standing ? lookahead[j] : 0, max);
        batchesSent++;
        if (b.isNull()) {
            nullSent++;
        } else {
            realSent += b.size();
        }
        if (sentSince == null && j != peer) {
            return b; // neither bound needs the batch's earliest event
        }
        long earliest = Long.MAX_VALUE;
        for (int k = 0; k < b.size(); k++) {
            earliest = Math.min(earliest, b.times()[k]);
        }
        if (sentSince != null && earliest != Long.MAX_VALUE) {
            sentSince[j].add(sequence, earliest);
        }
        if (j == peer) {
            int at = (int) (sequence - unackedFrom);
            if (at >= unackedMin.length) {
                unackedMin = java.util.Arrays.copyOf(unackedMin, 2 * (at + 1));
            }
            unackedMin[at] = earliest;
        }
        return b;
    }

    /** Whether any link runs from this LP to LP {@code j} (so that it sends batches there). */
    boolean sendsTo(int j) {
        return lookahead[j] != Long.MAX_VALUE;
    }

    /** Whether a local event is safe to process now (before the safe time and the end time). */
    boolean hasSafeWork() {
        return model.nextEventTime() < Math.min(safeTime(), endPs);
    }

    /** Whether nothing is left to process before the end time, nor can arrive. */
    boolean done() {
        return Math.min(model.nextEventTime(), safeTime()) >= endPs;
    }

    long safeTime() {
        long safe = Long.MAX_VALUE;
        for (long c : inClock) {
            safe = Math.min(safe, c);
        }
        safe = Math.max(safe, globalFloor);
        if (peer >= 0 && peerLookahead > 0) {
            long x = Math.min(peerNext, saturatedAdd(model.nextEventTime(), lookahead[peer]));
            for (long s = unackedFrom; s < nextSequence[peer]; s++) {
                x = Math.min(x, unackedMin[(int) (s - unackedFrom)]);
            }
            // a bound once valid stays valid: what arrives later arrives at or after it
            safeFloor = Math.max(safeFloor, saturatedAdd(x, peerLookahead));
            safe = Math.max(safe, safeFloor);
        }
        return safe;
    }

    /**
     * This LP's snapshot for the global bound, between steps (when every batch cut has been handed over):
     * {@code since[j]} batches have reached LP j for sure, so the events of the others may still be in flight.
     */
    Messages.BoundReport report(long wave, long[] since) {
        if (sentSince == null) {
            throw new IllegalStateException("this LP was built without the global bound (it needs 3 LPs or more)");
        }
        long[] inFlight = new long[parts];
        for (int j = 0; j < parts; j++) {
            inFlight[j] = sentSince[j].forgetBefore(since[j]);
        }
        return new Messages.BoundReport(runId, wave, lp, nextSequence.clone(), expectedSequence.clone(),
                model.nextEventTime(), lookahead.clone(), inFlight);
    }

    /** The earliest event of each batch with events sent on one channel, while it may still be in flight. */
    private static final class SentBatches {
        private long[] sequence = new long[8];
        private long[] earliest = new long[8];
        private int size;

        void add(long seq, long time) {
            if (size == sequence.length) {
                sequence = java.util.Arrays.copyOf(sequence, 2 * size);
                earliest = java.util.Arrays.copyOf(earliest, 2 * size);
            }
            sequence[size] = seq;
            earliest[size++] = time;
        }

        /** Forgets the batches before {@code seq} (received for sure); the earliest event of the rest. */
        long forgetBefore(long seq) {
            int drop = 0;
            while (drop < size && sequence[drop] < seq) {
                drop++;
            }
            System.arraycopy(sequence, drop, sequence, 0, size - drop);
            System.arraycopy(earliest, drop, earliest, 0, size - drop);
            size -= drop;
            long min = Long.MAX_VALUE;
            for (int k = 0; k < size; k++) {
                min = Math.min(min, earliest[k]);
            }
            return min;
        }
    }

    /**
     * Every event still to arrive here is at or after {@code floorPs} ({@link GlobalBound}). Returns whether
     * that lets this LP go further than before (otherwise there is no reason to step).
     */
    boolean raiseFloor(long floorPs) {
        long before = safeTime();
        globalFloor = Math.max(globalFloor, floorPs);
        return safeTime() > before;
    }

    /**
     * Whether this LP waits at the start of a stretch of simulated time that promises would cross only in
     * several exchanges: nothing safe to do, and its next event more than {@link #IDLE_STRETCH_LOOKAHEADS}
     * lookaheads beyond its safe time. Within fewer, the null messages get there about as fast as a wave of
     * the global bound, which costs two round trips through the coordinator (docs/BENCHMARKS.md).
     */
    boolean waitsBeforeAnIdleStretch() {
        long safe = safeTime();
        return !hasSafeWork() && !done()
                && model.nextEventTime() - Math.min(safe, endPs) > IDLE_STRETCH_LOOKAHEADS * shortestLookahead;
    }

    long realMessagesSent() {
        return realSent;
    }

    long nullMessagesSent() {
        return nullSent;
    }

    long batchesSent() {
        return batchesSent;
    }

    long steps() {
        return steps;
    }

    /** Total wall time batches took from their sender's send to their receipt here, and how many. */
    long latencyNanos() {
        return latencyNanos;
    }

    long batchesReceived() {
        return received;
    }

    /** Wall time spent processing events and cutting batches (the rest is waiting for promises). */
    long busyNanos() {
        return busyNanos;
    }

    /** The shortest lookahead of this LP's outgoing channels ({@link Long#MAX_VALUE}: it has none). */
    long minLookahead() {
        return shortestLookahead;
    }

    LpModel model() {
        return model;
    }

    /** {@code a + b}, or {@link Long#MAX_VALUE} where that overflows (times and "never"). */
    static long saturatedAdd(long a, long b) {
        long s = a + b;
        return ((a ^ s) & (b ^ s)) < 0 ? Long.MAX_VALUE : s;
    }

    /** A channel broke its FIFO, reliable contract: the run must abort. */
    static final class ChannelException extends RuntimeException {
        ChannelException(String message) {
            super(message);
        }
    }
}
