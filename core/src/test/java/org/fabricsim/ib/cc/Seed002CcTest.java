package org.fabricsim.ib.cc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.PacketInvariantsTest;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.PartitionedRunTest;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.RateProbe;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.throttling.CongestionThrottling;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The InfiniBand congestion-control mechanism on seed 002's 7-host test bed (digest §1): what it must do
 * whatever its calibration — mark only flows through a congested Port VL, throttle their sources, let the
 * CCTIs decay back once the congestion is gone, lose nothing, count CNPs apart, and partition exactly — and
 * Paper II's single-switch fairness (digest §4.3): fair without CC, the newest flow favoured with one
 * threshold, fairness back with two. (The test-bed and 648-node numbers are issue 13's next step.)
 */
public class Seed002CcTest {
    public static final Topology T = Topologies.resolve("testbed7", 0, 0, null);
    public static final ForwardingTables LFT = Routings.compute("auto", T, null);
    public static final PacketParams PARAMS = PacketParams.defaults().withMtu(2048, 26)
            .withSwitch(Queueing.VOQ, 0, Arbitration.ROUND_ROBIN).withHcaRates(13_500_000_000L, 13_600_000_000L);

    /** F0 H1 -> H4 at 5 Gbit/s (a bystander: S1 -> S2 is not overloaded), F1, F2 H2, H3 -> H5 from 1 ms to 3 ms. */
    static FlowSchedule hotspot() {
        FlowSet flows = FlowSet.of(new int[] {T.node("H1"), T.node("H2"), T.node("H3")},
                new int[] {T.node("H4"), T.node("H5"), T.node("H5")});
        FlowSchedule s = FlowSchedule.always(flows);
        s.rateBps()[0] = 5_000_000_000L;
        s = s.withStart(1, Time.MS).withStart(2, Time.MS);
        s.stopPs()[1] = 3 * Time.MS;
        s.stopPs()[2] = 3 * Time.MS;
        return s;
    }

    @Test
    void onlyTheContributorsAreMarkedAndThrottledAndTheirCctiDecaysAfterwards() {
        FlowSchedule s = hotspot();
        CcMechanisms m = new CcMechanisms(CcParams.DEFAULTS, 1, new int[s.size()]);
        PacketSimulation sim = PacketSimulation.builder(T, LFT, s).params(PARAMS).mechanisms(m).build();
        sim.runUntil(3 * Time.MS);
        CongestionThrottling cc = m.lastThrottling();
        assertTrue(m.lastMarking().marked() > 50, "the hotspot's port marks: " + m.lastMarking().marked());
        assertEquals(0, cc.ccti(0), "the bystander crosses no congested port: never throttled");
        assertTrue(cc.ccti(1) > 10 && cc.ccti(2) > 10, "contributors throttled: " + cc.ccti(1) + ", " + cc.ccti(2));
        long bystander = sim.deliveredBytes(0);
        // the contributors stop at 3 ms: with nothing marked, every timer brings its CCTI down one step per
        // CCTI_Timer (150 us), so within 128 x 150 us they are back at CCTI_Min
        sim.runUntil(3 * Time.MS + 128 * CcParams.DEFAULTS.timerPs() + Time.MS);
        assertEquals(0, cc.ccti(1));
        assertEquals(0, cc.ccti(2));
        assertTrue(sim.deliveredBytes(0) > bystander, "the bystander keeps sending");
        assertNull(sim.creditViolation());
        assertEquals(0, sim.controlInFlight(), "every CNP was taken");
        assertTrue(sim.controlHops() >= 2 * cc.cnps(), "CNPs cross H5's link and more: " + sim.controlHops());
    }

    /** Paper III scenario 2 from 0: H1 -> H4, H2 -> H5, H3 -> H6 over S1 -> S2 (16/32 Gbit/s), bytes in [20, 30) ms. */
    private static long[] scenario2(boolean cc, boolean rateMatched) {
        Topology t = Topologies.resolve("testbed7", 16_000_000_000L, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        FlowSchedule s = FlowSchedule.always(FlowSet.of(new int[] {t.node("H1"), t.node("H2"), t.node("H3")},
                new int[] {t.node("H4"), t.node("H5"), t.node("H6")}));
        PacketSimulation.Builder b = PacketSimulation.builder(t, lft, s).params(PARAMS.withRateMatchedCutThrough(rateMatched));
        if (cc) {
            b.mechanisms(new CcMechanisms(CcParams.DEFAULTS, 1, new int[s.size()]));
        }
        PacketSimulation sim = b.build();
        sim.runUntil(20 * Time.MS);
        long[] before = {sim.deliveredBytes(0), sim.deliveredBytes(1), sim.deliveredBytes(2)};
        sim.runUntil(30 * Time.MS);
        assertNull(sim.creditViolation());
        return new long[] {sim.deliveredBytes(0) - before[0], sim.deliveredBytes(1) - before[1],
            sim.deliveredBytes(2) - before[2]};
    }

    @Test
    void rateMatchedCutThroughLeavesTheRootOutputToOthersWhileASlowerInputsPacketArrives() {
        // without CC the root's queue never empties and its packets are whole before they go: the rule changes
        // nothing; with CC the queue is short and, cutting through from the head, the 32 Gbit/s root waits
        // inside 16 Gbit/s packets (D80): CC then costs far more than with the rate-matched start (D229)
        long[] plain = scenario2(false, false);
        long[] plainMatched = scenario2(false, true);
        assertEquals(java.util.Arrays.stream(plain).sum(), java.util.Arrays.stream(plainMatched).sum(),
                0.01 * java.util.Arrays.stream(plain).sum(), "no CC: the same within 1 %");
        long fromHead = java.util.Arrays.stream(scenario2(true, false)).sum();
        long matched = java.util.Arrays.stream(scenario2(true, true)).sum();
        assertTrue(matched > 1.1 * fromHead, "with CC: " + matched + " B rate-matched against " + fromHead);
        assertTrue(matched < 1.01 * java.util.Arrays.stream(plain).sum(), "never above the root's capacity");
    }

    @Test
    void aBecnOnTheAcknowledgementOfEachMessageAnswersAtMostOncePerMessage() {
        // the hotspot's two contributors, marked many times per 16 KiB: a CNP per marked packet by default, with
        // becn-every = 16 KiB at most one per 16 KiB of a flow's delivered data, and the flows still throttled
        FlowSchedule s = hotspot();
        CcParams d = CcParams.DEFAULTS;
        CcParams acked = new CcParams(d.threshold(), d.thresholdUnitBytes(), d.evaluation(), d.hysteresisBytes(),
                d.victimMask(), d.packetSizeBlocks(), d.markingRate(), d.cctCoefficientPs(), d.cctEntries(),
                d.cctiIncrease(), d.cctiLimit(), d.cctiMin(), d.timerPs(), d.perFlowTimer(), d.serviceLevel(),
                d.cnpBytes(), null, 16 * 1024);
        long[] cnps = new long[2];
        long[] marked = new long[2];
        long contributed = 0;
        for (int v = 0; v < 2; v++) {
            CcMechanisms m = new CcMechanisms(v == 0 ? d : acked, 1, new int[s.size()]);
            PacketSimulation sim = PacketSimulation.builder(T, LFT, s).params(PARAMS).mechanisms(m).build();
            sim.runUntil(3 * Time.MS);
            cnps[v] = m.lastThrottling().cnps();
            marked[v] = m.lastMarking().marked();
            if (v == 1) {
                contributed = sim.deliveredBytes(1) + sim.deliveredBytes(2);
                assertTrue(m.lastThrottling().ccti(1) > 0 && m.lastThrottling().ccti(2) > 0, "still throttled");
                assertEquals(0, m.lastThrottling().ccti(0), "the bystander never");
            }
        }
        assertTrue(cnps[0] > 50 && cnps[0] <= marked[0], "a CNP per marked packet that arrived: " + cnps[0]);
        assertTrue(cnps[1] > 0 && cnps[1] <= contributed / (16 * 1024), cnps[1] + " BECNs for " + contributed + " B");
        assertTrue(cnps[1] < marked[1], "fewer BECNs than marks: " + cnps[1] + " against " + marked[1]);
    }

    @Test
    void aThrottledFlowsPacketsAreSpacedByTheInjectionRateDelay() {
        // one contributor at a time at most: F1 alone into H5 receiving slower than it sends (5 Gbit/s against a
        // 20 Gbit/s link, H2 sending at line rate): H5's port is the root, F1's CCTI rises, its packets spread out
        FlowSet flows = FlowSet.of(new int[] {T.node("H2")}, new int[] {T.node("H5")});
        FlowSchedule s = FlowSchedule.always(flows);
        PacketParams p = PARAMS.withHcaRates(0, 5_000_000_000L);
        CcMechanisms m = new CcMechanisms(CcParams.DEFAULTS, 1, new int[1]);
        long[] last = {-1};
        int[] cctiThen = {0}; // the CCTI as the previous packet left: its IRD spaces the next one (§1.4)
        long[] shortfall = {Long.MAX_VALUE}; // least gap - CCT[CCTI] over the gaps whose IRD is beyond credits
        int[] atCcti = {0};
        PacketObserver gaps = new PacketObserver() {
            @Override
            public void transmitted(long timePs, int globalPort, int vl, int flow, int bytes) {
                if (globalPort == T.hostPort(T.node("H2"))) {
                    if (last[0] >= 0 && paperCct(cctiThen[0]) > CREDIT_SPACING_PS) {
                        shortfall[0] = Math.min(shortfall[0], timePs - last[0] - paperCct(cctiThen[0]));
                        atCcti[0] = Math.max(atCcti[0], cctiThen[0]);
                    }
                    last[0] = timePs;
                    // seen at the end of its 0.83 us serialisation, the IRD fixed at its start: a CNP may have
                    // raised the CCTI by one since (not two: H2's packets, each answered by one CNP at most, are
                    // 3.3 us apart)
                    cctiThen[0] = Math.max(0, m.lastThrottling().ccti(0) - 1);
                }
            }

            @Override
            public void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq) {
            }

            @Override
            public void bufferOccupancy(long timePs, int globalPort, int vl, int bytes) {
            }

            @Override
            public void flowCompleted(long timePs, int flow) {
            }
        };
        PacketSimulation sim = PacketSimulation.builder(T, LFT, s).params(p).observer(gaps).mechanisms(m).build();
        sim.runUntil(5 * Time.MS);
        // CCT[i] passes the credits' 3.3 us from i = 73 on: there the IRD alone spaces the packets
        assertTrue(atCcti[0] > 73, "the flow was throttled beyond what H5's credits space: CCTI " + atCcti[0]);
        // every such gap is at least CCT[CCTI] = CCTI² x 7/106² us (Paper III §V; 40² x 7/106² us is about
        // 40² x 623 ps = 1.0 us): the paper's numbers, not CcParams.ird, so that a wrong CCT fails here
        assertTrue(shortfall[0] >= 0, "a packet " + -shortfall[0] + " ps before its IRD had passed");
    }

    /** H5 takes a 2074-byte packet per 3.3 us at 5 Gbit/s: credits alone space H2's packets about so. */
    static final long CREDIT_SPACING_PS = 2074L * 8 * 1000 / 5;

    /** CCT entry i of Paper III §V, picoseconds: i² x 7/106² us. */
    static long paperCct(int i) {
        return (long) i * i * 7_000_000 / (106 * 106);
    }

    /**
     * Paper II's single switch, all links 20 Gbit/s (digest §4.3): H2, H3, H6, H7 to H5, one added per phase
     * (6 ms here for 1 s); returns Gbit/s [phase 1..3][flow] measured over each phase's second half.
     */
    static double[][] singleSwitch(CcParams cc) {
        return singleSwitch(cc, new long[2]);
    }

    /** The same, adding to {@code marksAndCcti} the run's FECN marks [0] and its highest CCTI [1]. */
    static double[][] singleSwitch(CcParams cc, long[] marksAndCcti) {
        Topology t = Topologies.resolve("xgft(1;8;1)", 20_000_000_000L, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        PacketParams params = PacketParams.defaults().withMtu(2048, 26);
        FlowSchedule s = FlowSchedule.always(FlowSet.of(new int[] {1, 2, 5, 6}, new int[] {4, 4, 4, 4}));
        long phase = 6 * Time.MS;
        for (int f = 0; f < 4; f++) {
            s = s.withStart(f, f * phase);
        }
        RateProbe probe = new RateProbe(4, params.overheadBytes()) {
            @Override
            public void marked(long timePs, int globalPort, int flow) {
                marksAndCcti[0]++;
            }

            @Override
            public void cctiChanged(long timePs, int srcHost, int dstHost, int ccti) {
                marksAndCcti[1] = Math.max(marksAndCcti[1], ccti);
            }
        };
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).params(params).observer(probe)
                .congestionControl(cc).build();
        double[][] g = new double[3][4];
        for (int k = 1; k < 4; k++) {
            sim.runUntil(k * phase + 3 * Time.MS);
            probe.window(k * phase + 3 * Time.MS, (k + 1) * phase);
            sim.runUntil((k + 1) * phase);
            for (int f = 0; f < 4; f++) {
                g[k - 1][f] = probe.bps(f) / 1e9;
            }
        }
        assertNull(sim.creditViolation());
        return g;
    }

    static CcParams paperII(CcParams.Evaluation evaluation, int hysteresisBytes) {
        CcParams d = CcParams.DEFAULTS;
        // weight 12: a fill of 8 KiB of the 32 KiB input buffer (D140); marking rate 1 (Paper II Fig. 11)
        return new CcParams(12, 0, evaluation, hysteresisBytes, true, 8, 1, d.cctCoefficientPs(), d.cctEntries(), 1, 127,
                0, d.timerPs(), true, false, 64);
    }

    /** max / min of the active flows' throughputs in phase k (k + 2 flows). */
    static double spread(double[] g, int active) {
        double max = 0;
        double min = Double.MAX_VALUE;
        for (int f = 0; f < active; f++) {
            max = Math.max(max, g[f]);
            min = Math.min(min, g[f]);
        }
        return max / min;
    }

    @Test
    void paperIISingleSwitchOneThresholdFavoursTheNewestFlowTwoThresholdsShareFairly() {
        double link = 20 * 2048 / 2074.0; // H5's link in payload Gbit/s
        double[][] none = singleSwitch(null);
        for (int k = 0; k < 3; k++) {
            for (int f = 0; f < k + 2; f++) {
                // no CC, round robin: 1/2, 1/3, 1/4 of the bottleneck (tolerance 1 % of the link)
                assertEquals(link / (k + 2), none[k][f], 0.01 * link, "no CC, phase " + k + " flow " + f);
            }
        }
        double[][] one = singleSwitch(paperII(CcParams.Evaluation.SUM, 0));
        // one threshold: the newest flow takes the most; at the third flow about twice the second (Paper II)
        for (int k = 1; k < 3; k++) {
            int newest = k + 1;
            for (int f = 0; f < newest; f++) {
                assertTrue(one[k][newest] > 1.5 * one[k][f], "one threshold, phase " + k + ": newest "
                        + one[k][newest] + " against flow " + f + " " + one[k][f]);
            }
        }
        long[] signs = new long[2];
        double[][] two = singleSwitch(paperII(CcParams.Evaluation.PER_VOQ, 4096), signs); // hysteresis > 1 MTU
        // round robin alone shares fairly (the run without CC above): the fairness below says something about
        // the two thresholds only if they were at work, the switch marking and the sources throttled
        assertTrue(signs[0] > 0, "two thresholds: the switch marked no packet");
        assertTrue(signs[1] > 0, "two thresholds: no CCTI rose above 0");
        assertTrue(spread(two[1], 3) < 1.1, "two thresholds, three flows: " + java.util.Arrays.toString(two[1]));
        assertTrue(spread(two[2], 4) < 1.5, "two thresholds, four flows: " + java.util.Arrays.toString(two[2]));
        for (int k = 1; k < 3; k++) {
            assertTrue(spread(two[k], k + 2) < spread(one[k], k + 2), "phase " + k + ": two thresholds fairer");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void partitionedRunsWithCongestionControlMatchSequentialOnes(int parts) {
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        java.util.Arrays.fill(s.rateBps(), 0);
        PacketParams p = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024)
                .withSwitch(parts == 2 ? Queueing.FIFO : Queueing.VOQ, 1, Arbitration.ROUND_ROBIN)
                .withHcaRates(0, 3_000_000_000L);
        CcParams cc = new CcParams(15, 0, parts == 2 ? CcParams.Evaluation.SUM : CcParams.Evaluation.PER_VOQ, 2048,
                true, 0, 3, 623, 128, 1, 127, 0, 20_000_000L, parts == 2, false, 64);
        int[] partOf = new int[PartitionedRunTest.TOPOLOGY.nodeCount()];
        SplittableRandom random = new SplittableRandom(parts * 7L);
        for (int v = 0; v < partOf.length; v++) {
            partOf[v] = random.nextInt(parts);
        }
        int[] lanes = new int[s.size()];
        CcMechanisms sequential = new CcMechanisms(cc, 2, lanes);
        PartitionedRunTest.Trace seq = PartitionedRunTest.sequential(p, s, sequential);
        PartitionedRunTest.Trace par = PartitionedRunTest.partitioned(p, s, partOf, parts, new CcMechanisms(cc, 2, lanes));
        // equal runs say little if CC is inert in both: the sequential one marked and answered with CNPs, which
        // cross the cut and throttle sources in other parts (digest §1.4)
        assertTrue(sequential.lastMarking().marked() > 0, "the sequential run marked nothing");
        assertTrue(sequential.lastThrottling().cnps() > 0, "the sequential run sent no CNP");
        assertEquals(seq.calls, par.calls);
        assertArrayEquals(seq.port, par.port, "per-port transmissions (data and CNPs) and occupancies");
        assertArrayEquals(seq.host, par.host, "per-host deliveries");
        assertArrayEquals(seq.completed, par.completed, "completion times");
    }

    @Test
    void theThresholdWeightMapsToAFillOfTheBufferOrOfAUnit() {
        assertEquals(2048, CcParams.DEFAULTS.withThreshold(15, 0).thresholdBytes(32 * 1024), "w 15: 1/16 of 32 KiB");
        assertEquals(8192, CcParams.DEFAULTS.thresholdBytes(32 * 1024), "the default: w 15 in 8 KiB units (D143)");
        assertEquals(16 * 1024, paperII(CcParams.Evaluation.SUM, 0).withThreshold(8, 0).thresholdBytes(32 * 1024));
        assertEquals(3 * 2048, paperII(CcParams.Evaluation.SUM, 0).withThreshold(13, 2048).thresholdBytes(32 * 1024),
                "w 13 in 2 KiB units: 3 units");
        assertEquals(Long.MAX_VALUE, CcParams.DEFAULTS.withThreshold(0, 0).thresholdBytes(32 * 1024), "0: never");
    }

    @Test
    void everyByteArrivesWithCongestionControlOn() {
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        PacketParams p = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024).withHcaRates(0, 3_000_000_000L);
        PacketSimulation sim = PacketSimulation.builder(PartitionedRunTest.TOPOLOGY, PartitionedRunTest.TABLES, s)
                .params(p).congestionControl(CcParams.DEFAULTS).build();
        sim.runUntil(200 * Time.MS);
        assertEquals(0, sim.packetsInFlight());
        for (int f = 0; f < s.size(); f++) {
            assertEquals(s.bytes()[f], sim.deliveredBytes(f), "flow " + f);
        }
        assertTrue(sim.controlHops() > 0, "CNPs were sent");
        assertNull(sim.creditViolation());
    }
}
