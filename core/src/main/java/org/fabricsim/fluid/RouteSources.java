package org.fabricsim.fluid;

import java.nio.file.Path;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topology;

/**
 * The route source a configuration's {@code routing} names. Today: the static routings of {@link Routings}
 * ({@code auto}, {@code dmodk}, {@code updown}, {@code file:PATH}), as {@link StaticRoutes}. Adaptive flow
 * routing (spec §3; the "+AR" schemes of Figs 6.7–6.10) adds its names here, so every fluid experiment can
 * use it without change.
 */
public final class RouteSources {
    private RouteSources() {
    }

    /**
     * @param baseDir where relative table files are resolved (null: the working directory)
     * @throws org.fabricsim.InputException for an unknown name or a bad table file
     */
    public static RouteSource of(String name, Topology topology, Path baseDir) {
        return new StaticRoutes(Routings.compute(name, topology, baseDir));
    }
}
