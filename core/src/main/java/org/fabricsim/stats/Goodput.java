package org.fabricsim.stats;

/**
 * Goodput (seed 001 Fig 12(b)): throughput × the fraction of packets delivered in order ({@link ReorderMeter}).
 */
final class Goodput {
    private Goodput() {
    }

    /** Each host's: {@code gbps[h]} × its in-order fraction, in place. */
    static double[] ofReceivers(double[] gbps, ReorderMeter r) {
        for (int h = 0; h < gbps.length; h++) {
            gbps[h] *= inOrderFraction(r.inOrder(h), r.outOfOrder(h));
        }
        return gbps;
    }

    /** {@code flow}'s: its {@code gbps} × its in-order fraction. */
    static double ofFlow(double gbps, ReorderMeter r, int flow) {
        return gbps * inOrderFraction(r.flowInOrder(flow), r.flowOutOfOrder(flow));
    }

    /** In order / all; 1 without packets (nothing delivered is nothing out of order: goodput = throughput = 0). */
    private static double inOrderFraction(long in, long out) {
        return in + out == 0 ? 1.0 : (double) in / (in + out);
    }
}
