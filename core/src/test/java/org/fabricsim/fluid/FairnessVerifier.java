package org.fabricsim.fluid;

import java.util.ArrayList;
import java.util.List;
import org.fabricsim.routing.FlowRoutes;

/**
 * An independent check of allocations, written from the definitions and not from the algorithms: link
 * loads computed from scratch, and the bottleneck characterisation of (weighted) max-min fairness
 * (Bertsekas–Gallager): a feasible allocation is max-min fair iff every flow crosses a saturated link on
 * which no flow has a larger normalized rate. For application fairness the "users" are applications with
 * one normalized rate each, loading link l with W_l^a·r̄(a); the same characterisation applies to them.
 * Every method returns the violations found (empty = the property holds), within a relative tolerance.
 */
final class FairnessVerifier {
    private FairnessVerifier() {
    }

    static double[] loads(FluidProblem p, double[] rate) {
        double[] load = new double[p.linkCount()];
        FlowRoutes r = p.routes();
        for (int f = 0; f < r.flows(); f++) {
            for (int i = r.start()[f]; i < r.start()[f + 1]; i++) {
                load[r.links()[i]] += rate[f];
            }
        }
        return load;
    }

    private static boolean saturated(FluidProblem p, double[] load, int l, double tol) {
        return load[l] >= p.capacity()[l] * (1 - tol);
    }

    /** Σ_{F_l} r(f) ≤ c_l on every link. */
    static List<String> infeasible(FluidProblem p, double[] rate, double tol) {
        List<String> v = new ArrayList<>();
        double[] load = loads(p, rate);
        for (int l = 0; l < load.length; l++) {
            if (load[l] > p.capacity()[l] * (1 + tol)) {
                v.add("link " + l + " carries " + load[l] + " > " + p.capacity()[l]);
            }
        }
        return v;
    }

    /** Every flow crosses a saturated link: no rate can rise alone. */
    static List<String> notMaximal(FluidProblem p, double[] rate, double tol) {
        List<String> v = new ArrayList<>();
        double[] load = loads(p, rate);
        FlowRoutes r = p.routes();
        for (int f = 0; f < r.flows(); f++) {
            boolean any = false;
            for (int l : r.path(f)) {
                any |= saturated(p, load, l, tol);
            }
            if (!any) {
                v.add("flow " + f + " could rise: no saturated link on its route");
            }
        }
        return v;
    }

    /** Weighted max-min fairness: application fairness with every flow an application of its own. */
    static List<String> notMaxMinFair(FluidProblem p, double[] rate, double tol) {
        int[] none = new int[p.flowCount()];
        java.util.Arrays.fill(none, -1);
        return notApplicationFair(new FluidProblem(p.routes(), p.weight(), none, p.capacity()), rate, tol);
    }

    /**
     * Application max-min fairness: all flows of an application share one normalized rate, and every
     * application has a flow crossing a saturated link on which no application has a larger one. Flows
     * without an application are applications of their own.
     */
    static List<String> notApplicationFair(FluidProblem p, double[] rate, double tol) {
        List<String> v = new ArrayList<>(infeasible(p, rate, tol));
        double[] load = loads(p, rate);
        FlowRoutes r = p.routes();
        int n = r.flows();
        for (int f = 0; f < n; f++) {
            for (int g = 0; g < n; g++) {
                if (sameApp(p, f, g) && Math.abs(norm(p, rate, f) - norm(p, rate, g)) > tol * norm(p, rate, f)) {
                    v.add("flows " + f + " and " + g + " of application " + p.app()[f] + " differ");
                }
            }
        }
        for (int f = 0; f < n; f++) { // f stands for its application
            double mine = norm(p, rate, f);
            boolean bottleneck = false;
            for (int h = 0; h < n; h++) {
                if (!sameApp(p, f, h)) {
                    continue;
                }
                for (int l : r.path(h)) {
                    if (!saturated(p, load, l, tol)) {
                        continue;
                    }
                    boolean largest = true;
                    for (int g = 0; g < n; g++) {
                        if (contains(r.path(g), l) && norm(p, rate, g) > mine * (1 + tol)) {
                            largest = false;
                        }
                    }
                    bottleneck |= largest;
                }
            }
            if (!bottleneck) {
                v.add("application of flow " + f + " (r̄ = " + mine + ") has no bottleneck link");
            }
        }
        return v;
    }

    private static double norm(FluidProblem p, double[] rate, int f) {
        return rate[f] / p.weight()[f];
    }

    private static boolean sameApp(FluidProblem p, int f, int g) {
        return f == g || (p.app()[f] >= 0 && p.app()[f] == p.app()[g]);
    }

    private static boolean contains(int[] route, int l) {
        for (int x : route) {
            if (x == l) {
                return true;
            }
        }
        return false;
    }
}
