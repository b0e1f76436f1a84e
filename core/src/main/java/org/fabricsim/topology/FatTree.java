package org.fabricsim.topology;

import java.util.Arrays;

/**
 * The structure of a generated extended generalised fat tree, PGFT(h; m_1..m_h; w_1..w_h; p_1..p_h),
 * and the label arithmetic that tree routing needs (DESIGN.md, "Topology").
 *
 * <p>Levels: 0 = hosts, 1 = leaf switches, ..., h = top switches. A level-{@code l} node carries the
 * label (x_h, ..., x_1) with x_j in [0, m_j) for j &gt; l and x_j in [0, w_j) for j &le; l; its index
 * within the level is that label read as a mixed-radix number with x_h most significant. A level-(l-1)
 * node and a level-l node are linked (p_l times) iff their labels agree everywhere except at position
 * l. For a k-ary n-tree = XGFT(n; k,..,k; 1,k,..,k) this is exactly Petrini and Vanneschi's numbering
 * (spec-adaptive-routing §2.1) with Petrini level = n - XGFT level: the host index P = Σ p_i k^(n-1-i)
 * and switches listed level by level in lexicographic label order.
 *
 * <p>Port numbering of a level-l switch: down ports first, {@code child digit · p_l + parallel} for
 * 0 &le; child digit &lt; m_l; then up ports {@code m_l·p_l + parent digit · p_(l+1) + parallel}; then, in a
 * modified tree (horizontal width w_h &gt; 0, levels &ge; 2 only), w_h ports to the left neighbour of the
 * chain followed by w_h ports to the right neighbour (unconnected at the two ends of a chain, so the
 * numbering is the same on every switch of a level). Hosts have one port, port 0.
 *
 * <p>Node ids: hosts 0..H-1 in index order, then level 1, level 2, ... each in index order.
 */
public final class FatTree {
    private final int h;
    private final int[] m; // m[1..h]
    private final int[] w; // w[1..h]
    private final int[] p; // p[1..h]
    private final int horizontalWidth;
    private final int[] levelStart; // node id of index 0 at each level; levelStart[h+1] = node count
    private final long[] wProd; // wProd[l] = w_1 * ... * w_l
    private final long[] mProd; // mProd[l] = m_1 * ... * m_l

    FatTree(int h, int[] m, int[] w, int[] p, int horizontalWidth) {
        this.h = h;
        this.m = m.clone();
        this.w = w.clone();
        this.p = p.clone();
        this.horizontalWidth = horizontalWidth;
        this.wProd = new long[h + 1];
        this.mProd = new long[h + 1];
        wProd[0] = mProd[0] = 1;
        for (int l = 1; l <= h; l++) {
            wProd[l] = wProd[l - 1] * w[l];
            mProd[l] = mProd[l - 1] * m[l];
        }
        this.levelStart = new int[h + 2];
        for (int l = 0; l <= h; l++) {
            levelStart[l + 1] = Math.toIntExact(levelStart[l] + levelSize(l));
        }
    }

    /** Number of switch levels. */
    public int height() {
        return h;
    }

    /** m_l, children per level-l switch (1 &le; l &le; h). */
    public int m(int l) {
        return m[l];
    }

    /** w_l, parents per level-(l-1) node (1 &le; l &le; h). */
    public int w(int l) {
        return w[l];
    }

    /** p_l, parallel links between a level-(l-1) node and each of its parents. */
    public int p(int l) {
        return p[l];
    }

    /** Horizontal width w_h of a modified k-ary n-tree (0 for an ordinary fat tree). */
    public int horizontalWidth() {
        return horizontalWidth;
    }

    /** Number of nodes at level l: Π_{j&gt;l} m_j · Π_{j&le;l} w_j. */
    public long levelSize(int l) {
        long size = 1;
        for (int j = 1; j <= h; j++) {
            size *= j > l ? m[j] : w[j];
        }
        return size;
    }

    /** Node id of the node with this index at level l. */
    public int node(int l, int index) {
        return levelStart[l] + index;
    }

    /** Index of a node within its level. */
    public int indexInLevel(int node) {
        return node - levelStart[levelOf(node)];
    }

    /** Level of a node (0 for hosts). */
    public int levelOf(int node) {
        int l = 0;
        while (node >= levelStart[l + 1]) {
            l++;
        }
        return l;
    }

    /** Number of down ports of a level-l switch, m_l · p_l. */
    public int downPorts(int l) {
        return m[l] * p[l];
    }

    /** Number of up ports of a level-l node (0 at the top), w_(l+1) · p_(l+1). */
    public int upPorts(int l) {
        return l == h ? 0 : w[l + 1] * p[l + 1];
    }

    /** First horizontal port of a level-l switch of a modified tree. */
    public int horizontalBase(int l) {
        return downPorts(l) + upPorts(l);
    }

    /** Whether the level-l switch with this index reaches host d by descending only. */
    public boolean isAncestor(int l, int index, int host) {
        // the digits above l are the a-digits in both labels
        return index / wProd[l] == host / mProd[l];
    }

    /** Host digit a_l(d) = ⌊d / Π_{j&lt;l} m_j⌋ mod m_l: the down port digit towards d at level l. */
    public int hostDigit(int host, int l) {
        return (int) ((host / mProd[l - 1]) % m[l]);
    }

    /** Π_{j&le;l} m_j: the hosts below a level-l node (those whose digits above l are its own). */
    public long subtreeHosts(int l) {
        return mProd[l];
    }

    /** Π_{j&le;l} w_j: the number of switches of a level-l logical node (l &ge; 1). */
    public long logicalNodeSize(int l) {
        return wProd[l];
    }

    /** Whether every switch level has at least as much capacity up as down (w_(l+1)·p_(l+1) &ge; m_l·p_l). */
    public boolean isFullBisection() {
        for (int l = 1; l < h; l++) {
            if ((long) w[l + 1] * p[l + 1] < (long) m[l] * p[l]) {
                return false;
            }
        }
        return true;
    }

    /** The generator expression that rebuilds this tree, e.g. {@code xgft(2;18,36;1,18)}. */
    public String expression() {
        String mm = join(m);
        String ww = join(w);
        boolean parallel = Arrays.stream(p, 1, h + 1).anyMatch(x -> x != 1);
        String base = parallel ? "pgft(" + h + ";" + mm + ";" + ww + ";" + join(p) + ")"
                : "xgft(" + h + ";" + mm + ";" + ww + ")";
        return horizontalWidth > 0 ? base + " + horizontal width " + horizontalWidth : base;
    }

    private String join(int[] a) {
        StringBuilder sb = new StringBuilder();
        for (int l = 1; l <= h; l++) {
            if (l > 1) {
                sb.append(',');
            }
            sb.append(a[l]);
        }
        return sb.toString();
    }
}
