package org.fabricsim.ratecontrol;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.fluid.FluidProblem;
import org.fabricsim.fluid.RateAlgorithm;
import org.fabricsim.fluid.RateCalculator;
import org.fabricsim.fluid.RateOptions;
import org.fabricsim.fluid.RouteSource;
import org.fabricsim.fluid.RouteSources;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.sweep.TrialKernel;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.TrafficPattern;

/**
 * The trials of one point of a rate-protocol sweep ({@code experiment = rate-protocols}, seed 003 §6.8-6.11;
 * docs/RATES.md): trial t draws the flows, routes them (adaptive flow routing on the modified tree, or the
 * static routing), runs each protocol as control packets ({@link RateProtocols}) and reports, per protocol:
 * <ul>
 * <li>the mean and largest calculation time over the flows (Figs 6.9, 6.11): when a flow's rate last changed
 * or its loop last ended; with a late start, from that start over the flows it changed; DAFA from its last
 * round's trigger at the leader (the thesis leaves the announcements and the barrier out) to the rates'
 * arrival at each source;</li>
 * <li>the mean and largest number of control packets to the final rate (§6.8);</li>
 * <li>how far the result is from the fluid level's on the same routes: SAA's rates for SAA, FFA's for DFFA,
 * AFA's for DAFA, and for SAA-M the worst of a flow below its SAA rate, a link above capacity and a flow
 * without a saturated link (Theorem 4.1.5);</li>
 * <li>SAA and SAA-M: the largest round trip of a flow's probe with no other packet about, the "propagation
 * delay" §4.1.2 expects "bounded from above by around 10µs" (its queueing delay left out);</li>
 * <li>SAA: the most probes a flow sent after every flow's announcement had crossed its path, up to the one that
 * gave it its final rate (§4.1.2: "After all flows announce start, it takes each flow a single probing").</li>
 * </ul>
 * {@code dafa-model} is the thesis' timing formula (§6.5, spec §6.11): two PIF waves per AFA iteration over
 * h_max hops from the leader (the first top-level switch; h_max by breadth-first search), T = 2·I·h_max·(T_d +
 * T_c), where I, the iterations of AFA (Alg 4.12), is the number of distinct application rates of AFA's
 * result on the trial's flows — every iteration raises ρ and fixes at least one application at it; its
 * calculation time is T for every flow, its packet columns 0, its error 0.
 *
 * @param topology a preset or generator expression
 * @param routing the static routing (the default return paths, and the routes with {@code adaptive} false)
 * @param adaptiveRoutes whether flows take adaptive flow routing ({@code options})
 * @param options adaptive flow routing's options
 * @param pattern the flows
 * @param kinds the protocols
 * @param protocol their options
 * @param dafaHopPs DAFA's per-hop distribution delay T_d (the thesis: 200 ns)
 * @param dafaAggregationPs its per-hop aggregation delay T_c (400 ns)
 * @param seed the point's master seed
 */
