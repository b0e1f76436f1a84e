package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topology;
import org.fabricsim.topology.TopologyBuilder;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * IB VL arbitration at one congested output: two hosts send to one sink through one switch, one on VL 0 and
 * one on VL 1. Weights are in 64-byte units and a packet (2048 + 131 = 2179 B) that overruns its entry's
 * weight is still sent whole, so a weight of 96 (6144 B) sends 3 packets and a weight of 32 (2048 B) one.
 */
class VlArbitrationTest {
    static final long BPS = 100_000_000_000L;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "round-robin;;;-1;0.5",
        "low table 96:32 -> 3:1;;0:96,1:32;-1;0.75",
        "VL1 high, unlimited -> VL1 only;1:10;0:10;-1;0.0",
        "VL1 high, limit one packet -> 1:1;1:10;0:10;2179;0.5",
    })
    void vl0ShareFollowsTheTables(String name, String high, String low, long limit, double vl0Share) {
        TopologyBuilder b = new TopologyBuilder("two-to-one");
        int a = b.addHost("a");
        int c = b.addHost("c");
        int sink = b.addHost("sink");
        int sw = b.addSwitch("sw");
        b.connect(a, 0, sw, 0, BPS, 10 * Time.NS);
        b.connect(c, 0, sw, 1, BPS, 10 * Time.NS);
        b.connect(sw, 2, sink, 0, BPS, 10 * Time.NS);
        Topology t = b.build();
        int[][] h = VlArbitration.parseTable(high == null ? "" : high, 2);
        int[][] l = VlArbitration.parseTable(low == null ? "" : low, 2);
        VlArbitration arb = new VlArbitration(h[0], h[1], l[0], l[1], limit < 0 ? Long.MAX_VALUE : limit);
        PacketParams p = PacketParams.defaults().withVirtualLanes(2, arb);
        FlowSet flows = FlowSet.of(new int[] {a, c}, new int[] {sink, sink});
        RateProbe probe = new RateProbe(2, p.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, Routings.compute("updown", t, null),
                FlowSchedule.always(flows)).params(p).flowLanes(new int[] {0, 1}).observer(probe).build();
        sim.runUntil(20 * Time.US);
        probe.window(20 * Time.US, 200 * Time.US);
        sim.runUntil(200 * Time.US);
        double total = probe.bps(0) + probe.bps(1);
        // tolerance 0.01 of the output (about 1000 packets in the window)
        assertEquals(vl0Share, probe.bps(0) / total, 0.01);
        assertEquals(BPS * 2048.0 / 2179, total, BPS * 0.01, "the output stays busy");
    }
}
