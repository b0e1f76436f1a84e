package org.fabricsim.ib;

import org.fabricsim.routing.ArGroups;

/**
 * InfiniBand AR groups (seed 004) as the network's mechanisms: only the routing decision at the switch
 * inputs changes ({@link ArGroupRouting}); no control packets (ARN was not evaluated in seed 004).
 */
final class ArGroupMechanisms extends Mechanisms {
    private final AdaptiveRouting.Grouping grouping;
    private final AdaptiveRouting.Selection selection;

    ArGroupMechanisms(AdaptiveRouting.Grouping grouping, AdaptiveRouting.Selection selection) {
        this.grouping = grouping;
        this.selection = selection;
    }

    @Override
    boolean countsQueuedBlocks() {
        return selection == AdaptiveRouting.Selection.LEAST_QUEUED;
    }

    @Override
    Routing routing(PacketNetwork net) {
        ArGroups groups = grouping == AdaptiveRouting.Grouping.TREE ? ArGroups.tree(net.topology())
                : ArGroups.lag(net.topology(), net.tables());
        return new ArGroupRouting(net, groups, selection);
    }
}
