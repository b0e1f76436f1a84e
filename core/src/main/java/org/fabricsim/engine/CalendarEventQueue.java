package org.fabricsim.engine;

import java.util.Arrays;

/**
 * A calendar queue (Brown, CACM 1988) for the packet model's event times, which lie within a short horizon of
 * now (a cable's latency plus a packet's serialisation; timers aside): time is cut into buckets of
 * 2<sup>widthShift</sup> ps, a ring of 2<sup>bucketBits</sup> buckets covers the horizon, and an event is pushed
 * in O(1) onto its bucket's list. Only the bucket being drained is ordered, in a small heap of its few events;
 * events beyond the ring (long timers) wait in an overflow heap. The order is the heaps' total order on
 * (time, tie key), so the pop sequence is exactly that of {@link HeapEventQueue} (issue 36).
 *
 * <p>Invariants: every event in {@code now} is in a bucket at or before {@code cur}; every event on the ring is
 * in a bucket after {@code cur} and less than a ring's length after it, so a ring slot holds one bucket's
 * events; the overflow holds the rest. Advancing takes the least bucket of the ring and of the overflow. An
 * event pushed for a bucket at or before {@code cur} (a message from another LP that arrives after a peek
 * moved {@code cur} ahead) joins {@code now}, where the heap orders it.
 */
public final class CalendarEventQueue implements EventQueue {
    private static final int NIL = -1;

    private final int widthShift;
    private final int mask; // ring length - 1
    private final int[] heads; // per ring slot: first event of its list in the pool, NIL if empty
    private final long[] occupied; // bitmap of the ring slots with events
    private final HeapEventQueue now = new HeapEventQueue(4);
    private final HeapEventQueue overflow = new HeapEventQueue(4);
    private long cur; // the bucket being drained

    // the pool of events on the ring: parallel arrays, slots chained by next, free slots chained from free
    private long[] times;
    private long[] ties;
    private int[] targets;
    private long[] payloads;
    private int[] next;
    private int free = NIL;
    private int used; // slots ever handed out (the pool's high-water mark)
    private int onRing;

    /**
     * @param widthShift a bucket is 2^widthShift ps wide
     * @param bucketBits the ring has 2^bucketBits buckets
     */
    public CalendarEventQueue(int widthShift, int bucketBits) {
        if (widthShift < 0 || widthShift > 40 || bucketBits < 6 || bucketBits > 24) {
            throw new IllegalArgumentException("widthShift 0..40, bucketBits 6..24: " + widthShift + ", " + bucketBits);
        }
        this.widthShift = widthShift;
        this.mask = (1 << bucketBits) - 1;
        heads = new int[1 << bucketBits];
        Arrays.fill(heads, NIL);
        occupied = new long[(1 << bucketBits) >>> 6];
        int capacity = 1024;
        times = new long[capacity];
        ties = new long[capacity];
        targets = new int[capacity];
        payloads = new long[capacity];
        next = new int[capacity];
    }

    @Override
    public void push(long time, long tie, int target, long payload) {
        long bucket = time >>> widthShift;
        long ahead = bucket - cur;
        if (ahead <= 0) {
            now.push(time, tie, target, payload);
        } else if (ahead <= mask) {
            int e = allocate();
            times[e] = time;
            ties[e] = tie;
            targets[e] = target;
            payloads[e] = payload;
            int slot = (int) bucket & mask;
            next[e] = heads[slot];
            heads[slot] = e;
            occupied[slot >>> 6] |= 1L << slot;
            onRing++;
        } else {
            overflow.push(time, tie, target, payload);
        }
    }

    private int allocate() {
        if (free != NIL) {
            int e = free;
            free = next[e];
            return e;
        }
        if (used == times.length) {
            int n = used * 2;
            times = Arrays.copyOf(times, n);
            ties = Arrays.copyOf(ties, n);
            targets = Arrays.copyOf(targets, n);
            payloads = Arrays.copyOf(payloads, n);
            next = Arrays.copyOf(next, n);
        }
        return used++;
    }

    /** Makes {@code now} hold the least bucket's events, unless the queue is empty. */
    private void advance() {
        if (!now.isEmpty()) {
            return;
        }
        long ringBucket = onRing == 0 ? Long.MAX_VALUE : cur + distanceToNextSlot();
        long overflowBucket = overflow.isEmpty() ? Long.MAX_VALUE : overflow.peekTime() >>> widthShift;
        long bucket = Math.min(ringBucket, overflowBucket);
        if (bucket == Long.MAX_VALUE) {
            return;
        }
        cur = bucket;
        if (ringBucket == bucket) {
            int slot = (int) bucket & mask;
            for (int e = heads[slot]; e != NIL; ) {
                now.push(times[e], ties[e], targets[e], payloads[e]);
                int n = next[e];
                next[e] = free;
                free = e;
                e = n;
                onRing--;
            }
            heads[slot] = NIL;
            occupied[slot >>> 6] &= ~(1L << slot);
        }
        while (!overflow.isEmpty() && overflow.peekTime() >>> widthShift == bucket) {
            overflow.pop();
            now.push(overflow.time(), overflow.tie(), overflow.target(), overflow.payload());
        }
    }

    /** Buckets from {@code cur} to the next occupied ring slot (1 .. ring length - 1); the ring is not empty. */
    private long distanceToNextSlot() {
        int start = (int) (cur + 1) & mask;
        int word = start >>> 6;
        long bits = occupied[word] & (-1L << start); // slots from start on in its word
        int words = occupied.length;
        for (int i = 0; i <= words; i++) {
            if (bits != 0) {
                int slot = (word << 6) | Long.numberOfTrailingZeros(bits);
                return ((slot - start) & mask) + 1;
            }
            word = (word + 1) % words;
            bits = occupied[word];
        }
        throw new IllegalStateException("events on the ring but no occupied slot");
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public int size() {
        return now.size() + onRing + overflow.size();
    }

    @Override
    public long peekTime() {
        advance();
        return now.peekTime();
    }

    @Override
    public void pop() {
        advance();
        now.pop();
    }

    @Override
    public long time() {
        return now.time();
    }

    @Override
    public long tie() {
        return now.tie();
    }

    @Override
    public int target() {
        return now.target();
    }

    @Override
    public long payload() {
        return now.payload();
    }
}
