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
        final RouteContention contention = new RouteContention(classes, topology.portCount());
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
            System.arraycopy(s.route, 0, s.paths, total, hops);
            total += hops;
        }
        s.pathStart[n] = total;
        return s.contention.analyze(n, s.pathStart, s.paths, loadCounts, flowCounts);
    }
}
