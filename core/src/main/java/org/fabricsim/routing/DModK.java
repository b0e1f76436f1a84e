package org.fabricsim.routing;

import org.fabricsim.InputException;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topology;

/**
 * D-mod-K destination-based routing for XGFT/PGFT and k-ary n-trees (spec-adaptive-routing §2.5; the
 * Gómez et al. baseline of seed 003 and the "D-Mod-K" of seed 001 §V-C).
 *
 * <p>A level-l switch that is not an ancestor of destination d goes up on up port
 * ⌊d / Π_{j&le;l} w_j p_j⌋ mod (w_(l+1) p_(l+1)) — for a k-ary n-tree that is ⌊d / k^(l-1)⌋ mod k, the
 * destination digit of the stage. An ancestor goes down towards child digit a_l(d). All routes to d
 * therefore meet at one top switch and descend along one path, so every down link carries the traffic
 * of exactly one destination in a full-bisection tree: no permutation ever collides on the way down,
 * and shift permutations are contention-free everywhere.
 *
 * <p>With parallel links (PGFT), the up choice index includes the parallel link; on the way down the
 * parallel link is the one an ascent from the child level would pick for d, ⌊d / Π_{j&lt;l} w_j p_j⌋ mod
 * (w_l p_l) mod p_l. Horizontal links of a modified tree are not used (oblivious routing).
 */
public final class DModK {
    public static final String NAME = "dmodk";

    private DModK() {
    }

    public static ForwardingTables compute(Topology t) {
        FatTree tree = t.fatTree().orElseThrow(() -> new InputException("routing " + NAME
                + " needs a generated fat tree (preset or xgft/pgft/kary-ntree/clos expression); topology "
                + t.name() + " is not one: use routing = updown"));
        short[] table = ForwardingTables.emptyTable(t);
        int hosts = t.hostCount();
        for (int v = hosts; v < t.nodeCount(); v++) {
            int l = tree.levelOf(v);
            int index = tree.indexInLevel(v);
            int base = (v - hosts) * hosts;
            for (int d = 0; d < hosts; d++) {
                table[base + d] = (short) port(tree, l, index, d);
            }
        }
        return new ForwardingTables(t, NAME, table);
    }

    static int port(FatTree tree, int l, int index, int d) {
        if (tree.isAncestor(l, index, d)) {
            int p = tree.p(l);
            int q = p == 1 ? 0 : (int) ((d / downChoiceDivisor(tree, l)) % ((long) tree.w(l) * p) % p);
            return tree.hostDigit(d, l) * p + q;
        }
        int choices = tree.upPorts(l);
        return tree.downPorts(l) + (int) ((d / upChoiceDivisor(tree, l)) % choices);
    }

    private static long upChoiceDivisor(FatTree tree, int l) {
        long div = 1;
        for (int j = 1; j <= l; j++) {
            div *= (long) tree.w(j) * tree.p(j);
        }
        return div;
    }

    private static long downChoiceDivisor(FatTree tree, int l) {
        return upChoiceDivisor(tree, l - 1);
    }
}
