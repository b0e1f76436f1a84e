package org.fabricsim.convergence;

import java.math.BigInteger;

/**
 * Exact occupancy counts for n labelled balls thrown independently and uniformly into m labelled
 * bins: how many of the m<sup>n</sup> equally likely placements leave e bins empty and g bins with
 * exactly one ball (the other b = m − e − g bins hold two or more). This is the initial state of
 * the single-output-switch model, "a random spreading of the n balls into the m bins"
 * (seed 001 §III-A); the paper does not give the distribution (digest B.8 item 8).
 *
 * <p>count(e, g) = m!/(e!·g!·b!) · n!/(n − g)! · S<sub>≥2</sub>(n − g, b): choose which bins are
 * empty, single and multiple; fill the g single bins with distinct balls; map the other n − g
 * balls onto the b multiple bins so that each gets at least two, counted by
 * S<sub>≥2</sub>(N, k) = Σ<sub>j≥2</sub> C(N, j)·S<sub>≥2</sub>(N − j, k − 1), S<sub>≥2</sub>(0, 0) = 1.
 */
final class BallsInBins {

    private BallsInBins() {
    }

    /** {@code [e][g]}: number of placements with e empty and g single bins; they sum to m^n. */
    static BigInteger[][] counts(int n, int m) {
        BigInteger[] factorial = new BigInteger[Math.max(n, m) + 1];
        factorial[0] = BigInteger.ONE;
        for (int i = 1; i < factorial.length; i++) {
            factorial[i] = factorial[i - 1].multiply(BigInteger.valueOf(i));
        }
        BigInteger[][] multi = multipleBinMaps(n, factorial);
        BigInteger[][] counts = new BigInteger[m + 1][n + 1];
        for (int e = 0; e <= m; e++) {
            for (int g = 0; g <= n; g++) {
                int b = m - e - g;
                counts[e][g] = BigInteger.ZERO;
                if (b < 0 || 2 * b > n - g) {
                    continue;
                }
                BigInteger bins = factorial[m].divide(factorial[e].multiply(factorial[g]).multiply(factorial[b]));
                BigInteger singles = factorial[n].divide(factorial[n - g]);
                counts[e][g] = bins.multiply(singles).multiply(multi[n - g][b]);
            }
        }
        return counts;
    }

    /** {@code [N][k]}: maps of N labelled balls onto k labelled bins with at least two balls in each. */
    private static BigInteger[][] multipleBinMaps(int n, BigInteger[] factorial) {
        BigInteger[][] s = new BigInteger[n + 1][n / 2 + 1];
        for (int total = 0; total <= n; total++) {
            for (int k = 0; k <= n / 2; k++) {
                BigInteger sum = BigInteger.ZERO;
                if (k == 0) {
                    sum = total == 0 ? BigInteger.ONE : BigInteger.ZERO;
                } else {
                    for (int j = 2; j <= total; j++) {
                        BigInteger choose = factorial[total].divide(factorial[j].multiply(factorial[total - j]));
                        sum = sum.add(choose.multiply(s[total - j][k - 1]));
                    }
                }
                s[total][k] = sum;
            }
        }
        return s;
    }
}
