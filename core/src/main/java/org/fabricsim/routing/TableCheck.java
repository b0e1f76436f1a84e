package org.fabricsim.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabricsim.topology.Topology;

/**
 * Checks forwarding tables the way one checks a subnet manager's output (docs/ROUTING.md, "--check"):
 * <ul>
 * <li><b>complete</b>: every switch has an entry for every host, and following the tables from every switch
 * reaches every host without a loop;
 * <li><b>deadlock-free</b> for a number of virtual lanes: the channel dependency graph of the routes between
 * hosts has no cycle; with cycles and more than one lane, whether a layering by destination (one lane for all
 * routes to a host) fits into the lanes;
 * <li><b>minimal</b>: every route between two hosts as short as a shortest path through the switches.
 * </ul>
 * Routes that do not arrive (a missing entry, a loop) are reported as incomplete and left out of the other
 * two checks.
 */
public final class TableCheck {
    /** Switch {@code sw} has no entry for these hosts. */
    public record Missing(int sw, int[] hosts) {
    }

    /** Routes towards {@code host} loop through switch {@code sw}. */
    public record Loop(int host, int sw) {
    }

    /** The route {@code src → dst} crosses {@code links} links where {@code shortest} would do. */
    public record NonMinimal(int src, int dst, int links, int shortest) {
    }

    /**
     * What the check found. {@code cycles}: one cycle of directed links (global ports) per cyclic strongly
     * connected component of the channel dependency graph; {@code layers}: the virtual lanes a layering by
     * destination needs when there are cycles (0 without cycles, -1 when it needs more than {@code vls}).
     */
    public record Report(int vls, List<Missing> missing, List<Loop> loops, long brokenRoutes, List<int[]> cycles,
            int layers, List<NonMinimal> nonMinimal, long routes) {
        public boolean complete() {
            return missing.isEmpty() && loops.isEmpty();
        }

        public boolean deadlockFree() {
            return cycles.isEmpty() || (vls > 1 && layers > 0);
        }

        public boolean minimal() {
            return nonMinimal.isEmpty();
        }

        public boolean clean() {
            return complete() && deadlockFree() && minimal();
        }
    }

    private static final int INF = Integer.MAX_VALUE / 2;
    private static final int MISSING = -1;
    private static final int LOOP = -2;

    private TableCheck() {
    }

    public static Report run(ForwardingTables lft, int vls) {
        if (vls < 1) {
            throw new IllegalArgumentException("vls must be at least 1");
        }
        Topology t = lft.topology();
        int hosts = t.hostCount();
        int switches = t.switchCount();
        List<Missing> missing = new ArrayList<>();
        for (int v = hosts; v < t.nodeCount(); v++) {
            int[] row = lft.row(v);
            int[] none = java.util.stream.IntStream.range(0, hosts).filter(d -> row[d] < 0).toArray();
            if (none.length > 0) {
                missing.add(new Missing(v, none));
            }
        }
        List<Loop> loops = new ArrayList<>();
        List<NonMinimal> nonMinimal = new ArrayList<>();
        ChannelDependencies cdg = new ChannelDependencies(t.portCount());
        int[] length = new int[switches]; // switch hops to d, MISSING or LOOP; 0 = unknown
        byte[] state = new byte[switches];
        int[] walk = new int[switches];
        int[] queue = new int[t.nodeCount()];
        boolean[] used = new boolean[switches];
        int[][] hopsByLeaf = new int[switches][];
        long broken = 0;
        long routes = 0;
        for (int d = 0; d < hosts; d++) {
            Arrays.fill(state, (byte) 0);
            int loopAt = -1;
            for (int s0 = 0; s0 < switches; s0++) {
                loopAt = follow(t, lft, d, s0, state, length, walk, loopAt);
            }
            if (loopAt >= 0) {
                loops.add(new Loop(d, loopAt + hosts));
            }
            int leafD = t.leafOf(d);
            if (hopsByLeaf[leafD - hosts] == null) {
                hopsByLeaf[leafD - hosts] = MinHop.switchHops(t, leafD, queue);
            }
            int[] shortest = hopsByLeaf[leafD - hosts];
            Arrays.fill(used, false);
            for (int s = 0; s < hosts; s++) {
                if (s == d) {
                    continue;
                }
                routes++;
                int leaf = t.leafOf(s) - hosts;
                if (length[leaf] < 0) {
                    broken++;
                    continue;
                }
                if (length[leaf] > shortest[leaf + hosts] + 1) {
                    nonMinimal.add(new NonMinimal(s, d, length[leaf] + 1, shortest[leaf + hosts] + 2));
                }
                for (int v = leaf; !used[v]; ) {
                    used[v] = true;
                    int next = t.peerNode(t.port(v + hosts, lft.port(v + hosts, d)));
                    if (next == d) {
                        break;
                    }
                    v = next - hosts;
                }
            }
            cdg.addDestination(dependencies(t, lft, d, used));
        }
        List<int[]> cycles = cdg.cycles();
        int layers = cycles.isEmpty() ? 0 : vls == 1 ? -1 : cdg.layers(vls);
        return new Report(vls, missing, loops, broken, cycles, layers, nonMinimal, routes);
    }

    /**
     * Follows the tables towards d from switch index s0, recording for every switch on the walk its hops to d
     * (1 = its cable reaches d), MISSING or LOOP. Returns the switch where a first loop was seen, else loopAt.
     */
    private static int follow(Topology t, ForwardingTables lft, int d, int s0, byte[] state, int[] length, int[] walk,
            int loopAt) {
        int hosts = t.hostCount();
        int len = 0;
        int s = s0;
        int end;
        while (true) {
            if (state[s] == 2) {
                end = length[s];
                break;
            }
            if (state[s] == 1) {
                end = LOOP;
                loopAt = loopAt < 0 ? s : loopAt;
                break;
            }
            state[s] = 1;
            walk[len++] = s;
            int p = lft.port(s + hosts, d);
            if (p < 0) {
                end = MISSING;
                break;
            }
            int next = t.peerNode(t.port(s + hosts, p));
            if (next == d) {
                end = 0;
                break;
            }
            if (next < 0 || t.isHost(next)) {
                end = MISSING; // readers refuse such entries; kept safe for tables built in code
                break;
            }
            s = next - hosts;
        }
        for (int i = len - 1; i >= 0; i--) {
            end = end < 0 ? end : end + 1;
            length[walk[i]] = end;
            state[walk[i]] = 2;
        }
        return loopAt;
    }

    /** Edges (arrival link → departure link) at every switch that some host's route to d crosses. */
    private static long[] dependencies(Topology t, ForwardingTables lft, int d, boolean[] used) {
        int hosts = t.hostCount();
        long[] edges = new long[used.length];
        int n = 0;
        for (int v = 0; v < used.length; v++) {
            if (!used[v]) {
                continue;
            }
            int out = t.port(v + hosts, lft.port(v + hosts, d));
            int next = t.peerNode(out);
            if (next != d) {
                long onward = t.port(next, lft.port(next, d));
                edges[n++] = ((long) out << 32) | onward;
            }
        }
        return Arrays.copyOf(edges, n);
    }
}
