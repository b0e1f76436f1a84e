package org.fabricsim.ib.ar;

import org.fabricsim.ib.DecisionPoints;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.Routing;
import org.fabricsim.routing.ArGroups;

/**
 * InfiniBand AR groups (seed 004) as the network's mechanisms: only the routing decision at the switch
 * inputs changes ({@link ArGroupRouting}); no control packets (ARN was not evaluated in seed 004).
 */
public final class ArGroupMechanisms extends DecisionPoints {
    private final ArGrouping grouping;
    private final ArSelection selection;

    public ArGroupMechanisms(ArGrouping grouping, ArSelection selection) {
        this.grouping = grouping;
        this.selection = selection;
    }

    @Override
    public boolean countsQueuedBlocks() {
        return selection == ArSelection.LEAST_QUEUED;
    }

    @Override
    public Routing routing(PacketNetwork net) {
        ArGroups groups = grouping == ArGrouping.TREE ? ArGroups.tree(net.topology())
                : ArGroups.lag(net.topology(), net.tables());
        return new ArGroupRouting(net, groups, selection);
    }
}
