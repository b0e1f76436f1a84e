package org.fabricsim.routing;

import java.util.Arrays;
import java.util.Comparator;
import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/**
 * OpenSM's fat-tree routing engine, {@code ftree} (Zahavi et al.; osm_ucast_ftree.c, LMC 0, no root or
 * compute-node GUID files): hosts are routed one by one, leaf switches in index order and the hosts of a
 * leaf in port order. For host d on leaf L, L sends d to its cable; then, climbing from L, each switch
 * takes its least loaded up port group (counter of down-going routes, then remote switch index), the least
 * loaded port in it, and the switch above sends d down that cable ("assign the least loaded up port");
 * at every switch reached, the switches below it that have no shorter route yet send d up to it, over their
 * least loaded cable by the counter of up-going routes ("route to CAs in index order ... assign the up
 * ports by descending down"). The other up groups of a switch on the main path get secondary routes that
 * move no counter. A leaf with fewer hosts than the fullest leaf routes the missing ones as dummies that
 * only move counters, so a degraded or partly populated tree stays balanced (OpenSM's dummy CAs).
 *
 * <p>Differences from OpenSM (DECISIONS D169): index order is our node order, not OpenSM's tuples; a
 * topology that is not a fat tree is refused rather than routed with minhop; a degraded tree is routed as
 * OpenSM routes it with a root GUID file (no "pure fat tree" validation); cables between switches of one
 * rank are not used; entries OpenSM leaves empty (switches no route to the host crosses, e.g. a spine that
 * lost its cable to the host's leaf) are filled with the switch's lowest minimal-hop port so that the tables
 * are complete.
 */
public final class FTree {
    public static final String NAME = "ftree";
    private static final int INF = Integer.MAX_VALUE / 2;
    private static final Comparator<FtreeShape.Group> BY_UP_LOAD =
            Comparator.<FtreeShape.Group>comparingInt(g -> g.counterUp).thenComparingInt(g -> g.remote);
    // OpenSM breaks ties by the upper switch's own down counters, which this engine never moves: always equal
    private static final Comparator<FtreeShape.Group> BY_DOWN_LOAD =
            Comparator.<FtreeShape.Group>comparingInt(g -> g.counterDown).thenComparingInt(g -> g.remote);

    private final Topology t;
    private final FtreeShape shape;
    private final short[] table;
    private final int[] counterUp; // by global port
    private final int[] counterDown;
    private final int[] least; // by switch index: hops to the current target (INF: none)
    private final short[] dummyEntry; // the entries of a dummy target, thrown away after it
    private int target; // host, or -1 for a dummy

    private FTree(Topology t, FtreeShape shape) {
        this.t = t;
        this.shape = shape;
        this.table = ForwardingTables.emptyTable(t);
        this.counterUp = new int[t.portCount()];
        this.counterDown = new int[t.portCount()];
        this.least = new int[t.switchCount()];
        this.dummyEntry = new short[t.switchCount()];
    }

    public static ForwardingTables compute(Topology t) {
        FTree engine = new FTree(t, FtreeShape.of(t));
        engine.routeToHosts();
        engine.fillUnusedEntries();
        return new ForwardingTables(t, NAME, engine.table);
    }

    private void routeToHosts() {
        int maxPerLeaf = 0;
        for (int leaf : shape.leaves) {
            maxPerLeaf = Math.max(maxPerLeaf, hostsOn(leaf));
        }
        for (int leaf : shape.leaves) {
            int routed = 0;
            for (FtreeShape.Group g : down(leaf).clone()) {
                if (t.isHost(g.remote)) {
                    start(g.remote);
                    setEntry(leaf, g.ports[0], 1);
                    downgoingByGoingUp(leaf, -1, true, 1);
                    routed++;
                }
            }
            for (int j = routed; j < maxPerLeaf; j++) {
                start(-1);
                least[leaf - t.hostCount()] = 1;
                downgoingByGoingUp(leaf, -1, true, 1);
            }
        }
    }

    private int hostsOn(int sw) {
        int n = 0;
        for (FtreeShape.Group g : down(sw)) {
            n += t.isHost(g.remote) ? 1 : 0;
        }
        return n;
    }

    private void start(int host) {
        target = host;
        Arrays.fill(least, INF);
        Arrays.fill(dummyEntry, (short) -1);
    }

    private boolean hasEntry(int sw) {
        int s = sw - t.hostCount();
        return (target < 0 ? dummyEntry[s] : table[s * t.hostCount() + target]) >= 0;
    }

    private void setEntry(int sw, int localPort, int hops) {
        int s = sw - t.hostCount();
        if (target < 0) {
            dummyEntry[s] = (short) localPort;
        } else {
            table[s * t.hostCount() + target] = (short) localPort;
        }
        least[s] = Math.min(least[s], hops);
    }

