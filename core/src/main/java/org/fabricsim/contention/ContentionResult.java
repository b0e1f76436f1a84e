package org.fabricsim.contention;

import java.util.List;

/**
 * The outcome of a contention study.
 *
 * @param classes the link classes of the topology
 * @param trials per-trial results, in trial order
 * @param loadCounts {@code loadCounts[c][x]}: over all trials, the number of (trial, link of class c) with
 *     x flows on the link, zero-load links included
 * @param flowContentionCounts {@code [x]}: over all trials, the number of flows with C_f = x
 */
public record ContentionResult(LinkClasses classes, List<TrialContention> trials, long[][] loadCounts,
        long[] flowContentionCounts) {

    public int trialCount() {
        return trials.size();
    }

    public double[] maxContention() {
        return trials.stream().mapToDouble(TrialContention::maxContention).toArray();
    }

    public double[] meanContention() {
        return trials.stream().mapToDouble(TrialContention::meanContention).toArray();
    }
}
