package org.fabricsim.fluid;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * SAA and the SAA-M claims of {@link SingleApplication} in exact rational arithmetic (spec §7 item 22): every
 * double weight and capacity is taken as the rational it is ({@link BigFraction#from(double)}), so no
 * comparison with zero is ever approximate. FFA and AFA in exact arithmetic are {@link ExactFilling}.
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

    private static BigFraction max(BigFraction a, BigFraction b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
