package org.fabricsim.traffic;

import java.util.Arrays;

/**
 * When and how much each flow of a {@link FlowSet} sends, for the packet level: flow i becomes active at
 * {@code startPs[i]} (and, when {@code after[i] >= 0}, not before flow {@code after[i]} has handed its last
 * byte to the network), stops offering data at {@code stopPs[i]} ({@link Long#MAX_VALUE}: never), sends
 * {@code bytes[i]} bytes in all (0: without end) at {@code rateBps[i]} (0: as fast as the source may).
 * Flows added at 5 s, 10 s, … (seed 004 §IV-B) are flows with later start times; a host sending S bytes to
 * each successive destination of a sequence of permutations (seed 001 §V-C) is a chain of flows linked by
 * {@code after}. The arrays are not copied and must not change afterwards.
 *
 * <p>A flow may also wait for <em>receives</em>: flow i starts only once every flow in
 * {@code waitFlows[waitStart[i] .. waitStart[i + 1])} has been delivered whole to flow i's source — an MPI
 * rank that sends its next message when its previous receive has completed (the OSU collectives of seed 004
 * §IV-C, {@link Collective}). A waited flow is earlier, sized and addressed to the waiting flow's source, so
 * the wait is decided where that host is simulated (a partitioned run needs no message for it). Empty
 * {@code waitStart} and {@code waitFlows}: no flow waits. A flow whose last awaited receive is delivered begins
 * {@code receiveDelayPs} later (a rank's software cost per message, which the network does not model; D236).
 */
