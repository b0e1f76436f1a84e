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

        /** The stop {@link #key()} names. */
        static Stop ofKey(String key) {
            for (Stop s : values()) {
                if (s.key().equals(key)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("no stop '" + key + "'");
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

    /** The stop column's mean after the last batch (NaN before the first). */
    double lastMean() {
        return means.isEmpty() ? Double.NaN : means.get(means.size() - 1);
    }

    /**
     * One more batch as a persisted round recorded it (a resumed sweep, {@link SweepRounds}): the mean the rule
     * saw after it and whether it stopped the point. The rule is not applied again: it gave these.
     */
    void restore(double mean, Stop after) {
        if (done()) {
            throw new IllegalStateException("point " + point.index() + " is already done");
        }
        means.add(mean);
        stop = after;
    }

    /**
     * The aggregate over all trials of a point whose batches were all restored (it was done before the resumed
     * rounds began, so no batch of theirs gave it one).
     *
     * @throws IllegalStateException if the point has one already or the count is not batches × batch-size
     */
    void restoreAggregate(PointAggregate a, StoppingRule rule) {
        long expected = (long) means.size() * rule.batchSize();
        if (aggregate != null || a == null || a.trials() != expected) {
            throw new IllegalStateException("point " + point.index() + ": expected " + expected
                    + " restored trials, Spark returned " + (a == null ? 0 : a.trials()));
        }
        aggregate = a;
    }

    /** Trials this point will have run at least: all its batches if done, else one more (and min-batches). */
    long plannedTrials(StoppingRule rule) {
        int batches = done() ? batches() : Math.max(rule.minBatches(), batches() + 1);
        return (long) batches * rule.batchSize();
    }
}
