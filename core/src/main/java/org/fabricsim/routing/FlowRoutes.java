package org.fabricsim.routing;

import java.util.Arrays;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * The routes of a set of flows in compressed-sparse-row form, the exchange format between routing and what
 * consumes routes (contention analysis, the fluid rate algorithms): flow f crosses the directed links
 * {@code links[start[f]] .. links[start[f+1] - 1]}, in path order. A directed link is its transmitting
 * global port (DESIGN.md, D5): the first is the source host's injection link, the last the ejection link
 * into the destination host. {@code start} has one entry per flow plus one, {@code start[0] = 0}, and
 * {@code links} has exactly {@code start[flows]} entries.
 *
 * <p>The arrays are not copied: neither the producer nor a reader may change them.
 */
public record FlowRoutes(int[] start, int[] links) {
    public FlowRoutes {
        if (start.length < 1 || start[0] != 0 || start[start.length - 1] != links.length) {
            throw new IllegalArgumentException("flow routes: start must run from 0 to links.length ("
                    + links.length + ")");
        }
    }

    /** Number of flows. */
    public int flows() {
        return start.length - 1;
    }

    /** Number of links flow f crosses. */
    public int length(int f) {
        return start[f + 1] - start[f];
    }

    /** The links of flow f, as a copy (for tests and readers off the hot path). */
    public int[] path(int f) {
        return Arrays.copyOfRange(links, start[f], start[f + 1]);
    }

    /** The static routes {@code forwarding} gives {@code flows} on {@code t}. */
    public static FlowRoutes of(Topology t, Forwarding forwarding, FlowSet flows) {
        int n = flows.size();
        int[] start = new int[n + 1];
        int[] route = new int[t.switchCount() + 1];
        int[] links = new int[Math.max(16, 4 * n)];
        int total = 0;
        for (int f = 0; f < n; f++) {
            int hops = walk(t, forwarding, flows.src()[f], flows.dst()[f], route);
            if (links.length < total + hops) {
                links = Arrays.copyOf(links, Math.max(2 * links.length, total + hops));
            }
            System.arraycopy(route, 0, links, total, hops);
            total += hops;
            start[f + 1] = total;
        }
        return new FlowRoutes(start, Arrays.copyOf(links, total));
    }

    /**
     * Writes the directed links of the route from host {@code src} to host {@code dst} under
     * {@code forwarding} into {@code path} and returns how many there are (0 when src == dst).
     *
     * @throws IllegalStateException if the route loops or leaves the network (validated tables never do)
     */
    public static int walk(Topology t, Forwarding forwarding, int src, int dst, int[] path) {
        if (src == dst) {
            return 0;
        }
        int link = t.hostPort(src);
        int n = 0;
        while (true) {
            if (n == path.length) {
                throw new IllegalStateException("route " + t.nodeName(src) + " -> " + t.nodeName(dst)
                        + " is longer than " + path.length + " hops (a loop?)");
            }
            path[n++] = link;
            int next = t.peerNode(link);
            if (next == dst) {
                return n;
            }
            if (next < 0 || t.isHost(next)) {
                throw new IllegalStateException("route " + t.nodeName(src) + " -> " + t.nodeName(dst)
                        + " does not reach its destination");
            }
            link = t.port(next, forwarding.port(next, dst));
        }
    }
}
