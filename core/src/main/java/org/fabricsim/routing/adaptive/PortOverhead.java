package org.fabricsim.routing.adaptive;

import org.fabricsim.topology.FatTrees;
import org.fabricsim.topology.LinkParams;
import org.fabricsim.topology.Topology;

/**
 * The switch ports a modified k-ary n-tree adds to the k-ary n-tree (seed 003 §6.2 "Overhead", Table 6.1).
 *
 * @param existingPorts ports of the k-ary n-tree's switches that are cabled (a root uses its k down ports)
 * @param addedPorts horizontal ports: 2·w_h on every non-leaf switch, as Table 6.1 counts them (the
 *     generator gives every switch of a level the same port numbering, so the two ends of a chain carry
 *     w_h uncabled ports each)
 * @param cabledAddedPorts horizontal ports with a cable: the chain without wrap-around (D9)
 */
public record PortOverhead(long existingPorts, long addedPorts, long cabledAddedPorts) {
    /** Table 6.1's ratio of added to existing ports. */
    public double ratio() {
        return addedPorts / (double) existingPorts;
    }

    /** The same ratio counting cabled horizontal ports only. */
    public double cabledRatio() {
        return cabledAddedPorts / (double) existingPorts;
    }

    /** Counts the ports of the generated k-ary n-tree and modified k-ary n-tree of width {@code wh}. */
    public static PortOverhead of(int k, int n, int wh) {
        LinkParams link = LinkParams.gbps(10, 15);
        Topology base = FatTrees.kAryNTree("kary-ntree", k, n, link);
        Topology modified = FatTrees.modifiedKAryNTree("mkary-ntree", k, n, wh, link);
        long existing = 0;
        for (int v = base.hostCount(); v < base.nodeCount(); v++) {
            for (int p = 0; p < base.ports(v); p++) {
                existing += base.isConnected(base.port(v, p)) ? 1 : 0;
            }
        }
        long added = 0;
        long cabled = 0;
        for (int v = modified.hostCount(); v < modified.nodeCount(); v++) {
            added += modified.ports(v) - base.ports(v);
            for (int p = base.ports(v); p < modified.ports(v); p++) {
                cabled += modified.isConnected(modified.port(v, p)) ? 1 : 0;
            }
        }
        return new PortOverhead(existing, added, cabled);
    }
}
