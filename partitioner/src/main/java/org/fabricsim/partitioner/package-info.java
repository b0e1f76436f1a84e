/**
 * Splits a topology into logical processes (LPs) for the distributed packet engine.
 *
 * <p>Planned here (the distributed-simulation issue): topology-aware partitioning for trees
 * (leaf groups / pods with their up-links, spines spread across parts) and a general multilevel
 * partitioner (heavy-edge matching, coarse partition, Fiduccia–Mattheyses refinement) that balances
 * expected event load and minimises cut links while maximising lookahead. Its output is plain
 * data: an {@code int[]} mapping every node to its LP, which the engine in {@code core} takes as
 * input. Nothing is implemented yet; the module exists so that the dependency direction
 * {@code core ← partitioner ← spark-driver} is fixed from the start.
 */
package org.fabricsim.partitioner;
