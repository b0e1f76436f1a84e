package org.fabricsim.partitioner;

import java.util.Arrays;

/**
 * An assignment of every node of a topology to one of {@code parts} logical processes.
 *
 * @param parts number of parts (LPs), at least 1
 * @param partOf part of each node, indexed by node id, each in [0, parts)
 */
public record Partition(int parts, int[] partOf) {
    public Partition {
        if (parts < 1) {
            throw new IllegalArgumentException("parts must be at least 1, got " + parts);
        }
        partOf = partOf.clone();
        int[] count = new int[parts];
        for (int node = 0; node < partOf.length; node++) {
            int part = partOf[node];
            if (part < 0 || part >= parts) {
                throw new IllegalArgumentException("node " + node + " is in part " + part + ", outside [0, " + parts + ")");
            }
            count[part]++;
        }
        for (int part = 0; part < parts; part++) {
            if (count[part] == 0) {
                throw new IllegalArgumentException("part " + part + " is empty");
            }
        }
    }

    /** Everything in one part: the sequential case. */
    public static Partition single(int nodes) {
        return new Partition(1, new int[nodes]);
    }

    public int part(int node) {
        return partOf[node];
    }

    public int nodes() {
        return partOf.length;
    }

    /** The nodes of one part, in increasing id order. */
    public int[] nodesOf(int part) {
        return java.util.stream.IntStream.range(0, partOf.length).filter(n -> partOf[n] == part).toArray();
    }

    @Override
    public int[] partOf() {
        return partOf.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Partition p && p.parts == parts && Arrays.equals(p.partOf, partOf);
    }

    @Override
    public int hashCode() {
        return 31 * parts + Arrays.hashCode(partOf);
    }

    @Override
    public String toString() {
        return "Partition[" + parts + " parts over " + partOf.length + " nodes]";
    }
}
