/**
 * Splits a topology into logical processes (LPs) for the distributed packet engine (DESIGN.md,
 * "Packet engine"). The output is plain data, a {@link org.fabricsim.partitioner.Partition}: an
 * {@code int[]} mapping every node to its LP, which the engine in {@code core} takes as input.
 *
 * <p>Two methods: {@link org.fabricsim.partitioner.PartitionMethod#TREE} keeps each pod of a fat tree
 * (a top-level subtree: hosts, leaves and the switches between them, with their up-links) in one part
 * and spreads the top switches across parts; {@link org.fabricsim.partitioner.PartitionMethod#MULTILEVEL}
 * works on any topology: coarsen by heavy-edge matching, grow a k-way partition of the coarse graph,
 * project it back refining with Fiduccia–Mattheyses at every level. Both balance the expected event
 * load (connected ports, weighted by offered traffic) and minimise cut cables, weighting a cable by
 * how much cutting it would shrink a channel's lookahead. {@link org.fabricsim.partitioner.PartitionQuality}
 * reports the load per part, the cut and the lookahead of every LP-to-LP channel.
 */
package org.fabricsim.partitioner;
