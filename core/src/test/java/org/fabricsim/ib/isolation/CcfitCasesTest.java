package org.fabricsim.ib.isolation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.ControlPacket;
import org.fabricsim.ib.NamedFlows;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.RateProbe;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.run.Mechanisms;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 Paper V's cases #1-#3 (conf/experiments/isolation-ccfit-case1..3.conf, D161) in phases of 1 ms
 * instead of 2: the victim of case #1 collapses under 1Q and keeps its link under FBICM and CCFIT; in case #2 the
 * flow active throughout keeps most of its link under FBICM while 1Q blocks it; with the islip arbitration no
 * flow of case #2 starves; in case #3 a root's hot queue holds a tree stopped downstream, so no contributor
 * starves behind a Go that never comes. Every run delivers all it injected but what is in flight, and the NFQ's
 * fill that detection reads is the FIFO's own. CCFIT is built as a run builds it (Mechanisms.of: InfiniBand CC's
 * HCAs inside the isolation); with these cases' values (Stop below High, D159) it marks nothing and is FBICM,
 * and with Paper V's Stop above High it marks at the root, sends CNPs and raises CCTIs.
 */
class CcfitCasesTest {
    static final CcParams ITH = new CcParams(15, 8192, CcParams.Evaluation.SUM, 4096, true, 8, 0.1765, 623, 128, 1,
            127, 0, 8_000_000L, true, false, 64);
    // case #4's values (isolation-ccfit-case4.conf): 2 CFQs, detect 16, Stop 20, Go 8, High / Low 32 / 16 KiB
    static final IsolationParams CFQS = new IsolationParams(2, true, 16 * 1024, 20 * 1024, 8 * 1024, 32 * 1024,
            16 * 1024, 8, 64, 1024);
    static final long MS = Time.MS;
    // Config #2: the 2-ary 3-tree, 20 Gbit/s links, D-mod-K
    static final Topology TREE = Topologies.resolve("kary-ntree(2,3)", 20_000_000_000L, 0, null);
    static final ForwardingTables TREE_LFT = Routings.compute("dmodk", TREE, null);

    enum Organisation { ONE_Q, FBICM, CCFIT }

    /** Payload Gbit/s per flow in [from, to). */
    static double[] run(Topology t, ForwardingTables lft, FlowSchedule s, int speedup, Arbitration a,
            Organisation org, long from, long to) {
        return run(t, lft, s, speedup, a, org, CFQS, from, to);
    }

    static double[] run(Topology t, ForwardingTables lft, FlowSchedule s, int speedup, Arbitration a,
            Organisation org, IsolationParams cfqs, long from, long to) {
        return run(t, lft, s, speedup, a, org, cfqs, from, to, new long[3]);
    }

    /**
     * The same, adding to {@code cc} what InfiniBand CC did over the whole run: FECN marks [0], CNPs sent [1],
     * the highest CCTI [2].
     */
    static double[] run(Topology t, ForwardingTables lft, FlowSchedule s, int speedup, Arbitration a,
            Organisation org, IsolationParams cfqs, long from, long to, long[] cc) {
        PacketParams p = PacketParams.defaults().withBuffers(64 * 1024, 64 * 1024)
                .withSwitch(Queueing.FIFO, speedup, a);
        RateProbe probe = new RateProbe(s.size(), p.overheadBytes()) {
            @Override
            public void marked(long timePs, int globalPort, int flow) {
                cc[0]++;
            }

            @Override
            public void controlTransmitted(long timePs, int globalPort, int type, int bytes) {
                // a CNP's first hop leaves the HCA that answers the marked packet: counted once, there
                if (type == ControlPacket.CONGESTION_NOTIFICATION && t.isHost(t.owner(globalPort))) {
                    cc[1]++;
                }
            }

            @Override
            public void cctiChanged(long timePs, int srcHost, int dstHost, int ccti) {
                cc[2] = Math.max(cc[2], ccti);
            }
        };
        PacketSimulation.Builder b = PacketSimulation.builder(t, lft, s).params(p).observer(probe);
        IsolationMechanisms m = null;
        if (org != Organisation.ONE_Q) {
            // as a run builds them (Mechanisms.of): CCFIT is the isolation with InfiniBand CC's HCAs inside, which
            // send the CNPs and keep the CCTIs; FBICM the isolation over static routing alone
            m = (IsolationMechanisms) Mechanisms.of(AdaptiveRouting.STATIC, org == Organisation.CCFIT ? ITH : null,
                    cfqs, 1, new int[s.size()]);
            b.mechanisms(m);
        }
        PacketSimulation sim = b.build();
        sim.runUntil(from);
        probe.window(from, to);
        sim.runUntil(to);
        assertNull(sim.creditViolation());
        assertEquals(sim.injectedPackets(), sim.deliveredPackets() + sim.packetsInFlight());
        if (m != null) {
            assertEquals(-1, m.lastIsolation().nfqMismatch(), org + ": an NFQ's fill is not its FIFO's");
        }
        double[] g = new double[s.size()];
        for (int f = 0; f < g.length; f++) {
            g[f] = probe.bps(f) / 1e9;
        }
        return g;
    }

