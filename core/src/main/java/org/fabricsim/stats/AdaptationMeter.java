package org.fabricsim.stats;

import java.util.Arrays;
import org.fabricsim.topology.Topology;

/**
 * The switches' adaptive routing at work (seed 001 §V-C, Figs 10–11): adaptations per switch in bins of the
 * measurement window (bin k = [start + k·w, start + (k+1)·w), w = {@link MetricsOptions#adaptationBinPs()},
 * 10 µs by default as in Fig 10, the last bin cut by the window's end); all adaptations of the run; per
 * flow the adaptations attributed to it, the last of them and the flow's first injection (the earliest
 * injection time among its delivered packets), from which a permutation's convergence time follows
 * ({@link PermutationConvergence}); and control packet hops per {@link org.fabricsim.ib.ControlPacket} type.
 *
 * <p>The window restricts the bins only: totals, per-flow figures and control hops cover the whole run, as
 * completions do (D66), because convergence is a property of the permutation, not a rate. Adaptations are
 * reported by the part that owns the switch, deliveries by the part that owns the host, control hops by the
 * part that owns the port: counts add, instants combine by min and max, so merging is exact in any order.
 *
 * <p>Read through {@link PacketMetrics#adaptation()}; it records through {@link PacketMetrics}.
 */
public final class AdaptationMeter {
    /** Control packet types are one byte on the wire ({@code PacketPool}): 0 … 255. */
    public static final int CONTROL_TYPES = 256;

    private final long start;
    private final long end;
    private final long width;
    private final int bins;
    private final int firstSwitch; // node index of switch 0 (= hosts)
    private final int[] binCounts; // switch index * bins + bin
    private long total;
    private final long[] flowAdaptations;
    private final long[] lastAdaptationPs; // per flow, -1 none
    private final long[] firstInjectionPs; // per flow, Long.MAX_VALUE none
    private final long[] controlHops; // per control packet type

    AdaptationMeter(Topology t, int flows, MetricsOptions o) {
        start = o.windowStartPs();
        end = o.windowEndPs();
        width = o.adaptationBinPs();
        bins = o.adaptationBins();
        firstSwitch = t.hostCount();
        long cells = (long) t.switchCount() * bins;
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(t.switchCount() + " switches × " + bins + " adaptation bins of "
                    + width + " ps exceed one array; use wider bins");
        }
        binCounts = new int[(int) cells];
        flowAdaptations = new long[flows];
        lastAdaptationPs = new long[flows];
        Arrays.fill(lastAdaptationPs, -1);
        firstInjectionPs = new long[flows];
        Arrays.fill(firstInjectionPs, Long.MAX_VALUE);
        controlHops = new long[CONTROL_TYPES];
    }

    /** One adaptation at switch node {@code node} at {@code t}, attributed to {@code flow} (-1: to none). */
    void adapted(long t, int node, int flow) {
        total++;
        if (t >= start && t < end) {
            binCounts[(node - firstSwitch) * bins + (int) ((t - start) / width)]++;
        }
        if (flow >= 0) {
            flowAdaptations[flow]++;
            if (t > lastAdaptationPs[flow]) {
                lastAdaptationPs[flow] = t;
            }
        }
    }

    /** A packet of {@code flow} injected at {@code injectedPs} was delivered (window or not). */
    void injected(int flow, long injectedPs) {
        if (injectedPs < firstInjectionPs[flow]) {
            firstInjectionPs[flow] = injectedPs;
        }
    }

    void controlTransmitted(int type) {
        controlHops[type]++;
    }

    void merge(AdaptationMeter o) {
        if (o.binCounts.length != binCounts.length || o.bins != bins
                || o.flowAdaptations.length != flowAdaptations.length) {
            throw new IllegalArgumentException("adaptation statistics of different shape");
        }
        for (int i = 0; i < binCounts.length; i++) {
            binCounts[i] += o.binCounts[i];
        }
        total += o.total;
        for (int f = 0; f < flowAdaptations.length; f++) {
            flowAdaptations[f] += o.flowAdaptations[f];
            lastAdaptationPs[f] = Math.max(lastAdaptationPs[f], o.lastAdaptationPs[f]);
            firstInjectionPs[f] = Math.min(firstInjectionPs[f], o.firstInjectionPs[f]);
        }
        for (int k = 0; k < CONTROL_TYPES; k++) {
            controlHops[k] += o.controlHops[k];
        }
    }

    /** Number of adaptation bins over the window. */
    public int bins() {
        return bins;
    }

    /** Start of adaptation bin {@code b}. */
    public long binStartPs(int b) {
        return start + b * width;
    }

    /** Width of adaptation bin {@code b}: the bin width, less for a last bin cut by the window's end. */
    public long binWidthPs(int b) {
        return Math.min(end, binStartPs(b) + width) - binStartPs(b);
    }

    /** Adaptations of switch node {@code node} in bin {@code b}. */
    public int count(int node, int b) {
        return binCounts[(node - firstSwitch) * bins + b];
    }

    /** Adaptations of all switches in bin {@code b}. */
    public long count(int b) {
        long s = 0;
        for (int i = b; i < binCounts.length; i += bins) {
            s += binCounts[i];
        }
        return s;
    }

    /** Adaptations of switch node {@code node} in the window. */
    public long switchTotal(int node) {
        long s = 0;
        int from = (node - firstSwitch) * bins;
        for (int b = 0; b < bins; b++) {
            s += binCounts[from + b];
        }
        return s;
    }

    /** All adaptations of the run, window or not. */
    public long total() {
        return total;
    }

    /** All adaptations in the window (Σ of the bins). */
    public long inWindow() {
        long s = 0;
        for (int c : binCounts) {
            s += c;
        }
        return s;
    }

    /** Adaptations attributed to {@code flow} over the run. */
    public long flowAdaptations(int flow) {
        return flowAdaptations[flow];
    }

    /** Time of the last adaptation attributed to {@code flow}, or -1. */
    public long lastAdaptationPs(int flow) {
        return lastAdaptationPs[flow];
    }

    /** Earliest injection time among the delivered packets of {@code flow}, or -1 when none was delivered. */
    public long firstInjectionPs(int flow) {
        return firstInjectionPs[flow] == Long.MAX_VALUE ? -1 : firstInjectionPs[flow];
    }

    /** Hops of control packets of {@code type} ({@link org.fabricsim.ib.ControlPacket}) over the run. */
    public long controlHops(int type) {
        return controlHops[type];
    }
}
