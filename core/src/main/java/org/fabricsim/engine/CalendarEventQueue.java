package org.fabricsim.engine;

import java.util.Arrays;

/**
 * A calendar queue (Brown, CACM 1988) for the packet model's event times, which lie within a short horizon of
 * now (a cable's latency plus a packet's serialisation; timers aside): time is cut into buckets of
 * 2<sup>widthShift</sup> ps, a ring of 2<sup>bucketBits</sup> buckets covers the horizon, and an event is pushed
 * in O(1) onto its bucket's list; events beyond the ring (long timers) wait in an overflow heap.
 *
 * <p>Only the bucket being drained is ordered. The packet model's events come in bursts — links of equal rate
 * and length move in lockstep, about 700 events to a 256 ps bucket on a 1 024-host tree (issue 36) — so the
 * bucket is sorted once when it is reached, as one word per event: its time within the bucket, then its tie
 * key's kind, source and sequence, which orders exactly as (time, tie key) while the sources fit the bits the
 * bucket's width leaves (2<sup>22 - widthShift</sup>: 16 384 nodes at 256 ps). A bucket with a larger source is
 * ordered in a heap instead, as are events pushed for the bucket being drained (a zero-delay event, a message
 * from another LP arriving after a peek moved {@code cur} ahead); a pop takes the least of the sorted run and
 * that heap. The pop sequence is exactly that of {@link HeapEventQueue}.
 *
 * <p>Invariants: every event of a bucket at or before {@code cur} is in the run or in {@code now}; every event on
 * the ring is in a bucket after {@code cur} and less than a ring's length after it, so a ring slot holds one
 * bucket's events; the overflow holds the rest. Advancing takes the least bucket of the ring and of the overflow.
 */
public final class CalendarEventQueue implements EventQueue {
    private static final int NIL = -1;

    private final int widthShift;
    private final int mask; // ring length - 1
    private final int[] heads; // per ring slot: the first chunk of its bucket, NIL if empty
    private final long[] occupied; // bitmap of the ring slots with events
    private final HeapEventQueue now = new HeapEventQueue(4);
    private final HeapEventQueue overflow = new HeapEventQueue(4);
    private long cur; // the bucket being drained
    private final int sourceLimit; // sources below this fit a one-word sort key (2^(22 - widthShift))
    private final int kindShift; // where the kind sits in that key: above the source and the sequence
    private final int offsetShift; // and the time within the bucket, above the kind
    // the bucket being drained, copied off the ring (its events' time, tie key, target and payload by index) and
    // sorted: the keys (sign bit flipped: signed order is the keys' unsigned order) with the indices, taken from
    // runPos on
    private long[] runTime = new long[1024];
    private long[] runTie = new long[1024];
    private int[] runTarget = new int[1024];
    private long[] runPayload = new long[1024];
    private long[] runKey = new long[1024];
    private int[] runRef = new int[1024];
    private long[] spareKey = new long[1024]; // the radix sort's other half
    private int[] spareRef = new int[1024];
    private final int[] counts = new int[4 * 256];
    private int runPos;
    private int runLen;
    private long curTime;
    private long curTie;
    private int curTarget;
    private long curPayload;

