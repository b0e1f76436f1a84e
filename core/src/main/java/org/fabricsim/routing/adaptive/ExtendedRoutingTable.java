package org.fabricsim.routing.adaptive;

import org.fabricsim.InputException;
import org.fabricsim.routing.Forwarding;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topology;

/**
 * The extended routing table (ERT) of every switch of a fat tree (spec-adaptive-routing §3.1, §3.6): for a
 * destination, the default port (DP, what a plain LFT would hold) and a group of alternate ports (AP), kept
 * in the compressed form the thesis proposes: each entry names a group of the switch's port group table
 * (PGT). The fat-tree instantiation of seed 003 §6.2:
 * <ul>
 *   <li>ascent (the switch is not an ancestor of d): DP = the oblivious up port, APs = every up port;
 *   <li>descent at a level with horizontal links: DP = the down port towards d, APs = the horizontal ports;
 *   <li>descent at a leaf: DP = the host's port, no AP.
 * </ul>
 * Entries are computed from the switch labels rather than stored (a 12-ary 4-tree has 143 million); the
 * groups are stored per switch and contain only connected ports (chain ends have fewer horizontal ports).
 */
public final class ExtendedRoutingTable {
    static final int[] NONE = new int[0];

    private final Topology topology;
    private final FatTree tree;
    private final Forwarding defaults;
    private final int hosts;
    private final int[] level;
    private final int[] index;
    private final int[][] upGroup;
    private final int[][] horizontalGroup;

    private ExtendedRoutingTable(Topology topology, FatTree tree, Forwarding defaults) {
        this.topology = topology;
        this.tree = tree;
        this.defaults = defaults;
        this.hosts = topology.hostCount();
        int switches = topology.switchCount();
        this.level = new int[switches];
        this.index = new int[switches];
        this.upGroup = new int[switches][];
        this.horizontalGroup = new int[switches][];
        for (int s = 0; s < switches; s++) {
            int v = s + hosts;
            int l = tree.levelOf(v);
            level[s] = l;
            index[s] = tree.indexInLevel(v);
            int up = tree.downPorts(l);
            upGroup[s] = connected(v, up, up + tree.upPorts(l));
            int hb = tree.horizontalBase(l);
            horizontalGroup[s] = connected(v, hb, topology.ports(v));
        }
    }

    /**
     * The ERT of a generated fat tree (with or without horizontal links) whose default ports are
     * {@code defaults}, which must route minimally: up at every switch that is not an ancestor of the
     * destination, down at every one that is (D-mod-K does).
     */
    public static ExtendedRoutingTable forFatTree(Topology t, Forwarding defaults) {
        FatTree tree = t.fatTree().orElseThrow(() -> new InputException("adaptive routing needs a generated fat"
                + " tree (kary-ntree, mkary-ntree, xgft, pgft, clos or a tree preset); topology " + t.name()
                + " is not one"));
        return new ExtendedRoutingTable(t, tree, defaults);
    }

    private int[] connected(int v, int from, int to) {
        int n = 0;
        int[] ports = new int[Math.max(0, to - from)];
        for (int p = from; p < to; p++) {
            if (topology.isConnected(topology.port(v, p))) {
                ports[n++] = p;
            }
        }
        return n == 0 ? NONE : java.util.Arrays.copyOf(ports, n);
    }

    public Topology topology() {
        return topology;
    }

    /** The default port (local) of {@code switchNode} towards host {@code dst}. */
    public int defaultPort(int switchNode, int dst) {
        return defaults.port(switchNode, dst);
    }

    /**
     * The alternate ports (local, ascending) of {@code switchNode} towards {@code dst}: its PGT group. The
     * array is shared: do not modify it.
     */
    public int[] alternatePorts(int switchNode, int dst) {
        int s = switchNode - hosts;
        int l = level[s];
        if (!tree.isAncestor(l, index[s], dst)) {
            return upGroup[s];
        }
        return l == 1 ? NONE : horizontalGroup[s];
    }

    /** Whether the switch reaches {@code dst} by descending (seed 003 §6.1). */
    public boolean isAncestor(int switchNode, int dst) {
        int s = switchNode - hosts;
        return tree.isAncestor(level[s], index[s], dst);
    }

    FatTree tree() {
        return tree;
    }

    int levelOf(int switchNode) {
        return level[switchNode - hosts];
    }

    int indexOf(int switchNode) {
        return index[switchNode - hosts];
    }
}
