package org.fabricsim.ib.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.ib.CreditWaits;
import org.fabricsim.topology.Topology;

/**
 * A credit-loop deadlock (docs/PACKET_MODEL.md, "Deadlock"): from {@code timePs} on no packet or credit moved,
 * {@code packets} data packets are held in the network, and {@code cycle} is a cycle of the wait-for graph
 * ({@link CreditWaits}): directed links, by transmitting global port, each holding credits the next one waits
 * for, starting at the least port (empty when the held packets wait in no cycle, e.g. behind a routing hole).
 *
 * @param lane the lane of the cycle (its links all wait on one lane), -1 without a cycle
 * @param lanes lanes per port in the wait-for graph: more than one names the lane in {@link #describe}
 */
public record Deadlock(long timePs, long packets, int[] cycle, int lane, int lanes) {
    /**
     * The deadlock a run's end state shows, or null: none while a packet or credit event is still to come or
     * nothing is held. {@code waits}: every part's wait-for edges, in any order.
     */
    public static Deadlock of(long movesPending, long held, long lastMovePs, int lanes, long[] waits) {
        if (movesPending > 0 || held == 0) {
            return null;
        }
        int[] cycle = cycle(waits);
        int[] ports = new int[cycle.length];
        for (int i = 0; i < cycle.length; i++) {
            ports[i] = cycle[i] / lanes;
        }
        return new Deadlock(lastMovePs, held, ports, cycle.length == 0 ? -1 : cycle[0] % lanes, lanes);
    }

    /**
     * A cycle of the graph the edges make, as its vertices in order from the least, or an empty array. The
     * same edges in any order give the same cycle (the first a depth-first search finds, taking vertices and
     * their successors in ascending order), so a partitioned run names the sequential run's.
     */
    static int[] cycle(long[] waits) {
        long[] edges = Arrays.stream(waits).sorted().distinct().toArray();
        Map<Integer, Integer> state = new HashMap<>(); // absent: unseen; 1: on the path; 2: done
        for (int e = 0; e < edges.length; e++) {
            int start = CreditWaits.from(edges[e]);
            if (state.containsKey(start)) {
                continue;
            }
            // iterative DFS: the path's vertices and, per vertex, the next of its edges to follow
            List<Integer> path = new ArrayList<>();
            List<Integer> next = new ArrayList<>();
            path.add(start);
            next.add(first(edges, start));
            state.put(start, 1);
            while (!path.isEmpty()) {
                int top = path.size() - 1;
                int v = path.get(top);
                int i = next.get(top);
                if (i >= edges.length || CreditWaits.from(edges[i]) != v) {
                    state.put(v, 2);
                    path.remove(top);
                    next.remove(top);
                    continue;
                }
                next.set(top, i + 1);
                int w = CreditWaits.to(edges[i]);
                Integer s = state.get(w);
                if (s == null) {
                    state.put(w, 1);
                    path.add(w);
                    next.add(first(edges, w));
                } else if (s == 1) {
                    return rotated(path.subList(path.indexOf(w), path.size()));
                }
            }
        }
        return new int[0];
    }

    /** Index of the first edge from {@code v} in the sorted edges (their length if none). */
    private static int first(long[] edges, int v) {
        int i = Arrays.binarySearch(edges, (long) v << 32);
        return i >= 0 ? i : -i - 1;
    }

    /** The cycle started at its least vertex. */
    private static int[] rotated(List<Integer> cycle) {
        int n = cycle.size();
        int least = 0;
        for (int i = 1; i < n; i++) {
            if (cycle.get(i) < cycle.get(least)) {
                least = i;
            }
        }
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = cycle.get((least + i) % n);
        }
        return r;
    }

    /**
     * The cycle as {@code topology --check} names a channel dependency cycle: {@code s0/1 -> s1/2 -> ... -> s0/1},
     * each link by its sending node and local port; then {@code " on VL n"} when ports have several lanes.
     */
    public String describe(Topology t) {
        if (cycle.length == 0) {
            return "";
        }
        return lanes > 1 ? t.cycleName(cycle) + " on VL " + lane : t.cycleName(cycle);
    }
}
