package org.fabricsim.convergence;

import org.fabricsim.InputException;

/**
 * The two equivalent absorbing chains of a Last-Step model: the 2<sup>r</sup>-state chain of
 * seed 001 eq. (7) and its exact lumping onto U, the number of bad switches (digest B.6).
 *
 * <p>Full chain: state S is an r-bit word, bit i set when output switch i is bad; start 2<sup>r</sup> − 1,
 * absorbing 0. P(S → Q) = A<sup>E</sup> B<sup>F</sup> C<sup>H</sup> D<sup>G</sup> with E, F, G, H the
 * numbers of bits going 0→0, 0→1, 1→1, 1→0 and A, B, C, D taken at U = popcount(S) (eq. (7)).
 *
 * <p>Lumped chain: A, B, C, D depend on S only through U and every switch moves independently
 * given S, so U is itself a Markov chain (the rows of eq. (7) summed over the words with the
 * same number of ones depend only on U): from U, the next U is (U − X) + Y with
 * X ~ Binomial(U, C(U)) bad switches turning good and Y ~ Binomial(r − U, B(U)) good switches
 * turning bad. Start U = r, absorbing U = 0; r transient states instead of 2<sup>r</sup> − 1.
 */
final class LastStepChains {

    /** The largest r for the 2<sup>r</sup>-state chain: a dense Q of 4095² doubles (128 MiB). */
    static final int MAX_FULL_SWITCHES = 12;

    private LastStepChains() {
    }

    static AbsorptionTime full(SwitchTransitions p) {
        int r = p.switches();
        if (r > MAX_FULL_SWITCHES) {
            throw new InputException("r = " + r + " is too large for the full 2^r-state Last-Step chain"
                    + " (at most r = " + MAX_FULL_SWITCHES + "); use the lumped chain, which is exact");
        }
        int words = 1 << r;
        int mask = words - 1;
        AbsorbingChain.Builder q = AbsorbingChain.builder(words - 1);
        double[][] powA = new double[r + 1][];
        double[][] powB = new double[r + 1][];
        double[][] powC = new double[r + 1][];
        double[][] powD = new double[r + 1][];
        for (int u = 1; u <= r; u++) {
            double b = p.goodToBad(u);
            double c = p.badToGood(u);
            powA[u] = powers(1.0 - b, r);
            powB[u] = powers(b, r);
            powC[u] = powers(c, r);
            powD[u] = powers(1.0 - c, r);
        }
        for (int s = 1; s < words; s++) {
            int u = Integer.bitCount(s);
            for (int next = 1; next < words; next++) {
                int stayGood = Integer.bitCount(~s & ~next & mask); // E
                int turnBad = Integer.bitCount(~s & next);           // F
                int stayBad = Integer.bitCount(s & next);            // G
                int turnGood = Integer.bitCount(s & ~next);          // H
                double prob = powA[u][stayGood] * powB[u][turnBad] * powC[u][turnGood] * powD[u][stayBad];
                if (prob > 0.0) {
                    q.set(s - 1, next - 1, prob);
                }
            }
        }
        return q.build().from(words - 2);
    }

    static AbsorptionTime lumped(SwitchTransitions p) {
        int r = p.switches();
        AbsorbingChain.Builder q = AbsorbingChain.builder(r);
        for (int u = 1; u <= r; u++) {
            double[] healed = binomial(u, p.badToGood(u));
            double[] broken = binomial(r - u, p.goodToBad(u));
            for (int x = 0; x <= u; x++) {
                for (int y = 0; y <= r - u; y++) {
                    int next = u - x + y;
                    double prob = healed[x] * broken[y];
                    if (next > 0 && prob > 0.0) {
                        q.add(u - 1, next - 1, prob);
                    }
                }
            }
        }
        return q.build().from(r - 1);
    }

    /** {1, x, x², …, x^k}, with 0⁰ = 1. */
    private static double[] powers(double x, int k) {
        double[] pow = new double[k + 1];
        pow[0] = 1.0;
        for (int i = 1; i <= k; i++) {
            pow[i] = pow[i - 1] * x;
        }
        return pow;
    }

    /** Probabilities of 0..trials successes, with 0⁰ = 1 (so p = 0 or 1 gives a point mass). */
    static double[] binomial(int trials, double p) {
        double[] pmf = new double[trials + 1];
        double coefficient = 1.0;
        for (int k = 0; k <= trials; k++) {
            pmf[k] = coefficient * Math.pow(p, k) * Math.pow(1.0 - p, trials - k);
            coefficient = coefficient * (trials - k) / (k + 1);
        }
        return pmf;
    }
}