public record RateProtocolsKernel(String topology, String routing, boolean adaptiveRoutes, AdaptiveOptions options,
        TrafficPattern pattern, List<RateProtocols.Kind> kinds, RateProtocols.Options protocol, long dafaHopPs,
        long dafaAggregationPs, long seed) implements TrialKernel {
    private static final long serialVersionUID = 1L;
    private static final String[] MEASURES = {"calc_mean_ns", "calc_max_ns", "packets_mean_milli", "packets_max",
        "error_ppb"};

    /** A protocol's columns start with its key, {@code -} as {@code _}. */
    public static String prefix(RateProtocols.Kind k) {
        return k.key().replace('-', '_') + "_";
    }

    @Override
    public List<String> columns() {
        List<String> c = new ArrayList<>();
        c.add("flows");
        for (RateProtocols.Kind k : kinds) {
            for (String m : MEASURES) {
                c.add(prefix(k) + m);
            }
            if (probes(k)) {
                c.add(prefix(k) + "probe_idle_rtt_max_ns");
            }
            if (k == RateProtocols.Kind.SAA) {
                c.add(prefix(k) + "probes_after_announced_max");
            }
        }
        return c;
    }

    @Override
    public TrialRunner open() {
        Topology t = Topologies.resolve(topology, 0, 0, null);
        ForwardingTables lft = Routings.compute(routing, t, null);
        RouteSource routes = RouteSources.of(adaptiveRoutes ? "adaptive" : routing, t, null, options);
        HostGroups hosts = HostGroups.of(t);
        RateCalculator calculator = new RateCalculator();
        int hMax = new LeaderTree(t).eccentricity();
        return (trial, out) -> {
            FlowSet flows = pattern.generate(hosts, Seeds.stream(seed, trial, Purpose.TRAFFIC));
            FlowRoutes paths = routes.routes(flows, Seeds.stream(seed, trial, Purpose.ROUTING));
            FluidProblem p = FluidProblem.of(paths, flows, t.portCount());
            int col = 0;
            out[col++] = flows.size();
            for (RateProtocols.Kind k : kinds) {
                if (k == RateProtocols.Kind.DAFA_MODEL) {
                    int iterations = afaIterations(p, calculator, trial);
                    long ns = Math.round(2.0 * iterations * hMax * (dafaHopPs + dafaAggregationPs) / 1000.0);
                    out[col++] = ns;
                    out[col++] = ns;
                    out[col++] = 0;
                    out[col++] = 0;
                    out[col++] = 0;
                    continue;
                }
                RateProtocols.Result r = RateProtocols.run(k, t, lft, flows, paths, protocol,
                        Seeds.seed(seed, trial, 0, Purpose.FLUID));
                long from = k == RateProtocols.Kind.DAFA ? r.originPs() : r.lateFlow() >= 0 ? r.lastStartPs() : 0;
                long sum = 0;
                long max = 0;
                long packets = 0;
                int most = 0;
                int counted = 0;
                for (int f = 0; f < flows.size(); f++) {
                    if (paths.length(f) == 0 || r.calculationPs()[f] <= from && from > 0) {
                        continue; // unchanged by the late start
                    }
                    long c = r.calculationPs()[f] - from;
                    sum += c;
                    max = Math.max(max, c);
                    packets += r.packetsToFinal()[f];
                    most = Math.max(most, r.packetsToFinal()[f]);
                    counted++;
                }
                out[col++] = counted == 0 ? 0 : Math.round(sum / 1000.0 / counted);
                out[col++] = Math.round(max / 1000.0);
                out[col++] = counted == 0 ? 0 : Math.round(1000.0 * packets / counted);
                out[col++] = most;
                out[col++] = Math.round(1e9 * error(k, p, r.rate(), calculator, trial));
                if (probes(k)) {
                    out[col++] = Math.round(r.idleRoundTripMaxPs() / 1000.0);
                }
                if (k == RateProtocols.Kind.SAA) {
                    int probes = 0;
                    for (int f = 0; f < flows.size(); f++) {
                        probes = Math.max(probes, r.packetsToFinalAfterAnnounced()[f]);
                    }
                    out[col++] = probes;
                }
            }
        };
    }

    /** SAA and SAA-M probe their paths: their columns add the largest idle round trip of a probe. */
    private static boolean probes(RateProtocols.Kind k) {
        return k == RateProtocols.Kind.SAA || k == RateProtocols.Kind.SAA_M;
    }

    /** AFA's iterations (Alg 4.12) on {@code p}: its distinct application rates (flows without one: their own). */
    static int afaIterations(FluidProblem p, RateCalculator calculator, long trial) {
        double[] rate = calculator.calculate(p, RateOptions.of(RateAlgorithm.AFA), new SplittableRandom(trial)).rate();
        java.util.Map<Integer, Double> app = new java.util.HashMap<>();
        int own = -2;
        for (int f = 0; f < rate.length; f++) {
            int a = p.app()[f] >= 0 ? p.app()[f] : own--;
            app.merge(a, rate[f] / p.weight()[f], Math::min);
        }
        double[] levels = app.values().stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int distinct = 0;
        for (int i = 0; i < levels.length; i++) {
            if (i == 0 || levels[i] - levels[i - 1] > 1e-9 * levels[i]) {
                distinct++;
            }
        }
        return distinct;
    }

    /** How far {@code rate} is from the fluid level's answer (see the class comment). */
    static double error(RateProtocols.Kind k, FluidProblem p, double[] rate, RateCalculator calculator, long trial) {
        RateAlgorithm fluid = switch (k) {
            case DFFA -> RateAlgorithm.FFA;
            case DAFA -> RateAlgorithm.AFA;
            default -> RateAlgorithm.SAA; // SAA's own, and SAA-M's floor
        };
        double[] want = calculator.calculate(p, RateOptions.of(fluid), new SplittableRandom(trial)).rate();
        double worst = 0;
        if (k != RateProtocols.Kind.SAA_M) {
            for (int f = 0; f < rate.length; f++) {
                worst = Math.max(worst, Math.abs(rate[f] - want[f]));
            }
            return worst;
        }
        FlowRoutes r = p.routes();
        double[] load = new double[p.linkCount()];
        for (int f = 0; f < rate.length; f++) {
            worst = Math.max(worst, want[f] - rate[f]); // below SAA
            for (int i = r.start()[f]; i < r.start()[f + 1]; i++) {
                load[r.links()[i]] += rate[f];
            }
        }
        for (double l : load) {
            worst = Math.max(worst, l - 1);
        }
        for (int f = 0; f < rate.length; f++) {
            double most = 0;
            for (int i = r.start()[f]; i < r.start()[f + 1]; i++) {
                most = Math.max(most, load[r.links()[i]]);
            }
            if (r.start()[f + 1] > r.start()[f]) {
                worst = Math.max(worst, 1 - most);
            }
        }
        return worst;
    }
}
