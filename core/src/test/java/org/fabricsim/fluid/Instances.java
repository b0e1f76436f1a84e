package org.fabricsim.fluid;

import java.util.SplittableRandom;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.traffic.FlowSet;

/** Small problems for the tests: hand-built ones and seeded random ones. */
final class Instances {
    private Instances() {
    }

    /** Flows on unit-capacity links {@code 0..links-1}, routes given as link lists. */
    static FluidProblem of(int links, int[][] routes, double[] weight, int[] app) {
        FlowRoutes.Builder b = new FlowRoutes.Builder(routes.length, 3);
        for (int[] r : routes) {
            b.add(r, r.length);
        }
        return new FluidProblem(b.build(), weight, app, FluidProblem.unitCapacities(links));
    }

    static FluidProblem of(int links, int[][] routes, double[] weight) {
        int[] app = new int[routes.length];
        java.util.Arrays.fill(app, FlowSet.NO_APP);
        return of(links, routes, weight, app);
    }

    /**
     * A random tiny problem: 2–6 links, 1–7 flows, each crossing 1–3 distinct links; weights, capacities
     * and applications from small sets of exactly representable values when {@code general}, unit weights,
     * unit capacities and no applications otherwise.
     */
    static FluidProblem random(SplittableRandom rng, boolean general) {
        int links = 2 + rng.nextInt(5);
        int flows = 1 + rng.nextInt(7);
        double[] weights = {1, 2, 3, 0.5, 1.5, 0.25};
        double[] capacities = {1, 2, 0.5, 3};
        FlowRoutes.Builder b = new FlowRoutes.Builder(flows, 3);
        double[] w = new double[flows];
        int[] app = new int[flows];
        int[] perm = new int[links];
        for (int f = 0; f < flows; f++) {
            for (int i = 0; i < links; i++) {
                perm[i] = i;
            }
            int len = 1 + rng.nextInt(Math.min(3, links));
            for (int i = 0; i < len; i++) {
                int j = i + rng.nextInt(links - i);
                int t = perm[i];
                perm[i] = perm[j];
                perm[j] = t;
            }
            b.add(perm, len);
            w[f] = general ? weights[rng.nextInt(weights.length)] : 1;
            app[f] = general ? rng.nextInt(4) - 1 : FlowSet.NO_APP; // -1 (none), 0, 1, 2
        }
        double[] cap = new double[links];
        for (int l = 0; l < links; l++) {
            cap[l] = general ? capacities[rng.nextInt(capacities.length)] : 1;
        }
        return new FluidProblem(b.build(), w, app, cap);
    }
}
