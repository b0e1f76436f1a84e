package org.fabricsim.ib;

/**
 * An HCA's flows served in turn, each its own queue (docs/PACKET_MODEL.md, "HCAs"): the scan starts after the
 * flow served last, so a flow that may not send now never blocks the others. Subclasses say when a flow may
 * send ({@link #readyAt}); the scan keeps the earliest time one may, for the host's wake-up.
 */
public abstract class RoundRobinFlows implements Injection {
    /** {@link #readyAt}'s answer for a flow whose packet may start now. */
    protected static final long NOW = Long.MIN_VALUE;

    /** Whether a host may not send to a destination now (congested-flow isolation's Stop); null: it may. */
    public interface Hold {
        boolean held(int host, int dst);
    }

    protected final Hcas hcas;
    protected Hold hold;
    private final int[] hostRr; // per host of the part's window (Hcas#hostBase): the flow served last
    private final int hostBase;
    private long retryPs;

    protected RoundRobinFlows(Hcas hcas) {
        this.hcas = hcas;
        this.hostBase = hcas.hostBase();
        this.hostRr = new int[hcas.hostWindow()];
    }

    /**
     * Whether flow {@code f} of host {@code h} may start a packet at {@code t}: {@link #NOW}; else the earliest
     * time it may (Long.MAX_VALUE: only a credit, a flow's start or a set-up will tell).
     */
    protected abstract long readyAt(long t, int h, int f);

    /** Throttles the flows by congestion control's {@code t}. */
    public abstract void throttle(InjectionThrottle t);

    /** Holds the hosts' packets to the destinations {@code h} names (congested-flow isolation). */
    public void hold(Hold h) {
        this.hold = h;
    }

    @Override
    public final int next(long t, int h) {
        int[] flows = hcas.hostFlows;
        int first = hcas.hostFlowStart[h];
        int n = hcas.hostFlowStart[h + 1] - first;
        long soonest = Long.MAX_VALUE;
        for (int k = 1; k <= n; k++) {
            int idx = hostRr[h - hostBase] + k;
            if (idx >= n) {
                idx -= n;
            }
            int f = flows[first + idx];
            long ready = readyAt(t, h, f);
            if (ready == NOW) {
                hostRr[h - hostBase] = idx;
                return f;
            }
            soonest = Math.min(soonest, ready);
        }
        retryPs = soonest;
        return -1;
    }

    @Override
    public final long retryPs() {
        return retryPs;
    }
}
