package org.fabricsim.stats;

import java.util.Arrays;

/**
 * What InfiniBand congestion control did in the window (seed 002; issue 13's metrics): FECN-marked packets
 * and congestion notifications (CNPs) per port, and the CCTI of a few traced source hosts over time — per
 * throughput bin its value at the bin's end and its largest value in the bin. A host's CCTI here is that of
 * its most recently changed queue pair (one per destination at QP level; a C node or a flow has one).
 *
 * <p>Integers only; a traced host's CCTI changes only in the part that owns it, so merged parts give the
 * sequential run's figures.
 */
public final class CongestionMeter {
    private final long start;
    private final long end;
    private final long binWidth;
    private final int bins;
    final long[] marked; // per global port
    final long[] cnps; // per global port: CNPs transmitted on it
    private final int[] traced; // host -> index among the traced hosts, or -1
    private final int[] tracedHosts;
    private final int[] before; // per traced host: its CCTI at the window's start
    private final int[] last; // per traced host and bin: the value at the bin's end, -1 = no change in the bin
    private final int[] max; // per traced host and bin: the largest value set in the bin, -1 = none

    CongestionMeter(int ports, int hosts, int[] tracedHosts, MetricsOptions o, int bins) {
        start = o.windowStartPs();
        end = o.windowEndPs();
        binWidth = o.binWidthPs();
        this.bins = bins;
        marked = new long[ports];
        cnps = new long[ports];
        this.tracedHosts = tracedHosts.clone();
        traced = new int[hosts];
        Arrays.fill(traced, -1);
        for (int i = 0; i < tracedHosts.length; i++) {
            traced[tracedHosts[i]] = i;
        }
        before = new int[tracedHosts.length];
        last = new int[tracedHosts.length * bins];
        max = new int[tracedHosts.length * bins];
        Arrays.fill(before, -1);
        Arrays.fill(last, -1);
        Arrays.fill(max, -1);
    }

    void marked(long t, int port) {
        if (t >= start && t < end) {
            marked[port]++;
        }
    }

    void cnp(long t, int port) {
        if (t >= start && t < end) {
            cnps[port]++;
        }
    }

    void ccti(long t, int host, int value) {
        int i = traced[host];
        if (i < 0 || t >= end) {
            return;
        }
        if (t < start) {
            before[i] = value;
            return;
        }
        int k = i * bins + (int) ((t - start) / binWidth);
        last[k] = value;
        max[k] = Math.max(max[k], value);
    }

    void merge(CongestionMeter o) {
        for (int p = 0; p < marked.length; p++) {
            marked[p] += o.marked[p];
            cnps[p] += o.cnps[p];
        }
        for (int i = 0; i < before.length; i++) {
            before[i] = Math.max(before[i], o.before[i]); // only the host's own part sets it
        }
        for (int k = 0; k < last.length; k++) {
            last[k] = Math.max(last[k], o.last[k]);
            max[k] = Math.max(max[k], o.max[k]);
        }
    }

    /** FECN-marked packets that left {@code port} in the window. */
    public long marked(int port) {
        return marked[port];
    }

    /** CNPs transmitted on {@code port} in the window. */
    public long cnps(int port) {
        return cnps[port];
    }

    public long markedTotal() {
        return Arrays.stream(marked).sum();
    }

    public long cnpHops() {
        return Arrays.stream(cnps).sum();
    }

    /** The traced source hosts, in trace order. */
    public int[] tracedHosts() {
        return tracedHosts.clone();
    }

    /** Traced host {@code i}'s CCTI at the end of bin {@code b} (0 before any change). */
    public int cctiAtEnd(int i, int b) {
        int v = Math.max(0, before[i]);
        for (int k = 0; k <= b; k++) {
            if (last[i * bins + k] >= 0) {
                v = last[i * bins + k];
            }
        }
        return v;
    }

    /** Traced host {@code i}'s largest CCTI in bin {@code b} (its value on entering the bin included). */
    public int cctiMax(int i, int b) {
        int entering = b == 0 ? Math.max(0, before[i]) : cctiAtEnd(i, b - 1);
        return Math.max(entering, max[i * bins + b]);
    }
}
