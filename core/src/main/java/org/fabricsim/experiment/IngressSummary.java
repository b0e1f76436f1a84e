package org.fabricsim.experiment;

import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.contention.LinkClasses;
import org.fabricsim.ib.ar.ArGrouping;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.io.Json;
import org.fabricsim.routing.ArGroups;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.IngressCounts;
import org.fabricsim.topology.Topology;

/**
 * {@code summary.json}'s {@code ingress_per_egress} with {@code metrics.ingress-counts = true} (seed 004 §V,
 * Table II; {@link IngressCounts}): per class of egress link, how many ingress ports may send to one of them.
 */
final class IngressSummary {
    private IngressSummary() {
    }

    /** Adds the section to {@code summary} when the run asks for it. */
    static void add(ExperimentConfig c, Map<String, Object> summary, Topology t, ForwardingTables lft,
            AdaptiveRouting adaptive) {
        if (!c.bool("metrics.ingress-counts")) {
            return;
        }
        // AR groups give every port a packet may take; the other modes are counted on their tables
        boolean groups = adaptive.mode() == AdaptiveRouting.Mode.GROUPS;
        ArGroups g = !groups ? null : adaptive.grouping() == ArGrouping.TREE ? ArGroups.tree(t) : ArGroups.lag(t, lft);
        IngressCounts counts = IngressCounts.of(t, lft, g);
        LinkClasses classes = new LinkClasses(t);
        Json.Obj section = Json.object().put("routes", groups ? "ar-groups(" + adaptive.grouping().key() + ")"
                : "tables");
        for (int k = 0; k < classes.count(); k++) {
            int ports = 0;
            int min = Integer.MAX_VALUE;
            int max = 0;
            int above = 0;
            int below = 0;
            for (int p = 0; p < t.portCount(); p++) {
                if (classes.classOf(p) == k && counts.total()[p] >= 0) {
                    ports++;
                    min = Math.min(min, counts.total()[p]);
                    max = Math.max(max, counts.total()[p]);
                    above = Math.max(above, counts.fromAbove()[p]);
                    below = Math.max(below, counts.fromBelow()[p]);
                }
            }
            if (ports > 0) {
                section.put(classes.name(k), Json.object().put("egress_ports", ports).put("total_min", min)
                        .put("total_max", max).put("from_above_max", above).put("from_below_max", below).asMap());
            }
        }
        summary.put("ingress_per_egress", section.asMap());
    }
}
