package org.fabricsim.convergence;

import java.util.Arrays;

/**
 * The flows on every link of {@link TreeLinks} in both directions, and which links are bad (more than p
 * flows) and which receiving switches have a bad incoming down link, for {@link AdaptiveRoutingProcess}.
 *
 * <p>A flow's place at one level is its slot (f · height + l). The flows on each link are kept in doubly linked
 * lists threaded through per-slot arrays, so picking a random flow of a link or moving a flow is proportional
 * to the link's load; bad links and bad switches are counted as flows come and go. All arrays are allocated
 * once; nothing here allocates afterwards.
 */
final class LinkLoads {
    private final double p;
    private final boolean badUpLinks;
    // per link
    private final int[] upCount;
    private final int[] downCount;
    private final int[] headUp;
    private final int[] headDown;
    // per slot
    private final int[] nextUp;
    private final int[] prevUp;
    private final int[] nextDown;
    private final int[] prevDown;
    // per receiving switch: bad incoming down links, and the set of switches that have one
    private final int[] badIn;
    private final int[] badSwitches;
    private final int[] badPosition;
    private int badSwitchCount;
    private int badLinks;

    /** {@code badUpLinks}: whether an up link over p flows counts as bad too ({@link ConvergenceOptions}). */
    LinkLoads(int links, int slots, int receivers, double p, boolean badUpLinks) {
        this.p = p;
        this.badUpLinks = badUpLinks;
        upCount = new int[links];
        downCount = new int[links];
        headUp = new int[links];
        headDown = new int[links];
        nextUp = new int[slots];
        prevUp = new int[slots];
        nextDown = new int[slots];
        prevDown = new int[slots];
        badIn = new int[receivers];
        badSwitches = new int[receivers];
        badPosition = new int[receivers];
    }

    /** No flow on any link. */
    void clear() {
        Arrays.fill(upCount, 0);
        Arrays.fill(downCount, 0);
        Arrays.fill(headUp, -1);
        Arrays.fill(headDown, -1);
        Arrays.fill(badIn, 0);
        badSwitchCount = 0;
        badLinks = 0;
    }

    /** Puts {@code slot} on up link {@code up} and on down link {@code down} into receiving switch {@code y}. */
    void add(int slot, int up, int down, int y) {
        // link lists
        nextUp[slot] = headUp[up];
        prevUp[slot] = -1;
        if (headUp[up] >= 0) {
            prevUp[headUp[up]] = slot;
        }
        headUp[up] = slot;
        nextDown[slot] = headDown[down];
        prevDown[slot] = -1;
        if (headDown[down] >= 0) {
            prevDown[headDown[down]] = slot;
        }
        headDown[down] = slot;
        // counts and badness
        if (++upCount[up] > p && upCount[up] - 1 <= p && badUpLinks) {
            badLinks++;
        }
        if (++downCount[down] > p && downCount[down] - 1 <= p) {
            badLinks++;
            if (badIn[y]++ == 0) {
                badPosition[y] = badSwitchCount;
                badSwitches[badSwitchCount++] = y;
            }
        }
    }

    /** Takes {@code slot} off the links {@link #add} put it on. */
    void remove(int slot, int up, int down, int y) {
        if (prevUp[slot] >= 0) {
            nextUp[prevUp[slot]] = nextUp[slot];
        } else {
            headUp[up] = nextUp[slot];
        }
        if (nextUp[slot] >= 0) {
            prevUp[nextUp[slot]] = prevUp[slot];
        }
        if (prevDown[slot] >= 0) {
            nextDown[prevDown[slot]] = nextDown[slot];
        } else {
            headDown[down] = nextDown[slot];
        }
        if (nextDown[slot] >= 0) {
            prevDown[nextDown[slot]] = prevDown[slot];
        }
        if (upCount[up]-- > p && upCount[up] <= p && badUpLinks) {
            badLinks--;
        }
        if (downCount[down]-- > p && downCount[down] <= p) {
            badLinks--;
            if (--badIn[y] == 0) {
                int pos = badPosition[y];
                int last = badSwitches[--badSwitchCount];
                badSwitches[pos] = last;
                badPosition[last] = pos;
            }
        }
    }

    /** Flows on up link {@code link}. */
    int up(int link) {
        return upCount[link];
    }

    /** Flows on down link {@code link}. */
    int down(int link) {
        return downCount[link];
    }

    /** The first slot on up link {@code link}, or -1; {@link #nextUp} walks on. */
    int firstUp(int link) {
        return headUp[link];
    }

    int nextUp(int slot) {
        return nextUp[slot];
    }

    /** The first slot on down link {@code link}, or -1; {@link #nextDown} walks on. */
    int firstDown(int link) {
        return headDown[link];
    }

    int nextDown(int slot) {
        return nextDown[slot];
    }

    /** Bad links now. */
    int badLinks() {
        return badLinks;
    }

    /** Receiving switches with a bad incoming down link now; {@link #badSwitch} lists them. */
    int badSwitches() {
        return badSwitchCount;
    }

    int badSwitch(int i) {
        return badSwitches[i];
    }

    /** Compares the incremental bookkeeping with link counts recomputed from the flows' choices (tests). */
    void check(int[] up, int[] down, TreeLinks links) {
        if (!Arrays.equals(up, upCount) || !Arrays.equals(down, downCount)) {
            throw new AssertionError("link counts differ from the flows' choices");
        }
        int bad = 0;
        int[] badPer = new int[badIn.length];
        for (int l = 1; l < links.height(); l++) {
            for (int link = links.firstLink(l); link < links.firstLink(l + 1); link++) {
                if (down[link] > p) {
                    bad++;
                    badPer[links.receiverOfLink(l, link)]++;
                }
                if (badUpLinks && up[link] > p) {
                    bad++;
                }
                int listed = 0;
                for (int s = headDown[link]; s >= 0; s = nextDown[s]) {
                    listed++;
                }
                if (listed != down[link]) {
                    throw new AssertionError("down list of link " + link + " has " + listed + " flows, count "
                            + down[link]);
                }
            }
        }
        if (bad != badLinks || !Arrays.equals(badPer, badIn)) {
            throw new AssertionError("bad-link bookkeeping: " + badLinks + " counted, " + bad + " actual");
        }
        for (int i = 0; i < badSwitchCount; i++) {
            if (badIn[badSwitches[i]] == 0 || badPosition[badSwitches[i]] != i) {
                throw new AssertionError("bad-switch set is inconsistent");
            }
        }
    }
}
