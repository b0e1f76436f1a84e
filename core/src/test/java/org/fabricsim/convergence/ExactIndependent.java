package org.fabricsim.convergence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.numbers.fraction.BigFraction;

/**
 * The Independent model rebuilt in exact fractions from Table I of seed 001, row by row as printed
 * (probabilities in the paper's product form, e.g. g/n · e/m · n/m), with the improvement rows as
 * reconstructed in the digest, and the initial distribution counted over all m^n placements.
 * The combination rules are the ones documented on {@link IndependentModel}.
 */
final class ExactIndependent {

    /** One row of Table I: applies when its ratio condition holds; moves (e, g) by (dE, dG). */
    private record Row(String ratio, int dE, int dG, Probability probability) {
    }

    @FunctionalInterface
    private interface Probability {
        BigFraction of(int e, int g, int n, int m);
    }

    private static BigFraction f(long num, long den) {
        return BigFraction.of(num, den);
    }

    private static final List<Row> INDUCED = List.of(
            // good ball: g/n, then the destination bin, then n/m for an induced move to happen
            new Row("any", 0, 0, (e, g, n, m) -> f(g, n).multiply(f(e, m)).multiply(f(n, m))),
            new Row("any", +1, -2, (e, g, n, m) -> f(g, n).multiply(f(g - 1, m)).multiply(f(n, m))),
            new Row("any", 0, 0, (e, g, n, m) -> f(g, n).multiply(f(1, m)).multiply(f(n, m))),
            new Row("any", +1, -1, (e, g, n, m) -> f(g, n).multiply(f(m - g - e, m)).multiply(f(n, m))),
            // bad ball: (n-g)/n
            new Row(">2.5", -1, +1, (e, g, n, m) -> f(n - g, n).multiply(f(e, m)).multiply(f(n, m))),
            new Row(">2.5", 0, -1, (e, g, n, m) -> f(n - g, n).multiply(f(g, m)).multiply(f(n, m))),
            new Row(">2.5", 0, 0, (e, g, n, m) -> f(n - g, n).multiply(f(m - g - e, m)).multiply(f(n, m))),
            new Row("<=2.5", -1, +2, (e, g, n, m) -> f(n - g, n).multiply(f(e, m)).multiply(f(n, m))),
            new Row("<=2.5", 0, 0, (e, g, n, m) -> f(n - g, n).multiply(f(g, m)).multiply(f(n, m))),
            new Row("<=2.5", 0, +1, (e, g, n, m) -> f(n - g, n).multiply(f(m - e - g - 1, m)).multiply(f(n, m))),
            new Row("<=2.5", 0, 0, (e, g, n, m) -> f(n - g, n).multiply(f(1, m)).multiply(f(n, m))),
            // no induced move
            new Row("any", 0, 0, (e, g, n, m) -> BigFraction.ONE.subtract(f(n, m))));

    private static final List<Row> IMPROVEMENT = List.of(
            new Row(">2", -1, +1, (e, g, n, m) -> f(e, m)),
            new Row(">2", 0, -1, (e, g, n, m) -> f(g, m)),
            new Row(">2", 0, 0, (e, g, n, m) -> f(m - e - g, m)),
            new Row("<=2", -1, +2, (e, g, n, m) -> f(e, m)),
            new Row("<=2", 0, 0, (e, g, n, m) -> f(g, m)),
            new Row("<=2", 0, 0, (e, g, n, m) -> f(1, m)),
            new Row("<=2", 0, +1, (e, g, n, m) -> f(m - e - g - 1, m)));

    private final int n;
    private final int m;
    private final boolean sequential;
    final List<int[]> transientStates = new ArrayList<>();

    ExactIndependent(int n, int m, boolean sequential) {
        this.n = n;
        this.m = m;
        this.sequential = sequential;
        for (int e = 0; e <= m; e++) {
            for (int g = 0; g < n; g++) {
                if (feasible(n, m, e, g)) {
                    transientStates.add(new int[] {e, g});
                }
            }
        }
    }

