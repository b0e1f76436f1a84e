package org.fabricsim.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What one piece of a round's Spark job runs: trials {@code firstTrial … firstTrial + count − 1} of sweep
 * point {@code point}. Small plain data: the executor looks the point's kernel up itself.
 */
record TrialTask(int point, long firstTrial, int count) implements Serializable {
    private static final long serialVersionUID = 1L;

    TrialTask {
        if (point < 0 || firstTrial < 0 || count < 1) {
            throw new IllegalArgumentException("bad trial task " + point + "/" + firstTrial + "/" + count);
        }
    }

    /**
     * The tasks of round {@code round}: for every point in {@code points}, its batch {@code round} (trials
     * round·batchSize … (round+1)·batchSize − 1), cut into about {@code slices} tasks in all (at least one per
     * point, at most one per trial), in point order then trial order. How the batch is cut changes nothing in
     * the results, only how the work spreads.
     */
    static List<TrialTask> round(List<Integer> points, int round, int batchSize, int slices) {
        if (slices < 1) {
            throw new IllegalArgumentException("slices must be positive: " + slices);
        }
        List<TrialTask> tasks = new ArrayList<>();
        int pieces = (int) Math.min(batchSize, Math.max(1, (slices + points.size() - 1) / Math.max(1, points.size())));
        long first = (long) round * batchSize;
        for (int p : points) {
            for (int i = 0; i < pieces; i++) {
                long from = first + (long) batchSize * i / pieces;
                long to = first + (long) batchSize * (i + 1) / pieces;
                if (to > from) {
                    tasks.add(new TrialTask(p, from, (int) (to - from)));
                }
            }
        }
        return tasks;
    }
}
