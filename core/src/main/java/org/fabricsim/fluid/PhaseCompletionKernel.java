package org.fabricsim.fluid;

import java.util.List;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.sweep.TrialKernel;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.TrafficPattern;

/**
 * The trials of one point of a single phase-based application sweep (seed 003 §6.3, Fig 6.7; spec §6.6):
 * every trial draws the phase's flows, routes them (statically or adaptively), calculates their rates and
 * reports the total completion time of the phase with sizes d_f = w_f (all flows of the thesis' experiments
 * are equal, w_f = d_f = 1: one unit of time at line rate, spec §7 items 18 and 28).
 *
 * <p>Completion times are whole numbers here: for one application with w_f = d_f every algorithm completes
 * at W = max_l Σ_{F_l} w_f / c_l (Theorem 4.1.1, spec §4.6), an integer for unit weights and capacities; a
 * trial whose total is not (within 1e-9) fails rather than being rounded.
 *
 * @param topology   a preset, generator expression or topology file path (absolute, or relative to the
 *                   working directory of whichever JVM runs the trials)
 * @param routing    the route source as {@link RouteSources#of} names it (a static routing, or adaptive)
 * @param adaptive   the options of adaptive flow routing (read only when routing is adaptive)
 * @param pattern    the phase's traffic, e.g. {@code Superposition(P)}
 * @param options    the rate algorithm and its options
 * @param completion how completion follows from the rates
 * @param seed       the point's master seed: trial t draws traffic from (seed, t, TRAFFIC), routing
 *                   choices from (seed, t, ROUTING) and SAA-M's claim order from (seed, t, FLUID)
 */
public record PhaseCompletionKernel(String topology, String routing, AdaptiveOptions adaptive, TrafficPattern pattern,
        RateOptions options,
        CompletionModel completion, long seed) implements TrialKernel {
    private static final long serialVersionUID = 1L;

    /** Per-trial columns: total completion time (time units), flows, and the maximum link weight W. */
    public static final List<String> COLUMNS = List.of("completion", "flows", "max_link_weight");

    @Override
    public List<String> columns() {
        return COLUMNS;
    }

    @Override
    public TrialRunner open() {
        Topology t = Topologies.resolve(topology, 0, 0, null);
        RouteSource routes = RouteSources.of(routing, t, null, adaptive);
        HostGroups hosts = HostGroups.of(t);
        RateCalculator calculator = new RateCalculator();
        return (trial, out) -> {
            FlowSet flows = pattern.generate(hosts, Seeds.stream(seed, trial, Purpose.TRAFFIC));
            FluidProblem p = FluidProblem.of(t, routes, flows, Seeds.stream(seed, trial, Purpose.ROUTING));
            CompletionTimes c = CompletionTimes.of(p, p.weight(), completion, options, calculator,
                    Seeds.stream(seed, trial, Purpose.FLUID));
            out[0] = whole(c.total(), "total completion time", trial);
            out[1] = flows.size();
            out[2] = whole(maxLinkWeight(p), "maximum link weight", trial);
        };
    }

    /** W = max_l Σ_{F_l} w_f / c_l (spec §1.4, Eq. 4.3). */
    static double maxLinkWeight(FluidProblem p) {
        double[] load = new double[p.linkCount()];
        FlowRoutes r = p.routes();
        double w = 0;
        for (int f = 0; f < r.flows(); f++) {
            for (int i = r.start()[f]; i < r.start()[f + 1]; i++) {
                int l = r.links()[i];
                load[l] += p.weight()[f];
                w = Math.max(w, load[l] / p.capacity()[l]);
            }
        }
        return w;
    }

    private static long whole(double v, String what, long trial) {
        long r = Math.round(v);
        if (Math.abs(v - r) > 1e-9 * Math.max(1, Math.abs(v))) {
            throw new IllegalStateException("trial " + trial + ": the " + what + " " + v
                    + " is not a whole number (weights or capacities other than 1?)");
        }
        return r;
    }
}
