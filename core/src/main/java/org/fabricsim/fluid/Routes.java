package org.fabricsim.fluid;

import java.util.Arrays;

/**
 * The routes of a set of flows as plain data: flow f crosses the directed links
 * {@code links[start[f]] .. links[start[f+1]-1]}, in path order (compressed sparse rows). A directed link
 * is identified by its transmitting global port ({@link org.fabricsim.topology.Topology}), so link ids are
 * {@code 0..linkCount-1} with {@code linkCount = topology.portCount()}. This is L_f of spec §1.4.
 *
 * <p>Every flow crosses at least one link and no link twice (routes are acyclic, spec §3.5). The arrays are
 * not copied: they must not be mutated after construction.
 *
 * @param linkCount number of directed links (size of any per-link array)
 * @param start     {@code flowCount + 1} offsets into {@code links}, non-decreasing, {@code start[0] = 0}
 * @param links     the links of all routes, flow after flow
 */
public record Routes(int linkCount, int[] start, int[] links) {

    public Routes {
        if (linkCount < 0 || start == null || links == null || start.length == 0) {
            throw new IllegalArgumentException("routes need a link count, offsets and links");
        }
        if (start[0] != 0 || start[start.length - 1] != links.length) {
            throw new IllegalArgumentException("route offsets must run from 0 to " + links.length);
        }
        int[] lastSeen = new int[linkCount];
        Arrays.fill(lastSeen, -1);
        for (int f = 0; f + 1 < start.length; f++) {
            if (start[f + 1] <= start[f]) {
                throw new IllegalArgumentException("flow " + f + " crosses no link");
            }
            for (int i = start[f]; i < start[f + 1]; i++) {
                int l = links[i];
                if (l < 0 || l >= linkCount) {
                    throw new IllegalArgumentException("flow " + f + " crosses link " + l + " (links are 0.."
                            + (linkCount - 1) + ")");
                }
                if (lastSeen[l] == f) {
                    throw new IllegalArgumentException("flow " + f + " crosses link " + l + " twice");
                }
                lastSeen[l] = f;
            }
        }
    }

    public int flowCount() {
        return start.length - 1;
    }

    /** Number of links on flow f's route. */
    public int length(int f) {
        return start[f + 1] - start[f];
    }

    /** A copy of flow f's route. */
    public int[] route(int f) {
        return Arrays.copyOfRange(links, start[f], start[f + 1]);
    }

    /** The routes of the listed flows only, in the listed order (flow i of the result = {@code flows[i]}). */
    public Routes subset(int[] flows) {
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
        return new Routes(linkCount, s, l);
    }

    /** Collects routes flow by flow, e.g. from a router that writes each path into a buffer. */
    public static final class Builder {
        private final int linkCount;
        private int[] start;
        private int[] links;
        private int flows;

        public Builder(int linkCount, int expectedFlows, int expectedLength) {
            this.linkCount = linkCount;
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

        public Routes build() {
            return new Routes(linkCount, Arrays.copyOf(start, flows + 1), Arrays.copyOf(links, start[flows]));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Routes r && linkCount == r.linkCount && Arrays.equals(start, r.start)
                && Arrays.equals(links, r.links);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * linkCount + Arrays.hashCode(start)) + Arrays.hashCode(links);
    }

    @Override
    public String toString() {
        return "Routes[flows=" + flowCount() + ", links=" + linkCount + ", hops=" + links.length + "]";
    }
}
