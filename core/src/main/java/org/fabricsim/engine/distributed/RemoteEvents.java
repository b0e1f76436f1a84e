package org.fabricsim.engine.distributed;

import java.util.Arrays;

/**
 * The outgoing side of an LP: one growing buffer per destination LP, filled while the LP runs and cut
 * into one {@link EventBatch} per channel when it stops (cross-LP events batched per channel, DESIGN.md).
 * Primitive arrays, reused between batches: sending an event allocates nothing.
 */
public final class RemoteEvents {
    private final int stride;
    private final int[] count;
    private long[][] times;
    private long[][] ties;
    private int[][] targets;
    private int[][] kinds;
    private long[][] payload;

    public RemoteEvents(int parts, int stride) {
        this.stride = stride;
        this.count = new int[parts];
        this.times = new long[parts][16];
        this.ties = new long[parts][16];
        this.targets = new int[parts][16];
        this.kinds = new int[parts][16];
        this.payload = new long[parts][16 * Math.max(stride, 1)];
    }

    /** Payload words per event. */
    public int stride() {
        return stride;
    }

    /**
     * Queues an event for LP {@code to}; returns the index of its first payload word in {@link #payload(int)},
     * where the caller writes its {@link #stride()} words.
     */
    public int add(int to, long time, long tie, int target, int kind) {
        int n = count[to];
        if (n == times[to].length) {
            int size = n * 2;
            times[to] = Arrays.copyOf(times[to], size);
            ties[to] = Arrays.copyOf(ties[to], size);
            targets[to] = Arrays.copyOf(targets[to], size);
            kinds[to] = Arrays.copyOf(kinds[to], size);
            payload[to] = Arrays.copyOf(payload[to], size * Math.max(stride, 1));
        }
        times[to][n] = time;
        ties[to][n] = tie;
        targets[to][n] = target;
        kinds[to][n] = kind;
        count[to] = n + 1;
        return n * stride;
    }

    /** The payload buffer of the channel to {@code to}, valid until the next {@link #add}. */
    public long[] payload(int to) {
        return payload[to];
    }

    int pending(int to) {
        return count[to];
    }

    /**
     * Cuts the first {@code max} (at most) queued events for {@code to} into a batch; the rest stay queued.
     * {@code nextEventPs}, {@code received} and {@code lookaheadPs}: the sender's standing (see
     * {@link EventBatch}).
     */
    EventBatch take(long runId, int from, int to, long sequence, long promisePs, long nextEventPs, long received,
            long lookaheadPs, int max) {
        int all = count[to];
        int n = Math.min(all, max);
        EventBatch b = new EventBatch(runId, from, to, sequence, promisePs, nextEventPs, received, lookaheadPs,
                Arrays.copyOf(times[to], n),
                Arrays.copyOf(ties[to], n), Arrays.copyOf(targets[to], n), Arrays.copyOf(kinds[to], n), stride,
                Arrays.copyOf(payload[to], n * stride), System.nanoTime());
        int rest = all - n;
        if (rest > 0) {
            System.arraycopy(times[to], n, times[to], 0, rest);
            System.arraycopy(ties[to], n, ties[to], 0, rest);
            System.arraycopy(targets[to], n, targets[to], 0, rest);
            System.arraycopy(kinds[to], n, kinds[to], 0, rest);
            System.arraycopy(payload[to], n * stride, payload[to], 0, rest * stride);
        }
        count[to] = rest;
        return b;
    }
}
