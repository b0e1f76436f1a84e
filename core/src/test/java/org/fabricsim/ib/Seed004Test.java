package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/**
 * Seed 004 under deterministic routing (digest A.4, A.5), with the switch model the digest infers (A.7):
 * round-robin over input ports, input FIFOs with head-of-line blocking, one VL, lossless credits, 200 Gbps
 * links whose packets carry the calibrated overhead (one flow gets ≈ 188 Gbps).
 */
public class Seed004Test {
    public static final PacketParams PARAMS = PacketParams.defaults().withSwitch(Queueing.FIFO, 1, Arbitration.ROUND_ROBIN);
    static final long PHASE = 100 * Time.US;
    static final long SETTLE = 40 * Time.US;

    static double gbps(RateProbe p, int f) {
        return p.bps(f) / 1e9;
    }

    /** Runs {@code schedule}, measuring each phase [k·PHASE + SETTLE, (k+1)·PHASE); returns Gbps [phase][flow]. */
    public static double[][] phases(Topology t, ForwardingTables lft, FlowSchedule schedule, int phases) {
        return phases(t, lft, schedule, phases, AdaptiveRouting.STATIC);
    }

    /** The same under {@code routing}. */
    public static double[][] phases(Topology t, ForwardingTables lft, FlowSchedule schedule, int phases,
            AdaptiveRouting routing) {
        RateProbe probe = new RateProbe(schedule.size(), PARAMS.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, lft, schedule).params(PARAMS).observer(probe)
                .adaptiveRouting(routing).build();
        double[][] out = new double[phases][schedule.size()];
        for (int k = 0; k < phases; k++) {
            sim.runUntil(k * PHASE + SETTLE);
            probe.window(k * PHASE + SETTLE, (k + 1) * PHASE);
            sim.runUntil((k + 1) * PHASE);
            for (int f = 0; f < schedule.size(); f++) {
                out[k][f] = gbps(probe, f);
            }
        }
        assertNull(sim.creditViolation());
        return out;
    }

    @Test
    void c1Scenario2DrGives188And94And94() {
        Topology t = Topologies.resolve("c1", 0, 0, null);
        // The paper's DR case (Fig. 5a): A -> D on L1, B -> E and C -> F on L2 (conf/lft/c1-seed004.lft).
        ForwardingTables lft = Routings.compute("file:" + Path.of("..", "conf", "lft", "c1-seed004.lft"), t, null);
        FlowSet flows = FlowSet.of(new int[] {t.node("A"), t.node("B"), t.node("C")},
                new int[] {t.node("D"), t.node("E"), t.node("F")});
        double[] g = phases(t, lft, FlowSchedule.always(flows), 1)[0];
        // tolerance: 1 Gbps (0.5 % of the link)
        assertEquals(188, g[0], 1.0, "A -> D alone on L1");
        assertEquals(94, g[1], 1.0, "B -> E shares L2");
        assertEquals(94, g[2], 1.0, "C -> F shares L2");
    }

    public static FlowSchedule addedEveryPhase(FlowSet flows, int... phase) {
        FlowSchedule s = FlowSchedule.always(flows);
        for (int f = 0; f < phase.length; f++) {
            s = s.withStart(f, phase[f] * PHASE);
        }
        return s;
    }

    public static int[] nodes(Topology t, String... names) {
        int[] n = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            n[i] = t.node(names[i]);
        }
        return n;
    }

    @Test
    void c2Scenario3DrLocalKeepsHalfWhileRemotesSplitTheOtherHalf() {
        Topology t = Topologies.resolve("c2", 0, 0, null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        // local n5 and remote n2 from 0, remote n1 from phase 1, remote n3 from phase 2, all to n4 (digest A.5)
        FlowSet flows = FlowSet.of(nodes(t, "n5", "n2", "n1", "n3"), nodes(t, "n4", "n4", "n4", "n4"));
        assertShares(new double[][] {{1 / 2.0, 1 / 2.0, 0, 0}, {1 / 2.0, 1 / 4.0, 1 / 4.0, 0},
            {1 / 2.0, 1 / 6.0, 1 / 6.0, 1 / 6.0}}, phases(t, lft, addedEveryPhase(flows, 0, 0, 1, 2), 3));
    }

    /** Each flow's Gbps in each phase against its share of node 4's link (188 Gbps); tolerance 2 Gbps (1 %). */
    static void assertShares(double[][] share, double[][] gbps) {
        for (int k = 0; k < share.length; k++) {
            for (int f = 0; f < share[k].length; f++) {
                assertEquals(share[k][f] * 188, gbps[k][f], 2.0, "phase " + k + " flow " + f);
            }
        }
    }

    @Test
    void c2Scenario4DrParkingLotHitsRemotesFirstThenLocals() {
        Topology t = Topologies.resolve("c2", 0, 0, null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        // local n5 + remote n2 from 0; remote n37 (another leaf) from phase 1; local n13 from phase 2
        FlowSet flows = FlowSet.of(nodes(t, "n5", "n2", "n37", "n13"), nodes(t, "n4", "n4", "n4", "n4"));
        assertShares(new double[][] {{1 / 2.0, 1 / 2.0, 0, 0}, {1 / 2.0, 1 / 4.0, 1 / 4.0, 0},
            {1 / 3.0, 1 / 6.0, 1 / 6.0, 1 / 3.0}}, phases(t, lft, addedEveryPhase(flows, 0, 0, 1, 2), 3));
    }

    @Test
    void c2Scenario5DrTheThirdFlowRunsAtFullRateBesideTheHotspot() {
        Topology t = Topologies.resolve("c2", 0, 0, null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        FlowSet flows = FlowSet.of(nodes(t, "n1", "n37", "n39"), nodes(t, "n4", "n4", "n28"));
        double[] g = phases(t, lft, FlowSchedule.always(flows), 1)[0];
        assertEquals(94, g[0], 1.0, "1 -> 4 shares node 4's link");
        assertEquals(94, g[1], 1.0, "37 -> 4 shares node 4's link");
        assertEquals(188, g[2], 1.0, "39 -> 28 at full rate (other root)");
    }
}
