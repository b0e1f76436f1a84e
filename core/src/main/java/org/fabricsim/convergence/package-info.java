/**
 * Markov-chain models of how fast distributed adaptive routing converges to a good routing on a
 * CLOS(n, r, m) (seed 001 §III): {@link org.fabricsim.convergence.IndependentModel} (one output
 * switch as balls and bins, p = 1), {@link org.fabricsim.convergence.LastStepModel} (r switches one
 * step from good, p = 1) and {@link org.fabricsim.convergence.HalfRateLastStepModel} (p = 2), all
 * solved as an {@link org.fabricsim.convergence.AbsorbingChain} (expected absorption time and its
 * variance, EJML LU). {@link org.fabricsim.convergence.ConvergenceModels} is the one entry point
 * for sweeps, by {@link org.fabricsim.convergence.ModelKind}.
 */
package org.fabricsim.convergence;
