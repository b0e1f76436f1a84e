package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.List;

/**
 * The trials of one sweep point: plain, serialisable data (parameters and seeds) that any JVM — a local
 * thread or a Spark executor — turns into a {@link TrialRunner}. Trial t's outcome depends only on the
 * kernel and t, never on which JVM, thread or task runs it (DESIGN.md, "Determinism").
 */
public interface TrialKernel extends Serializable {
    /** Names of the whole-number columns each trial produces, e.g. {@code iterations}, {@code converged}. */
    List<String> columns();

    /** Builds the per-thread state (topology, scratch arrays); called once per task or thread. */
    TrialRunner open();
}
