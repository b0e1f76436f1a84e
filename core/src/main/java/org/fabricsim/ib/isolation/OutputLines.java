package org.fabricsim.ib.isolation;

/**
 * What a node knows of the CAM lines downstream of its ports (seed 002 Paper VI steps 3–8, Paper V events 4–6):
 * every port, a switch's output or an HCA's, has one output line per line slot of the input at the far end of its
 * cable, filled by that input's notifications — active, the destinations it names, stopped or not. A hot queue
 * linked to a stopped output line waits; an HCA sends nothing to a destination a stopped output line of its port
 * names (the HCA half of isolation).
 */
final class OutputLines {
    private final int slots;
    private final int[] portBase;
    private final boolean[] active; // per port x slot of the far input
    private final boolean[] stop;
    private final DestinationLists dst;
    private final int[] stopped; // per port: its stopped output lines

    OutputLines(int ports, int slots, int most, int[] portBase) {
        this.slots = slots;
        this.portBase = portBase;
        active = new boolean[ports * slots];
        stop = new boolean[ports * slots];
        dst = new DestinationLists(ports * slots, most);
        stopped = new int[ports];
    }

    /** Whether output line {@code ol} names destination {@code d}. */
    boolean names(int ol, int d) {
        return dst.contains(ol, d);
    }

    /** The active output line of port {@code o} naming {@code d}, or -1. */
    int naming(int o, int d) {
        for (int s = 0; s < slots; s++) {
            int ol = o * slots + s;
            if (active[ol] && dst.contains(ol, d)) {
                return ol;
            }
        }
        return -1;
    }

    /** Whether a stopped output line of port {@code o} names {@code d}. */
    boolean stops(int o, int d) {
        if (stopped[o] == 0) {
            return false;
        }
        for (int s = 0; s < slots; s++) {
            int ol = o * slots + s;
            if (active[ol] && stop[ol] && dst.contains(ol, d)) {
                return true;
            }
        }
        return false;
    }

    /** Whether host {@code h} may not send to {@code d} now: a stopped output line of its port names it. */
    boolean held(int h, int d) {
        return stops(portBase[h], d);
    }

    /** Whether output line {@code ol} is stopped. */
    boolean stopped(int ol) {
        return stop[ol];
    }

    /** Destination {@code d} joins output line {@code ol} (made active if it was not); whether it was new. */
    boolean allocate(int ol, int d) {
        if (!active[ol]) {
            active[ol] = true;
            dst.clear(ol);
        }
        return dst.add(ol, d);
    }

    /** A Stop for output line {@code ol} of port {@code p}: ignored unless the line is active. */
    void stop(int p, int ol) {
        if (active[ol] && !stop[ol]) {
            stop[ol] = true;
            stopped[p]++;
        }
    }

    /** A Go for output line {@code ol} of port {@code p}; whether it had been stopped. */
    boolean go(int p, int ol) {
        if (!stop[ol]) {
            return false;
        }
        stop[ol] = false;
        stopped[p]--;
        return true;
    }

    /** Output line {@code ol} is deallocated (after its Go). */
    void deallocate(int ol) {
        active[ol] = false;
        dst.clear(ol);
    }

    int size(int ol) {
        return dst.size(ol);
    }

    int get(int ol, int j) {
        return dst.get(ol, j);
    }
}
