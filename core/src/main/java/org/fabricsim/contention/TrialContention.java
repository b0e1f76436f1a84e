package org.fabricsim.contention;

/**
 * Contention of one trial.
 *
 * @param flows number of flows
 * @param linkTraversals sum over flows of their path lengths (= sum over links of |F_l|)
 * @param maxContention max over flows of C_f
 * @param meanContention mean over flows of C_f (0 without flows)
 * @param maxLoadByClass max |F_l| per link class ({@link LinkClasses} order)
 */
public record TrialContention(int flows, long linkTraversals, int maxContention, double meanContention,
        int[] maxLoadByClass) {
}
