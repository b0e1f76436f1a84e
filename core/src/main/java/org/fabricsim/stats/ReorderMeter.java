package org.fabricsim.stats;

import java.util.Arrays;

/**
 * Packet order at the receivers (seed 001 §V-C, Table II): a packet is delivered <b>out of order</b> when its
 * number within its flow ({@code seq}, in injection order) is below the highest number already delivered
 * for that flow, else in order; the <b>out-of-order window</b> of such a packet is that highest number minus
 * its own, in packets (the gap the receiver must hold open). Counted per receiving host (in order, out of
 * order, Σ and max of the windows) and per flow (in order, out of order).
 *
 * <p>With {@code gaps} (D218) the order is counted as the sink of seed 001's simulator counts it (Mellanox's
 * InfiniBand flit model for OMNeT++, {@code IBSink::handleData}): a packet numbered one past the highest delivered
 * is in order; one numbered further on is an out-of-order event that counts the gap (its number minus the highest)
 * as out-of-order packets and as its window; a late packet (below the highest) is counted neither way. The ratio is
 * then out-of-order packets over in-order packets, the mean window the mean gap over the events.
 *
 * <p>The highest number per flow follows every delivery, window or not, so whether a packet is in order does
 * not depend on the measurement window; only the counts are restricted to it (D66). A flow's deliveries all
 * happen at its destination host, observed by exactly one part of a partitioned run, so merging takes the
 * highest numbers' maximum and adds the counts: integers only, exact in any order.
 *
 * <p>Read through {@link PacketMetrics#reorder()}; it records through {@link PacketMetrics}.
 */
public final class ReorderMeter {
    private final int[] highestSeq; // per flow, -1 before its first delivery
    private final long[] flowInOrder;
    private final long[] flowOutOfOrder;
    private final long[] inOrder; // per receiving host
    private final long[] outOfOrder;
    private final long[] windowSum;
    private final int[] windowMax;
    private final long[] windows; // per receiving host: windows recorded (out-of-order packets, or gaps' events)
    private final boolean gaps;

    ReorderMeter(int flows, int hosts, boolean gaps) {
        this.gaps = gaps;
        windows = new long[hosts];
        highestSeq = new int[flows];
        Arrays.fill(highestSeq, -1);
        flowInOrder = new long[flows];
        flowOutOfOrder = new long[flows];
        inOrder = new long[hosts];
        outOfOrder = new long[hosts];
        windowSum = new long[hosts];
        windowMax = new int[hosts];
    }

    /** Packet {@code seq} of {@code flow} reached {@code host}; it counts when {@code inWindow}. */
    void delivered(boolean inWindow, int flow, int host, int seq) {
        int highest = highestSeq[flow];
        if (gaps) {
            if (seq <= highest) {
                return; // late: counted neither way
            }
            highestSeq[flow] = seq;
            if (inWindow) {
                int gap = seq - highest;
                if (gap == 1) {
                    countInOrder(flow, host);
                } else {
                    countOutOfOrder(flow, host, gap, gap); // one event of gap packets, gap its window
                }
            }
        } else if (seq >= highest) { // not below the highest delivered: in order (the first of a flow always is)
            highestSeq[flow] = seq;
            if (inWindow) {
                countInOrder(flow, host);
            }
        } else if (inWindow) {
            countOutOfOrder(flow, host, 1, highest - seq);
        }
    }

    private void countInOrder(int flow, int host) {
        inOrder[host]++;
        flowInOrder[flow]++;
    }

    /** {@code packets} out-of-order packets of {@code flow} at {@code host}, recorded as one window of {@code window}. */
    private void countOutOfOrder(int flow, int host, int packets, int window) {
        outOfOrder[host] += packets;
        flowOutOfOrder[flow] += packets;
        windowSum[host] += window;
        windows[host]++;
        if (window > windowMax[host]) {
            windowMax[host] = window;
        }
    }

    void merge(ReorderMeter o) {
        if (o.highestSeq.length != highestSeq.length || o.inOrder.length != inOrder.length || o.gaps != gaps) {
            throw new IllegalArgumentException("reorder statistics of different shape");
        }
        for (int f = 0; f < highestSeq.length; f++) {
            highestSeq[f] = Math.max(highestSeq[f], o.highestSeq[f]);
            flowInOrder[f] += o.flowInOrder[f];
            flowOutOfOrder[f] += o.flowOutOfOrder[f];
        }
        for (int h = 0; h < inOrder.length; h++) {
            inOrder[h] += o.inOrder[h];
            outOfOrder[h] += o.outOfOrder[h];
            windowSum[h] += o.windowSum[h];
            windows[h] += o.windows[h];
            windowMax[h] = Math.max(windowMax[h], o.windowMax[h]);
        }
    }

    /** Packets delivered in order to {@code host} in the window. */
    public long inOrder(int host) {
        return inOrder[host];
    }

    /** Packets delivered out of order to {@code host} in the window. */
    public long outOfOrder(int host) {
        return outOfOrder[host];
    }

    /**
     * Seed 001 Table II's "OOO/In-order ratio" of {@code host}: out-of-order / in-order packets; NaN without
     * packets, +∞ with out-of-order packets only (possible only when the window starts after a flow's first
     * delivery).
     */
    public double ratio(int host) {
        return ratio(inOrder[host], outOfOrder[host]);
    }

    private static double ratio(long in, long out) {
        return in == 0 ? (out == 0 ? Double.NaN : Double.POSITIVE_INFINITY) : (double) out / in;
    }

    /**
     * Seed 001 Table II's "OOO window" of {@code host}: the mean of its windows (one per out-of-order packet, or
     * per gap when counting gaps); NaN without any.
     */
    public double meanWindow(int host) {
        long n = windows[host];
        return n == 0 ? Double.NaN : (double) windowSum[host] / n;
    }

    /** Largest window of an out-of-order packet delivered to {@code host} in the window; 0 without any. */
    public int maxWindow(int host) {
        return windowMax[host];
    }

    /** Packets of {@code flow} delivered in order in the window. */
    public long flowInOrder(int flow) {
        return flowInOrder[flow];
    }

    /** Packets of {@code flow} delivered out of order in the window. */
    public long flowOutOfOrder(int flow) {
        return flowOutOfOrder[flow];
    }

    /** Highest packet number of {@code flow} delivered so far (window or not), -1 before its first. */
    public int highestSeq(int flow) {
        return highestSeq[flow];
    }

    /** All receivers: packets delivered in order in the window. */
    public long inOrder() {
        return Arrays.stream(inOrder).sum();
    }

    /** All receivers: packets delivered out of order in the window. */
    public long outOfOrder() {
        return Arrays.stream(outOfOrder).sum();
    }

    /** All receivers: out-of-order / in-order packets (NaN without packets, +∞ with out-of-order ones only). */
    public double ratio() {
        return ratio(inOrder(), outOfOrder());
    }

    /** All receivers: the mean of the windows (per out-of-order packet, or per gap); NaN without any. */
    public double meanWindow() {
        long n = Arrays.stream(windows).sum();
        return n == 0 ? Double.NaN : (double) Arrays.stream(windowSum).sum() / n;
    }

    /** Whether order is counted as seed 001's simulator's sink counts it (D218) rather than by D120. */
    public boolean countsGaps() {
        return gaps;
    }

    /** All receivers: the largest window; 0 without out-of-order packets. */
    public int maxWindow() {
        return Arrays.stream(windowMax).max().orElse(0);
    }
}
