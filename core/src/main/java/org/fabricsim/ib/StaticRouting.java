package org.fabricsim.ib;

import org.fabricsim.routing.ForwardingTables;

/** Destination routing by the forwarding tables (D-mod-K, min-hop up-down, a table file): InfiniBand's LFT lookup. */
final class StaticRouting implements Routing {
    private final ForwardingTables tables;
    private final int[] portBase;
    private final PacketPool pool;

    StaticRouting(ForwardingTables tables, Links links, PacketPool pool) {
        this.tables = tables;
        this.portBase = links.portBase;
        this.pool = pool;
    }

    @Override
    public int output(long t, int node, int in, int pk) {
        return portBase[node] + tables.port(node, pool.dst[pk]);
    }
}
