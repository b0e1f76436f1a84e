package org.fabricsim.fluid;

import java.util.Arrays;
import org.fabricsim.routing.FlowRoutes;

/**
 * The incidence structure every algorithm walks, built once per problem into reusable arrays: the links
 * that carry flows, numbered densely 0..links-1 (F_l is a slice of {@code linkFlows}), each flow's route
 * in dense numbers, and the freeze groups of progressive filling (a flow alone for FFA, its application
 * for AFA). Building allocates only when a problem is larger than any before (O(flows + links)).
 */
final class LinkIndex {
    int flows;
    int links;
    /** Dense number of a global link, -1 when no flow crosses it; sized linkCount, reset after use. */
    private int[] denseOf = new int[0];
    /** The global link of a dense link. */
    int[] globalOf = new int[0];
    /** Dense routes: flow f crosses {@code route[routeStart[f]..routeStart[f+1])}. */
    int[] routeStart = new int[1];
    int[] route = new int[0];
    /** F_l: {@code linkFlows[linkStart[l]..linkStart[l+1])}. */
    int[] linkStart = new int[1];
    int[] linkFlows = new int[0];
    int groups;
    int[] groupOf = new int[0];
    /** Flows of group g: {@code groupFlows[groupStart[g]..groupStart[g+1])}. */
    int[] groupStart = new int[1];
    int[] groupFlows = new int[0];

    /**
     * Indexes {@code p}; with {@code byApplication}, flows of one application form one group (AFA),
     * otherwise every flow is its own group (FFA).
     */
    void build(FluidProblem p, boolean byApplication) {
        FlowRoutes r = p.routes();
        flows = r.flows();
        int hops = r.links().length;
        if (denseOf.length < p.linkCount()) {
            denseOf = new int[p.linkCount()];
            Arrays.fill(denseOf, -1);
        }
        routeStart = grow(routeStart, flows + 1);
        route = grow(route, hops);
        globalOf = grow(globalOf, hops);
        links = 0;
        System.arraycopy(r.start(), 0, routeStart, 0, flows + 1);
        for (int i = 0; i < hops; i++) {
            int g = r.links()[i];
            int d = denseOf[g];
            if (d < 0) {
                d = links++;
                denseOf[g] = d;
                globalOf[d] = g;
            }
            route[i] = d;
        }
        for (int d = 0; d < links; d++) {
            denseOf[globalOf[d]] = -1; // leaves denseOf all -1 for the next problem
        }
        linkStart = grow(linkStart, links + 1);
        linkFlows = grow(linkFlows, hops);
        transpose(route, routeStart, flows, linkStart, linkFlows, links);
        buildGroups(p.app(), byApplication);
    }

    private void buildGroups(int[] app, boolean byApplication) {
        groupOf = grow(groupOf, flows);
        groups = 0;
        if (!byApplication) {
            for (int f = 0; f < flows; f++) {
                groupOf[f] = f;
            }
            groups = flows;
        } else {
            int maxApp = -1;
            for (int f = 0; f < flows; f++) {
                maxApp = Math.max(maxApp, app[f]);
            }
            int[] groupOfApp = new int[maxApp + 1]; // O(applications), once per problem
            Arrays.fill(groupOfApp, -1);
            for (int f = 0; f < flows; f++) {
                int a = app[f];
                if (a < 0) {
                    groupOf[f] = groups++; // no application: an application of its own (spec §4.6)
                } else {
                    if (groupOfApp[a] < 0) {
                        groupOfApp[a] = groups++;
                    }
                    groupOf[f] = groupOfApp[a];
                }
            }
        }
        groupStart = grow(groupStart, groups + 1);
        groupFlows = grow(groupFlows, flows);
        Arrays.fill(groupStart, 0, groups + 1, 0);
        for (int f = 0; f < flows; f++) {
            groupStart[groupOf[f] + 1]++;
        }
        for (int g = 0; g < groups; g++) {
            groupStart[g + 1] += groupStart[g];
        }
        for (int f = flows - 1; f >= 0; f--) {
            groupFlows[--groupStart[groupOf[f] + 1]] = f;
        }
        // the decrements above shifted every start one group down; restore
        System.arraycopy(groupStart, 1, groupStart, 0, groups);
        groupStart[groups] = flows;
    }

    /** Counting sort of (flow, link) pairs by link: F_l in increasing flow order. */
    private static void transpose(int[] route, int[] routeStart, int flows, int[] linkStart, int[] linkFlows,
            int links) {
        Arrays.fill(linkStart, 0, links + 1, 0);
        int hops = routeStart[flows];
        for (int i = 0; i < hops; i++) {
            linkStart[route[i] + 1]++;
        }
        for (int l = 0; l < links; l++) {
            linkStart[l + 1] += linkStart[l];
        }
        for (int f = flows - 1; f >= 0; f--) {
            for (int i = routeStart[f + 1] - 1; i >= routeStart[f]; i--) {
                linkFlows[--linkStart[route[i] + 1]] = f;
            }
        }
        System.arraycopy(linkStart, 1, linkStart, 0, links);
        linkStart[links] = hops;
    }

    static int[] grow(int[] a, int size) {
        return a.length >= size ? a : new int[Math.max(size, a.length + (a.length >> 1))];
    }

    static double[] grow(double[] a, int size) {
        return a.length >= size ? a : new double[Math.max(size, a.length + (a.length >> 1))];
    }
}
