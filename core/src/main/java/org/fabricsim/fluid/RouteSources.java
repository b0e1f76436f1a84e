package org.fabricsim.fluid;

import java.nio.file.Path;
import org.fabricsim.InputException;
import org.fabricsim.routing.Routings;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.routing.adaptive.AdaptiveRouter;
import org.fabricsim.topology.Topology;

/**
 * The route source a configuration's {@code routing} names: the static routings of {@link Routings}
 * ({@code auto}, {@code dmodk}, {@code updown}, {@code file:PATH}) as {@link StaticRoutes}, or
 * {@code adaptive}: adaptive flow routing (spec §3) with D-mod-K default ports, which sets the routes of each
 * trial's flows up through the port selectors — the "+AR" schemes of seed 003 Figs 6.7–6.10.
 */
public final class RouteSources {
    /** Adaptive flow routing (routing.adaptive) with the {@code adaptive.*} options. */
    public static final String ADAPTIVE = "adaptive";

    private RouteSources() {
    }

    /** Whether {@code name} is adaptive flow routing. */
    public static boolean isAdaptive(String name) {
        return name.trim().equals(ADAPTIVE);
    }

    /** {@link #of(String, Topology, Path, AdaptiveOptions)} with the default adaptive options. */
    public static RouteSource of(String name, Topology topology, Path baseDir) {
        return of(name, topology, baseDir, AdaptiveOptions.DEFAULT);
    }

    /**
     * @param baseDir  where relative table files are resolved (null: the working directory)
     * @param adaptive the options of {@code adaptive} (ignored by the static routings)
     * @throws InputException for an unknown name, a bad table file, or {@code adaptive} on a topology that is
     *     not a generated fat tree
     */
    public static RouteSource of(String name, Topology topology, Path baseDir, AdaptiveOptions adaptive) {
        if (isAdaptive(name)) {
            if (topology.fatTree().isEmpty()) {
                throw new InputException("routing " + ADAPTIVE + " needs a generated fat tree (kary-ntree,"
                        + " mkary-ntree, xgft, pgft, clos or a tree preset); " + topology.name() + " is not one");
            }
            AdaptiveRouter router = AdaptiveRouter.dModK(topology, adaptive);
            return router::route; // one router per source: it keeps the switches' counters between set-ups
        }
        return new StaticRoutes(Routings.compute(name, topology, baseDir));
    }
}
