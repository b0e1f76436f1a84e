package org.fabricsim.sweep;

/** Runs trials of one sweep point on one thread, reusing its state. */
@FunctionalInterface
public interface TrialRunner {
    /** Runs trial {@code trial} and writes one value per {@link TrialKernel#columns()} into {@code out}. */
    void run(long trial, long[] out);
}
