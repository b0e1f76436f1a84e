package org.fabricsim.ib.isolation;

/**
 * The destination lists (dLists) of CAM lines (seed 002 Paper VI step 3, Paper V's CAM "destinations"): per line,
 * up to {@code most} destinations in the order they joined, in one flat array. Allocation-free.
 */
final class DestinationLists {
    private final int most;
    private final int[] dst; // per line x most
    private final int[] count; // per line

    DestinationLists(int lines, int most) {
        this.most = most;
        this.dst = new int[lines * most];
        this.count = new int[lines];
    }

    boolean contains(int line, int d) {
        int from = line * most;
        for (int j = from + count[line] - 1; j >= from; j--) {
            if (dst[j] == d) {
                return true;
            }
        }
        return false;
    }

    /** Adds {@code d} to line {@code line}'s list if it is new and there is room; whether it did. */
    boolean add(int line, int d) {
        if (contains(line, d) || count[line] == most) {
            return false;
        }
        dst[line * most + count[line]++] = d;
        return true;
    }

    void clear(int line) {
        count[line] = 0;
    }

    int size(int line) {
        return count[line];
    }

    /** The {@code j}-th destination of line {@code line}. */
    int get(int line, int j) {
        return dst[line * most + j];
    }
}
