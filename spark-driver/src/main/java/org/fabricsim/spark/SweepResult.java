package org.fabricsim.spark;

import java.util.List;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.SweepPoint;

/**
 * Everything a finished sweep produced, on the driver.
 *
 * @param plan the plan
 * @param points per point, in plan order
 * @param rows every trial, sorted by (point, trial)
 * @param rounds how many rounds (Spark jobs of trials) ran
 */
record SweepResult(SweepPlan plan, List<PointResult> points, TrialRows rows, int rounds) {
    /**
     * One point's outcome.
     *
     * @param batches batches run
     * @param stop why it stopped
     * @param batchMeans the stop column's mean after each batch
     * @param aggregate aggregates over all its trials
     * @param histogram distribution of the stop column
     */
    record PointResult(SweepPoint point, int batches, PointState.Stop stop, List<Double> batchMeans,
            PointAggregate aggregate, ValueCounts histogram) {
    }

    long trials() {
        return rows.size();
    }
}
