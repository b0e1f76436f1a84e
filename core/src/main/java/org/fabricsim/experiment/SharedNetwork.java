package org.fabricsim.experiment;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * What every LP of a packet run builds alike from the configuration — the topology, the flow schedule, each
 * flow's lane, and the forwarding tables where they do not depend on the part — built once per JVM and shared
 * by the run's LPs there (issue 16, D207): the LPs only read them. An LP holds its run's instance, and the JVM's
 * map holds it weakly, so that it goes with the run's last LP; a member that stays up between runs keeps none.
 *
 * @param tables the tables every part uses alike (computed D-mod-K, or whole tables where whole routes are
 *     walked); null when each part keeps only its own switches' rows (stored tables, D201)
 */
record SharedNetwork(Topology topology, FlowSchedule schedule, int[] flowLanes, ForwardingTables tables) {
    private static final Map<String, WeakReference<SharedNetwork>> BUILT = new HashMap<>();

    /**
     * The run's shared structures in this JVM: built by the first LP to ask, the others wait for it (building
     * them again would cost as much and hold a second copy).
     */
    static synchronized SharedNetwork of(String configJson, Path baseDir, ExperimentConfig c, long seed) {
        BUILT.values().removeIf(r -> r.get() == null);
        String key = baseDir + "\n" + configJson;
        WeakReference<SharedNetwork> ref = BUILT.get(key);
        SharedNetwork built = ref == null ? null : ref.get();
        if (built == null) {
            built = build(c, seed);
            BUILT.put(key, new WeakReference<>(built));
        }
        return built;
    }

    private static SharedNetwork build(ExperimentConfig c, long seed) {
        Topology t = NetworkBinding.topology(c);
        // computed D-mod-K holds the same columns for every part, and whole tables are whole: both are shared;
        // stored rows are the part's own (tablesFor)
        boolean samePerPart = !RateRealisationBinding.switchRoutesOnly(c)
                || Routings.isDModK(c.string("routing"), t) && NetworkBinding.computesDModK(c);
        ForwardingTables lft = samePerPart ? NetworkBinding.packetRouting(c, t, null) : null;
        // fluid rates walk whole routes, so they come with whole tables (PacketBinding.switchRoutesOnly)
        FlowSchedule schedule = RateRealisationBinding.rated(c, t, lft, PacketBinding.schedule(c, t, seed), seed);
        return new SharedNetwork(t, schedule, PacketBinding.flowLanes(c, schedule), lft);
    }

    /** The forwarding tables of the part whose switches {@code own} says: the shared ones, or its own rows. */
    ForwardingTables tablesFor(ExperimentConfig c, IntPredicate own) {
        return tables != null ? tables : NetworkBinding.packetRouting(c, topology, own);
    }
}
