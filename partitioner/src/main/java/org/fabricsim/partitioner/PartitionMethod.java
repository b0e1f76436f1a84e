package org.fabricsim.partitioner;

/** How a topology is split. */
public enum PartitionMethod {
    /** {@link #TREE} for a generated fat tree with at least as many pods as parts, otherwise {@link #MULTILEVEL}. */
    AUTO,
    /** Pods of a fat tree kept whole, top switches spread across parts. */
    TREE,
    /** Multilevel graph partitioning (heavy-edge matching, greedy growing, Fiduccia–Mattheyses). */
    MULTILEVEL;

    /** The configuration and command-line spelling, e.g. {@code multilevel}. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
