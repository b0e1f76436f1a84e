package org.fabricsim.topology;

import org.fabricsim.InputException;

/**
 * Generators of fat trees: PGFT/XGFT, k-ary n-trees (Petrini numbering), modified k-ary n-trees with
 * horizontal links, and CLOS(n, r, m) folded as a two-level fat tree. Numbering: see {@link FatTree}.
 */
public final class FatTrees {
    /** Upper bound on nodes, so that a typo cannot ask for a topology that fills the heap. */
    static final long MAX_NODES = 1L << 24;

    private FatTrees() {
    }

    /** XGFT(h; m_1..m_h; w_1..w_h), arrays indexed from 0 for level 1. */
    public static Topology xgft(String name, int[] m, int[] w, LinkParams link) {
        int[] p = new int[m.length];
        java.util.Arrays.fill(p, 1);
        return pgft(name, m, w, p, 0, link);
    }

    /** k-ary n-tree = XGFT(n; k,..,k; 1,k,..,k), k^n hosts, n levels of k^(n-1) switches. */
    public static Topology kAryNTree(String name, int k, int n, LinkParams link) {
        return modifiedKAryNTree(name, k, n, 0, link);
    }

    /**
     * Modified k-ary n-tree (spec-adaptive-routing §2.3, seed 003 §6.2): the k-ary n-tree plus
     * {@code horizontalWidth} parallel links between neighbouring switches of the same logical node,
     * arranged as a chain without wrap-around, at every level except the leaves.
     */
    public static Topology modifiedKAryNTree(String name, int k, int n, int horizontalWidth, LinkParams link) {
        if (k < 1) {
            throw new InputException("k-ary n-tree: k must be at least 1 (got " + k + ")");
        }
        if (n < 1) {
            throw new InputException("k-ary n-tree: n must be at least 1 (got " + n + ")");
        }
        int[] m = new int[n];
        int[] w = new int[n];
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            m[i] = k;
            w[i] = i == 0 ? 1 : k;
            p[i] = 1;
        }
        return pgft(name, m, w, p, horizontalWidth, link);
    }

    /** CLOS(n, r, m) folded: r leaves with n hosts and m up-links each, m spines with r down ports. */
    public static Topology clos(String name, int n, int r, int m, LinkParams link) {
        return xgft(name, new int[] {n, r}, new int[] {1, m}, link);
    }

    /**
     * PGFT(h; m; w; p) with optional horizontal links. Arrays are indexed from 0 for level 1; hosts
     * must have a single port (w_1 = p_1 = 1).
     */
    public static Topology pgft(String name, int[] m0, int[] w0, int[] p0, int horizontalWidth, LinkParams link) {
        return pgft(name, m0, w0, p0, horizontalWidth, link, FatTrees::defaultName);
    }

    /** Names of generated nodes: {@code h<index>} for hosts, {@code s<level>-<index>} for switches. */
    public interface NodeNamer {
        String name(int level, int index);
    }

    static String defaultName(int level, int index) {
        return level == 0 ? "h" + index : "s" + level + "-" + index;
    }

    /** As {@link #pgft(String, int[], int[], int[], int, LinkParams)}, with chosen node names. */
    public static Topology pgft(String name, int[] m0, int[] w0, int[] p0, int horizontalWidth, LinkParams link,
            NodeNamer namer) {
        int h = m0.length;
        if (h < 1 || w0.length != h || p0.length != h) {
            throw new InputException("fat tree: m, w (and p) need one value per level, got " + m0.length + ", "
                    + w0.length + (p0.length != m0.length ? ", " + p0.length : ""));
        }
        int[] m = new int[h + 1];
        int[] w = new int[h + 1];
        int[] p = new int[h + 1];
        for (int l = 1; l <= h; l++) {
            m[l] = m0[l - 1];
            w[l] = w0[l - 1];
            p[l] = p0[l - 1];
            if (m[l] < 1 || w[l] < 1 || p[l] < 1) {
                throw new InputException("fat tree: every m, w and p must be at least 1 (level " + l + ": m=" + m[l]
                        + ", w=" + w[l] + ", p=" + p[l] + ")");
            }
        }
        if (w[1] != 1 || p[1] != 1) {
            throw new InputException("fat tree: w1 and p1 must be 1 (a host has one port; multi-rail hosts are not"
                    + " modelled)");
        }
        if (horizontalWidth < 0) {
            throw new InputException("fat tree: horizontal width must be at least 0 (got " + horizontalWidth + ")");
        }
        long nodes = 0;
        for (int l = 0; l <= h; l++) {
            long size = 1;
            for (int j = 1; j <= h; j++) {
                size *= j > l ? m[j] : w[j];
                if (size > MAX_NODES) {
                    break;
                }
            }
            nodes += size;
            if (nodes > MAX_NODES) {
                throw new InputException("fat tree: more than " + MAX_NODES + " nodes requested");
            }
        }
        FatTree tree = new FatTree(h, m, w, p, horizontalWidth);
        TopologyBuilder b = new TopologyBuilder(name).fatTree(tree)
                .namesComputedBy(v -> namer.name(tree.levelOf(v), tree.indexInLevel(v)));
        for (int l = 0; l <= h; l++) {
            int size = (int) tree.levelSize(l);
            for (int i = 0; i < size; i++) {
                if (l == 0) {
                    b.addHost(namer.name(l, i));
                } else {
                    int id = b.addSwitch(namer.name(l, i), l);
                    b.reservePorts(id, tree.horizontalBase(l) + (l >= 2 ? 2 * horizontalWidth : 0));
                }
            }
        }
        connectLevels(b, tree, link);
        if (horizontalWidth > 0) {
            connectHorizontal(b, tree, horizontalWidth, link);
        }
        return b.build();
    }

    private static void connectLevels(TopologyBuilder b, FatTree t, LinkParams link) {
        for (int l = 1; l <= t.height(); l++) {
            long below = t.logicalNodeSize(l - 1); // Π_{j<l} w_j: radix of the digits below position l
            int children = (int) t.levelSize(l - 1);
            for (int c = 0; c < children; c++) {
                long lower = c % below;
                int digit = (int) ((c / below) % t.m(l));
                long upper = c / (below * t.m(l));
                for (int parent = 0; parent < t.w(l); parent++) {
                    int pIndex = (int) (lower + below * (parent + (long) t.w(l) * upper));
                    for (int q = 0; q < t.p(l); q++) {
                        int childPort = l == 1 ? 0 : t.downPorts(l - 1) + parent * t.p(l) + q;
                        int parentPort = digit * t.p(l) + q;
                        b.connect(t.node(l - 1, c), childPort, t.node(l, pIndex), parentPort, link.bandwidthBps(),
                                link.latencyPs());
                    }
                }
            }
        }
    }

    /** Chains of the switches of each logical node, w_h parallel links between neighbours. */
    private static void connectHorizontal(TopologyBuilder b, FatTree t, int width, LinkParams link) {
        for (int l = 2; l <= t.height(); l++) {
            long block = t.logicalNodeSize(l);
            int size = (int) t.levelSize(l);
            int base = t.horizontalBase(l);
            for (int i = 0; i < size; i++) {
                boolean lastInChain = (i + 1) % block == 0;
                if (lastInChain) {
                    continue;
                }
                for (int q = 0; q < width; q++) {
                    // right ports of position i meet left ports of position i+1
                    b.connect(t.node(l, i), base + width + q, t.node(l, i + 1), base + q, link.bandwidthBps(),
                            link.latencyPs());
                }
            }
        }
    }

    /**
     * The generated fat tree {@code t} without its horizontal links (itself when it has none): the unmodified
     * tree of a modified k-ary n-tree, where seed 003's oblivious baseline and non-AR schemes run (§6.2 Remark).
     *
     * @throws InputException when {@code t} is not a generated fat tree
     */
    public static Topology withoutHorizontalLinks(Topology t) {
        FatTree f = t.fatTree().orElseThrow(() -> new InputException("adaptive routing needs a"
                + " generated fat tree (kary-ntree, mkary-ntree, xgft, pgft, clos or a tree preset); topology "
                + t.name() + " is not one"));
        if (f.horizontalWidth() == 0) {
            return t;
        }
        int h = f.height();
        int[] m = new int[h];
        int[] w = new int[h];
        int[] p = new int[h];
        for (int l = 1; l <= h; l++) {
            m[l - 1] = f.m(l);
            w[l - 1] = f.w(l);
            p[l - 1] = f.p(l);
        }
        LinkParams link = new LinkParams(t.bandwidthBps(t.hostPort(0)), t.latencyPs(t.hostPort(0)));
        return pgft(t.name() + " without horizontal links", m, w, p, 0, link);
    }
}
