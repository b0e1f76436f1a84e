package org.fabricsim.ib;

import org.fabricsim.engine.Time;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * How far ahead of its own clock the packet model can promise what crosses a cut cable: the lookahead of the
 * distributed engine's channels (DESIGN.md, "Packet engine"; docs/DISTRIBUTED.md).
 *
 * <p>Over the cable at port {@code gp}, its owner sends packet heads, which arrive the cable latency (plus the
 * switch latency from a switch) after the packet starts, and credits, which arrive the cable latency after the
 * packet's space is freed. That moment is known, and the credit sent, as soon as the packet starts onward (its
 * end of transmission) or, at an HCA, as soon as its head arrives (its consumption), and it is at least the
 * smallest packet's serialisation later. So a credit's lookahead is the cable plus that serialisation, not the
 * cable alone: with 2 KiB packets at 200 Gbit/s and 15 ns cables, 102 ns instead of 15 ns.
 */
public final class CutLookahead {
    private CutLookahead() {
    }

    /**
     * The lookahead over the cable at global port {@code gp} from its owner's side, in picoseconds.
     *
     * @param smallestWireBytes wire bytes of the smallest packet the traffic can produce
     *     ({@link #smallestWireBytes})
     */
    public static long ofCable(Topology t, int gp, PacketParams params, int smallestWireBytes) {
        int node = t.owner(gp);
        boolean host = t.isHost(node);
        long head = t.latencyPs(gp) + (host ? 0 : params.switchLatencyPs());
        long fastest = t.bandwidthBps(t.peerPort(gp)); // an HCA's input is freed no sooner than the tail arrives
        if (!host) {
            for (int k = 0; k < t.ports(node); k++) {
                int o = t.port(node, k);
                if (t.isConnected(o)) {
                    fastest = Math.max(fastest, t.bandwidthBps(o)); // a switch's, no sooner than sent on
                }
            }
        }
        long credit = t.latencyPs(gp) + Time.serialisation(smallestWireBytes, fastest);
        return Math.min(head, credit);
    }

    /** Wire bytes of the smallest packet {@code schedule} can produce: a flow's last, shorter packet, or an MTU. */
    public static int smallestWireBytes(FlowSchedule schedule, PacketParams params) {
        long mtu = params.mtuBytes();
        long smallest = mtu;
        for (long size : schedule.bytes()) {
            if (size > 0 && size % mtu != 0) {
                smallest = Math.min(smallest, size % mtu);
            }
        }
        return (int) smallest + params.overheadBytes();
    }

    /** Wire bytes of an MTU packet: the smallest when every flow is endless. */
    public static int mtuWireBytes(PacketParams params) {
        return params.mtuBytes() + params.overheadBytes();
    }
}