    static FlowSchedule schedule(Topology t, String[][] flows, long[] startPs, long[] rateBps) {
        FlowSchedule always = FlowSchedule.always(NamedFlows.of(t, flows));
        return new FlowSchedule(always.flows(), startPs, always.stopPs(), always.bytes(), rateBps, always.after());
    }

    /** A link's payload rate with the default 2048 + 131-byte packets. */
    static double line(double gbps) {
        return gbps * 2048 / (2048 + 131);
    }

    @Test
    void caseOneTheVictimCollapsesUnderOneQueueAndKeepsItsLinkWithCongestedFlowQueues() {
        Topology t = Topologies.resolve("testbed7", 0, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        FlowSchedule s = caseOne(t);
        double line = line(20);
        for (Organisation org : Organisation.values()) {
            // 2 read ports: one at the 40 Gbit/s S1 -> S2 input could drain only 20 (D161)
            long[] cc = new long[3];
            double[] g = run(t, lft, s, 2, Arbitration.ROUND_ROBIN, org, CFQS, 4200 * Time.US, 5 * MS, cc);
            if (org == Organisation.CCFIT) {
                // with case #4's values High (32 KiB) is above the Stop (20 KiB): upstream CFQs are stopped
                // before the root's queue reaches High, so nothing is marked and CCFIT is FBICM here (D159)
                assertArrayEquals(new long[3], cc, "CCFIT with Stop below High: marks, CNPs, CCTI");
            }
            double h5 = g[1] + g[2] + g[3] + g[4];
            assertEquals(line, h5, 0.03 * line, org + ": H5's link is full");
            if (org == Organisation.ONE_Q) {
                // the victim shares S2's FIFO with the tree: one packet in six of the input (HoL)
                assertTrue(g[0] < 0.25 * line, "1Q victim " + g[0]);
            } else {
                assertTrue(g[0] > 0.97 * line, org + " victim " + g[0]);
            }
        }
    }

    @Test
    void withStopAboveHighCcfitMarksAtTheRootAndThrottlesTheTreesSources() {
        // case #1 with Paper V's order of the thresholds, Stop (20 KiB) above High (16 KiB; High - Low 8 KiB, at
        // least an MTU): the root CFQ at S2 crosses High before the Stop holds it, so the H5 port enters the
        // congestion state (Paper V event 7), marks, and H5 answers with CNPs that raise the sources' CCTIs
        Topology t = Topologies.resolve("testbed7", 0, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        FlowSchedule s = caseOne(t);
        IsolationParams stopAboveHigh = new IsolationParams(2, true, 16 * 1024, 20 * 1024, 8 * 1024, 16 * 1024,
                8 * 1024, 8, 64, 1024);
        double line = line(20);
        long[] fbicm = new long[3];
        run(t, lft, s, 2, Arbitration.ROUND_ROBIN, Organisation.FBICM, stopAboveHigh, 4200 * Time.US, 5 * MS, fbicm);
        assertArrayEquals(new long[3], fbicm, "FBICM has no throttling: no mark, CNP or CCTI");
        long[] cc = new long[3];
        double[] g = run(t, lft, s, 2, Arbitration.ROUND_ROBIN, Organisation.CCFIT, stopAboveHigh, 4200 * Time.US,
                5 * MS, cc);
        assertTrue(cc[0] > 0, "CCFIT: the root port marked nothing");
        assertTrue(cc[1] > 0, "CCFIT: H5 sent no CNP for " + cc[0] + " marks");
        assertTrue(cc[2] > 0, "CCFIT: no source's CCTI rose");
        assertTrue(g[0] > 0.97 * line, "CCFIT victim " + g[0]);
    }

    /** Case #1: F0 H1 -> H4 throughout; F1, F2, F5, F6 (H2, H3, H6, H7) to H5 from 1, 2, 3, 4 ms. */
    static FlowSchedule caseOne(Topology t) {
        return schedule(t, new String[][] {{"H1", "H4"}, {"H2", "H5"}, {"H3", "H5"}, {"H6", "H5"}, {"H7", "H5"}},
                new long[] {0, MS, 2 * MS, 3 * MS, 4 * MS}, new long[5]);
    }

    static FlowSchedule caseTwo(Topology t, boolean uniform) {
        // F0 h0 -> h7 from 1 ms, F1 h1 -> h3 throughout, F2, F3 h2, h3 -> h7 from 3 ms, F4 h4 -> h7 from 2 ms
        List<String[]> flows = new ArrayList<>(List.of(new String[] {"h0", "h7"}, new String[] {"h1", "h3"},
                new String[] {"h2", "h7"}, new String[] {"h3", "h7"}, new String[] {"h4", "h7"}));
        List<Long> start = new ArrayList<>(List.of(MS, 0L, 3 * MS, 3 * MS, 2 * MS));
        List<Long> rate = new ArrayList<>(List.of(0L, 0L, 0L, 0L, 0L));
        if (uniform) { // case #3: h5, h6, h7 send a seventh of their link to every other host
            for (int src = 5; src < 8; src++) {
                for (int dst = 0; dst < 8; dst++) {
                    if (dst != src) {
                        flows.add(new String[] {"h" + src, "h" + dst});
                        start.add(0L);
                        rate.add(20_000_000_000L / 7);
                    }
                }
            }
        }
        return schedule(t, flows.toArray(new String[0][]), start.stream().mapToLong(Long::longValue).toArray(),
                rate.stream().mapToLong(Long::longValue).toArray());
    }

    @Test
    void caseTwoTheFlowActiveThroughoutKeepsItsLinkUnderFbicmAndIslipStarvesNoOne() {
        FlowSchedule s = caseTwo(TREE, false);
        double line = line(20);
        double[] oneQ = run(TREE, TREE_LFT, s, 1, Arbitration.ROUND_ROBIN, Organisation.ONE_Q, 3200 * Time.US, 4 * MS);
        double[] fbicm = run(TREE, TREE_LFT, s, 1, Arbitration.ROUND_ROBIN, Organisation.FBICM, 3200 * Time.US, 4 * MS);
        // F1 shares a FIFO with F0, part of the tree to h7: a quarter of its link under 1Q, most of it isolated
        assertTrue(oneQ[1] < 0.35 * line, "1Q F1 " + oneQ[1]);
        assertTrue(fbicm[1] > 0.7 * line, "FBICM F1 " + fbicm[1]);
        for (double[] g : new double[][] {oneQ, fbicm}) {
            assertEquals(line, g[0] + g[2] + g[3] + g[4], 0.03 * line, "h7's link is full");
        }
        // with iSlip's claims every flow gets a share (round-robin in event time can lock F0 out, D161)
        double[] islip = run(TREE, TREE_LFT, s, 1, Arbitration.ISLIP, Organisation.FBICM, 3200 * Time.US, 4 * MS);
        for (int f = 0; f < 5; f++) {
            assertTrue(islip[f] > 0.08 * line, "islip flow " + f + ": " + islip[f]);
        }
        assertTrue(islip[1] > 0.7 * line, "islip F1 " + islip[1]);
    }

    @Test
    void caseThreeARootsHotQueueHoldsATreeStoppedDownstream() {
        FlowSchedule s = caseTwo(TREE, true);
        double line = line(20);
        IsolationParams keep = new IsolationParams(2, true, 16 * 1024, 20 * 1024, 8 * 1024, 32 * 1024, 16 * 1024, 8,
                64, 1024, false);
        for (IsolationParams cfqs : new IsolationParams[] {CFQS, keep}) {
            for (Organisation org : new Organisation[] {Organisation.FBICM, Organisation.CCFIT}) {
                long[] cc = new long[3];
                double[] g = run(TREE, TREE_LFT, s, 1, Arbitration.ROUND_ROBIN, org, cfqs, 3200 * Time.US, 4 * MS, cc);
                // as in case #1, Stop below High: CCFIT marks nothing and is FBICM (D159)
                assertArrayEquals(new long[3], cc, org + ": marks, CNPs, CCTI");
                // F2 and F3 wait behind h2/h3's leaf's stopped hot queues; they starved while a root's hot queue
                // upstream sent the same tree's packets past the Stop (with roots that keep their outputs, the
                // root's queue now holds a stopped tree's packet at its head)
                assertTrue(g[2] > 0.08 * line && g[3] > 0.08 * line, org + ", root-yields " + cfqs.rootYields()
                        + ": F2, F3 " + g[2] + ", " + g[3]);
            }
        }
    }
}
