package org.fabricsim.ib;

import java.util.SplittableRandom;
import org.fabricsim.random.Seeds;

/**
 * Throttling's trigger with congested-flow isolation (seed 002 Paper V event 7, Paper VI step 1): an output
 * in the congestion state of {@link FlowIsolation} (a root line above High) FECN-marks a data packet leaving
 * it — if the port holds credits for it and one full packet more (it is the root, not a victim), the packet is
 * not smaller than Packet_Size, and the draw 1/(Marking_Rate + 1) from the switch's own stream says so. The
 * HCAs' half is InfiniBand CC's ({@link CongestionThrottling}).
 */
final class IsolationMarking implements Marking {
    private final FlowIsolation isolation;
    private final PacketPool pool;
    private final SwitchView view;
    private final PacketObserver observer;
    private final SplittableRandom[] random; // per switch
    private final int hosts;
    private final int packetSizeBytes;
    private final int mtuBlocks;
    private final double markProbability;

    IsolationMarking(PacketNetwork net, FlowIsolation isolation, CcParams params, long seed) {
        this.isolation = isolation;
        this.pool = net.pool();
        this.view = net.switches();
        this.observer = net.observer();
        this.hosts = net.topology().hostCount();
        int unit = net.params().creditBytes();
        this.packetSizeBytes = params.packetSizeBlocks() * 64;
        this.mtuBlocks = (net.params().mtuBytes() + net.params().overheadBytes() + unit - 1) / unit;
        this.markProbability = 1.0 / (params.markingRate() + 1);
        random = new SplittableRandom[net.topology().switchCount()];
        for (int s = 0; s < random.length; s++) {
            random[s] = Seeds.stream(seed, 0, hosts + s, Seeds.Purpose.PACKET);
        }
    }

    @Override
    public void queued(long t, int node, int in, int o, int pk) {
    }

    @Override
    public void departing(long t, int node, int o, int pk) {
        PacketPool p = pool;
        if (!isolation.congested(o) || p.wire[pk] < packetSizeBytes
                || view.credits(o, p.vl[pk]) < p.blocks[pk] + mtuBlocks) {
            return;
        }
        if (markProbability < 1 && random[node - hosts].nextDouble() >= markProbability) {
            return;
        }
        p.flags[pk] |= CongestionMarking.FECN;
        observer.marked(t, o, p.flow[pk]);
    }
}
