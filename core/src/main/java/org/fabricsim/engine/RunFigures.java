package org.fabricsim.engine;

/**
 * The engine's figures for one run.
 *
 * @param events events processed
 * @param simulatedPs simulated time reached (the end time)
 * @param wallNanos wall time of the event loop
 */
public record RunFigures(long events, long simulatedPs, long wallNanos) {
    /** Events per wall second. */
    public double eventsPerSecond() {
        return wallNanos == 0 ? 0 : events * 1e9 / wallNanos;
    }

    public double wallSeconds() {
        return wallNanos / 1e9;
    }
}
