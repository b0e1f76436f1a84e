package org.fabricsim.ib.circuits;

import java.util.SplittableRandom;
import org.fabricsim.ib.ControlPacket;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.Routing;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.adaptive.AdaptiveRouter;

/**
 * Seed 003 §3's flow-level adaptive routing at the packet level, the switch side: every switch's port
 * selector, route caches per input port and flow counters per output are the fluid level's
 * ({@link AdaptiveRouter}, each switch touching only its own ports), driven by packets instead of a loop:
 * a route set-up packet picks its output at each switch input (§3.2; the least-loaded allowed port, the
 * default port on ties, cached per input and flow when it is not the default), a data packet follows the
 * cache or the default port (§3.3), a tear-down packet follows the data and erases the entry (§3.4), and
 * returning set-ups, tear-downs and acknowledgements take the default path and change nothing.
 */
final class CircuitRouting implements Routing {
    private final AdaptiveRouter router;
    private final PacketPool pool;
    private final int[] portBase;
    private final int hosts;
    private final SplittableRandom[] random; // per switch, its own stream (ties among alternate ports)

    CircuitRouting(PacketNetwork net, AdaptiveRouter router, long seed) {
        this.router = router;
        this.pool = net.pool();
        this.portBase = net.links().portBase;
        this.hosts = net.topology().hostCount();
        int switches = net.topology().switchCount();
        random = new SplittableRandom[switches];
        for (int s = 0; s < switches; s++) {
            random[s] = Seeds.stream(seed, 0, hosts + s, Seeds.Purpose.ROUTING);
        }
    }

    /** The switches' selector state: flow counters per output, route caches per input. */
    AdaptiveRouter router() {
        return router;
    }

    @Override
    public int output(long t, int node, int in, int pk) {
        PacketPool p = pool;
        int dst = p.dst(pk);
        int type = p.type(pk);
        if (type == ControlPacket.DATA) {
            return portBase[node] + router.dataPort(p.flow(pk), node, in, dst);
        }
        if ((p.flags(pk) & ControlPacket.RETURN) != 0 || type == ControlPacket.ACK) {
            return portBase[node] + router.defaultPort(node, dst);
        }
        if (type == ControlPacket.SETUP) {
            long hop = router.setupHop(node, in, p.flow(pk), dst, p.aux(pk), random[node - hosts]);
            p.setAux(pk, (int) hop); // the hop budget travels with the packet
            return portBase[node] + (int) (hop >>> 32);
        }
        if (type == ControlPacket.TEARDOWN) {
            return portBase[node] + router.teardownHop(node, in, p.flow(pk), dst);
        }
        throw new IllegalStateException("a " + ControlPacket.name(type) + " packet has no route in circuit mode");
    }
}
