package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
 * Seed 002, Paper II's worst case of round-robin arbitration without congestion control (digest §4.3): on the
 * 4-ary 3-tree with D-mod-K routing, all 63 other hosts send to one host; every merge shares its output
 * equally among its inputs, so a first-level neighbour (same leaf) gets 1/4 of the hotspot's link, a
 * second-level one (same subtree) 1/64 and a third-level one 1/768.
 */
class Seed002RoundRobinTest {
    @Test
    void allToOneOnTheFourAryThreeTreeGivesOneQuarterOneSixtyFourthAndOneSevenSixtyEighth() {
        Topology t = Topologies.resolve("kary-ntree(4,3)", 0, 0, null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        int hosts = t.hostCount();
        assertEquals(64, hosts);
        int[] src = new int[hosts - 1];
        int[] dst = new int[hosts - 1];
        for (int h = 1; h < hosts; h++) {
            src[h - 1] = h;
        }
        PacketParams p = PacketParams.defaults().withMtu(2048, 26);
        RateProbe probe = new RateProbe(hosts - 1, p.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, lft, FlowSchedule.always(FlowSet.of(src, dst))).params(p)
                .observer(probe).build();
        long warm = Time.MS;
        long end = warm + 20 * Time.MS; // a third-level host sends about 15 packets in it
        sim.runUntil(warm);
        probe.window(warm, end);
        sim.runUntil(end);
        assertNull(sim.creditViolation());
        double total = 0;
        for (int f = 0; f < hosts - 1; f++) {
            total += probe.bps(f);
        }
        // the hotspot's link is full: 40 Gbit/s of wire, 2048 of every 2074 bytes payload (within 1 %)
        assertEquals(40e9 * 2048 / 2074, total, 0.01 * 40e9, "the hotspot's link is saturated");
        for (int h = 1; h < hosts; h++) {
            // hosts are numbered leaf by leaf: 1-3 share the hotspot's leaf, 4-15 its level-2 subtree
            double expected = h < 4 ? 1 / 4.0 : h < 16 ? 1 / 64.0 : 1 / 768.0;
            // tolerance 3 % of the expected share (one packet of about 15 in the window for 1/768)
            assertEquals(expected, probe.bps(h - 1) / total, 0.03 * expected, "host " + h + "'s share");
        }
    }
}
