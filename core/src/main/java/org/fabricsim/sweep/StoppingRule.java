package org.fabricsim.sweep;

import java.io.Serializable;

/**
 * When a sweep point has enough trials (seed 001 §V-B): trials run in batches of {@code batchSize}; after
 * each batch from the {@code minBatches}-th on, the point stops when the mean of the stop column moved by
 * less than {@code tolerance} (relative) since the previous batch, or when {@code maxBatches} have run.
 */
public record StoppingRule(int batchSize, double tolerance, int minBatches, int maxBatches) implements Serializable {
    public StoppingRule {
        if (batchSize < 1 || minBatches < 1 || maxBatches < minBatches || !(tolerance >= 0)) {
            throw new IllegalArgumentException("bad stopping rule " + batchSize + "/" + tolerance + "/" + minBatches
                    + "/" + maxBatches);
        }
    }

    /** Whether a point whose mean went from {@code previous} to {@code current} after {@code batches} batches is done. */
    public boolean done(int batches, double previous, double current) {
        if (batches >= maxBatches) {
            return true;
        }
        if (batches < minBatches) {
            return false;
        }
        if (previous == current) {
            return true;
        }
        return Math.abs(current - previous) < tolerance * Math.abs(previous);
    }
}
