package org.fabricsim.experiment;

import java.io.PrintStream;
import org.fabricsim.io.Progress;

/**
 * What a run may use besides its configuration: where to print, and how to show progress.
 *
 * @param console human-readable results (stdout)
 * @param progressMode whether long loops show a progress bar on stderr
 * @param partitioning how distributed runs split the network
 */
public record RunContext(PrintStream console, Progress.Mode progressMode, Partitioning partitioning) {
    /** A context without a partitioner (distributed runs refused). */
    public RunContext(PrintStream console, Progress.Mode progressMode) {
        this(console, progressMode, Partitioning.NONE);
    }

    public Progress progress(String task, long total) {
        return Progress.start(task, total, progressMode);
    }
}
