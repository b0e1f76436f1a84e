package org.fabricsim.ib.isolation;

import org.fabricsim.ib.Marking;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.throttling.FecnMarker;

/**
 * Throttling's trigger with congested-flow isolation (seed 002 Paper V event 7, Paper VI step 1): an output
 * in the congestion state of {@link FlowIsolation} (a root line above High) FECN-marks a data packet leaving
 * it — if the port holds credits for it and one full packet more (it is the root, not a victim), the packet is
 * not smaller than Packet_Size, and the draw 1/(Marking_Rate + 1) from the switch's own stream says so. The
 * HCAs' half is InfiniBand CC's ({@link org.fabricsim.ib.throttling.CongestionThrottling}).
 */
final class IsolationMarking implements Marking {
    private final FlowIsolation isolation;
    private final PacketPool pool;
    private final FecnMarker marker;

    IsolationMarking(PacketNetwork net, FlowIsolation isolation, CcParams params, long seed) {
        this.isolation = isolation;
        this.pool = net.pool();
        this.marker = new FecnMarker(net, params, seed);
    }

    @Override
    public void queued(long t, int node, int in, int o, int pk) {
    }

    @Override
    public void departing(long t, int node, int o, int pk) {
        if (isolation.congested(o) && marker.root(o, pool.vl(pk), pool.blocks(pk))) {
            marker.mark(t, node, o, pk);
        }
    }
}
