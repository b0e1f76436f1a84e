package org.fabricsim.convergence;

/**
 * An absorbing chain that absorbs so slowly that double precision cannot resolve its absorption
 * time: the condition number κ of I − Q makes the relative error estimate κ·2<sup>−52</sup> exceed
 * {@link AbsorbingChain#MAX_RELATIVE_ERROR}. With p = 1 this happens to the Last-Step model for
 * n = m = r ≥ 17 (E[T] &gt; 10<sup>15</sup>). Callers drawing curves can catch it and leave the point
 * out; it is not a user mistake, and the model is not singular in exact arithmetic.
 */
public class ChainPrecisionException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final double conditionNumber;

    public ChainPrecisionException(String message, double conditionNumber) {
        super(message);
        this.conditionNumber = conditionNumber;
    }

    /** κ<sub>∞</sub>(I − Q), or +∞ when the solve broke down. */
    public double conditionNumber() {
        return conditionNumber;
    }
}
