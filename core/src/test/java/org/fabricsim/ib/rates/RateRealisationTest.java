package org.fabricsim.ib.rates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.NamedFlows;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.RateProbe;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;

/**
 * Rates realised at the HCA (seed 003 ch. 5, spec §5.1–5.2): Periodic Selection sends one packet every d_p / R and
 * keeps every flow within one packet of its share (Lemma 5.2.1), so each flow gets its rate (Theorem 5.2.2); under
 * back-pressure the wait is lost, so a source never runs ahead of its rate; Shaped Virtual Clock keeps every flow's
 * packets d_p / r(f) apart; and on Fig 1.1's network FFA's rates realised by PS finish in 4 time units where the
 * uncontrolled network (NC) takes 5.
 */
class RateRealisationTest {
    static final Topology SWITCH = Topologies.resolve("xgft(1;8;1)", 10_000_000_000L, 0, null);
    static final ForwardingTables SWITCH_LFT = Routings.compute("auto", SWITCH, null);
    static final long LINK = 10_000_000_000L;

    /** Per packet the host port sends: its flow and wire bytes, at the end of its transmission. */
    static final class HostPort extends RateProbe {
        final int port;
        long[] endPs = new long[1 << 16];
        int[] flow = new int[1 << 16];
        int[] bytes = new int[1 << 16];
        int count;

        HostPort(int flows, int overhead, int port) {
            super(flows, overhead);
            this.port = port;
        }

        @Override
        public void transmitted(long timePs, int globalPort, int vl, int f, int b) {
            if (globalPort == port && count < endPs.length) {
                endPs[count] = timePs;
                flow[count] = f;
                bytes[count++] = b;
            }
        }
    }

    static PacketSimulation build(Topology t, ForwardingTables lft, FlowSchedule s, RateRealisation r,
            PacketObserver o) {
        PacketParams p = PacketParams.defaults().withSwitch(Queueing.FIFO, 0, Arbitration.FCFS);
        return PacketSimulation.builder(t, lft, s).params(p).observer(o).rateRealisation(r).build();
    }

    /** h0 sends to h1, h2, h3 at a half, a quarter and an eighth of its link: R = 7/8. */
    static FlowSchedule threeRates() {
        FlowSchedule s = FlowSchedule.always(NamedFlows.of(SWITCH, new String[][] {{"h0", "h1"}, {"h0", "h2"},
            {"h0", "h3"}}));
        long[] rate = {LINK / 2, LINK / 4, LINK / 8};
        return new FlowSchedule(s.flows(), s.startPs(), s.stopPs(), s.bytes(), rate, s.after());
    }

    /** {@link #threeRates} for 3 ms, h0's packets recorded, its flows' rates measured over [1, 3) ms. */
    static HostPort runThreeRates(FlowSchedule s, RateRealisation r) {
        HostPort o = new HostPort(3, PacketParams.defaults().overheadBytes(), SWITCH.hostPort(SWITCH.node("h0")));
        PacketSimulation sim = build(SWITCH, SWITCH_LFT, s, r, o);
        sim.runUntil(Time.MS);
        o.window(Time.MS, 3 * Time.MS);
        sim.runUntil(3 * Time.MS);
        assertNull(sim.creditViolation());
        assertEquals(sim.injectedPackets(), sim.deliveredPackets() + sim.packetsInFlight());
        return o;
    }

    @Test
    void periodicSelectionSendsOnePacketEveryPeriodAndKeepsEachFlowWithinAPacketOfItsShare() {
        FlowSchedule s = threeRates();
        HostPort o = runThreeRates(s, RateRealisation.PERIODIC_SELECTION);
        long aggregate = LINK / 2 + LINK / 4 + LINK / 8;
        // every packet is an MTU: once all three flows send (they start one by one at t = 0, and R counts the
        // flows sending), the host's packets end exactly one period apart (the period rounded up to 1 ps)
        long period = Time.serialisation(o.bytes[0], aggregate);
        int checked = 0;
        for (int k = 1; k < o.count; k++) {
            if (o.endPs[k - 1] >= 10 * Time.US) {
                assertEquals(period, o.endPs[k] - o.endPs[k - 1], 1, "gap before packet " + k);
                checked++;
            }
        }
        assertTrue(checked > 1000, checked + " gaps");
        // Lemma 5.2.1 at every packet: max D/r − min D/r <= max d_p / r (in ps)
        double[] sent = new double[3];
        double worst = 0;
        for (int k = 0; k < o.count; k++) {
            sent[o.flow[k]] += o.bytes[k] * 8.0 * Time.S;
            double[] v = new double[3];
            for (int f = 0; f < 3; f++) {
                v[f] = sent[f] / s.rateBps()[f];
            }
            worst = Math.max(worst, Arrays.stream(v).max().getAsDouble() - Arrays.stream(v).min().getAsDouble());
        }
        double bound = o.bytes[0] * 8.0 * Time.S / (LINK / 8);
        assertTrue(worst <= bound + 1, "max D/r - min D/r " + worst + " ps against " + bound);
        // Theorem 5.2.2: each flow gets its rate (payload share of an MTU packet), within 1 %
        double payload = 2048.0 / o.bytes[0];
        for (int f = 0; f < 3; f++) {
            assertEquals(s.rateBps()[f] * payload, o.bps(f), 0.01 * s.rateBps()[f] * payload, "flow " + f);
        }
    }

