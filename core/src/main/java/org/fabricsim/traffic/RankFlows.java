package org.fabricsim.traffic;

import java.util.Arrays;

/**
 * The flows of MPI-like ranks as they are made ({@link Collective}, {@link HpccTrace}): each rank sends one message
 * at a time (a flow follows the rank's previous one, {@link FlowSchedule#after()}), and a send may wait for the
 * receives its rank has not waited for yet ({@link FlowSchedule#waitFlows()}, D219). A step's messages become
 * receives once the step is made ({@link #received}), so a waited flow always comes before the flow that waits.
 */
final class RankFlows {
    private final int[] rankHosts;
    private final FlowSet.Builder flows = new FlowSet.Builder();
    private int n;
    private long[] bytes = new long[64];
    private int[] after = new int[64];
    private int[] src = new int[64]; // per flow: its ranks (-1: an endless flow of no rank)
    private int[] dst = new int[64];
    private int[] waitStart = new int[65];
    private int[] waitFlows = new int[64];
    private final int[] last; // per rank: its latest send
    private final int[][] unwaited; // per rank: receives its next waiting send waits for
    private final int[] unwaitedCount;

    RankFlows(int[] rankHosts) {
        this.rankHosts = rankHosts;
        last = new int[rankHosts.length];
        Arrays.fill(last, -1);
        unwaited = new int[rankHosts.length][8];
        unwaitedCount = new int[rankHosts.length];
    }

    /**
     * Rank {@code r}'s next message, {@code size} bytes to rank {@code to}, after its previous one; with
     * {@code waits} it waits for the receives {@code r} has not waited for yet, and for flow {@code extra} besides
     * (-1: none). Returns the flow's index, or -1 for a message to the rank's own host (dropped, D15).
     */
    int send(int r, int to, long size, boolean waits, int extra) {
        if (!flows.add(rankHosts[r], rankHosts[to])) {
            return -1;
        }
        int k = waits ? unwaitedCount[r] : 0;
        int at = append(r, to, size, last[r], k + (extra >= 0 ? 1 : 0));
        System.arraycopy(unwaited[r], 0, waitFlows, at, k);
        if (extra >= 0) {
            waitFlows[at + k] = extra;
        }
        if (waits) {
            unwaitedCount[r] = 0;
        }
        last[r] = n - 1;
        return n - 1;
    }

    /** A flow without end from host {@code from} to host {@code to}, from the start, of no rank (a hot sender). */
    void endless(int from, int to) {
        if (flows.add(from, to)) {
            append(-1, -1, 0, -1, 0);
        }
    }

    /** Flows {@code first} … of now become receives their destination ranks' next waiting send waits for. */
    void received(int first) {
        for (int f = first; f < n; f++) {
            int to = dst[f];
            if (unwaitedCount[to] == unwaited[to].length) {
                unwaited[to] = Arrays.copyOf(unwaited[to], 2 * unwaited[to].length);
            }
            unwaited[to][unwaitedCount[to]++] = f;
        }
    }

    /** Flows made so far. */
    int size() {
        return n;
    }

    /** Per flow: the rank that sends it. */
    int[] srcRanks() {
        return Arrays.copyOf(src, n);
    }

    /** Per flow: the rank it is sent to. */
    int[] dstRanks() {
        return Arrays.copyOf(dst, n);
    }

    /** The schedule: every flow from time 0, without a stop; without waits when no flow waits. */
    FlowSchedule build() {
        long[] stop = new long[n];
        Arrays.fill(stop, FlowSchedule.NEVER);
        FlowSet built = flows.build();
        long[] b = Arrays.copyOf(bytes, n);
        int[] a = Arrays.copyOf(after, n);
        return waitStart[n] == 0 ? new FlowSchedule(built, new long[n], stop, b, new long[n], a)
                : new FlowSchedule(built, new long[n], stop, b, new long[n], a, Arrays.copyOf(waitStart, n + 1),
                        Arrays.copyOf(waitFlows, waitStart[n]));
    }

    /** Appends a flow with room for {@code waits} waited flows; returns where they go in {@link #waitFlows}. */
    private int append(int r, int to, long size, int previous, int waits) {
        if (n == bytes.length) {
            bytes = Arrays.copyOf(bytes, 2 * n);
            after = Arrays.copyOf(after, 2 * n);
            src = Arrays.copyOf(src, 2 * n);
            dst = Arrays.copyOf(dst, 2 * n);
            waitStart = Arrays.copyOf(waitStart, 2 * n + 1);
        }
        int at = waitStart[n];
        if (waitFlows.length < at + waits) {
            waitFlows = Arrays.copyOf(waitFlows, 2 * (at + waits));
        }
        bytes[n] = size;
        after[n] = previous;
        src[n] = r;
        dst[n] = to;
        waitStart[++n] = at + waits;
        return at;
    }
}
