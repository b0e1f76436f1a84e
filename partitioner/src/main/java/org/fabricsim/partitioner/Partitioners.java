package org.fabricsim.partitioner;

import org.fabricsim.topology.Topology;

/** Entry point: splits a topology into parts with the method asked for. */
public final class Partitioners {
    /** Relative overweight a part may carry beyond the average load (multilevel method). */
    public static final double DEFAULT_IMBALANCE = 0.03;

    private Partitioners() {
    }

    /**
     * Splits {@code topology} into {@code parts} parts.
     *
     * @throws IllegalArgumentException when the topology has fewer nodes than parts, or the tree method is
     *     asked for a topology that is not a generated fat tree with at least {@code parts} pods
     */
    public static Partition partition(Topology topology, int parts, PartitionMethod method, long seed) {
        if (parts < 1 || parts > topology.nodeCount()) {
            throw new IllegalArgumentException("parts must be in [1, " + topology.nodeCount() + "] for "
                    + topology.name() + ", got " + parts);
        }
        if (parts == 1) {
            return Partition.single(topology.nodeCount());
        }
        if (resolve(topology, parts, method) == PartitionMethod.TREE) {
            return TreePartitioner.partition(topology, parts);
        }
        WeightedGraph g = WeightedGraph.of(topology, nodeLoad(topology));
        return new Partition(parts, new MultilevelPartitioner(parts, DEFAULT_IMBALANCE, seed).partition(g));
    }

    /** The method {@code method} stands for on this topology: {@link PartitionMethod#AUTO} resolved. */
    public static PartitionMethod resolve(Topology topology, int parts, PartitionMethod method) {
        if (method != PartitionMethod.AUTO) {
            return method;
        }
        return TreePartitioner.applies(topology, parts) ? PartitionMethod.TREE : PartitionMethod.MULTILEVEL;
    }

    /**
     * The expected event load of each node: its connected ports. Under the full loads the packet engine is
     * run with (every host offering traffic, DESIGN.md "Performance targets") every connected port sends
     * and receives packets and credits at a similar rate, so a node's events grow with its ports.
     */
    public static int[] nodeLoad(Topology t) {
        int[] load = new int[t.nodeCount()];
        for (int v = 0; v < load.length; v++) {
            for (int lp = 0; lp < t.ports(v); lp++) {
                if (t.isConnected(t.port(v, lp))) {
                    load[v]++;
                }
            }
            load[v] = Math.max(load[v], 1);
        }
        return load;
    }

    /**
     * What cutting one cable costs: 1 for the longest cables, more for shorter ones in proportion, because
     * a channel's lookahead is the shortest latency among its cut cables (DESIGN.md, "Packet engine"): cut
     * short cables only when nothing else will do.
     */
    static int cableCost(long latencyPs, long maxLatencyPs) {
        long l = Math.max(latencyPs, 1);
        return (int) Math.min(1000, (maxLatencyPs + l - 1) / l);
    }
}
