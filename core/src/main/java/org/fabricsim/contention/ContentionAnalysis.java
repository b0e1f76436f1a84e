package org.fabricsim.contention;

import java.util.Arrays;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * Contention of a set of flows under static routing, at the flow level (seed 003 §6.2): the number of
 * flows on every directed link |F_l|, and for every flow its contention C_f = max over the links of its
 * path of |F_l|. Weights do not count: contention is a number of flows.
 *
 * <p>One analysis object per topology and routing; one {@link Scratch} per thread, reused across trials,
 * so that analysing a trial allocates only its small result.
 */
public final class ContentionAnalysis {
    private final ForwardingTables lft;
    private final Topology topology;
    private final LinkClasses classes;

    public ContentionAnalysis(ForwardingTables lft) {
        this.lft = lft;
        this.topology = lft.topology();
        this.classes = new LinkClasses(topology);
    }

    public LinkClasses linkClasses() {
        return classes;
    }

    public ForwardingTables forwardingTables() {
        return lft;
    }

    /** Per-thread working memory. */
    public final class Scratch {
        final int[] load = new int[topology.portCount()];
        final int[] route = new int[lft.maxRouteLength()];
        int[] paths = new int[1024];
        int[] pathStart = new int[65];
    }

    public Scratch newScratch() {
        return new Scratch();
    }

    /**
     * Analyses one flow set. When {@code loadCounts} is not null, adds to {@code loadCounts[c][x]} the number
     * of links of class c that carry x flows (zero-load links included); when {@code flowCounts} is not
     * null, adds to {@code flowCounts[x]} the number of flows with C_f = x. The arrays must be large
     * enough: x is at most the number of flows.
     */
    public TrialContention analyze(FlowSet flows, Scratch s, long[][] loadCounts, long[] flowCounts) {
        int n = flows.size();
        int[] load = s.load;
        Arrays.fill(load, 0);
        if (s.pathStart.length < n + 1) {
            s.pathStart = new int[n + 1];
        }
        int total = 0;
        int[] src = flows.src();
        int[] dst = flows.dst();
        for (int f = 0; f < n; f++) {
            int hops = lft.route(src[f], dst[f], s.route);
            if (s.paths.length < total + hops) {
                s.paths = Arrays.copyOf(s.paths, Math.max(2 * s.paths.length, total + hops));
            }
            s.pathStart[f] = total;
            for (int i = 0; i < hops; i++) {
                int link = s.route[i];
                load[link]++;
                s.paths[total++] = link;
            }
        }
        s.pathStart[n] = total;

        int maxContention = 0;
        long sumContention = 0;
        for (int f = 0; f < n; f++) {
            int c = 0;
            for (int i = s.pathStart[f]; i < s.pathStart[f + 1]; i++) {
                c = Math.max(c, load[s.paths[i]]);
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
                    loadCounts[c][load[p]]++;
                }
            }
        }
        double mean = n == 0 ? 0.0 : sumContention / (double) n;
        return new TrialContention(n, total, maxContention, mean, maxLoad);
    }
}
