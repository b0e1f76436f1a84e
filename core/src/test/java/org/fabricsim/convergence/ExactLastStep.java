package org.fabricsim.convergence;

import java.util.function.IntFunction;
import org.apache.commons.numbers.fraction.BigFraction;

/**
 * The Last-Step chains rebuilt in exact fractions straight from seed 001 eqs. (1)–(7) and
 * (12)–(15), for the reference comparisons. The 2^r-state chain is built bit by bit: the
 * probability of S → Q is the product, over the r switches, of that switch's own move.
 */
final class ExactLastStep {

    private ExactLastStep() {
    }

    /** p = 1: B = U/r, C_imp = (m-n+1)/m, C_ind = (U/r)·2(m-n+1)/(nm). */
    static ExactChain fullRate(int n, int m, int r) {
        BigFraction improve = BigFraction.of(m - n + 1, m);
        return full(r, u -> BigFraction.of(u, r),
                u -> combine(improve, BigFraction.of(u, r).multiply(BigFraction.of(2 * (m - n + 1), n * m))));
    }

    /** p = 2, recommended reading: B = (U/r)(n/2-1)/m, C_imp = 1-(n/2-1)/m, C_ind = (U/r)(3/n)C_imp. */
    static ExactChain halfRateRecommended(int n, int m, int r) {
        BigFraction maxBad = BigFraction.of(n - 2, 2 * m);
        BigFraction improve = BigFraction.ONE.subtract(maxBad);
        return full(r, u -> BigFraction.of(u, r).multiply(maxBad),
                u -> combine(improve, BigFraction.of(u, r).multiply(BigFraction.of(3, n)).multiply(improve)));
    }

    /** p = 2, literal reading: C_imp = (m - n/2)/m, C_ind = min(1, U(3/n)(m - n/2)/m). */
    static ExactChain halfRateLiteral(int n, int m, int r) {
        BigFraction maxBad = BigFraction.of(n - 2, 2 * m);
        BigFraction improve = BigFraction.of(2 * m - n, 2 * m);
        return full(r, u -> BigFraction.of(u, r).multiply(maxBad), u -> {
            BigFraction ind = BigFraction.of(3 * u, n).multiply(improve);
            return combine(improve, ind.compareTo(BigFraction.ONE) > 0 ? BigFraction.ONE : ind);
        });
    }

    private static BigFraction combine(BigFraction improve, BigFraction induced) {
        return improve.add(induced).subtract(improve.multiply(induced));
    }

    /** Transient states 1 .. 2^r - 1 at indices 0 .. 2^r - 2; the start 2^r - 1 is the last. */
    private static ExactChain full(int r, IntFunction<BigFraction> goodToBad, IntFunction<BigFraction> badToGood) {
        int words = 1 << r;
        BigFraction[][] q = new BigFraction[words - 1][words - 1];
        for (int s = 1; s < words; s++) {
            int bad = Integer.bitCount(s);
            BigFraction b = goodToBad.apply(bad);
            BigFraction c = badToGood.apply(bad);
            for (int next = 1; next < words; next++) {
                BigFraction p = BigFraction.ONE;
                for (int bit = 0; bit < r; bit++) {
                    boolean wasBad = (s >> bit & 1) == 1;
                    boolean isBad = (next >> bit & 1) == 1;
                    if (wasBad) {
                        p = p.multiply(isBad ? BigFraction.ONE.subtract(c) : c);
                    } else {
                        p = p.multiply(isBad ? b : BigFraction.ONE.subtract(b));
                    }
                }
                q[s - 1][next - 1] = p;
            }
        }
        return new ExactChain(q);
    }
}
