package org.fabricsim.engine;

import java.util.Arrays;

/**
 * A d-ary min-heap over parallel primitive arrays (time, tie, target, payload). Arity 4 is the default: a
 * shallower tree than a binary heap and the four children of a node on one or two cache lines, the usual
 * best choice for discrete-event queues (DESIGN.md, "Packet engine"). Ties on time are broken by the tie
 * key, which the model makes unique, so the pop order is a total order independent of push order.
 */
public final class HeapEventQueue implements EventQueue {
    private final int arity;
    private final int shift; // log2(arity)
    private long[] keys; // time at 2i, tie at 2i + 1: the keys of a node's children share cache lines
    private int[] targets;
    private long[] payloads;
    private int size;
    private long curTime;
    private long curTie;
    private int curTarget;
    private long curPayload;

    public HeapEventQueue(int arity) {
        if (arity < 2 || Integer.bitCount(arity) != 1) {
            throw new IllegalArgumentException("arity must be a power of two >= 2: " + arity);
        }
        this.arity = arity;
        this.shift = Integer.numberOfTrailingZeros(arity);
        int capacity = 1024;
        keys = new long[2 * capacity];
        targets = new int[capacity];
        payloads = new long[capacity];
    }

    public int arity() {
        return arity;
    }

    @Override
    public void push(long time, long tie, int target, long payload) {
        if (size == targets.length) {
            int n = size * 2;
            keys = Arrays.copyOf(keys, 2 * n);
            targets = Arrays.copyOf(targets, n);
            payloads = Arrays.copyOf(payloads, n);
        }
        // sift up: move parents down until the slot fits
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >> shift;
            long pt = keys[2 * parent];
            if (pt < time || (pt == time && keys[2 * parent + 1] < tie)) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, time, tie, target, payload);
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public long peekTime() {
        return size == 0 ? Long.MAX_VALUE : keys[0];
    }

    /** Tie key of the earliest event; the queue must not be empty. */
    long peekTie() {
        return keys[1];
    }

    @Override
    public void pop() {
        if (size == 0) {
            throw new IllegalStateException("pop from an empty event queue");
        }
        curTime = keys[0];
        curTie = keys[1];
        curTarget = targets[0];
        curPayload = payloads[0];
        int last = --size;
        if (last == 0) {
            return;
        }
        long time = keys[2 * last];
        long tie = keys[2 * last + 1];
        int target = targets[last];
        long payload = payloads[last];
        // sift down the former last element from the root
        int i = 0;
        while (true) {
            int first = (i << shift) + 1;
            if (first >= last) {
                break;
            }
            int end = Math.min(first + arity, last);
            int best = first;
            long[] k = keys;
            long bt = k[2 * first];
            long bk = k[2 * first + 1];
            for (int c = first + 1; c < end; c++) {
                long ct = k[2 * c];
                long ck = k[2 * c + 1];
                // non-short-circuit and conditional moves: which child is least is unpredictable
                boolean less = (ct < bt) | ((ct == bt) & (ck < bk));
                best = less ? c : best;
                bt = less ? ct : bt;
                bk = less ? ck : bk;
            }
            if (time < bt || (time == bt && tie < bk)) {
                break;
            }
            move(best, i);
            i = best;
        }
        set(i, time, tie, target, payload);
    }

    private void move(int from, int to) {
        keys[2 * to] = keys[2 * from];
        keys[2 * to + 1] = keys[2 * from + 1];
        targets[to] = targets[from];
        payloads[to] = payloads[from];
    }

    private void set(int i, long time, long tie, int target, long payload) {
        keys[2 * i] = time;
        keys[2 * i + 1] = tie;
        targets[i] = target;
        payloads[i] = payload;
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
