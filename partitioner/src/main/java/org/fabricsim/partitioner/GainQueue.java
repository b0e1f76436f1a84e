package org.fabricsim.partitioner;

import java.util.Collections;
import java.util.PriorityQueue;

/**
 * A max-queue of vertices by integer gain, ties to the lower vertex id so that the order depends on the
 * graph only. Entries are not updated in place: a vertex whose gain changed is offered again and stale
 * entries are recognised by the caller when polled (lazy deletion), which is simpler than a bucket list
 * and fast enough for graphs of tens of thousands of vertices.
 */
final class GainQueue {
    private final PriorityQueue<Long> queue = new PriorityQueue<>(Collections.reverseOrder());

    void offer(long gain, int vertex) {
        queue.add(gain * (1L << 32) + (Integer.MAX_VALUE - vertex));
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** Removes the best entry and returns it; read it with {@link #vertex} and {@link #gain}. */
    long poll() {
        return queue.poll();
    }

    static int vertex(long entry) {
        return Integer.MAX_VALUE - (int) Math.floorMod(entry, 1L << 32);
    }

    static long gain(long entry) {
        return Math.floorDiv(entry, 1L << 32);
    }
}
