package org.fabricsim.convergence;

/**
 * The per-switch probabilities of a Last-Step model (seed 001 §III-C/D) when U of the r output
 * switches are bad: B(U) for good → bad and C(U) for bad → good; A = 1 − B and D = 1 − C
 * (eqs. (2), (6)). Implementations check that both are probabilities.
 */
interface SwitchTransitions {

    /** Number of output switches r. */
    int switches();

    /** B(U), eq. (1) for p = 1. */
    double goodToBad(int bad);

    /** C(U) = C<sub>imp</sub> + C<sub>ind</sub> − C<sub>imp</sub>·C<sub>ind</sub>, eq. (5). */
    double badToGood(int bad);
}
