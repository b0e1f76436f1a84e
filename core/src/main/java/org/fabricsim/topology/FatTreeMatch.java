package org.fabricsim.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a fabric — imported or written by hand — is a fat tree, possibly degraded: its levels (hosts 0,
 * leaves 1, …, from the distance to the nearest host), the nearest XGFT(h; m_1..m_h; w_1..w_h) and what the
 * fabric lacks against it, and the oversubscription per level. The nearest XGFT takes at every level the most
 * children a switch has (m_l) and the most parents a node below has (w_l), a switch's unconnected ports counted
 * as parents it lost (at most as many up as down; docs/DECISIONS.md D172): a missing cable or switch only lowers
 * some counts, so the intact tree is the one those maxima describe. Not a fat tree: a cable within a level or
 * across two, or more switches or cables than that XGFT has.
 *
 * @param tree the nearest XGFT's expression, or null when not a fat tree
 * @param why why not a fat tree (null when it is one)
 * @param levels per switch level 1..h, what is there against the XGFT
 */
public record FatTreeMatch(String tree, String why, List<Level> levels) {

    /**
     * One level l of the fabric against the XGFT.
     *
     * @param level l
     * @param switches switches at l; {@code ideal} the XGFT's count
     * @param downCables cables between l − 1 and l; {@code idealDownCables} the XGFT's
     * @param leastRatio the least down:up bandwidth ratio of a switch at l (its oversubscription; 0 at the top)
     * @param mostRatio the greatest
     * @param idealRatio the XGFT's, m_l / w_{l+1}
     * @param worst a switch with the greatest ratio
     */
    public record Level(int level, int switches, long ideal, int downCables, long idealDownCables, double leastRatio,
            double mostRatio, double idealRatio, String worst) {
    }

    /** Whether the fabric is a fat tree. */
    public boolean isFatTree() {
        return tree != null;
    }

    /** Whether nothing is missing against the nearest XGFT. */
    public boolean isIntact() {
        return isFatTree() && levels.stream().allMatch(l -> l.switches == l.ideal && l.downCables == l.idealDownCables);
    }

