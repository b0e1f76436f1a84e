package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.cc.Seed002CcTest;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/**
 * VOQnet (seed 002 Papers V, VI): a lane per destination with its own credits removes the high-order
 * head-of-line blocking that VOQ switches still have — on the test bed the victim keeps its rate while the
 * hotspot's tree forms — and changes nothing else: the contributors share H5 as round robin does, and the
 * credit loops balance.
 */
class VoqNetTest {
    /** Paper III scenario 1 without CC, all five flows from the start: Gbit/s per flow from 3 to 6 ms. */
    static double[] scenario1(Queueing q) {
        var t = Seed002CcTest.T;
        FlowSet flows = FlowSet.of(new int[] {t.node("H1"), t.node("H2"), t.node("H3"), t.node("H6"), t.node("H7")},
                new int[] {t.node("H4"), t.node("H5"), t.node("H5"), t.node("H5"), t.node("H5")});
        FlowSchedule s = FlowSchedule.always(flows);
        PacketParams p = Seed002CcTest.PARAMS.withSwitch(q, 0, Arbitration.ROUND_ROBIN);
        RateProbe probe = new RateProbe(5, p.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, Seed002CcTest.LFT, s).params(p).observer(probe).build();
        sim.runUntil(3 * Time.MS);
        probe.window(3 * Time.MS, 6 * Time.MS);
        sim.runUntil(6 * Time.MS);
        assertNull(sim.creditViolation());
        double[] g = new double[5];
        for (int f = 0; f < 5; f++) {
            g[f] = probe.bps(f) / 1e9;
        }
        return g;
    }

    @Test
    void aLanePerDestinationFreesTheVictimOfTheHotspotsTree() {
        double[] voq = scenario1(Queueing.VOQ);
        double[] net = scenario1(Queueing.VOQ_NET);
        double alone = 13.5 * 2048 / 2074; // H1's send rate in payload
        // VOQ: S2's input buffer from S1 fills with packets for H5, so S1 -> S2 stalls and F1 with it (Paper III)
        assertTrue(voq[0] < 0.3 * alone, "VOQ victim: " + voq[0]);
        // VOQnet: F1's lane has its own credits: it keeps its rate (within 1 %)
        assertEquals(alone, net[0], 0.01 * alone, "VOQnet victim");
        // the contributors still share H5's 13.6 Gbit/s as the arbiters do: 1/6, 1/6, 1/3, 1/3 (the parking lot)
        double h5 = 13.6 * 2048 / 2074;
        double[] share = {1 / 6.0, 1 / 6.0, 1 / 3.0, 1 / 3.0};
        for (int f = 1; f < 5; f++) {
            assertEquals(share[f - 1] * h5, net[f], 0.02 * h5, "VOQnet contributor " + f);
        }
    }
}
