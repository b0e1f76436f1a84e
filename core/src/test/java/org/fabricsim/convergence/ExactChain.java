package org.fabricsim.convergence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * A reference solver in exact rational arithmetic, independent of EJML and of the production
 * chains: Gauss–Jordan elimination on (I − Q) t = 1 and (I − Q) x = t, giving
 * E[T] = t and E[T²] = 2x − t for every transient starting state.
 */
final class ExactChain {

    final BigFraction[] t;
    final BigFraction[] secondMoment;

    ExactChain(BigFraction[][] q) {
        int n = q.length;
        BigFraction[][] a = new BigFraction[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (i == j ? BigFraction.ONE : BigFraction.ZERO).subtract(q[i][j]);
            }
        }
        BigFraction[] ones = new BigFraction[n];
        java.util.Arrays.fill(ones, BigFraction.ONE);
        t = solve(a, ones);
        BigFraction[] x = solve(a, t);
        secondMoment = new BigFraction[n];
        for (int i = 0; i < n; i++) {
            secondMoment[i] = x[i].multiply(2).subtract(t[i]);
        }
    }

    /** Mean over an initial distribution (missing mass starts absorbed). */
    BigFraction mean(BigFraction[] initial) {
        BigFraction sum = BigFraction.ZERO;
        for (int i = 0; i < t.length; i++) {
            sum = sum.add(initial[i].multiply(t[i]));
        }
        return sum;
    }

    BigFraction variance(BigFraction[] initial) {
        BigFraction second = BigFraction.ZERO;
        for (int i = 0; i < t.length; i++) {
            second = second.add(initial[i].multiply(secondMoment[i]));
        }
        BigFraction mean = mean(initial);
        return second.subtract(mean.multiply(mean));
    }

    BigFraction variance(int start) {
        return secondMoment[start].subtract(t[start].multiply(t[start]));
    }

    private static BigFraction[] solve(BigFraction[][] matrix, BigFraction[] rhs) {
        int n = rhs.length;
        BigFraction[][] a = new BigFraction[n][];
        BigFraction[] b = rhs.clone();
        for (int i = 0; i < n; i++) {
            a[i] = matrix[i].clone();
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            while (a[pivot][col].isZero()) {
                pivot++; // an exception here means a singular system
            }
            BigFraction[] rowSwap = a[col];
            a[col] = a[pivot];
            a[pivot] = rowSwap;
            BigFraction bSwap = b[col];
            b[col] = b[pivot];
            b[pivot] = bSwap;
            for (int i = 0; i < n; i++) {
                if (i == col || a[i][col].isZero()) {
                    continue;
                }
                BigFraction f = a[i][col].divide(a[col][col]);
                for (int j = col; j < n; j++) {
                    a[i][j] = a[i][j].subtract(f.multiply(a[col][j]));
                }
                b[i] = b[i].subtract(f.multiply(b[col]));
            }
        }
        BigFraction[] x = new BigFraction[n];
        for (int i = 0; i < n; i++) {
            x[i] = b[i].divide(a[i][i]);
        }
        return x;
    }

    /** |actual − expected| ≤ 1e-9·|expected| (absolute 1e-12 when expected is 0). */
    static void assertClose(BigFraction expected, double actual, String what) {
        double e = expected.doubleValue();
        double tolerance = Math.max(1e-9 * Math.abs(e), 1e-12);
        assertTrue(Math.abs(actual - e) <= tolerance, what + ": expected " + e + " (exact " + expected
                + "), got " + actual);
    }

    static void assertClose(double expected, double actual, String what) {
        assertEquals(expected, actual, Math.max(1e-9 * Math.abs(expected), 1e-12), what);
    }
}