public record FlowSchedule(FlowSet flows, long[] startPs, long[] stopPs, long[] bytes, long[] rateBps, int[] after,
        int[] waitStart, int[] waitFlows, long receiveDelayPs) {
    public static final long NEVER = Long.MAX_VALUE;
    private static final int[] NONE = new int[0];

    /** A schedule in which no flow waits for a receive. */
    public FlowSchedule(FlowSet flows, long[] startPs, long[] stopPs, long[] bytes, long[] rateBps, int[] after) {
        this(flows, startPs, stopPs, bytes, rateBps, after, NONE, NONE);
    }

    /** A schedule whose waiting flows begin as soon as their last receive is delivered. */
    public FlowSchedule(FlowSet flows, long[] startPs, long[] stopPs, long[] bytes, long[] rateBps, int[] after,
            int[] waitStart, int[] waitFlows) {
        this(flows, startPs, stopPs, bytes, rateBps, after, waitStart, waitFlows, 0);
    }

    public FlowSchedule {
        int n = flows.size();
        if (startPs.length != n || stopPs.length != n || bytes.length != n || rateBps.length != n || after.length != n) {
            throw new IllegalArgumentException("flow schedule arrays must all have " + n + " entries");
        }
        for (int i = 0; i < n; i++) {
            if (startPs[i] < 0 || stopPs[i] < startPs[i] || bytes[i] < 0 || rateBps[i] < 0) {
                throw new IllegalArgumentException("flow " + i + ": start " + startPs[i] + " ps, stop " + stopPs[i]
                        + " ps, bytes " + bytes[i] + ", rate " + rateBps[i] + " bit/s are not a valid schedule");
            }
            if (after[i] >= i || after[i] < -1) {
                throw new IllegalArgumentException("flow " + i + " follows flow " + after[i]
                        + " (a flow may only follow an earlier one)");
            }
            if (after[i] >= 0 && flows.src()[after[i]] != flows.src()[i]) {
                throw new IllegalArgumentException("flow " + i + " follows flow " + after[i] + " of another source");
            }
        }
        checkWaits(flows, bytes, waitStart, waitFlows);
        if (receiveDelayPs < 0) {
            throw new IllegalArgumentException("a receive delay must be >= 0 ps: " + receiveDelayPs);
        }
    }

    private static void checkWaits(FlowSet flows, long[] bytes, int[] waitStart, int[] waitFlows) {
        int n = flows.size();
        if (waitStart.length == 0) {
            if (waitFlows.length != 0) {
                throw new IllegalArgumentException("receive waits without their index");
            }
            return;
        }
        if (waitStart.length != n + 1 || waitStart[0] != 0 || waitStart[n] != waitFlows.length) {
            throw new IllegalArgumentException("receive waits need an index of " + (n + 1) + " entries over "
                    + waitFlows.length + " waited flows");
        }
        for (int i = 0; i < n; i++) {
            if (waitStart[i + 1] < waitStart[i]) {
                throw new IllegalArgumentException("flow " + i + "'s receive waits run backwards");
            }
            for (int k = waitStart[i]; k < waitStart[i + 1]; k++) {
                int j = waitFlows[k];
                if (j < 0 || j >= i || bytes[j] == 0 || flows.dst()[j] != flows.src()[i]) {
                    throw new IllegalArgumentException("flow " + i + " waits for flow " + j + ": a waited flow must be"
                            + " an earlier, sized flow to flow " + i + "'s source");
                }
            }
        }
    }

    /** Whether some flow waits for a receive. */
    public boolean hasWaits() {
        return waitFlows.length > 0;
    }

    /** How many receives flow {@code i} waits for. */
    public int waits(int i) {
        return waitStart.length == 0 ? 0 : waitStart[i + 1] - waitStart[i];
    }

    /** Every flow from time 0, without end, as fast as its source may. */
    public static FlowSchedule always(FlowSet flows) {
        int n = flows.size();
        long[] stop = new long[n];
        Arrays.fill(stop, NEVER);
        int[] after = new int[n];
        Arrays.fill(after, -1);
        return new FlowSchedule(flows, new long[n], stop, new long[n], new long[n], after);
    }

    /** Every flow from time 0 sending {@code bytes} bytes as fast as its source may. */
    public static FlowSchedule sized(FlowSet flows, long bytes) {
        FlowSchedule s = always(flows);
        Arrays.fill(s.bytes, bytes);
        return s;
    }

    public int size() {
        return flows.size();
    }

    /** A copy whose flow {@code i} starts at {@code ps} (the arrays are copied). */
    public FlowSchedule withStart(int i, long ps) {
        long[] start = startPs.clone();
        start[i] = ps;
        return new FlowSchedule(flows, start, stopPs.clone(), bytes.clone(), rateBps.clone(), after.clone(), waitStart,
                waitFlows, receiveDelayPs);
    }

    /** This schedule (its arrays shared) with waiting flows beginning {@code ps} after their last receive. */
    public FlowSchedule withReceiveDelay(long ps) {
        return new FlowSchedule(flows, startPs, stopPs, bytes, rateBps, after, waitStart, waitFlows, ps);
    }

    /**
     * Message-by-message injection: pair i sends messages of {@code sizes[i][0]}, {@code sizes[i][1]}, … bytes
     * from {@code src[i]} to {@code dst[i]}, one after the other (each as soon as the previous one has been
     * handed to the network), from {@code startPs}; each message is a flow of the schedule, completed (and
     * reported) on its own. Pairs are independent.
     */
    public static FlowSchedule messages(int[] src, int[] dst, long[][] sizes, long startPs) {
        FlowSet.Builder b = new FlowSet.Builder();
        int total = 0;
        for (long[] m : sizes) {
            total += m.length;
        }
        long[] size = new long[total];
        int[] after = new int[total];
        int n = 0;
        for (int i = 0; i < src.length; i++) {
            for (int k = 0; k < sizes[i].length; k++) {
                if (sizes[i][k] <= 0) {
                    throw new IllegalArgumentException("pair " + i + " message " + k + " has no bytes");
                }
                if (!b.add(src[i], dst[i])) {
                    throw new IllegalArgumentException("pair " + i + " is a self-flow of host " + src[i]);
                }
                size[n] = sizes[i][k];
                after[n] = k == 0 ? -1 : n - 1;
                n++;
            }
        }
        long[] start = new long[n];
        Arrays.fill(start, startPs);
        long[] stop = new long[n];
        Arrays.fill(stop, NEVER);
        return new FlowSchedule(b.build(), start, stop, size, new long[n], after);
    }

    /**
     * Seed 001 §V-C: host h sends {@code bytes} to {@code perms[0][h]}, then to {@code perms[1][h]}, … each
     * as soon as it has handed the previous message to the network, independently of the other hosts
     * (asynchronously). Self-destinations are skipped.
     */
    public static FlowSchedule permutationSequence(int[][] perms, long bytes) {
        FlowSet.Builder b = new FlowSet.Builder();
        int hosts = perms.length == 0 ? 0 : perms[0].length;
        int[] last = new int[hosts];
        Arrays.fill(last, -1);
        int[] afterTmp = new int[hosts * perms.length];
        int n = 0;
        for (int[] perm : perms) {
            for (int h = 0; h < hosts; h++) {
                if (b.add(h, perm[h])) {
                    afterTmp[n] = last[h];
                    last[h] = n++;
                }
            }
        }
        FlowSet flows = b.build();
        long[] size = new long[n];
        Arrays.fill(size, bytes);
        long[] stop = new long[n];
        Arrays.fill(stop, NEVER);
        return new FlowSchedule(flows, new long[n], stop, size, new long[n], Arrays.copyOf(afterTmp, n));
    }

    /**
     * The permutation each flow of {@link #permutationSequence}{@code (perms, …)} belongs to, in flow order:
     * flows are made permutation by permutation, so the index is not a flow's depth in its host's chain
     * (a host that a permutation maps to itself skips that permutation).
     */
    public static int[] permutationIndices(int[][] perms) {
        int hosts = perms.length == 0 ? 0 : perms[0].length;
        int[] index = new int[hosts * perms.length];
        int n = 0;
        for (int p = 0; p < perms.length; p++) {
            for (int h = 0; h < hosts; h++) {
                if (perms[p][h] != h) { // as FlowSet.Builder.add, which refuses self-flows
                    index[n++] = p;
                }
            }
        }
        return Arrays.copyOf(index, n);
    }
}
