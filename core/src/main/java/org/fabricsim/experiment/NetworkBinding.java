package org.fabricsim.experiment;

import java.util.List;
import java.util.function.IntPredicate;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;

/**
 * Binds {@code topology.*} and {@code routing} to a topology and its forwarding tables; public so that the
 * benchmark harnesses (benchmarks/) bind them exactly as a run does.
 */
public final class NetworkBinding {
    private NetworkBinding() {
    }

    public static Topology topology(ExperimentConfig c) {
        String name = c.string("topology.name");
        long bandwidth = optional(c, "topology.link-bandwidth", true);
        long latency = optional(c, "topology.link-latency", false);
        try {
            return Topologies.resolve(name, bandwidth, latency, c.baseDir());
        } catch (InputException e) {
            throw c.errorAt("topology.name", e);
        }
    }

    /** 0 for "default", else the positive value. */
    private static long optional(ExperimentConfig c, String key, boolean bandwidth) {
        if (c.string(key).equals("default")) {
            return 0;
        }
        long v = bandwidth ? c.bandwidth(key) : c.time(key);
        if (v <= 0) {
            throw c.error(key, "must be positive");
        }
        return v;
    }

    /**
     * The routing as a packet run holds it (issue 16): D-mod-K computed unless {@code routing-tables = stored}, and of
     * stored tables only the rows of the switches {@code held} accepts (null: all; a logical process's own).
     */
    public static ForwardingTables packetRouting(ExperimentConfig c, Topology t, IntPredicate held) {
        try {
            return Routings.compute(c.string("routing"), t, c.baseDir(), computesDModK(c), held);
        } catch (InputException e) {
            throw c.errorAt("routing", e);
        }
    }

    /** {@code routing-tables}: whether D-mod-K's ports are computed rather than stored (auto: computed, D200). */
    public static boolean computesDModK(ExperimentConfig c) {
        return !c.choice("routing-tables", List.of("auto", "computed", "stored")).equals("stored");
    }

    public static ForwardingTables routing(ExperimentConfig c, Topology t) {
        try {
            return Routings.compute(c.string("routing"), t, c.baseDir());
        } catch (InputException e) {
            throw c.errorAt("routing", e);
        }
    }
}
