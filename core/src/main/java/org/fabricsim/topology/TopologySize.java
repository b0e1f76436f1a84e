package org.fabricsim.topology;

/**
 * How big a network is: its hosts, switches and ports (a cable has two). What the memory estimate of a run
 * starts from ({@code experiment/RunMemory}); {@link Topologies#size} counts a generator's tree without building
 * it. Counts are longs: an expression may ask for more than an array holds. {@code treeLevels}: the switch levels of
 * a generated fat tree, 0 for any other network.
 */
public record TopologySize(long hosts, long switches, long ports, int treeLevels) {
    /** A network that is not a generated fat tree ({@code treeLevels} 0). */
    public TopologySize(long hosts, long switches, long ports) {
        this(hosts, switches, ports, 0);
    }

    public static TopologySize of(Topology t) {
        return new TopologySize(t.hostCount(), t.switchCount(), t.portCount(),
                t.fatTree().map(FatTree::height).orElse(0));
    }

    /** Whether the network is a generated fat tree (its levels known: D-mod-K can route it). */
    public boolean isFatTree() {
        return treeLevels > 0;
    }

    public long nodes() {
        return hosts + switches;
    }

    /**
     * PGFT(h; m; w; p) with {@code horizontalWidth} links each way between neighbours above the leaves, arrays
     * indexed from 0 for level 1 (as {@link FatTrees#pgft}): level l holds Π_{j≤l} w_j · Π_{j&gt;l} m_j nodes, a
     * level-l switch m_l·p_l ports down, w_(l+1)·p_(l+1) up and 2·width sideways. Saturates instead of overflowing.
     */
    static TopologySize pgft(int[] m, int[] w, int[] p, int horizontalWidth) {
        int h = m.length;
        long hosts = 0;
        long switches = 0;
        long ports = 0;
        for (int l = 0; l <= h; l++) {
            long size = 1;
            for (int j = 1; j <= h; j++) {
                size = times(size, j > l ? m[j - 1] : w[j - 1]);
            }
            long down = l == 0 ? 0 : (long) m[l - 1] * p[l - 1];
            long up = l == h ? 0 : (long) w[l] * p[l];
            long side = l >= 2 ? 2L * horizontalWidth : 0;
            ports = plus(ports, times(size, down + up + side));
            if (l == 0) {
                hosts = size;
            } else {
                switches = plus(switches, size);
            }
        }
        return new TopologySize(hosts, switches, ports, h);
    }

    private static long times(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static long plus(long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