    /** The state space as the brief states it: b = 0 iff g = n; b &gt; 0 implies n − g ≥ 2b. */
    static boolean feasible(int n, int m, int e, int g) {
        int b = m - e - g;
        if (e < 0 || g < 0 || b < 0 || g > n) {
            return false;
        }
        return b == 0 ? g == n : g != n && n - g >= 2 * b;
    }

    private boolean applies(String ratio, int e, int g) {
        if (ratio.equals("any")) {
            return true;
        }
        BigFraction rho = f(n - g, m - e - g);
        BigFraction threshold = ratio.endsWith("2.5") ? f(5, 2) : f(2, 1);
        boolean above = rho.compareTo(threshold) > 0;
        return ratio.startsWith(">") == above;
    }

    /** Next (e, g) → probability from a transient state. */
    Map<List<Integer>, BigFraction> row(int e, int g) {
        Map<List<Integer>, BigFraction> row = new LinkedHashMap<>();
        for (Row imp : IMPROVEMENT) {
            BigFraction p1 = imp.probability().of(e, g, n, m);
            if (!applies(imp.ratio(), e, g) || p1.isZero()) {
                continue;
            }
            int e1 = e + imp.dE();
            int g1 = g + imp.dG();
            if (sequential && g1 == n) {
                row.merge(List.of(e1, g1), p1, BigFraction::add);
                continue;
            }
            int se = sequential ? e1 : e;
            int sg = sequential ? g1 : g;
            for (Row ind : INDUCED) {
                BigFraction p2 = ind.probability().of(se, sg, n, m);
                if (!applies(ind.ratio(), se, sg) || p2.isZero()) {
                    continue;
                }
                int e2 = e1 + ind.dE();
                int g2 = g1 + ind.dG();
                List<Integer> next = feasible(n, m, e2, g2) ? List.of(e2, g2) : List.of(e1, g1);
                row.merge(next, p1.multiply(p2), BigFraction::add);
            }
        }
        return row;
    }

    /** Count of each (e, g) over all m^n placements of n labelled balls, by enumeration. */
    static long[][] placements(int n, int m) {
        long[][] counts = new long[m + 1][n + 1];
        int[] bin = new int[n];
        long total = (long) Math.pow(m, n);
        for (long code = 0; code < total; code++) {
            long c = code;
            int[] load = new int[m];
            for (int ball = 0; ball < n; ball++) {
                bin[ball] = (int) (c % m);
                c /= m;
                load[bin[ball]]++;
            }
            int e = 0;
            int g = 0;
            for (int l : load) {
                e += l == 0 ? 1 : 0;
                g += l == 1 ? 1 : 0;
            }
            counts[e][g]++;
        }
        return counts;
    }

    ExactChain chain() {
        int size = transientStates.size();
        BigFraction[][] q = new BigFraction[size][size];
        for (BigFraction[] r : q) {
            java.util.Arrays.fill(r, BigFraction.ZERO);
        }
        for (int i = 0; i < size; i++) {
            int[] s = transientStates.get(i);
            for (Map.Entry<List<Integer>, BigFraction> to : row(s[0], s[1]).entrySet()) {
                int j = indexOf(to.getKey().get(0), to.getKey().get(1));
                if (j >= 0) {
                    q[i][j] = q[i][j].add(to.getValue());
                }
            }
        }
        return new ExactChain(q);
    }

    BigFraction[] initial() {
        long[][] counts = placements(n, m);
        long total = (long) Math.pow(m, n);
        BigFraction[] pi = new BigFraction[transientStates.size()];
        for (int i = 0; i < pi.length; i++) {
            int[] s = transientStates.get(i);
            pi[i] = f(counts[s[0]][s[1]], total);
        }
        return pi;
    }

    private int indexOf(int e, int g) {
        for (int i = 0; i < transientStates.size(); i++) {
            if (transientStates.get(i)[0] == e && transientStates.get(i)[1] == g) {
                return i;
            }
        }
        return -1;
    }
}
