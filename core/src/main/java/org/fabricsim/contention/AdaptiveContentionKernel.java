package org.fabricsim.contention;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.routing.DModK;
import org.fabricsim.routing.Forwarding;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.routing.adaptive.AdaptiveRouter;
import org.fabricsim.sweep.TrialKernel;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.FatTrees;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.RandomPermutation;

/**
 * The trials of one point of a contention sweep under adaptive routing (seed 003 §6.2, Figs 6.2, 6.4–6.6):
 * trial t draws a random permutation, routes it obliviously (D-mod-K) on the k-ary n-tree without horizontal
 * links and adaptively on the given (possibly modified) tree, and reports both contentions. The permutation
 * and the routing's random choices depend only on (seed, t) — not on the point — so every point of a sweep
 * routes the same permutations and the points differ by their parameters only.
 *
 * @param topology a generated fat tree (preset or expression), with horizontal links for the modified tree;
 *     the oblivious baseline runs on the same tree without them (seed 003 §6.2, Remark)
 * @param options adaptive routing options
 * @param derangement draw permutations without fixed points (else fixed points are dropped, D15)
 * @param loadBins with link loads: per link class and routing, how many links carry 0, 1, …, loadBins − 1
 *     flows (the last bin: that many or more); 0 for none
 * @param seed the sweep's master seed
 */
public record AdaptiveContentionKernel(String topology, AdaptiveOptions options, boolean derangement, int loadBins,
        long seed) implements TrialKernel {
    private static final long serialVersionUID = 1L;

    /** Per-trial columns before the link-load columns, in this order. */
    public static final List<String> COLUMNS = List.of("flows", "oblivious_max_contention",
            "oblivious_mean_contention_ppm", "adaptive_max_contention", "adaptive_mean_contention_ppm",
            "oblivious_links", "adaptive_links", "adaptive_horizontal_hops");

    public static final String OBLIVIOUS = "oblivious";
    public static final String ADAPTIVE = "adaptive";

    @Override
    public List<String> columns() {
        List<String> columns = new ArrayList<>(COLUMNS);
        if (loadBins > 0) {
            LinkClasses classes = new LinkClasses(FatTrees.withoutHorizontalLinks(Topologies.resolve(topology, 0, 0, null)));
            for (String routing : List.of(OBLIVIOUS, ADAPTIVE)) {
                for (int c : switchClasses(classes)) {
                    for (int x = 0; x < loadBins; x++) {
                        columns.add(loadColumn(routing, classes.name(c), x));
                    }
                }
            }
        }
        return columns;
    }

    /** The column of the number of links of a class carrying x flows, e.g. {@code oblivious_load_up_1_2_3}. */
    public static String loadColumn(String routing, String linkClass, int x) {
        return routing + "_load_" + linkClass.replace('-', '_') + "_" + x;
    }

    /** The switch-to-switch link classes of a tree without horizontal links (Fig 6.2's U and D sets). */
    public static List<Integer> switchClasses(LinkClasses classes) {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < classes.count(); c++) {
            String name = classes.name(c);
            if (!name.contains("-0-") && !name.endsWith("-0") && !name.startsWith("horizontal")) {
                out.add(c);
            }
        }
        return out;
    }


    @Override
    public TrialRunner open() {
        Topology modified = Topologies.resolve(topology, 0, 0, null);
        Topology base = FatTrees.withoutHorizontalLinks(modified);
        Forwarding oblivious = DModK.forwarding(base);
        AdaptiveRouter router = AdaptiveRouter.dModK(modified, options);
        LinkClasses baseClasses = new LinkClasses(base);
        LinkClasses modifiedClasses = new LinkClasses(modified);
        RouteContention baseContention = new RouteContention(baseClasses, base.portCount());
        RouteContention modifiedContention = new RouteContention(modifiedClasses, modified.portCount());
        List<Integer> classes = switchClasses(baseClasses);
        long[][] baseLoads = loadBins > 0 ? new long[baseClasses.count()][loadBins] : null;
        long[][] modifiedLoads = loadBins > 0 ? new long[modifiedClasses.count()][loadBins] : null;
        int[] modifiedClassOf = new int[classes.size()];
        for (int i = 0; i < classes.size(); i++) {
            modifiedClassOf[i] = modifiedClasses.names().indexOf(baseClasses.name(classes.get(i)));
        }
        HostGroups hosts = HostGroups.of(base);
        RandomPermutation pattern = new RandomPermutation(derangement);
        return (trial, out) -> {
            FlowSet flows = pattern.generate(hosts, Seeds.stream(seed, trial, Purpose.TRAFFIC));
            SplittableRandom rng = Seeds.stream(seed, trial, Purpose.ROUTING);
            clear(baseLoads);
            clear(modifiedLoads);
            TrialContention ob = baseContention.analyze(FlowRoutes.of(base, oblivious, flows), baseLoads, null);
            FlowRoutes routes = router.route(flows, rng);
            TrialContention ad = modifiedContention.analyze(routes, modifiedLoads, null);
            out[0] = flows.size();
            out[1] = ob.maxContention();
            out[2] = Math.round(ob.meanContention() * 1e6);
            out[3] = ad.maxContention();
            out[4] = Math.round(ad.meanContention() * 1e6);
            out[5] = ob.linkTraversals();
            out[6] = ad.linkTraversals();
            out[7] = router.horizontalHops();
            if (loadBins > 0) {
                int col = COLUMNS.size();
                for (int c : classes) {
                    for (int x = 0; x < loadBins; x++) {
                        out[col++] = baseLoads[c][x];
                    }
                }
                for (int i = 0; i < classes.size(); i++) {
                    for (int x = 0; x < loadBins; x++) {
                        out[col++] = modifiedLoads[modifiedClassOf[i]][x];
                    }
                }
            }
        };
    }

    private static void clear(long[][] counts) {
        if (counts != null) {
            for (long[] c : counts) {
                java.util.Arrays.fill(c, 0);
            }
        }
    }
}
