package org.fabricsim.ib;

import java.util.Arrays;

/**
 * Packets as ids into parallel primitive arrays, recycled through a free list (DESIGN.md lesson 10): a
 * packet costs no allocation once the pool has grown to the number in flight, which the credits bound.
 * What a packet is: {@code flow}, its {@code payload} and {@code wire} bytes (payload + header/trailer), its
 * size in credit {@code blocks}, its VL, when it was injected, and per hop the time its tail reaches the
 * current receiver, when its head arrived there, the output it was routed to and the next packet in its
 * queue. In a partitioned run the same fields travel as an event's payload words across the cut.
 */
final class PacketPool {
    int[] flow;
    int[] payload;
    int[] wire;
    int[] blocks;
    int[] vl;
    long[] injectedPs;
    long[] tailPs;
    long[] arrivedPs;
    int[] out;
    int[] next;
    private int[] free;
    private int freeCount;
    private int capacity;
    private int live;

    PacketPool(int initial) {
        capacity = 0;
        flow = new int[0];
        payload = new int[0];
        wire = new int[0];
        blocks = new int[0];
        vl = new int[0];
        injectedPs = new long[0];
        tailPs = new long[0];
        arrivedPs = new long[0];
        out = new int[0];
        next = new int[0];
        free = new int[0];
        grow(Math.max(16, initial));
    }

    int allocate() {
        if (freeCount == 0) {
            grow(capacity * 2);
        }
        live++;
        return free[--freeCount];
    }

    void release(int id) {
        live--;
        free[freeCount++] = id;
    }

    /** Packets allocated and not released. */
    int live() {
        return live;
    }

    private void grow(int n) {
        flow = Arrays.copyOf(flow, n);
        payload = Arrays.copyOf(payload, n);
        wire = Arrays.copyOf(wire, n);
        blocks = Arrays.copyOf(blocks, n);
        vl = Arrays.copyOf(vl, n);
        injectedPs = Arrays.copyOf(injectedPs, n);
        tailPs = Arrays.copyOf(tailPs, n);
        arrivedPs = Arrays.copyOf(arrivedPs, n);
        out = Arrays.copyOf(out, n);
        next = Arrays.copyOf(next, n);
        free = Arrays.copyOf(free, n);
        // new ids go on the free list highest first, so the lowest is handed out first
        for (int id = n - 1; id >= capacity; id--) {
            free[freeCount++] = id;
        }
        capacity = n;
    }
}
