package org.fabricsim.ib;

import org.fabricsim.routing.Forwarding;
import org.fabricsim.routing.ForwardingTables;

/**
 * Destination routing by the forwarding tables (D-mod-K, min-hop up-down, a table file): InfiniBand's LFT lookup,
 * or D-mod-K's port computed from the switch labels (routing-tables, docs/ROUTING.md). Reads the tables' storage
 * directly: this runs on every packet at every switch.
 */
final class StaticRouting implements Routing {
    private final Forwarding tables;
    private final int[] portBase;
    private final PacketPool pool;

    StaticRouting(ForwardingTables tables, Links links, PacketPool pool) {
        this.tables = tables.ports();
        this.portBase = links.portBase;
        this.pool = pool;
    }

    @Override
    public int output(long t, int node, int in, int pk) {
        return portBase[node] + tables.port(node, pool.dst(pk));
    }
}