    @Test
    void shapedVirtualClockKeepsEachFlowsPacketsItsPeriodApart() {
        FlowSchedule s = threeRates();
        HostPort o = runThreeRates(s, RateRealisation.SHAPED_VIRTUAL_CLOCK);
        long[] last = {-1, -1, -1};
        for (int k = 0; k < o.count; k++) {
            int f = o.flow[k];
            if (last[f] >= 0) {
                long gap = Time.serialisation(o.bytes[k], s.rateBps()[f]);
                assertTrue(o.endPs[k] - last[f] >= gap, "flow " + f + " packet " + k + " came early");
            }
            last[f] = o.endPs[k];
        }
        double payload = 2048.0 / o.bytes[0];
        for (int f = 0; f < 3; f++) {
            assertEquals(s.rateBps()[f] * payload, o.bps(f), 0.01 * s.rateBps()[f] * payload, "flow " + f);
        }
    }

    @Test
    void underBackPressureAPeriodicSourceNeverRunsAheadOfItsRate() {
        // h0 and h1 at the full link to h2: each gets half of it, and a wait for credits is not made up later
        FlowSchedule s = FlowSchedule.always(NamedFlows.of(SWITCH, new String[][] {{"h0", "h2"}, {"h1", "h2"}}));
        int port = SWITCH.hostPort(SWITCH.node("h0"));
        HostPort o = new HostPort(2, PacketParams.defaults().overheadBytes(), port);
        PacketSimulation sim = build(SWITCH, SWITCH_LFT, s, RateRealisation.PERIODIC_SELECTION, o);
        sim.runUntil(2 * Time.MS);
        long period = Time.serialisation(o.bytes[0], LINK);
        for (int k = 1; k < o.count; k++) {
            assertTrue(o.endPs[k] - o.endPs[k - 1] >= period, "packet " + k + " within a period of the last");
        }
        assertTrue(o.count < 0.55 * (2 * Time.MS / period), "h0 sent " + o.count + " packets: more than its half");
        assertEquals(sim.injectedPackets(), sim.deliveredPackets() + sim.packetsInFlight());
    }

    @Test
    void onFigOneOneFfaRealisedByPeriodicSelectionFinishesInFourUnitsWhereNoControlTakesFive() {
        Topology t = Topologies.resolve("fig1-1", 0, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        FlowSchedule any = FlowSchedule.always(NamedFlows.of(t, new String[][] {{"s1", "d1"}, {"s2", "d1"},
            {"s3", "d2"}, {"s4", "d2"}, {"s5", "d2"}, {"s6", "d2"}}));
        long[] bytes = new long[6];
        Arrays.fill(bytes, 1 << 20); // a unit: 1 MiB
        long[] quarter = new long[6];
        Arrays.fill(quarter, t.bandwidthBps(t.hostPort(0)) / 4); // FFA's rates here (spec §1.6): 1/4 each
        FlowSchedule nc = new FlowSchedule(any.flows(), any.startPs(), any.stopPs(), bytes, new long[6], any.after());
        FlowSchedule ffa = new FlowSchedule(any.flows(), any.startPs(), any.stopPs(), bytes, quarter, any.after());
        PacketParams p = PacketParams.defaults().withSwitch(Queueing.FIFO, 0, Arbitration.ROUND_ROBIN);
        double[] done = new double[2];
        FlowSchedule[] runs = {nc, ffa};
        RateRealisation[] how = {RateRealisation.ROUND_ROBIN, RateRealisation.PERIODIC_SELECTION};
        for (int r = 0; r < 2; r++) {
            RateProbe probe = new RateProbe(6, p.overheadBytes());
            PacketSimulation sim = PacketSimulation.builder(t, lft, runs[r]).params(p).observer(probe)
                    .rateRealisation(how[r]).build();
            sim.runUntil(10 * Time.MS);
            for (int f = 0; f < 6; f++) {
                assertTrue(probe.completedPs(f) > 0, "flow " + f + " completed");
                done[r] = Math.max(done[r], probe.completedPs(f));
            }
        }
        double unit = Time.serialisation((1 << 20) + (1 << 20) / 2048 * (long) p.overheadBytes(),
                t.bandwidthBps(t.hostPort(0)));
        assertEquals(5.0, done[0] / unit, 0.05, "NC: completion in units");
        assertEquals(4.0, done[1] / unit, 0.05, "FFA by PS: completion in units");
    }

    @Test
    void flowsSetUpBeforeTheRunFollowTheirPathsAndNothingElse() {
        // seed 003's adaptive flow routing at the fluid level on a modified tree, then the packets on those paths
        Topology t = Topologies.resolve("mkary-ntree(4,3,2)", LINK, 0, null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        var flows = new org.fabricsim.traffic.Superposition(2).generate(org.fabricsim.traffic.HostGroups.of(t),
                org.fabricsim.random.Seeds.stream(1, 0, org.fabricsim.random.Seeds.Purpose.TRAFFIC));
        org.fabricsim.routing.FlowRoutes paths = org.fabricsim.fluid.RouteSources.of("adaptive", t, null)
                .routes(flows, org.fabricsim.random.Seeds.stream(1, 0, org.fabricsim.random.Seeds.Purpose.ROUTING));
        FlowSchedule s = FlowSchedule.always(flows);
        java.util.Set<Long> used = new java.util.HashSet<>();
        PacketObserver o = new RateProbe(s.size(), 0) {
            @Override
            public void transmitted(long timePs, int globalPort, int vl, int f, int b) {
                used.add((long) f << 32 | globalPort);
            }
        };
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).observer(o).flowPaths(paths).build();
        sim.runUntil(50 * Time.US);
        java.util.Set<Long> expected = new java.util.HashSet<>();
        for (int f = 0; f < s.size(); f++) {
            for (int port : paths.path(f)) {
                expected.add((long) f << 32 | port);
            }
        }
        assertEquals(expected, used, "the links each flow's packets crossed are its path's");
        assertEquals(sim.injectedPackets(), sim.deliveredPackets() + sim.packetsInFlight());
    }
}
