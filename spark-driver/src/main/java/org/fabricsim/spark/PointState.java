package org.fabricsim.spark;

import java.util.ArrayList;
import java.util.List;
import org.fabricsim.sweep.StoppingRule;
import org.fabricsim.sweep.SweepPoint;

/** One sweep point on the driver, round after round: its batches, the mean after each, whether it is done. */
final class PointState {
    /** Why a point stopped. */
    enum Stop {
        /** The mean moved by less than the tolerance (after at least min-batches). */
        TOLERANCE,
        /** It ran max-batches batches. */
        MAX_BATCHES;

        String key() {
            return this == TOLERANCE ? "tolerance" : "max-batches";
        }
    }

    final SweepPoint point;
    private final List<Double> means = new ArrayList<>();
    private PointAggregate aggregate;
    private Stop stop;

    PointState(SweepPoint point) {
        this.point = point;
    }

    boolean done() {
        return stop != null;
    }

    int batches() {
        return means.size();
    }

    /** The stop column's mean after each batch (what the rule compared). */
    List<Double> means() {
        return List.copyOf(means);
    }

    PointAggregate aggregate() {
        return aggregate;
    }

    Stop stop() {
        return stop;
    }

    /**
     * Takes the aggregate over all trials after one more batch and applies the rule to the stop column's mean.
     *
     * @throws IllegalStateException if the aggregate does not count batches × batch-size trials
     */
    void afterBatch(PointAggregate a, String stopColumn, StoppingRule rule) {
        if (done()) {
            throw new IllegalStateException("point " + point.index() + " is already done");
        }
        long expected = (long) (means.size() + 1) * rule.batchSize();
        if (a == null || a.trials() != expected) {
            throw new IllegalStateException("point " + point.index() + ": expected " + expected + " trials, Spark returned "
                    + (a == null ? 0 : a.trials()));
        }
        double previous = means.isEmpty() ? Double.NaN : means.get(means.size() - 1);
        double current = a.columns().get(stopColumn).mean();
        means.add(current);
        aggregate = a;
        int batches = means.size();
        if (rule.done(batches, previous, current)) {
            StoppingRule unbounded = new StoppingRule(rule.batchSize(), rule.tolerance(), rule.minBatches(),
                    Integer.MAX_VALUE);
            stop = unbounded.done(batches, previous, current) ? Stop.TOLERANCE : Stop.MAX_BATCHES;
        }
    }

    /** Trials this point will have run at least: all its batches if done, else one more (and min-batches). */
    long plannedTrials(StoppingRule rule) {
        int batches = done() ? batches() : Math.max(rule.minBatches(), batches() + 1);
        return (long) batches * rule.batchSize();
    }
}
