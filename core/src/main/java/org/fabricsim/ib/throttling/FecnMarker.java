package org.fabricsim.ib.throttling;

import java.util.SplittableRandom;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.ib.SwitchView;
import org.fabricsim.random.Seeds;

/**
 * How a congested output FECN-marks a leaving data packet (seed 002 digest §1.3), shared by InfiniBand CC's
 * marking and isolation's (EcoCC, CCFIT): not if smaller than Packet_Size, else with probability
 * 1/(Marking_Rate + 1) drawn from the switch's own stream; and what makes an output the root rather than a
 * victim — it holds credits for the packet and a full one more.
 */
public final class FecnMarker {
    /** The FECN mark: a {@code PacketPool.flags} bit (ControlPacket's TOWARD_SOURCE and RETURN are bits 0 and 1). */
    public static final int FECN = 4;

    private final PacketPool pool;
    private final SwitchView view;
    private final PacketObserver observer;
    private final SplittableRandom[] random; // per switch
    private final int hosts;
    private final int packetSizeBytes;
    private final int mtuBlocks;
    private final double markProbability;

    public FecnMarker(PacketNetwork net, CcParams params, long seed) {
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

    /** Whether output {@code o} holds credits on {@code lane} for {@code blocks} and a full packet more (a root). */
    public boolean root(int o, int lane, int blocks) {
        return view.credits(o, lane) >= blocks + mtuBlocks;
    }

    /** Packet {@code pk} leaves congested output {@code o} of switch {@code node}: marks it or not; whether it did. */
    public boolean mark(long t, int node, int o, int pk) {
        PacketPool p = pool;
        if (p.wire(pk) < packetSizeBytes) {
            return false;
        }
        if (markProbability < 1 && random[node - hosts].nextDouble() >= markProbability) {
            return false;
        }
        p.setFlags(pk, p.flags(pk) | FECN);
        observer.marked(t, o, p.flow(pk));
        return true;
    }
}
