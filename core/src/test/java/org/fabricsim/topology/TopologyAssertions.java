package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.fail;

/** Structural comparison of topologies: everything the simulator sees, except the generator structure. */
final class TopologyAssertions {
    private TopologyAssertions() {
    }

    /** The first difference between two topologies, or null when they are structurally identical. */
    static String firstDifference(Topology a, Topology b) {
        if (!a.name().equals(b.name())) {
            return "name " + a.name() + " vs " + b.name();
        }
        if (a.nodeCount() != b.nodeCount() || a.hostCount() != b.hostCount() || a.portCount() != b.portCount()) {
            return "sizes: " + a + " (" + a.portCount() + " ports) vs " + b + " (" + b.portCount() + " ports)";
        }
        for (int v = 0; v < a.nodeCount(); v++) {
            if (!a.nodeName(v).equals(b.nodeName(v))) {
                return "node " + v + " is " + a.nodeName(v) + " vs " + b.nodeName(v);
            }
            if (a.level(v) != b.level(v)) {
                return "level of " + a.nodeName(v) + ": " + a.level(v) + " vs " + b.level(v);
            }
            if (a.ports(v) != b.ports(v)) {
                return "ports of " + a.nodeName(v) + ": " + a.ports(v) + " vs " + b.ports(v);
            }
            for (int p = 0; p < a.ports(v); p++) {
                int ga = a.port(v, p);
                int gb = b.port(v, p);
                String where = a.nodeName(v) + " port " + p + ": ";
                if (a.peerPort(ga) != b.peerPort(gb)) {
                    return where + "peer " + describe(a, a.peerPort(ga)) + " vs " + describe(b, b.peerPort(gb));
                }
                if (a.bandwidthBps(ga) != b.bandwidthBps(gb)) {
                    return where + "bandwidth " + a.bandwidthBps(ga) + " vs " + b.bandwidthBps(gb);
                }
                if (a.latencyPs(ga) != b.latencyPs(gb)) {
                    return where + "latency " + a.latencyPs(ga) + " vs " + b.latencyPs(gb);
                }
            }
        }
        if (a.cableCount() != b.cableCount() || a.maxLevel() != b.maxLevel()) {
            return "cables or max level differ";
        }
        return null;
    }

    static boolean equalsStructurally(Topology a, Topology b) {
        return firstDifference(a, b) == null;
    }

    static void assertSameStructure(Topology expected, Topology actual) {
        String diff = firstDifference(expected, actual);
        if (diff != null) {
            fail("topologies differ: " + diff);
        }
    }

    private static String describe(Topology t, int globalPort) {
        return globalPort < 0 ? "none" : t.nodeName(t.owner(globalPort)) + ":" + t.localPort(globalPort);
    }
}