    // the ring's events in chunks of CHUNK events, a bucket's chunks chained from its slot's head: a chunk's
    // events lie side by side (time, tie key, payload, target), so that taking a bucket of thousands off the
    // ring reads memory in order rather than chasing one pointer per event through a pool larger than the
    // caches (a large network's case). Word 0 of a chunk: the next chunk of its bucket (free ones: of the free
    // list) and the chunk's count of events.
    private static final int CHUNK = 16;
    private static final int CHUNK_WORDS = 1 + 4 * CHUNK;
    private long[] chunks;
    private int freeChunk = NIL;
    private int usedChunks; // chunks ever handed out (the pool's high-water mark)
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
        int sourceBits = 22 - widthShift; // 64 bits = time offset + kind (4) + source + sequence (38)
        this.sourceLimit = sourceBits <= 0 ? 0 : 1 << Math.min(sourceBits, 21);
        this.kindShift = 38 + Math.max(sourceBits, 0);
        this.offsetShift = kindShift + 4;
        heads = new int[1 << bucketBits];
        Arrays.fill(heads, NIL);
        occupied = new long[(1 << bucketBits) >>> 6];
        chunks = new long[CHUNK_WORDS * 256];
    }

    @Override
    public void push(long time, long tie, int target, long payload) {
        long bucket = time >>> widthShift;
        long ahead = bucket - cur;
        if (ahead <= 0) {
            now.push(time, tie, target, payload);
        } else if (ahead <= mask) {
            int slot = (int) bucket & mask;
            int c = heads[slot];
            int count;
            if (c == NIL || (count = (int) chunks[c * CHUNK_WORDS]) == CHUNK) {
                int fresh = allocate();
                chunks[fresh * CHUNK_WORDS] = (long) c << 32; // chained before the full one, empty
                heads[slot] = fresh;
                occupied[slot >>> 6] |= 1L << slot;
                c = fresh;
                count = 0;
            }
            int w = c * CHUNK_WORDS;
            int at = w + 1 + 4 * count;
            chunks[at] = time;
            chunks[at + 1] = tie;
            chunks[at + 2] = payload;
            chunks[at + 3] = target;
            chunks[w] = (chunks[w] & 0xFFFF_FFFF_0000_0000L) | (count + 1);
            onRing++;
        } else {
            overflow.push(time, tie, target, payload);
        }
    }

    private int allocate() {
        if (freeChunk != NIL) {
            int c = freeChunk;
            freeChunk = (int) (chunks[c * CHUNK_WORDS] >> 32);
            return c;
        }
        if ((usedChunks + 1) * CHUNK_WORDS > chunks.length) {
            chunks = Arrays.copyOf(chunks, 2 * chunks.length);
        }
        return usedChunks++;
    }

    /** Makes the run or {@code now} hold the least bucket's events, unless the queue is empty. */
    private void advance() {
        if (runPos < runLen || !now.isEmpty()) {
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
            load(heads[slot]);
            heads[slot] = NIL;
            occupied[slot >>> 6] &= ~(1L << slot);
        }
        while (!overflow.isEmpty() && overflow.peekTime() >>> widthShift == bucket) {
            overflow.pop();
            now.push(overflow.time(), overflow.tie(), overflow.target(), overflow.payload());
        }
    }

    /** Takes the bucket whose chunks start at {@code first} off the ring into the sorted run (or, failing that, {@code now}). */
    private void load(int first) {
        long[] ch = chunks;
        int n = 0;
        for (int c = first; c != NIL; c = (int) (ch[c * CHUNK_WORDS] >> 32)) {
            n += (int) ch[c * CHUNK_WORDS];
        }
        if (n > runKey.length) {
            growRun(n);
        }
        // the chain runs from the newest chunk back: each chunk's events go below the newer ones', so the run
        // holds the bucket's events in the order they were pushed (which the sort's last pass expects)
        boolean fits = true;
        long offsetMask = (1L << widthShift) - 1;
        int end = n;
        for (int c = first; c != NIL; ) {
            int w = c * CHUNK_WORDS;
            long head = ch[w];
            int count = (int) head;
            int i = end - count;
            end = i;
            for (int at = w + 1, last = w + 1 + 4 * count; at < last; at += 4, i++) {
                long time = ch[at];
                long tie = ch[at + 1];
                runTime[i] = time;
                runTie[i] = tie;
                runPayload[i] = ch[at + 2];
                runTarget[i] = (int) ch[at + 3];
                int source = TieKey.source(tie);
                fits &= source < sourceLimit;
                runKey[i] = ((time & offsetMask) << offsetShift | (long) TieKey.kind(tie) << kindShift
                        | (long) source << 38 | TieKey.sequence(tie)) ^ Long.MIN_VALUE;
                runRef[i] = i;
            }
            int nextChunk = (int) (head >> 32);
            ch[w] = (long) freeChunk << 32;
            freeChunk = c;
            c = nextChunk;
        }
        onRing -= n;
        if (fits) {
            if (n >= RADIX_FROM) {
                radixSort(n);
            } else {
                sort(runKey, runRef, 0, n);
            }
            runPos = 0;
            runLen = n;
            return;
        }
        for (int i = 0; i < n; i++) { // a source beyond the key's bits: the heap orders this bucket
            now.push(runTime[i], runTie[i], runTarget[i], runPayload[i]);
        }
    }

    private void growRun(int atLeast) {
        int n = Math.max(atLeast, 2 * runTime.length); // runTime is the longest: the sort's halves swap
        runTime = Arrays.copyOf(runTime, n);
        runTie = Arrays.copyOf(runTie, n);
        runTarget = Arrays.copyOf(runTarget, n);
        runPayload = Arrays.copyOf(runPayload, n);
        runKey = Arrays.copyOf(runKey, n);
        runRef = Arrays.copyOf(runRef, n);
    }

    /** Buckets of this many events or more are sorted by radix (linear), smaller ones by comparison. */
    static final int RADIX_FROM = 256;

    /**
     * Sorts the run's first {@code n} keys ascending, carrying their refs. A stable radix sort on the keys' high
     * half (time offset, kind, source: least significant byte first, one counting pass for the four bytes, a
     * byte all keys share skipped) leaves keys that share it in load order; an insertion pass then orders those
     * by the low half (the sequence). A source's events reach the queue in the order of their sequence numbers,
     * so the pass finds them in order and only compares; were they not, it would still sort them, so the order
     * is the keys' total order either way. Half the passes of a radix sort on all eight bytes.
     */
    private void radixSort(int n) {
        if (spareKey.length < n) {
            spareKey = new long[runKey.length];
            spareRef = new int[runKey.length];
        }
        int[] c = counts;
        Arrays.fill(c, 0);
        long[] k = runKey;
        for (int i = 0; i < n; i++) {
            int u = (int) ((k[i] ^ Long.MIN_VALUE) >>> 32); // the key's high half, unsigned
            c[u & 0xFF]++;
            c[256 | (u >>> 8) & 0xFF]++;
            c[512 | (u >>> 16) & 0xFF]++;
            c[768 | u >>> 24]++;
        }
        long[] fromKey = runKey;
        int[] fromRef = runRef;
        long[] toKey = spareKey;
        int[] toRef = spareRef;
        for (int d = 0; d < 4; d++) {
            int base = d << 8;
            int shift = 32 + (d << 3);
            if (c[base + (int) ((fromKey[0] ^ Long.MIN_VALUE) >>> shift & 0xFF)] == n) {
                continue; // every key has this byte
            }
            int sum = 0;
            for (int v = 0; v < 256; v++) {
                int count = c[base + v];
                c[base + v] = sum;
                sum += count;
            }
            for (int i = 0; i < n; i++) {
                long key = fromKey[i];
                int at = c[base + (int) ((key ^ Long.MIN_VALUE) >>> shift & 0xFF)]++;
                toKey[at] = key;
                toRef[at] = fromRef[i];
            }
            long[] tk = fromKey;
            fromKey = toKey;
            toKey = tk;
            int[] tr = fromRef;
            fromRef = toRef;
            toRef = tr;
        }
        insertionSort(fromKey, fromRef, 0, n); // keys that share the high half, by the low half
        if (fromKey != runKey) { // the sorted half is the spare: swap the roles
            spareKey = runKey;
            spareRef = runRef;
            runKey = fromKey;
            runRef = fromRef;
        }
    }

    /** Sorts keys[lo, hi) (distinct) ascending, carrying refs along: quicksort, insertion sort for short ranges. */
    static void sort(long[] keys, int[] refs, int lo, int hi) {
        while (hi - lo > 24) {
            int mid = (lo + hi) >>> 1;
            long a = keys[lo];
            long b = keys[mid];
            long c = keys[hi - 1];
            long pivot = a < b ? (b < c ? b : Math.max(a, c)) : (a < c ? a : Math.max(b, c)); // median of three
            int i = lo;
            int j = hi - 1;
            while (i <= j) {
                while (keys[i] < pivot) {
                    i++;
                }
                while (keys[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    long k = keys[i];
                    keys[i] = keys[j];
                    keys[j] = k;
                    int r = refs[i];
                    refs[i] = refs[j];
                    refs[j] = r;
                    i++;
                    j--;
                }
            }
            if (j + 1 - lo < hi - i) { // the shorter side by recursion: depth O(log n)
                sort(keys, refs, lo, j + 1);
                lo = i;
            } else {
                sort(keys, refs, i, hi);
                hi = j + 1;
            }
        }
        insertionSort(keys, refs, lo, hi);
    }

    /** Sorts keys[lo, hi) ascending, carrying refs along; a key already after its predecessor is only compared. */
    private static void insertionSort(long[] keys, int[] refs, int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            long key = keys[i];
            if (keys[i - 1] > key) {
                int ref = refs[i];
                int j = i - 1;
                do {
                    keys[j + 1] = keys[j];
                    refs[j + 1] = refs[j];
                    j--;
                } while (j >= lo && keys[j] > key);
                keys[j + 1] = key;
                refs[j + 1] = ref;
            }
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
        return now.size() + (runLen - runPos) + onRing + overflow.size();
    }

    @Override
    public long peekTime() {
        advance();
        long run = runPos < runLen ? runTime[runRef[runPos]] : Long.MAX_VALUE;
        return Math.min(run, now.peekTime());
    }

    @Override
    public void pop() {
        advance();
        if (runPos < runLen) {
            int e = runRef[runPos];
            long t = runTime[e];
            long nt = now.peekTime(); // MAX_VALUE when empty
            if (t < nt || (t == nt && runTie[e] < now.peekTie())) {
                runPos++;
                curTime = t;
                curTie = runTie[e];
                curTarget = runTarget[e];
                curPayload = runPayload[e];
                return;
            }
        }
        now.pop();
        curTime = now.time();
        curTie = now.tie();
        curTarget = now.target();
        curPayload = now.payload();
    }

    @Override
    public long time() {
        return curTime;
    }

    @Override
    public long tie() {
        return curTie;
    }

    @Override
    public int target() {
        return curTarget;
    }

    @Override
    public long payload() {
        return curPayload;
    }
}
