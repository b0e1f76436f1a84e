package org.fabricsim.experiment;

import java.util.List;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.Forwarding;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * Explicit flows' own ports ({@code packet.flows}' {@code route}, e.g. {@code route = "SW1:4"}): the flow leaves
 * each switch it names by the port it names, and every other switch by its forwarding table. Deterministic
 * routing that gives two flows to one host different paths is InfiniBand's with LMC &gt; 0 (several LIDs per
 * host, each routed on its own; seed 004 §IV-A, C1 scenario 3's second case, D220); fabricsim's tables hold one
 * port per host, so the flow names the ports its LID's entries would give.
 */
final class GivenRoutes {
    private static final String KEY = PacketBinding.FLOWS;

    private GivenRoutes() {
    }

    /** Whether some explicit flow names its route. */
    static boolean any(ExperimentConfig c) {
        int n = c.elements(KEY, PacketBinding.FLOW_KEYS).size();
        for (int i = 0; i < n; i++) {
            if (c.elementSettings(KEY, i, List.of()).containsKey("route")) {
                return true;
            }
        }
        return false;
    }

    /** The routes of the flows of {@code s} (explicit flows, one per element), or null when no flow names one. */
    static FlowRoutes of(ExperimentConfig c, Topology t, Forwarding lft, FlowSchedule s) {
        if (!any(c)) {
            return null;
        }
        RateRealisationBinding.refuseRateConflicts(c, KEY, "a flow's route");
        FlowRoutes.Builder b = new FlowRoutes.Builder(s.size(), 4);
        int[] path = new int[t.switchCount() + 1];
        int[] port = new int[t.nodeCount()]; // per node: the port the flow names there, -1: none (all -1 between flows)
        java.util.Arrays.fill(port, -1);
        for (int f = 0; f < s.size(); f++) {
            Map<String, String> e = c.elementSettings(KEY, f, List.of());
            String where = "flow " + f + " (" + e.get("src") + " -> " + e.get("dst") + "): route";
            for (String hop : e.getOrDefault("route", "").trim().split("[\\s,]+")) {
                if (hop.isEmpty()) {
                    continue;
                }
                int colon = hop.lastIndexOf(':');
                int node = colon < 0 ? -1 : t.findNode(hop.substring(0, colon));
                if (node < 0 || t.isHost(node)) {
                    throw c.error(KEY, where + " '" + hop + "' is not switch:port of topology " + t.name());
                }
                try {
                    port[node] = Integer.parseInt(hop.substring(colon + 1));
                } catch (NumberFormatException x) {
                    port[node] = -2;
                }
                if (port[node] < 0 || port[node] >= t.ports(node) || !t.isConnected(t.port(node, port[node]))) {
                    throw c.error(KEY, where + " '" + hop + "': " + t.nodeName(node) + " has no connected port "
                            + hop.substring(colon + 1));
                }
            }
            int hops;
            try {
                hops = FlowRoutes.walk(t, (sw, dst) -> port[sw] >= 0 ? port[sw] : lft.port(sw, dst),
                        s.flows().src()[f], s.flows().dst()[f], path);
            } catch (IllegalStateException x) {
                throw c.error(KEY, where + " does not reach " + e.get("dst") + " (" + x.getMessage() + ")");
            }
            for (int k = 0; k < hops; k++) {
                port[t.owner(path[k])] = -1; // crossed
            }
            for (int v = 0; v < port.length; v++) {
                if (port[v] >= 0) {
                    throw c.error(KEY, where + " names " + t.nodeName(v) + ", which the flow's path does not cross");
                }
            }
            b.add(path, hops);
        }
        return b.build();
    }
}
