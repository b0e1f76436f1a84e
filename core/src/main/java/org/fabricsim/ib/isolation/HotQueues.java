package org.fabricsim.ib.isolation;

import org.fabricsim.ib.InputQueues;
import org.fabricsim.ib.PacketObserver;

/**
 * The hot queues of every switch input (seed 002: Paper VI's HPQs, Paper V's CFQs), as isolation keeps them:
 * which output each is taken for ({@link InputQueues#hotOut}, read by the switches' arbitration), the blocks it
 * holds, and how many of an input's are in use — with the figures the observer hears. Queue {@code k} of input
 * {@code in} is {@code in * perInput + k}.
 */
final class HotQueues {
    private final int perInput;
    private final int[] out; // the queues' outputs, InputQueues' own array; -1 = free
    private final int[] blocks; // per input x hot queue
    private final int[] used; // per input: hot queues in use
    private final PacketObserver observer;
    private int inUse;
    private int portsFull;

    HotQueues(InputQueues queues, int ports, int perInput, PacketObserver observer) {
        this.perInput = perInput;
        this.out = queues.hotOut;
        this.blocks = new int[ports * perInput];
        this.used = new int[ports];
        this.observer = observer;
    }

    /** A free hot queue of input {@code in} (its index within the input), or -1. */
    int free(int in) {
        for (int k = 0; k < perInput; k++) {
            if (out[in * perInput + k] < 0) {
                return k;
            }
        }
        return -1;
    }

    /** Hot queue {@code k} of input {@code in} is taken for output {@code o}. */
    void take(long t, int in, int k, int o) {
        out[in * perInput + k] = o;
        inUse++;
        if (++used[in] == perInput) {
            portsFull++;
        }
        observer.isolation(t, 0, 1, used[in] == perInput ? 1 : 0);
    }

    /** Hot queue {@code k} of input {@code in} is free again. */
    void release(long t, int in, int k) {
        out[in * perInput + k] = -1;
        inUse--;
        boolean wasFull = used[in]-- == perInput;
        if (wasFull) {
            portsFull--;
        }
        observer.isolation(t, 0, -1, wasFull ? -1 : 0);
    }

    /** Hot queue {@code hq} gained (lost, if negative) {@code n} blocks. */
    void add(int hq, int n) {
        blocks[hq] += n;
    }

    /** Blocks hot queue {@code hq} holds. */
    int blocks(int hq) {
        return blocks[hq];
    }

    /** Blocks the hot queues of input {@code in} hold for output {@code o}. */
    int heldFor(int in, int o) {
        int n = 0;
        for (int k = 0; k < perInput; k++) {
            if (out[in * perInput + k] == o) {
                n += blocks[in * perInput + k];
            }
        }
        return n;
    }

    int inUse() {
        return inUse;
    }

    /** Switch ports with no free hot queue now. */
    int portsFull() {
        return portsFull;
    }
}
