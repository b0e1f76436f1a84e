package org.fabricsim.fluid;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * AFA's per-link formulation, Alg 4.12 of [T], transcribed literally in exact arithmetic and with its own
 * plain data structures: a reference for the heap-based {@link ProgressiveFilling}. Each iteration scans all
 * links for Δ̄ = min c_l / W_l, lowers every residual by Δ̄·W_l, and removes every application present on a
 * link whose residual became exactly 0. With every flow its own application it is FFA (Alg 4.5 with the
 * residual capacity the text describes).
 */
final class Alg412Reference {
    private Alg412Reference() {
    }

    /** r(f) = r̄(f)·w_f; {@code byApplication} false = FFA. */
    static BigFraction[] rates(FluidProblem p, boolean byApplication) {
        int n = p.flowCount();
        int links = p.linkCount();
        int[][] route = new int[n][];
        BigFraction[] w = new BigFraction[n];
        for (int f = 0; f < n; f++) {
            route[f] = p.routes().path(f);
            w[f] = BigFraction.from(p.weight()[f]);
        }
        BigFraction[] c = new BigFraction[links];
        BigFraction[] active = new BigFraction[links];
        for (int l = 0; l < links; l++) {
            c[l] = BigFraction.from(p.capacity()[l]);
            active[l] = BigFraction.ZERO;
        }
        for (int f = 0; f < n; f++) {
            for (int l : route[f]) {
                active[l] = active[l].add(w[f]);
            }
        }
        boolean[] stopped = new boolean[n];
        BigFraction[] rate = new BigFraction[n];
        BigFraction rho = BigFraction.ZERO;
        while (true) {
            BigFraction delta = null;
            for (int l = 0; l < links; l++) { // lines 1-2
                if (active[l].signum() > 0) {
                    BigFraction d = c[l].divide(active[l]);
                    delta = delta == null || d.compareTo(delta) < 0 ? d : delta;
                }
            }
            if (delta == null) { // line 3
                return rate;
            }
            rho = rho.add(delta); // line 4
            boolean[] saturated = new boolean[links];
            for (int l = 0; l < links; l++) { // line 6
                if (active[l].signum() > 0) {
                    c[l] = c[l].subtract(delta.multiply(active[l]));
                    saturated[l] = c[l].isZero();
                }
            }
            boolean[] inB = new boolean[n]; // B, as the flows of its applications
            for (int f = 0; f < n; f++) {
                if (!stopped[f]) {
                    for (int l : route[f]) {
                        if (saturated[l]) {
                            for (int g = 0; g < n; g++) {
                                inB[g] |= g == f || (byApplication && p.app()[f] >= 0 && p.app()[g] == p.app()[f]);
                            }
                        }
                    }
                }
            }
            for (int f = 0; f < n; f++) { // lines 7-8
                if (inB[f] && !stopped[f]) {
                    stopped[f] = true;
                    rate[f] = rho.multiply(w[f]);
                    for (int l : route[f]) {
                        active[l] = active[l].subtract(w[f]);
                    }
                }
            }
        }
    }
}
