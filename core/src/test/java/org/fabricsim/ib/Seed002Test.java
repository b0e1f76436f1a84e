package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seed 002 without congestion control on the 7-host test bed (digest §3.2, §4.3, §4.4): F1 H1 -> H4 (the
 * victim, across S1 -> S2), then F2, F3 (H2, H3 on S1), F4, F5 (H6, H7 on S2) to H5, one added per phase.
 * Hosts send at most 13.5 and receive at most 13.6 Gbit/s on 20 Gbit/s links (digest §2.1); packets carry the
 * 26 bytes of InfiniBand headers (LRH, BTH, ICRC, VCRC) — the 188 Gbps calibration is seed 004's HDR
 * hardware, not this DDR test bed. Round-robin output arbitration; run with input FIFOs (the hardware) and
 * with virtual output queues (the OMNeT++ model of Paper II); both show the staircase.
 */
class Seed002Test {
    static final long PHASE = Time.MS;
    static final long SETTLE = 300 * Time.US;

    static double[][] staircase(Queueing queueing) {
        Topology t = Topologies.resolve("testbed7", 0, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        PacketParams params = PacketParams.defaults().withMtu(2048, 26)
                .withSwitch(queueing, 0, Arbitration.ROUND_ROBIN)
                .withHcaRates(13_500_000_000L, 13_600_000_000L);
        FlowSet flows = FlowSet.of(new int[] {t.node("H1"), t.node("H2"), t.node("H3"), t.node("H6"), t.node("H7")},
                new int[] {t.node("H4"), t.node("H5"), t.node("H5"), t.node("H5"), t.node("H5")});
        FlowSchedule s = FlowSchedule.always(flows);
        for (int f = 0; f < 5; f++) {
            s = s.withStart(f, f * PHASE);
        }
        RateProbe probe = new RateProbe(5, params.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).params(params).observer(probe).build();
        double[][] g = new double[5][5];
        for (int k = 0; k < 5; k++) {
            sim.runUntil(k * PHASE + SETTLE);
            probe.window(k * PHASE + SETTLE, (k + 1) * PHASE);
            sim.runUntil((k + 1) * PHASE);
            for (int f = 0; f < 5; f++) {
                g[k][f] = probe.bps(f) / 1e9;
            }
        }
        assertNull(sim.creditViolation());
        return g;
    }

    /** H5's receive rate as payload: 13.6 Gbit/s of wire bytes, 2048 of every 2074 being payload. */
    static final double HOTSPOT = 13.6 * 2048 / 2074;

    @ParameterizedTest
    @EnumSource(value = Queueing.class, names = {"FIFO", "VOQ"}) // VOQnet removes the HoL blocking measured here (VoqNetTest)
    void paperIIIScenario1Staircase(Queueing queueing) {
        double[][] g = staircase(queueing);
        // Paper III §4.4 figures, tolerance 0.5 Gbit/s unless stated
        assertEquals(13, g[0][0], 0.5, "F1 alone: 13 Gbit/s");
        assertEquals(13, g[1][0], 0.5, "F1 with F2: 13");
        assertEquals(13, g[1][1], 0.5, "F2 with F1: 13");
        for (int f = 0; f < 3; f++) {
            assertTrue(g[2][f] < 7 && g[2][f] > 6.3, "F3 added: F" + (f + 1) + " just below 7, got " + g[2][f]);
        }
        for (int f = 0; f < 3; f++) {
            assertEquals(g[2][f] / 2, g[3][f], 0.5, "F4 added: F" + (f + 1) + " roughly halves");
        }
        assertTrue(g[3][3] < 7 && g[3][3] > 6.3, "F4 almost 7, got " + g[3][3]);
        for (int f = 0; f < 3; f++) {
            assertEquals(2, g[4][f], 0.5, "F5 added: F" + (f + 1) + " about 2");
        }
        assertEquals(4.5, g[4][3], 0.5, "F4 about 4.5");
        assertEquals(4.5, g[4][4], 0.5, "F5 about 4.5");
    }

    @ParameterizedTest
    @EnumSource(Queueing.class)
    void paperIITypeIIParkingLotGivesH6H7AThirdAndH2H3ASixth(Queueing queueing) {
        double[] g = staircase(queueing)[4];
        // shares of the hotspot link; tolerance 0.02 (≈ 0.27 Gbit/s)
        assertEquals(1 / 6.0, g[1] / HOTSPOT, 0.02, "H2");
        assertEquals(1 / 6.0, g[2] / HOTSPOT, 0.02, "H3");
        assertEquals(1 / 3.0, g[3] / HOTSPOT, 0.02, "H6");
        assertEquals(1 / 3.0, g[4] / HOTSPOT, 0.02, "H7");
    }
}
