package org.fabricsim.engine;

/** Runs one logical process holding every entity up to an end time, timing the event loop. */
public final class SequentialScheduler {
    private SequentialScheduler() {
    }

    /** Processes every event with time &lt; {@code endPs}. */
    public static RunFigures run(LogicalProcess lp, long endPs) {
        long before = lp.events();
        long t0 = System.nanoTime();
        lp.runBefore(endPs);
        long wall = System.nanoTime() - t0;
        return new RunFigures(lp.events() - before, endPs, wall);
    }
}
