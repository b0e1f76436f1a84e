package org.fabricsim.experiment;

import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.fluid.FluidProblem;
import org.fabricsim.fluid.RateAlgorithm;
import org.fabricsim.fluid.RateCalculator;
import org.fabricsim.fluid.RateOptions;
import org.fabricsim.fluid.RouteSources;
import org.fabricsim.fluid.StaticRoutes;
import org.fabricsim.ib.rates.RateRealisation;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.Forwarding;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;

/**
 * Binds {@code packet.injection}, {@code packet.rates} and {@code packet.routes} (conf/defaults.conf) to seed 003's
 * rate realisation at the packet level: how the HCAs realise their flows' rates, the rates, and the paths.
 */
public final class RateRealisationBinding {
    private RateRealisationBinding() {
    }

    /**
     * How the HCAs realise their flows' rates ({@code packet.injection}, seed 003 ch. 5); anything the chosen
     * realisation is not built with is refused with its key.
     */
    public static RateRealisation rateRealisation(ExperimentConfig c) {
        var r = RateRealisation.of(c.choice("packet.injection",
                List.of("round-robin", "periodic-selection", "shaped-virtual-clock")));
        if (r == RateRealisation.ROUND_ROBIN) {
            return r;
        }
        refuseRateConflicts(c, "packet.injection", r.word());
        return r;
    }

    /** Rate realisation and paths set up before the run are built for plain flows, sequentially. */
    static void refuseRateConflicts(ExperimentConfig c, String key, String what) {
        String why = !c.string("packet.traffic").equals("flows") ? "packet.traffic"
                : c.bool("packet.cc.enabled") ? "packet.cc.enabled"
                : c.bool("packet.isolation.enabled") ? "packet.isolation.enabled"
                : PacketRoutingBinding.adaptiveRouting(c).mode() != AdaptiveRouting.Mode.STATIC ? "packet.adaptive-routing.mode"
                : c.string("engine.kind").equals("distributed") ? "engine.kind" : null;
        if (why != null) {
            throw c.error(key, what + " is built for flows on static routes, sequentially, without congestion"
                    + " control or isolation: " + why + " conflicts");
        }
    }

    /**
     * Whether the run looks up ports only at the switches that forward (static switch routing, the given rates,
     * routes by the tables): then a logical process needs only its own switches' table rows. Adaptive switch
     * routings fill per-switch state from every switch's row, and fluid rates walk every flow's whole route
     * (docs/DISTRIBUTED.md, "What each LP holds").
     */
    public static boolean switchRoutesOnly(ExperimentConfig c) {
        return PacketRoutingBinding.adaptiveRouting(c).mode() == AdaptiveRouting.Mode.STATIC && c.string("packet.rates").equals("given")
                && c.string("packet.routes").equals("tables") && !GivenRoutes.any(c);
    }

    /** Whether {@code packet.routes = adaptive}; a combination it is not built for is refused by its key. */
    public static boolean adaptiveRoutes(ExperimentConfig c) {
        if (c.choice("packet.routes", List.of("tables", "adaptive")).equals("tables")) {
            return false;
        }
        refuseRateConflicts(c, "packet.routes", "adaptive");
        return true;
    }

    /**
     * The flows' paths with {@code packet.routes = adaptive}: seed 003's adaptive flow routing (the
     * {@code adaptive.*} options) set up at the fluid level before the run, as the thesis does (routes first);
     * the packets then follow them. {@code tables}: the forwarding tables route, but where {@code packet.flows}
     * gives a flow its {@code route} ({@link GivenRoutes}); null when none does.
     */
    public static FlowRoutes flowPaths(ExperimentConfig c, Topology t, Forwarding lft, FlowSchedule s, long seed) {
        if (!adaptiveRoutes(c)) {
            return GivenRoutes.of(c, t, lft, s);
        }
        return RouteSources.of("adaptive", t, c.baseDir(), AdaptiveRoutingBinding.options(c))
                .routes(s.flows(), Seeds.stream(seed, 0, Seeds.Purpose.ROUTING));
    }

    /**
     * The schedule with its flows' rates from the fluid level when {@code packet.rates} names an algorithm (seed
     * 003 ch. 4 on the routes the run's packets take, {@link #flowPaths} or the tables; unit = the links' bandwidth, which must be one for all): SAA,
     * SAA-M and AFA weigh a flow by its size, FFA weighs every flow 1. {@code given}: as it is.
     */
    public static FlowSchedule rated(ExperimentConfig c, Topology t, ForwardingTables lft, FlowSchedule s, long seed) {
        String key = c.choice("packet.rates", List.of("given", "saa", "saa-m", "ffa", "afa"));
        if (key.equals("given")) {
            return s;
        }
        var algorithm = RateAlgorithm.byKey(key);
        long bandwidth = t.bandwidthBps(0);
        for (int p = 0; p < t.portCount(); p++) {
            if (t.bandwidthBps(p) != bandwidth && t.peerPort(p) >= 0) {
                throw c.error("packet.rates", "the fluid rates are fractions of one link bandwidth; topology "
                        + t.name() + " mixes " + bandwidth + " and " + t.bandwidthBps(p) + " bit/s");
            }
        }
        FlowSet flows = s.flows();
        double[] weight = flows.weight().clone();
        if (algorithm != RateAlgorithm.FFA) {
            for (int f = 0; f < s.size(); f++) {
                if (s.bytes()[f] <= 0) {
                    throw c.error("packet.rates", key + " weighs a flow by its size: flow " + f + " has none (bytes)");
                }
                weight[f] = s.bytes()[f];
            }
        }
        FlowSet weighted = new FlowSet(flows.src(), flows.dst(), weight, flows.app());
        FlowRoutes paths = flowPaths(c, t, lft, s, seed); // the routes the packets will take
        var problem = paths != null ? FluidProblem.of(paths, weighted, t.portCount())
                : FluidProblem.of(t, new StaticRoutes(lft), weighted, Seeds.stream(seed, 0, Seeds.Purpose.ROUTING));
        double[] rate = new RateCalculator().calculate(problem,
                RateOptions.of(algorithm), Seeds.stream(seed, 0, Seeds.Purpose.FLUID)).rate();
        long[] bps = s.rateBps().clone();
        for (int f = 0; f < bps.length; f++) {
            bps[f] = Math.max(1, Math.round(rate[f] * bandwidth));
        }
        return new FlowSchedule(flows, s.startPs(), s.stopPs(), s.bytes(), bps, s.after());
    }
}
