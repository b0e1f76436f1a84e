package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's test-bed scenarios with the default congestion control (Paper III Table I, D143), against the
 * published numbers (digest §4.3, §4.4; docs/CONGESTION_CONTROL.md). Phases are 40 ms instead of 1 s: long
 * against CCTI_Limit x CCTI_Timer = 19 ms, the time a CCTI needs to come back down (D144).
 */
class Seed002ScenariosTest {
    static final long PHASE = 40 * Time.MS;

    /** Gbit/s of payload [phase][flow] over each phase's second half; flows start one per phase. */
    static double[][] run(long linkBps, String[][] flows, CcParams cc) {
        Topology t = Topologies.resolve("testbed7", linkBps, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        int n = flows.length;
        FlowSchedule s = FlowSchedule.always(NamedFlows.of(t, flows));
        for (int f = 1; f < n; f++) {
            s = s.withStart(f, f * PHASE);
        }
        PacketParams p = PacketParams.defaults().withMtu(2048, 26).withHcaRates(13_500_000_000L, 13_600_000_000L);
        RateProbe probe = new RateProbe(n, p.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).params(p).observer(probe).seed(1)
                .congestionControl(cc).build();
        double[][] g = new double[n][n];
        for (int k = 0; k < n; k++) {
            sim.runUntil(k * PHASE + PHASE / 2);
            probe.window(k * PHASE + PHASE / 2, (k + 1) * PHASE);
            sim.runUntil((k + 1) * PHASE);
            for (int f = 0; f < n; f++) {
                g[k][f] = probe.bps(f) / 1e9;
            }
        }
        assertNull(sim.creditViolation());
        return g;
    }

    /** Paper III scenario 1 = Paper II Type II: F1 H1 -> H4, then H2, H3, H6, H7 to H5. */
    static final String[][] SCENARIO_1 = {{"H1", "H4"}, {"H2", "H5"}, {"H3", "H5"}, {"H6", "H5"}, {"H7", "H5"}};

    static double spread(double[] g, int from, int to) {
        double[] a = Arrays.copyOfRange(g, from, to);
        return Arrays.stream(a).max().orElseThrow() / Arrays.stream(a).min().orElseThrow();
    }

    @Test
    void scenarioOneWithoutCcTheVictimIsBlockedAndTheParkingLotSharesOneSixthAndOneThird() {
        // Paper III: 13; 13, 13; just below 7 x3; F1-F3 halve and F4 almost 7; F1-F3 about 2, F4, F5 about 4.5
        // Paper II Type II: H6, H7 1/3 of S2 -> H5 each, H2, H3 1/6 each (the parking lot)
        double[][] g = run(0, SCENARIO_1, null);
        double hotspot = 13.6 * 2048 / 2074; // H5 takes 13.6 Gbit/s of wire
        assertEquals(13.3, g[1][0], 0.2);
        assertEquals(13.3, g[1][1], 0.2);
        for (int f = 0; f < 3; f++) {
            assertEquals(hotspot / 2, g[2][f], 0.02 * hotspot, "phase 3, flow " + f); // just below 7
            assertEquals(hotspot / 6, g[4][f], 0.02 * hotspot, "phase 5, flow " + f); // about 2
        }
        assertEquals(hotspot / 2, g[3][3], 0.02 * hotspot, "phase 4: F4 almost 7");
        assertEquals(hotspot / 3, g[4][3], 0.02 * hotspot, "phase 5: F4 a third");
        assertEquals(hotspot / 3, g[4][4], 0.02 * hotspot, "phase 5: F5 a third");
    }

    @Test
    void scenarioOneWithCcTheVictimKeepsItsRateAndTheContributorsShareTheHotspot() {
        // Paper III (and Paper II Type II with two thresholds): the victim F1 "more or less constant" at 13
        // Gbit/s, the four contributors equal (parking lot solved). Here on the 20/40 Gbit/s links of the
        // thesis' simulator (Papers I, II, IV); tolerance: contributors within 25 % of each other
        double[][] g = run(0, SCENARIO_1, CcParams.DEFAULTS);
        System.out.println("scenario 1 with CC: " + Arrays.deepToString(g));
        for (int k = 0; k < 5; k++) {
            assertTrue(g[k][0] >= 12, "phase " + (k + 1) + ": victim " + g[k][0]);
        }
        assertTrue(spread(g[4], 1, 5) < 1.25, "phase 5 contributors " + Arrays.toString(g[4]));
        assertTrue(spread(g[3], 1, 4) < 1.25, "phase 4 contributors " + Arrays.toString(g[3]));
        double hotspot = 13.6 * 2048 / 2074;
        double sum = g[4][1] + g[4][2] + g[4][3] + g[4][4];
        // the contributors pay for the throttling's oscillation (Paper III: a small penalty): at least 85 %
        assertTrue(sum > 0.85 * hotspot && sum <= hotspot * 1.01, "phase 5 at the hotspot: " + sum);
    }

    /**
     * Paper III scenario 2: H1 -> H4, H2 -> H5, H3 -> H6, all over S1 -> S2, on the test bed's data rates (16
     * and 32 Gbit/s after 8b/10b: S1 -> S2 the root). Returns {mean, mean per-sample SD} of the three flows
     * in the last phase's second half, samples of 1 ms.
     */
    static double[] scenarioTwo(CcParams cc) {
        Topology t = Topologies.resolve("testbed7", 16_000_000_000L, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        FlowSchedule s = FlowSchedule.always(FlowSet.of(new int[] {t.node("H1"), t.node("H2"), t.node("H3")},
                new int[] {t.node("H4"), t.node("H5"), t.node("H6")}));
        s = s.withStart(1, PHASE).withStart(2, 2 * PHASE);
        PacketParams p = PacketParams.defaults().withMtu(2048, 26).withHcaRates(13_500_000_000L, 13_600_000_000L);
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).params(p).seed(1).congestionControl(cc).build();
        long from = 2 * PHASE + PHASE / 2;
        long bin = Time.MS; // the paper gives no sampling interval; 20 samples of 1 ms
        sim.runUntil(from);
        long[] prev = new long[3];
        double[] sum = new double[3];
        double[] sq = new double[3];
        int bins = 0;
        for (int f = 0; f < 3; f++) {
            prev[f] = sim.deliveredBytes(f);
        }
        for (long u = from + bin; u <= 3 * PHASE; u += bin) {
            sim.runUntil(u);
            for (int f = 0; f < 3; f++) {
                double gbps = (sim.deliveredBytes(f) - prev[f]) * 8e12 / bin / 1e9;
                prev[f] = sim.deliveredBytes(f);
                sum[f] += gbps;
                sq[f] += gbps * gbps;
            }
            bins++;
        }
        double mean = 0;
        double sd = 0;
        for (int f = 0; f < 3; f++) {
            double m = sum[f] / bins;
            mean += m / 3;
            sd += Math.sqrt(Math.max(0, sq[f] / bins - m * m)) / 3;
        }
        return new double[] {mean, sd};
    }

    @Test
    void scenarioTwoCcCostsSomeOfTheMeanAndMultipliesTheJitter() {
        double[] off = scenarioTwo(null);
        double[] on = scenarioTwo(CcParams.DEFAULTS);
        // Paper III Table II without CC: 10427.64 Mb/s each (within 2 %)
        assertEquals(10.43, off[0], 0.02 * 10.43, "no CC: the fair third of S1 -> S2");
        // with CC the per-sample SD grows more than ten times (Table II: 42 -> 1770 Mb/s)
        assertTrue(on[1] > 10 * off[1], "SD " + off[1] + " -> " + on[1]);
        System.out.println("scenario 2: no CC " + Arrays.toString(off) + ", CC " + Arrays.toString(on));
        // the mean's penalty: Paper III Table II 3.5 %, Paper I's hardware 11.4 -> 9 Gbit/s (21 %); we agree with
        // Paper I (docs/CONGESTION_CONTROL.md): between 10 and 30 %
        double penalty = 1 - on[0] / off[0];
        assertTrue(penalty > 0.10 && penalty < 0.30, "CC's penalty on the mean: " + penalty);
    }
}
