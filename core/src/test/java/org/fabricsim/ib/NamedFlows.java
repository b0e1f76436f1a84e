package org.fabricsim.ib;

import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/** Tests' flows given by host names: {@code {{"H1", "H4"}, ...}}, source then destination. */
public final class NamedFlows {
    private NamedFlows() {
    }

    public static FlowSet of(Topology t, String[][] flows) {
        int n = flows.length;
        int[] src = new int[n];
        int[] dst = new int[n];
        for (int f = 0; f < n; f++) {
            src[f] = t.node(flows[f][0]);
            dst[f] = t.node(flows[f][1]);
        }
        return FlowSet.of(src, dst);
    }
}