    public static FatTreeMatch of(Topology t) {
        int h = t.maxLevel();
        if (h < 1) {
            return new FatTreeMatch(null, "no switches", List.of());
        }
        int[] m = new int[h + 1]; // children of a level-l switch
        int[] w = new int[h + 1]; // parents of a level-(l-1) node
        int[] switches = new int[h + 1];
        int[] down = new int[h + 1]; // cables from level l down
        int[] up = new int[t.nodeCount()];
        int[] children = new int[t.nodeCount()];
        long[] upBps = new long[t.nodeCount()];
        long[] downBps = new long[t.nodeCount()];
        for (int v = 0; v < t.nodeCount(); v++) {
            if (t.isSwitch(v)) {
                switches[t.level(v)]++;
            }
            for (int i = 0; i < t.ports(v); i++) {
                int port = t.port(v, i);
                if (!t.isConnected(port)) {
                    continue;
                }
                int u = t.peerNode(port);
                int lv = t.level(v);
                int lu = t.level(u);
                if (lu == lv) {
                    return new FatTreeMatch(null, "cable " + t.nodeName(v) + " - " + t.nodeName(u) + " within level "
                            + lv, List.of());
                }
                if (Math.abs(lu - lv) > 1) {
                    return new FatTreeMatch(null, "cable " + t.nodeName(v) + " - " + t.nodeName(u) + " across levels "
                            + Math.min(lu, lv) + " and " + Math.max(lu, lv), List.of());
                }
                if (lu > lv) {
                    up[v]++;
                    upBps[v] += t.bandwidthBps(port);
                } else {
                    children[v]++;
                    downBps[v] += t.bandwidthBps(port);
                    down[lv]++;
                }
            }
        }
        for (int v = 0; v < t.nodeCount(); v++) {
            int l = t.level(v);
            if (l >= 1) {
                m[l] = Math.max(m[l], children[v]);
            }
            if (l < h) {
                // a switch's unconnected ports read as missing up-cables, up to as many up as down: a spine that is
                // gone leaves every leaf a port short, which the counts alone cannot tell from a smaller tree
                int parents = up[v];
                if (l >= 1) {
                    int spare = t.ports(v) - up[v] - children[v];
                    parents = Math.min(up[v] + spare, Math.max(up[v], children[v]));
                }
                w[l + 1] = Math.max(w[l + 1], parents);
            }
        }
        long hosts = 1;
        for (int l = 1; l <= h; l++) {
            hosts *= m[l];
        }
        if (hosts < t.hostCount()) {
            return new FatTreeMatch(null, t.hostCount() + " hosts where the shape's largest counts give " + hosts,
                    List.of());
        }
        StringBuilder ms = new StringBuilder();
        StringBuilder ws = new StringBuilder();
        for (int l = 1; l <= h; l++) {
            ms.append(l > 1 ? "," : "").append(m[l]);
            ws.append(l > 1 ? "," : "").append(w[l]);
        }
        String tree = "xgft(" + h + ";" + ms + ";" + ws + ")";
        List<Level> levels = new ArrayList<>();
        for (int l = 1; l <= h; l++) {
            long ideal = 1;
            for (int i = l + 1; i <= h; i++) {
                ideal *= m[i];
            }
            for (int i = 1; i <= l; i++) {
                ideal *= w[i];
            }
            if (switches[l] > ideal) {
                return new FatTreeMatch(null, switches[l] + " switches at level " + l + " where " + tree + " has "
                        + ideal, List.of());
            }
            double least = Double.MAX_VALUE;
            double most = 0;
            String worst = null;
            for (int v = t.hostCount(); v < t.nodeCount(); v++) {
                if (t.level(v) != l) {
                    continue;
                }
                double ratio = l == h ? 0 : upBps[v] == 0 ? Double.POSITIVE_INFINITY : downBps[v] / (double) upBps[v];
                least = Math.min(least, ratio);
                if (ratio > most || worst == null) {
                    most = Math.max(most, ratio);
                    worst = t.nodeName(v);
                }
            }
            double idealRatio = l == h ? 0 : m[l] / (double) w[l + 1];
            levels.add(new Level(l, switches[l], ideal, down[l], ideal * m[l], switches[l] == 0 ? 0 : least, most,
                    idealRatio, worst));
        }
        return new FatTreeMatch(tree, null, levels);
    }

    /** The lines {@code fabricsim topology} prints. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        if (!isFatTree()) {
            lines.add("  fat tree  no: " + why);
            return lines;
        }
        lines.add("  fat tree  nearest " + tree + (isIntact() ? ", intact" : ", degraded:"));
        for (Level l : levels) {
            StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "    level %d: %d of %d switches", l.level,
                    l.switches, l.ideal));
            if (l.switches < l.ideal) {
                s.append(" (").append(l.ideal - l.switches).append(" missing)");
            }
            s.append(String.format(Locale.ROOT, ", %d of %d cables down", l.downCables, l.idealDownCables));
            if (l.downCables < l.idealDownCables) {
                s.append(" (").append(l.idealDownCables - l.downCables).append(" missing)");
            }
            if (l.idealRatio > 0) {
                s.append(String.format(Locale.ROOT, "; oversubscription %s", ratio(l.idealRatio)));
                if (l.mostRatio > l.idealRatio || l.leastRatio < l.idealRatio) {
                    s.append(String.format(Locale.ROOT, " intact, %s to %s here (worst %s)", ratio(l.leastRatio),
                            ratio(l.mostRatio), l.worst));
                }
            }
            lines.add(s.toString());
        }
        return lines;
    }

    private static String ratio(double r) {
        return Double.isInfinite(r) ? "no up link" : String.format(Locale.ROOT, "%.2f:1", r);
    }
}
