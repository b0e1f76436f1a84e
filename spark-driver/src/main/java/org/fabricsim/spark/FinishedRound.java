package org.fabricsim.spark;

import java.util.List;
import org.apache.spark.sql.Row;

/**
 * One finished round of a sweep, as it is persisted ({@link RoundFile}) and restored: the trials it ran and,
 * for each point it ran them for, the stopping rule's state after it. With the rounds before it, that is all
 * a resumed sweep needs to go on exactly as the uninterrupted one would have.
 *
 * @param round the round's index (0, 1, …)
 * @param points the points that ran in this round, by increasing index, with their state after it
 * @param rows the round's trial rows in the {@link TrialTable} layout, in any order
 */
record FinishedRound(int round, List<Outcome> points, List<Row> rows) {
    FinishedRound {
        points = List.copyOf(points);
        rows = List.copyOf(rows);
    }

    /**
     * One point after the round.
     *
     * @param point the point's index
     * @param mean the stop column's mean over all its trials so far (what the rule compared)
     * @param stop why the rule stopped it after this round; null: it goes on
     */
    record Outcome(int point, double mean, PointState.Stop stop) {
    }
}
