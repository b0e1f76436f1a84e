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
 * <p>One format for every producer (forwarding tables, {@code FlowRoutes.of}; adaptive flow routing; a
 * {@link Builder} for anything that writes paths flow by flow) and every consumer (contention analysis, the
 * fluid rate algorithms, which also require every route to cross at least one link and none twice).
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

    /** The routes of the listed flows only, in the listed order (flow i of the result = {@code flows[i]}). */
    public FlowRoutes subset(int[] flows) {
        int[] s = new int[flows.length + 1];
        int total = 0;
        for (int i = 0; i < flows.length; i++) {
            total += length(flows[i]);
            s[i + 1] = total;
        }
        int[] l = new int[total];
        for (int i = 0; i < flows.length; i++) {
            System.arraycopy(links, start[flows[i]], l, s[i], length(flows[i]));
        }
        return new FlowRoutes(s, l);
    }

    /** Collects routes flow by flow, e.g. from a procedure that writes each path into a buffer. */
    public static final class Builder {
        private int[] start;
        private int[] links;
        private int flows;

        public Builder(int expectedFlows, int expectedLength) {
            this.start = new int[Math.max(1, expectedFlows) + 1];
            this.links = new int[Math.max(1, expectedFlows * Math.max(1, expectedLength))];
        }

        /** Appends the next flow's route: the first {@code length} entries of {@code path}. */
        public Builder add(int[] path, int length) {
            if (flows + 1 == start.length) {
                start = Arrays.copyOf(start, 2 * start.length);
            }
            int at = start[flows];
            if (at + length > links.length) {
                links = Arrays.copyOf(links, Math.max(2 * links.length, at + length));
            }
            System.arraycopy(path, 0, links, at, length);
            start[++flows] = at + length;
            return this;
        }

        public FlowRoutes build() {
            return new FlowRoutes(Arrays.copyOf(start, flows + 1), Arrays.copyOf(links, start[flows]));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlowRoutes r && Arrays.equals(start, r.start) && Arrays.equals(links, r.links);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(start) + Arrays.hashCode(links);
    }

    @Override
    public String toString() {
        return "FlowRoutes[flows=" + flows() + ", hops=" + links.length + "]";
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
