package org.fabricsim.ib.run;

import org.fabricsim.ib.DecisionPoints;
import org.fabricsim.ib.ar.ArGroupMechanisms;
import org.fabricsim.ib.ar.EarMechanisms;
import org.fabricsim.ib.cc.CcMechanisms;
import org.fabricsim.ib.circuits.CircuitMechanisms;
import org.fabricsim.ib.isolation.IsolationMechanisms;
import org.fabricsim.ib.isolation.IsolationParams;
import org.fabricsim.ib.rates.RateMechanisms;
import org.fabricsim.ib.rates.RateRealisation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.routing.FlowRoutes;

/**
 * The choice of what fills each decision point of a run (DESIGN.md, "The packet model's elements and decision
 * points"): the one place that knows every mechanism package. Each mechanism fills its own decision points
 * ({@link DecisionPoints}); this class only picks them from a run's settings and says which combinations are
 * not built.
 */
public final class Mechanisms {
    private Mechanisms() {
    }

    /**
     * The mechanisms of a routing and, if {@code cc} is not null, InfiniBand congestion control (not combined
     * with an adaptive routing yet).
     */
    public static DecisionPoints of(AdaptiveRouting routing, CcParams cc, long seed, int[] flowLanes) {
        return of(routing, cc, null, seed, flowLanes);
    }

    /**
     * ... and congested-flow isolation if {@code isolation} is not null (static routing only), throttled by
     * {@code cc}'s HCAs when that is not null too.
     */
    public static DecisionPoints of(AdaptiveRouting routing, CcParams cc, IsolationParams isolation, long seed,
            int[] flowLanes) {
        if (isolation != null) {
            if (routing.mode() != AdaptiveRouting.Mode.STATIC) {
                throw new IllegalArgumentException("congested-flow isolation with adaptive routing is not built");
            }
            return new IsolationMechanisms(isolation,
                    cc == null ? DecisionPoints.STATIC : new CcMechanisms(cc, seed, flowLanes), cc, seed);
        }
        if (cc == null) {
            return routing(routing, seed);
        }
        if (routing.mode() != AdaptiveRouting.Mode.STATIC) {
            throw new IllegalArgumentException("congestion control with adaptive routing is not built yet");
        }
        return new CcMechanisms(cc, seed, flowLanes);
    }

    /** The mechanisms that realise {@code routing}. */
    public static DecisionPoints routing(AdaptiveRouting routing, long seed) {
        return switch (routing.mode()) {
            case STATIC -> DecisionPoints.STATIC;
            case GROUPS -> new ArGroupMechanisms(routing.grouping(), routing.selection());
            case EAR -> new EarMechanisms(routing.ear(), seed);
            case CIRCUITS -> new CircuitMechanisms(routing.circuits(), seed);
        };
    }

    /** Seed 003's rate realisation on the tables or on given flow routes ({@code paths}, null: the tables). */
    public static DecisionPoints rates(RateRealisation realisation, FlowRoutes paths) {
        return new RateMechanisms(realisation, paths);
    }
}
