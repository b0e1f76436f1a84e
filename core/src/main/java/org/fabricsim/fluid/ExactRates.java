package org.fabricsim.fluid;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * The algorithms in exact rational arithmetic (spec §7 item 22): every double weight and capacity is taken
 * as the rational it is ({@link BigFraction#from(double)}), so no comparison with zero is ever approximate.
 *
 * <p>FFA and AFA follow the per-link formulation of Alg 4.12 literally — a scan of all links per iteration
 * for Δ̄ = min c_l / W_l, c_l ← c_l − Δ̄·W_l, and removal of every application (for FFA: every flow) present
 * on a link whose residual is exactly 0 — so they are also an independent check of the heap-based
 * {@link ProgressiveFilling}. SAA and the SAA-M claims follow {@link SingleApplication}.
 */
final class ExactRates {
    private ExactRates() {
    }

    static BigFraction[] weights(FluidProblem p) {
        BigFraction[] w = new BigFraction[p.flowCount()];
        for (int f = 0; f < w.length; f++) {
            w[f] = BigFraction.from(p.weight()[f]);
        }
        return w;
    }

    static BigFraction[] capacities(FluidProblem p, LinkIndex x) {
        BigFraction[] c = new BigFraction[x.links];
        for (int l = 0; l < x.links; l++) {
            c[l] = BigFraction.from(p.capacity()[x.globalOf[l]]);
        }
        return c;
    }

    /** SAA: r(f) = w_f / max_{l∈L_f} (Σ_{F_l} w / c_l) (Theorem 4.1.1, Eq. 4.3). */
    static BigFraction[] saa(FluidProblem p, LinkIndex x) {
        BigFraction[] w = weights(p);
        BigFraction[] c = capacities(p, x);
        BigFraction[] linkWeight = new BigFraction[x.links];
        for (int l = 0; l < x.links; l++) {
            BigFraction sum = BigFraction.ZERO;
            for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                sum = sum.add(w[x.linkFlows[i]]);
            }
            linkWeight[l] = sum.divide(c[l]);
        }
        BigFraction[] rate = new BigFraction[x.flows];
        for (int f = 0; f < x.flows; f++) {
            BigFraction wf = BigFraction.ZERO;
            for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                wf = max(wf, linkWeight[x.route[i]]);
            }
            rate[f] = w[f].divide(wf);
        }
        return rate;
    }

    /** SAA-M steady state: the claims of {@link SingleApplication#claim}, exactly. */
    static void claim(FluidProblem p, LinkIndex x, int[] order, BigFraction[] rate) {
        BigFraction[] residual = capacities(p, x);
        for (int l = 0; l < x.links; l++) {
            for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                residual[l] = residual[l].subtract(rate[x.linkFlows[i]]);
            }
        }
        for (int f : order) {
            BigFraction claimable = null;
            for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                BigFraction r = residual[x.route[i]];
                claimable = claimable == null || r.compareTo(claimable) < 0 ? r : claimable;
            }
            if (claimable.signum() > 0) {
                rate[f] = rate[f].add(claimable);
                for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                    residual[x.route[i]] = residual[x.route[i]].subtract(claimable);
                }
            }
        }
    }

    /**
     * Alg 4.12 with the groups of {@code x} as applications; returns r(f) = r̄(f)·w_f.
     */
    static BigFraction[] filling(FluidProblem p, LinkIndex x) {
        BigFraction[] w = weights(p);
        BigFraction[] c = capacities(p, x);
        BigFraction[] active = new BigFraction[x.links]; // W_l: weight of active flows
        int[] activeCount = new int[x.links];
        for (int l = 0; l < x.links; l++) {
            active[l] = BigFraction.ZERO;
            for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                active[l] = active[l].add(w[x.linkFlows[i]]);
            }
            activeCount[l] = x.linkStart[l + 1] - x.linkStart[l];
        }
        boolean[] stopped = new boolean[x.groups];
        boolean[] saturated = new boolean[x.links];
        BigFraction[] rate = new BigFraction[x.flows];
        BigFraction rho = BigFraction.ZERO;
        while (true) {
            BigFraction delta = null; // Δ̄ = min over links with active flows of c_l / W_l (lines 1–2)
            for (int l = 0; l < x.links; l++) {
                if (activeCount[l] > 0) {
                    BigFraction d = c[l].divide(active[l]);
                    delta = delta == null || d.compareTo(delta) < 0 ? d : delta;
                }
            }
            if (delta == null) {
                return rate; // line 3: Δ̄ = ∞
            }
            rho = rho.add(delta); // line 4
            for (int l = 0; l < x.links; l++) { // line 6
                if (activeCount[l] > 0) {
                    c[l] = c[l].subtract(delta.multiply(active[l]));
                    saturated[l] = c[l].isZero();
                }
            }
            for (int l = 0; l < x.links; l++) { // lines 6.2, 7, 8: B = applications on saturated links
                if (saturated[l]) {
                    saturated[l] = false;
                    for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                        int g = x.groupOf[x.linkFlows[i]];
                        if (!stopped[g]) {
                            stopped[g] = true;
                            stop(x, g, rho, w, active, activeCount, rate);
                        }
                    }
                }
            }
        }
    }

    private static void stop(LinkIndex x, int g, BigFraction rho, BigFraction[] w, BigFraction[] active,
            int[] activeCount, BigFraction[] rate) {
        for (int j = x.groupStart[g]; j < x.groupStart[g + 1]; j++) {
            int f = x.groupFlows[j];
            rate[f] = rho.multiply(w[f]);
            for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                int m = x.route[i];
                active[m] = active[m].subtract(w[f]);
                activeCount[m]--;
            }
        }
    }

    private static BigFraction max(BigFraction a, BigFraction b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
