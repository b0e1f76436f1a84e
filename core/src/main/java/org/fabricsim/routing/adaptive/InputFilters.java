package org.fabricsim.routing.adaptive;

import org.fabricsim.routing.adaptive.AdaptiveOptions.Policy;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topology;

/**
 * The port selector's input-port filters (seed 003 §3.2.2, Fig 3.2): for every input port, the binary vector
 * of the outputs a flow arriving there may take. Only horizontal outputs are ever filtered:
 * <ul>
 *   <li>a flow arriving from the left neighbour may continue right only, from the right neighbour left only,
 *       so that a path moves in one horizontal direction per level and stays acyclic (Theorem 3.1.1);
 *   <li>a flow arriving vertically — from above, or from below at its turn-around switch (AMBIG-6: horizontal
 *       moves are allowed there) — may go either way under FreeDir; under ForcedDir only away from the
 *       nearer end of its logical node's chain: right from the left half, left otherwise (AMBIG-7: the middle
 *       switch of an odd chain goes right).
 * </ul>
 * Stored as bit masks over local ports, {@code words} longs per global input port.
 */
final class InputFilters {
    private final Topology topology;
    private final int words;
    private final long[] allowed;

    InputFilters(ExtendedRoutingTable ert, Policy policy) {
        this.topology = ert.topology();
        int maxPorts = 1;
        for (int v = topology.hostCount(); v < topology.nodeCount(); v++) {
            maxPorts = Math.max(maxPorts, topology.ports(v));
        }
        this.words = (maxPorts + 63) >>> 6;
        this.allowed = new long[topology.portCount() * words];
        java.util.Arrays.fill(allowed, -1L);
        FatTree tree = ert.tree();
        int w = tree.horizontalWidth();
        if (w == 0) {
            return;
        }
        for (int v = topology.hostCount(); v < topology.nodeCount(); v++) {
            int l = ert.levelOf(v);
            if (l < 2) {
                continue;
            }
            int hb = tree.horizontalBase(l);
            long size = tree.logicalNodeSize(l);
            long position = ert.indexOf(v) % size;
            boolean goRight = 2 * position < size;
            for (int in = 0; in < topology.ports(v); in++) {
                int g = topology.port(v, in);
                boolean fromLeft = in >= hb && in < hb + w;
                boolean fromRight = in >= hb + w && in < hb + 2 * w;
                boolean left;
                boolean right;
                if (fromLeft || fromRight) {
                    left = fromRight;
                    right = fromLeft;
                } else if (policy == Policy.FORCED_DIR) {
                    left = !goRight;
                    right = goRight;
                } else {
                    left = true;
                    right = true;
                }
                for (int q = 0; q < w; q++) {
                    set(g, hb + q, left);
                    set(g, hb + w + q, right);
                }
            }
        }
    }

    private void set(int inGlobal, int out, boolean allow) {
        int i = inGlobal * words + (out >>> 6);
        long bit = 1L << (out & 63);
        allowed[i] = allow ? allowed[i] | bit : allowed[i] & ~bit;
    }

    /** Whether a flow that arrived on global port {@code inGlobal} may leave on local port {@code out}. */
    boolean allows(int inGlobal, int out) {
        return (allowed[inGlobal * words + (out >>> 6)] & (1L << (out & 63))) != 0;
    }
}