    /**
     * Climbs from {@code sw} (reached from {@code prev}, -1 at the leaf): the switches below {@code sw} route up
     * to it, the least loaded up group's switch routes down to {@code sw} (main path, counted), the other up
     * groups' switches too when they have no shorter route (secondary, not counted). Returns whether a route
     * towards a host was created below.
     */
    private boolean downgoingByGoingUp(int sw, int prev, boolean mainPath, int hops) {
        boolean created = upgoingByGoingDown(sw, prev, hops);
        if (shape.rank[sw] == 0) {
            return created;
        }
        FtreeShape.Group[] ups = up(sw);
        Arrays.sort(ups, BY_DOWN_LOAD); // stable, like OpenSM's bubble sort; the order persists between calls
        FtreeShape.Group[] order = ups.clone();
        if (mainPath) {
            FtreeShape.Group g = order[0];
            int port = leastLoaded(sw, g, counterDown);
            g.counterDown++;
            counterDown[t.port(sw, port)]++;
            int upper = g.remote;
            if (!hasEntry(upper) || hops + 1 < least[upper - t.hostCount()]) {
                setEntry(upper, t.localPort(t.peerPort(t.port(sw, port))), hops + 1);
            }
            created |= downgoingByGoingUp(upper, sw, true, hops + 1);
        }
        for (int i = mainPath ? 1 : 0; i < order.length; i++) {
            FtreeShape.Group g = order[i];
            int upper = g.remote;
            if (hasEntry(upper) && hops + 1 >= least[upper - t.hostCount()]) {
                continue;
            }
            int port = leastLoaded(sw, g, counterDown);
            setEntry(upper, t.localPort(t.peerPort(t.port(sw, port))), hops + 1);
            created |= downgoingByGoingUp(upper, sw, false, hops + 1);
        }
        return created;
    }

    /**
     * Descends from {@code sw}: every switch below it (but {@code prev}) without a route at most as short sends
     * the target up to {@code sw} over its least loaded cable, counted when a route to a host results.
     */
    private boolean upgoingByGoingDown(int sw, int prev, int hops) {
        FtreeShape.Group[] downs = down(sw);
        if (downs.length == 0) {
            return false;
        }
        Arrays.sort(downs, BY_UP_LOAD);
        boolean created = false;
        for (FtreeShape.Group g : downs.clone()) {
            if (t.isHost(g.remote)) {
                created = true;
                continue;
            }
            if (g.remote == prev) {
                continue;
            }
            int lower = g.remote;
            if (least[lower - t.hostCount()] != INF && hops + 1 >= least[lower - t.hostCount()]) {
                continue;
            }
            int port = leastLoaded(sw, g, counterUp);
            setEntry(lower, t.localPort(t.peerPort(t.port(sw, port))), hops + 1);
            boolean routed = upgoingByGoingDown(lower, -1, hops + 1);
            created |= routed;
            if (routed) {
                counterUp[t.port(sw, port)]++;
                g.counterUp++;
            }
        }
        return created;
    }

    /** The first port of the group with the smallest counter. */
    private int leastLoaded(int sw, FtreeShape.Group g, int[] counter) {
        int best = g.ports[0];
        for (int lp : g.ports) {
            if (counter[t.port(sw, lp)] < counter[t.port(sw, best)]) {
                best = lp;
            }
        }
        return best;
    }

    /**
     * Entries ftree leaves empty: a leaf without one cannot reach the host through the tree (refused); any
     * other switch is crossed by no route to the host and gets its lowest minimal-hop port.
     */
    private void fillUnusedEntries() {
        int hosts = t.hostCount();
        int[] queue = new int[t.nodeCount()];
        for (int d = 0; d < hosts; d++) {
            int[] hops = null;
            for (int v = hosts; v < t.nodeCount(); v++) {
                int at = (v - hosts) * hosts + d;
                if (table[at] >= 0) {
                    continue;
                }
                if (hostsOn(v) > 0) {
                    throw FtreeShape.notATree(t, "leaf " + t.nodeName(v) + " has no up*/down* route to host "
                            + t.nodeName(d) + " (a tree degraded this far leaves hosts unreachable)");
                }
                if (hops == null) {
                    hops = MinHop.switchHops(t, t.leafOf(d), queue);
                }
                for (int lp = 0; lp < t.ports(v); lp++) {
                    int u = t.peerNode(t.port(v, lp));
                    if (u == d || (u >= 0 && t.isSwitch(u) && hops[u] == hops[v] - 1)) {
                        table[at] = (short) lp;
                        break;
                    }
                }
                if (table[at] < 0) {
                    throw new InputException("routing " + NAME + ": topology " + t.name() + " has no path from switch "
                            + t.nodeName(v) + " to host " + t.nodeName(d));
                }
            }
        }
    }

    private FtreeShape.Group[] up(int sw) {
        return shape.up[sw - t.hostCount()];
    }

    private FtreeShape.Group[] down(int sw) {
        return shape.down[sw - t.hostCount()];
    }
}
