package org.fabricsim.routing.adaptive;

import java.util.SplittableRandom;
import org.fabricsim.routing.adaptive.AdaptiveOptions.Ties;
import org.fabricsim.topology.Topology;

/**
 * The port selector unit (PSU) of every switch (spec-adaptive-routing §3.1, §3.6): given the ERT's default
 * and alternate ports, it drops the outputs the input port's filter forbids (and the horizontal ones when the
 * set-up packet's hop budget is spent), reads the heuristic — the number of flows set up through each output
 * port, one counter per directed link — and returns the least loaded port. Static priority: the default port
 * wins every tie, so a flow leaves it only for a strictly better port (seed 003 §3.2.2).
 */
final class PortSelector {
    private final Topology topology;
    private final ExtendedRoutingTable ert;
    private final InputFilters filters;
    private final Ties ties;
    private final int[] flowCount;

    PortSelector(ExtendedRoutingTable ert, InputFilters filters, Ties ties) {
        this.topology = ert.topology();
        this.ert = ert;
        this.filters = filters;
        this.ties = ties;
        this.flowCount = new int[topology.portCount()];
    }

    /** The per-output flow counters, by global port (a view). */
    int[] flowCounts() {
        return flowCount;
    }

    /**
     * The local output port for a set-up packet towards {@code dst} that arrived at {@code switchNode} on
     * global port {@code inGlobal}.
     *
     * @param dp the ERT's default port (local) for this switch and destination
     * @param horizontalAllowed whether the packet's hop budget allows a horizontal hop
     * @param horizontal per global port, whether its link is horizontal
     */
    int select(int switchNode, int inGlobal, int dst, int dp, boolean horizontalAllowed, boolean[] horizontal,
            SplittableRandom rng) {
        int best = dp;
        int bestCount = flowCount[topology.port(switchNode, dp)];
        int tied = 0;
        for (int a : ert.alternatePorts(switchNode, dst)) {
            if (a == dp) {
                continue;
            }
            int g = topology.port(switchNode, a);
            if ((!horizontalAllowed && horizontal[g]) || !filters.allows(inGlobal, a)) {
                continue;
            }
            int c = flowCount[g];
            if (c < bestCount) {
                best = a;
                bestCount = c;
                tied = 1;
            } else if (c == bestCount && best != dp) {
                tied++;
                if (ties == Ties.RANDOM && rng.nextInt(tied) == 0) {
                    best = a; // reservoir sampling: each of the tied ports with probability 1/tied
                }
            }
        }
        return best;
    }
}
