package org.fabricsim.partitioner;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;

/**
 * Multilevel k-way graph partitioning in the manner of METIS (Karypis and Kumar 1998): coarsen by
 * heavy-edge matching until the graph is small, partition the coarsest graph by greedy growing (the best
 * of several random starts), then project back level by level, refining with Fiduccia–Mattheyses at
 * each. Deterministic for a given seed: every random choice comes from {@link Seeds}.
 */
final class MultilevelPartitioner {
    private static final int COARSEST_PER_PART = 20;
    private static final int INITIAL_TRIES = 8;

    private final int parts;
    private final double imbalance;
    private final long seed;

    MultilevelPartitioner(int parts, double imbalance, long seed) {
        this.parts = parts;
        this.imbalance = imbalance;
        this.seed = seed;
    }

    int[] partition(WeightedGraph graph) {
        SplittableRandom random = Seeds.stream(seed, 0, Purpose.PARTITION);
        long total = graph.totalWeight();
        int maxCoarseVertex = (int) Math.max(graph.maxVertexWeight(), total / ((long) parts * COARSEST_PER_PART / 2));
        List<WeightedGraph> levels = new ArrayList<>();
        List<int[]> coarseOf = new ArrayList<>();
        WeightedGraph g = graph;
        levels.add(g);
        while (g.vertices() > parts * COARSEST_PER_PART) {
            HeavyEdgeMatching.Coarsening c = HeavyEdgeMatching.coarsen(g, maxCoarseVertex, random);
            if (c.coarse().vertices() > 0.95 * g.vertices()) {
                break; // matching no longer shrinks the graph (e.g. a star)
            }
            g = c.coarse();
            levels.add(g);
            coarseOf.add(c.coarseOf());
        }
        int[] partOf = initialPartition(g, random);
        for (int level = levels.size() - 2; level >= 0; level--) {
            int[] map = coarseOf.get(level);
            int[] fine = new int[map.length];
            for (int v = 0; v < fine.length; v++) {
                fine[v] = partOf[map[v]];
            }
            partOf = fine;
            FmRefinement.refine(levels.get(level), parts, maxPartWeight(levels.get(level), total), partOf);
        }
        return partOf;
    }

    private int[] initialPartition(WeightedGraph g, SplittableRandom random) {
        long total = g.totalWeight();
        long limit = maxPartWeight(g, total);
        int[] best = null;
        long bestCut = Long.MAX_VALUE;
        long bestHeaviest = Long.MAX_VALUE;
        for (int attempt = 0; attempt < INITIAL_TRIES; attempt++) {
            int[] partOf = GreedyGrowing.grow(g, parts, random);
            FmRefinement.refine(g, parts, limit, partOf);
            if (!allPartsUsed(partOf)) {
                continue;
            }
            long cut = g.cut(partOf);
            long heaviest = heaviest(g.partWeights(partOf, parts));
            boolean balanced = heaviest <= limit;
            boolean bestBalanced = bestHeaviest <= limit;
            if (best == null || (balanced && !bestBalanced) || (balanced == bestBalanced
                    && (cut < bestCut || (cut == bestCut && heaviest < bestHeaviest)))) {
                best = partOf;
                bestCut = cut;
                bestHeaviest = heaviest;
            }
        }
        if (best == null) {
            // bad input, not a bug: too many parts for the graph's coarsest level (e.g. tree648 into 256)
            throw new IllegalArgumentException("found no split into " + parts + " parts that gives every part some"
                    + " nodes: use fewer parts");
        }
        return best;
    }

    /** The average part weight plus the allowed imbalance, and never less than one vertex of slack. */
    private long maxPartWeight(WeightedGraph g, long total) {
        long average = (total + parts - 1) / parts;
        return Math.max((long) Math.ceil(average * (1 + imbalance)), average + g.maxVertexWeight());
    }

    private boolean allPartsUsed(int[] partOf) {
        boolean[] used = new boolean[parts];
        int count = 0;
        for (int p : partOf) {
            if (!used[p]) {
                used[p] = true;
                count++;
            }
        }
        return count == parts;
    }

    private static long heaviest(long[] weights) {
        long max = 0;
        for (long w : weights) {
            max = Math.max(max, w);
        }
        return max;
    }
}
