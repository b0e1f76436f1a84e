package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/**
 * {@code packet.flow-pacing = messages} (D235): a paced flow hands over a message at once — its packets leave
 * back to back at line rate — and starts the next when the flow's rate allows, as the application of seed 001's
 * simulator hands its generator a message at a time. On seed 003's Fig 1.1 network (10 Gbit/s links) a flow at a
 * quarter of the link from s5: the ends of its packets on the host's link, exactly, against packet pacing.
 */
class MessagePacingTest {
    final Topology topology = Topologies.resolve("fig1-1", 0, 0, null);
    final ForwardingTables tables = Routings.compute("auto", topology, null);
    final PacketParams params = PacketParams.defaults();
    final long linkBps = topology.bandwidthBps(topology.hostPort(0));
    final long wirePs = (params.mtuBytes() + params.overheadBytes()) * 8L * Time.S / linkBps; // one packet's wire time

    /** The first {@code n} ends of transmission on the source's link, and the bytes delivered in all. */
    private long[] ends(PacketParams p, int n, long bytes) {
        int src = topology.node("s5");
        FlowSchedule s = FlowSchedule.sized(FlowSet.of(new int[] {src}, new int[] {topology.node("d2")}), bytes);
        Arrays.fill(s.rateBps(), linkBps / 4);
        int port = topology.hostPort(src);
        long[] ends = new long[n];
        int[] seen = {0};
        PacketObserver probe = new RateProbe(1, params.overheadBytes()) {
            @Override
            public void transmitted(long timePs, int globalPort, int vl, int flow, int b) {
                super.transmitted(timePs, globalPort, vl, flow, b);
                if (globalPort == port && seen[0] < n) {
                    ends[seen[0]++] = timePs;
                }
            }
        };
        PacketSimulation sim = PacketSimulation.builder(topology, tables, s).params(p).observer(probe).build();
        sim.runUntil(2 * Time.MS);
        assertEquals(bytes, sim.deliveredBytes(0), "every byte delivered");
        assertNull(sim.creditViolation());
        return ends;
    }

    @Test
    void aMessageLeavesAtLineRateAndTheNextStartsWhenTheRateAllows() {
        long bytes = 40L * params.mtuBytes();
        long[] byPacket = ends(params, 12, bytes);
        long[] byMessage = ends(params.withMessagePacing(4L * params.mtuBytes()), 12, bytes);
        long[] packets = new long[12];
        long[] messages = new long[12];
        for (int j = 0; j < 12; j++) {
            packets[j] = 4 * wirePs * j + wirePs; // a slot of four wire times per packet
            messages[j] = 16 * wirePs * (j / 4) + (j % 4 + 1) * wirePs; // four back to back per 16 wire times
        }
        assertArrayEquals(packets, byPacket, "packet pacing");
        assertArrayEquals(messages, byMessage, "message pacing");
    }

    @Test
    void aPacketThatCrossesAMessagesEndCompletesItAndTheRestCountsForTheNext() {
        // messages of 1.5 packets: the 2nd packet completes the first message (0.5 over), the 3rd the second
        long[] byMessage = ends(params.withMessagePacing(3L * params.mtuBytes() / 2), 6, 20L * params.mtuBytes());
        long[] expected = {wirePs, 2 * wirePs, 8 * wirePs + wirePs, 12 * wirePs + wirePs, 14 * wirePs, 20 * wirePs + wirePs};
        assertArrayEquals(expected, byMessage);
    }
}
