package org.fabricsim.convergence;

import org.fabricsim.InputException;

/** Checks shared by the models: parameters in range and derived probabilities in [0, 1]. */
final class Probabilities {

    private Probabilities() {
    }

    /** {@code value} if it lies in [0, 1]; otherwise an error naming it and the parameters. */
    static double check(String name, double value, String parameters) {
        if (!(value >= 0.0 && value <= 1.0)) {
            throw new InputException(name + " = " + value + " is not a probability for " + parameters);
        }
        return value;
    }

    static void atLeast(String name, int value, int minimum, String why) {
        if (value < minimum) {
            throw new InputException(name + " = " + value + " must be at least " + minimum + ": " + why);
        }
    }
}
