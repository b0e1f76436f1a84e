package org.fabricsim.fluid;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * One instance of the rate-calculation problem of spec §1.4 as plain data: the flows' routes L_f, their
 * weights w_f, their applications, and the capacity c_l of every directed link. Rates are in units of
 * capacity; with the default unit capacities (spec §1.1: "all link capacities are c_l = 1") a rate of 1 is
 * line rate.
 *
 * <p>Arrays are not copied: they must not be mutated after construction.
 *
 * @param routes   L_f for every flow: links are transmitting global ports ({@code 0 .. capacity.length-1});
 *                 every route crosses at least one link and none twice (routes are acyclic, spec §3.5)
 * @param weight   w_f &gt; 0 (finite): the flow's size for a single application, a priority for independent
 *                 flows, β_a·d_f for several applications (spec §1.4)
 * @param app      the flow's application, or {@link FlowSet#NO_APP}: AFA treats such a flow as an
 *                 application of its own (spec §4.6)
 * @param capacity c_l &gt; 0 for every link a flow crosses (others are not read), length {@code linkCount}
 */
public record FluidProblem(FlowRoutes routes, double[] weight, int[] app, double[] capacity) {

    public FluidProblem {
        int n = routes.flows();
        if (weight.length != n || app.length != n) {
            throw new IllegalArgumentException("problem arrays differ in length: " + n + " routes, " + weight.length
                    + " weights, " + app.length + " applications");
        }
        checkRoutes(routes, capacity.length);
        for (int f = 0; f < n; f++) {
            if (!(weight[f] > 0) || Double.isInfinite(weight[f])) {
                throw new IllegalArgumentException("flow " + f + " has weight " + weight[f] + " (must be positive)");
            }
            if (app[f] < FlowSet.NO_APP) {
                throw new IllegalArgumentException("flow " + f + " has application " + app[f]);
            }
        }
        for (int l : routes.links()) {
            if (!(capacity[l] > 0) || Double.isInfinite(capacity[l])) {
                throw new IllegalArgumentException("link " + l + " has capacity " + capacity[l]
                        + " (must be positive)");
            }
        }
    }

    /** Every route crosses at least one of the {@code linkCount} links and no link twice. */
    private static void checkRoutes(FlowRoutes routes, int linkCount) {
        int[] lastSeen = new int[linkCount];
        Arrays.fill(lastSeen, -1);
        int[] start = routes.start();
        for (int f = 0; f < routes.flows(); f++) {
            if (start[f + 1] <= start[f]) {
                throw new IllegalArgumentException("flow " + f + " crosses no link");
            }
            for (int i = start[f]; i < start[f + 1]; i++) {
                int l = routes.links()[i];
                if (l < 0 || l >= linkCount) {
                    throw new IllegalArgumentException("flow " + f + " crosses link " + l + " (links are 0.."
                            + (linkCount - 1) + ")");
                }
                if (lastSeen[l] == f) {
                    throw new IllegalArgumentException("flow " + f + " crosses link " + l + " twice");
                }
                lastSeen[l] = f;
            }
        }
    }

    /** The flows of {@code flows} routed by {@code source} on unit-capacity links (spec §1.1). */
    public static FluidProblem of(Topology topology, RouteSource source, FlowSet flows, SplittableRandom rng) {
        FlowRoutes routes = source.routes(flows, rng);
        if (routes.flows() != flows.size()) {
            throw new IllegalStateException("route source gave " + routes + " for " + flows + " on " + topology);
        }
        return of(routes, flows, topology.portCount());
    }

    /** Flows on {@code linkCount} unit-capacity links with the weights and applications of {@code flows}. */
    public static FluidProblem of(FlowRoutes routes, FlowSet flows, int linkCount) {
        return new FluidProblem(routes, flows.weight(), flows.app(), unitCapacities(linkCount));
    }

    /** Number of directed links (the length of {@code capacity}). */
    public int linkCount() {
        return capacity.length;
    }

    /** Capacity 1 on every link (spec §1.1). */
    public static double[] unitCapacities(int linkCount) {
        double[] c = new double[linkCount];
        Arrays.fill(c, 1.0);
        return c;
    }

    public int flowCount() {
        return routes.flows();
    }

    /** The same links with only the listed flows (flow i of the result = {@code flows[i]}). */
    public FluidProblem subset(int[] flows) {
        double[] w = new double[flows.length];
        int[] a = new int[flows.length];
        for (int i = 0; i < flows.length; i++) {
            w[i] = weight[flows[i]];
            a[i] = app[flows[i]];
        }
        return new FluidProblem(routes.subset(flows), w, a, capacity);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FluidProblem p && routes.equals(p.routes) && Arrays.equals(weight, p.weight)
                && Arrays.equals(app, p.app) && Arrays.equals(capacity, p.capacity);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new int[] {routes.hashCode(), Arrays.hashCode(weight), Arrays.hashCode(app),
                Arrays.hashCode(capacity)});
    }

    @Override
    public String toString() {
        return "FluidProblem[flows=" + flowCount() + ", links=" + linkCount() + "]";
    }
}
