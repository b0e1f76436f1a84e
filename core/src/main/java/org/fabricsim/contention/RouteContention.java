package org.fabricsim.contention;

import java.util.Arrays;
import org.fabricsim.routing.FlowRoutes;

/**
 * Contention of given routes, whatever routed them (static tables, adaptive set-up): the number of flows on
 * every directed link |F_l| and per flow C_f = max over its links of |F_l| (seed 003 §6.2). One instance per
 * thread; it keeps the loads of the last trial.
 */
public final class RouteContention {
    private final LinkClasses classes;
    private final int[] load;

    public RouteContention(LinkClasses classes, int portCount) {
        this.classes = classes;
        this.load = new int[portCount];
    }

    public LinkClasses linkClasses() {
        return classes;
    }

    /** |F_l| of the last analysed trial, by global port (a view: do not modify). */
    public int[] loads() {
        return load;
    }

    /** As {@link #analyze(int, int[], int[], long[][], long[])} for a {@link FlowRoutes}. */
    public TrialContention analyze(FlowRoutes routes, long[][] loadCounts, long[] flowCounts) {
        return analyze(routes.flows(), routes.start(), routes.links(), loadCounts, flowCounts);
    }

    /**
     * Analyses the routes of {@code n} flows in CSR form (flow f: {@code links[start[f]..start[f+1])}). When
     * {@code loadCounts} is not null, adds to {@code loadCounts[c][x]} the number of links of class c that
     * carry x flows (zero-load links included, D20; loads beyond the array's end count in its last entry);
     * when {@code flowCounts} is not null, adds to {@code flowCounts[x]} the number of flows with C_f = x
     * (the array must have room for x up to n).
     */
    public TrialContention analyze(int n, int[] start, int[] links, long[][] loadCounts, long[] flowCounts) {
        Arrays.fill(load, 0);
        int total = start[n];
        for (int i = 0; i < total; i++) {
            load[links[i]]++;
        }
        int maxContention = 0;
        long sumContention = 0;
        for (int f = 0; f < n; f++) {
            int c = 0;
            for (int i = start[f]; i < start[f + 1]; i++) {
                c = Math.max(c, load[links[i]]);
            }
            maxContention = Math.max(maxContention, c);
            sumContention += c;
            if (flowCounts != null) {
                flowCounts[c]++;
            }
        }
        int[] maxLoad = new int[classes.count()];
        for (int p = 0; p < load.length; p++) {
            int c = classes.classOf(p);
            if (c >= 0) {
                maxLoad[c] = Math.max(maxLoad[c], load[p]);
                if (loadCounts != null) {
                    long[] counts = loadCounts[c];
                    counts[Math.min(load[p], counts.length - 1)]++;
                }
            }
        }
        double mean = n == 0 ? 0.0 : sumContention / (double) n;
        return new TrialContention(n, total, maxContention, mean, maxLoad);
    }
}
