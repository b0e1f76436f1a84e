package org.fabricsim.ib.isolation;

import java.util.Arrays;

/**
 * The destination lists (dLists) of CAM lines (seed 002 Paper VI step 3, Paper V's CAM "destinations"): per line,
 * up to {@code most} destinations in the order they joined. A line's array is made when it first takes a destination
 * and doubles up to {@code most} as it fills, and it is kept when the line is cleared: most of a network's lines
 * never hold a destination (1 024 hosts, 6 144 ports × 18 lines × 32 destinations would be 14 MB of ints per CAM
 * side), and a line that did is reused without allocating again.
 */
final class DestinationLists {
    private static final int FIRST = 4;
    private final int most;
    private final int[][] dst; // per line; null until the line's first destination
    private final int[] count; // per line

    DestinationLists(int lines, int most) {
        this.most = most;
        this.dst = new int[lines][];
        this.count = new int[lines];
    }

    boolean contains(int line, int d) {
        int[] a = dst[line];
        for (int j = count[line] - 1; j >= 0; j--) {
            if (a[j] == d) {
                return true;
            }
        }
        return false;
    }

    /** Adds {@code d} to line {@code line}'s list if it is new and there is room; whether it did. */
    boolean add(int line, int d) {
        int n = count[line];
        if (n == most || contains(line, d)) {
            return false;
        }
        int[] a = dst[line];
        if (a == null || a.length == n) {
            a = a == null ? new int[Math.min(most, FIRST)] : Arrays.copyOf(a, Math.min(most, 2 * a.length));
            dst[line] = a;
        }
        a[n] = d;
        count[line] = n + 1;
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
        return dst[line][j];
    }
}
