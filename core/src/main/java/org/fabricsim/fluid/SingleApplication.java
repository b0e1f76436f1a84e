package org.fabricsim.fluid;

/**
 * SAA and the steady state of SAA-M in doubles (spec §4.1, §4.2).
 *
 * <p>SAA (Theorem 4.1.1, with Eq. 4.3 for capacities other than 1): W_l = Σ_{f∈F_l} w_f / c_l,
 * W_f = max_{l∈L_f} W_l, r(f) = w_f / W_f.
 *
 * <p>SAA-M: with the set of flows fixed, the protocol of Alg 4.3 starts every flow at its SAA rate (line 2)
 * and then lets flows claim the claimable capacity c_u = min_{l∈L_f} (c_l − Σ_{F_l} r) of their paths, all
 * or nothing (lines 4.1–4.2.2); a failed reservation backs off and retries later. Successful reservations
 * are therefore serialised in some order, and a flow that has claimed leaves a saturated link on its path,
 * so one pass over the flows in that order reaches the protocol's steady state, which is maximal
 * (Theorem 4.1.5). Branches 2 and 3 of Alg 4.3 (below the SAA rate, oversubscribed links) only act while
 * the set of flows changes.
 */
final class SingleApplication {
    private SingleApplication() {
    }

    /** Writes the SAA rates into {@code rate}; {@code linkWeight} (dense, ≥ x.links) receives W_l. */
    static void saa(FluidProblem p, LinkIndex x, double[] linkWeight, double[] rate) {
        double[] w = p.weight();
        for (int l = 0; l < x.links; l++) {
            double sum = 0;
            for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                sum += w[x.linkFlows[i]];
            }
            linkWeight[l] = sum / p.capacity()[x.globalOf[l]];
        }
        for (int f = 0; f < x.flows; f++) {
            double wf = 0;
            for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                wf = Math.max(wf, linkWeight[x.route[i]]);
            }
            rate[f] = w[f] / wf;
        }
    }

    /**
     * Raises SAA rates to the SAA-M steady state: flows claim in {@code order}, each taking the claimable
     * capacity of its path when it is positive. {@code residual} is scratch (dense, ≥ x.links).
     */
    static void claim(FluidProblem p, LinkIndex x, int[] order, double[] residual, double[] rate) {
        for (int l = 0; l < x.links; l++) {
            double used = 0;
            for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                used += rate[x.linkFlows[i]];
            }
            residual[l] = p.capacity()[x.globalOf[l]] - used;
        }
        for (int f : order) {
            double claimable = Double.POSITIVE_INFINITY;
            for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                claimable = Math.min(claimable, residual[x.route[i]]);
            }
            if (claimable > 0) {
                rate[f] += claimable;
                for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                    residual[x.route[i]] -= claimable; // the link that gave the minimum becomes exactly 0
                }
            }
        }
    }
}
