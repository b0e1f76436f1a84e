package org.fabricsim.routing;

import org.fabricsim.InputException;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topology;

/**
 * D-mod-K's ports computed instead of stored (issue 16; docs/ROUTING.md, "Computed D-mod-K"): the same port as
 * {@link DModK#port} for every switch and host, from O(switches + levels × hosts) words instead of a table of
 * switches × hosts.
 *
 * <p>Why it can be that small: in {@link DModK#port} the switch enters only through one question, whether it is an
 * ancestor of the destination; the port down (child digit, parallel link) and the port up (parent digit, parallel
 * link) then depend on the level and the destination alone. So a switch keeps the range of hosts below it
 * ({@code first}, {@code span}: its a-digits above its level are the host's, FatTree#isAncestor) and where its
 * level's column starts; a level keeps, per host, the down and the up port packed in one int. A lookup is two
 * loads from per-switch words, a compare done in arithmetic and one load from a column: no division, no branch, no
 * allocation.
 */
final class DModKPorts implements Forwarding {
    private final int hosts;
    /** Per switch (node - hosts), three words: first host below it, hosts below it, its level's column offset. */
    private final int[] sw;
    /** Per level (1..h, column offset (l - 1) × hosts) and host: the port down << 16 | the port up. */
    private final int[] columns;

    private DModKPorts(int hosts, int[] sw, int[] columns) {
        this.hosts = hosts;
        this.sw = sw;
        this.columns = columns;
    }

    /** The ports of D-mod-K on {@code t}, whose generated fat tree is {@code tree} (DModK checks that there is one). */
    static DModKPorts of(Topology t, FatTree tree) {
        int hosts = t.hostCount();
        int h = tree.height();
        long size = (long) h * hosts;
        if (size > Integer.MAX_VALUE - 8) {
            throw new InputException("D-mod-K's port columns for " + h + " levels x " + hosts + " hosts do not fit in"
                    + " an array");
        }
        int[] columns = new int[(int) size];
        for (int l = 1; l <= h; l++) {
            if (tree.downPorts(l) + tree.upPorts(l) > Character.MAX_VALUE) {
                throw new InputException("a level-" + l + " switch of " + t.name() + " has more than "
                        + (int) Character.MAX_VALUE + " ports");
            }
            for (int d = 0; d < hosts; d++) {
                int up = l == h ? 0 : DModK.upPort(tree, l, d);
                columns[(l - 1) * hosts + d] = DModK.downPort(tree, l, d) << 16 | up;
            }
        }
        int switches = t.switchCount();
        int[] sw = new int[3 * switches];
        for (int v = hosts; v < t.nodeCount(); v++) {
            int l = tree.levelOf(v);
            int index = tree.indexInLevel(v);
            long span = tree.subtreeHosts(l);
            long wProd = tree.logicalNodeSize(l);
            int s = 3 * (v - hosts);
            sw[s] = Math.toIntExact(index / wProd * span); // hosts below share its digits above l
            sw[s + 1] = Math.toIntExact(span);
            sw[s + 2] = (l - 1) * hosts;
        }
        return new DModKPorts(hosts, sw, columns);
    }

    @Override
    public int port(int switchNode, int dst) {
        int s = 3 * (switchNode - hosts);
        int ports = columns[sw[s + 2] + dst];
        // below this switch iff 0 <= x < span, x = dst - first: then the sign bits of x - span and of ~x are both
        // set (no overflow: |x| and span are at most the hosts). Without a branch, as whether a packet goes up or
        // down at the next switch is as good as random to a predictor.
        int x = dst - sw[s];
        int below = (x - sw[s + 1] & ~x) >> 31; // -1 below, else 0
        return ports >>> (below & 16) & 0xFFFF;
    }

    /** Words held (per-switch constants and port columns), for the memory measurements. */
    long words() {
        return (long) sw.length + columns.length;
    }
}
