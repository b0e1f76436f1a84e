package org.fabricsim.ratecontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabricsim.fluid.FluidProblem;
import org.fabricsim.fluid.RateAlgorithm;
import org.fabricsim.fluid.RateCalculator;
import org.fabricsim.fluid.RateOptions;
import org.fabricsim.fluid.RouteSources;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.RandomFlows;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Seed 003's distributed protocols as control packets converge to what the fluid level computes on the same
 * routes (SAA exactly, DFFA to FFA's weighted max-min rates), SAA-M to a feasible, maximal assignment at least
 * SAA's (Theorem 4.1.5), on random flow sets with random weights; and the control plane keeps Table 6.2's
 * timing to the picosecond.
 */
class RateProtocolsTest {
    private static final RateProtocols.Options OPTIONS = new RateProtocols.Options(ControlTiming.TABLE_6_2,
            5_000_000, 4_000_000, 1_000_000, 2_000_000_000L, 1e-9);

    record Case(Topology t, ForwardingTables lft, FlowSet flows, FlowRoutes paths) {
    }

    /** Flows of trial {@code trial}: 1..3 per source to random hosts, weights 1..4, on adaptive or static routes. */
    static Case draw(long trial, boolean adaptive) {
        Topology t = Topologies.resolve(adaptive ? "mkary-ntree(4,3,2)" : "kary-ntree(4,3)", 10_000_000_000L, 0,
                null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        FlowSet drawn = new RandomFlows(3).generate(HostGroups.of(t), Seeds.stream(11, trial, Seeds.Purpose.TRAFFIC));
        SplittableRandom rng = new SplittableRandom(trial);
        double[] w = new double[drawn.size()];
        for (int f = 0; f < w.length; f++) {
            w[f] = 1 + rng.nextInt(4);
        }
        FlowSet flows = new FlowSet(drawn.src(), drawn.dst(), w, drawn.app());
        FlowRoutes paths = RouteSources.of(adaptive ? "adaptive" : "dmodk", t, null).routes(flows,
                Seeds.stream(11, trial, Seeds.Purpose.ROUTING));
        return new Case(t, lft, flows, paths);
    }

    private static double[] fluid(Case c, RateAlgorithm a) {
        FluidProblem p = FluidProblem.of(c.paths(), c.flows(), c.t().portCount());
        return new RateCalculator().calculate(p, RateOptions.of(a), new SplittableRandom(0)).rate();
    }

    static RateProtocols.Result run(RateProtocols.Kind kind, Case c, long seed) {
        return RateProtocols.run(kind, c.t(), c.lft(), c.flows(), c.paths(), OPTIONS, seed);
    }

    /** The protocol's rates against the fluid algorithm's on trial {@code trial}'s flows and routes. */
    private static RateProtocols.Result assertGivesTheFluidRates(RateProtocols.Kind kind, RateAlgorithm fluid,
            double tolerance, int trial, boolean adaptive) {
        Case c = draw(trial, adaptive);
        double[] expected = fluid(c, fluid);
        RateProtocols.Result r = run(kind, c, trial);
        for (int f = 0; f < expected.length; f++) {
            assertEquals(expected[f], r.rate()[f], tolerance, kind + ", flow " + f);
        }
        return r;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void saaByControlPacketsGivesTheFluidSaaRates(int trial) {
        assertGivesTheFluidRates(RateProtocols.Kind.SAA, RateAlgorithm.SAA, 1e-12, trial, trial % 2 == 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void dffaByControlPacketsGivesTheWeightedMaxMinRates(int trial) {
        RateProtocols.Result r = assertGivesTheFluidRates(RateProtocols.Kind.DFFA, RateAlgorithm.FFA, 1e-9, trial,
                trial % 2 == 0);
        assertTrue(r.broadcastHops() > 0, "every start floods a round");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void dafaByPifWavesGivesTheApplicationMaxMinRates(int trial) {
        // 4 applications of 16 hosts, fragmented in 4, 1..5 permutations each (Fig 6.10's traffic, small)
        boolean adaptive = trial % 2 == 0;
        Topology t = Topologies.resolve(adaptive ? "mkary-ntree(4,3,2)" : "kary-ntree(4,3)", 10_000_000_000L, 0,
                null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        FlowSet flows = new org.fabricsim.traffic.FragmentedApplications(4, 16, 4, 1, 5).generate(HostGroups.of(t),
                Seeds.stream(13, trial, Seeds.Purpose.TRAFFIC));
        FlowRoutes paths = RouteSources.of(adaptive ? "adaptive" : "dmodk", t, null).routes(flows,
                Seeds.stream(13, trial, Seeds.Purpose.ROUTING));
        Case c = new Case(t, lft, flows, paths);
        double[] expected = fluid(c, RateAlgorithm.AFA);
        RateProtocols.Result r = run(RateProtocols.Kind.DAFA, c, trial);
        for (int f = 0; f < expected.length; f++) {
            assertEquals(expected[f], r.rate()[f], 1e-9, "flow " + f);
            assertTrue(r.calculationPs()[f] > r.originPs(), "rates arrive after the leader's trigger");
        }
        assertTrue(r.originPs() > 0 && r.messageHops() > 0);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void saaMByControlPacketsIsFeasibleMaximalAndAtLeastSaa(int trial) {
        Case c = draw(trial, trial % 2 == 1);
        double[] saa = fluid(c, RateAlgorithm.SAA);
        RateProtocols.Result r = run(RateProtocols.Kind.SAA_M, c, trial);
        double[] load = new double[c.t().portCount()];
        FlowRoutes p = c.paths();
        for (int f = 0; f < saa.length; f++) {
            assertTrue(r.rate()[f] >= saa[f] - 1e-9, "flow " + f + " below its SAA rate");
            for (int l : p.path(f)) {
                load[l] += r.rate()[f];
            }
        }
        for (int l = 0; l < load.length; l++) {
            assertTrue(load[l] <= 1 + 1e-6, "link " + l + " carries " + load[l]);
        }
        for (int f = 0; f < saa.length; f++) {
            double most = 0;
            for (int l : p.path(f)) {
                most = Math.max(most, load[l]);
            }
            assertEquals(1, most, 1e-6, "flow " + f + " has no saturated link: not maximal");
        }
    }

    @Test
    void aLateFlowRestartsDffaAndTheRoundsEndAtTheWholeSetsRates() {
        // Fig 6.9's second experiment: one flow starts after the others' calculation
        Case c = draw(5, true);
        var late = new RateProtocols.Options(ControlTiming.TABLE_6_2, 5_000_000, 4_000_000, 1_000_000, 300_000_000,
                2_000_000_000L, 1e-9);
        RateProtocols.Result r = RateProtocols.run(RateProtocols.Kind.DFFA, c.t(), c.lft(), c.flows(), c.paths(), late,
                5);
        double[] expected = fluid(c, RateAlgorithm.FFA);
        for (int f = 0; f < expected.length; f++) {
            assertEquals(expected[f], r.rate()[f], 1e-9, "flow " + f);
            // every flow restarts from 0 in the new round: every loop ends again after the late start
            assertTrue(r.calculationPs()[f] > 300_000_000L, "flow " + f + " did not recalculate");
        }
        assertTrue(r.lateFlow() >= 0 && r.lastStartPs() == 300_000_000L);
    }

    @Test
    void theSweepKernelReportsNoDistanceFromTheFluidAnswer() {
        RateProtocolsKernel k = new RateProtocolsKernel("mkary-ntree(4,3,2)", "dmodk", true,
                org.fabricsim.routing.adaptive.AdaptiveOptions.DEFAULT, new RandomFlows(2, 2),
                java.util.List.of(RateProtocols.Kind.SAA, RateProtocols.Kind.SAA_M, RateProtocols.Kind.DFFA), OPTIONS, 200_000,
                400_000, 3);
        long[] out = new long[k.columns().size()];
        k.open().run(0, out);
        assertEquals(128, out[0], "64 hosts, 2 flows each");
        for (RateProtocols.Kind kind : k.kinds()) {
            int at = k.columns().indexOf(RateProtocolsKernel.prefix(kind) + "error_ppb");
            assertTrue(out[at] <= 1, kind + ": " + out[at] + " ppb from the fluid answer");
            long mean = out[k.columns().indexOf(RateProtocolsKernel.prefix(kind) + "calc_mean_ns")];
            long max = out[k.columns().indexOf(RateProtocolsKernel.prefix(kind) + "calc_max_ns")];
            assertTrue(0 < mean && mean <= max, kind + ": mean " + mean + ", max " + max);
            int probes = k.columns().indexOf(RateProtocolsKernel.prefix(kind) + "probes_after_announced_max");
            if (kind == RateProtocols.Kind.SAA) {
                // §4.1.2: once every announcement has crossed its path, one probe gives each flow its final rate
                assertTrue(out[probes] <= 1, "SAA: " + out[probes] + " probes after every flow was announced");
            } else {
                assertEquals(-1, probes, kind + " has no announcement count");
            }
            int rtt = k.columns().indexOf(RateProtocolsKernel.prefix(kind) + "probe_idle_rtt_max_ns");
            if (kind == RateProtocols.Kind.DFFA) {
                assertEquals(-1, rtt, "DFFA does not probe");
            } else {
                // no flow has its rate before its first round trip, so the latest waited at least the longest one
                assertTrue(0 < out[rtt] && out[rtt] <= max, kind + ": idle round trip " + out[rtt] + " ns, max " + max);
            }
        }
    }

    @Test
    void dafasModelCountsAfaIterationsAndTheLeadersHops() {
        // link 0: f0 (application 0), f1 (1); link 1: f1, f2 (1), f3 (2). AFA: link 1 saturates at rho = 1/3 and
        // fixes applications 1 and 2; link 0 then has 1/3 left for f0 alone: application 0 at 2/3. Two iterations.
        FlowRoutes r = new FlowRoutes(new int[] {0, 1, 3, 4, 5}, new int[] {0, 0, 1, 1, 1});
        FluidProblem p = new FluidProblem(r, new double[] {1, 1, 1, 1}, new int[] {0, 1, 1, 2},
                FluidProblem.unitCapacities(2));
        assertEquals(2, RateProtocolsKernel.afaIterations(p, new RateCalculator(), 0));
        // a root of a k-ary 3-tree reaches a root of another plane in 4 hops (spec §6.11: h_max = 4)
        Topology t = Topologies.resolve("kary-ntree(4,3)", 10_000_000_000L, 0, null);
        assertEquals(4, new LeaderTree(t).eccentricity());
    }

    @Test
    void aLoneFlowsAnnouncementTakesTable62sRoundTrip() {
        // host 0 to host 15 of the 4-ary 2-tree: host link, leaf up, root down, leaf down; back the same way
        Topology t = Topologies.resolve("kary-ntree(4,2)", 10_000_000_000L, 0, null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        FlowSet flows = FlowSet.of(new int[] {0}, new int[] {15});
        FlowRoutes paths = FlowRoutes.of(t, lft, flows);
        assertEquals(4, paths.length(0));
        var o = new RateProtocols.Options(ControlTiming.TABLE_6_2, 5_000_000, 0, 0, 10_000_000, 1e-9);
        RateProtocols.Result r = RateProtocols.run(RateProtocols.Kind.SAA, t, lft, flows, paths, o, 1);
        // per link 32 ns serialisation + 15 ns propagation; per switch 100 ns routing + 60 ns processing
        long oneWay = 4 * (32_000 + 15_000) + 3 * (100_000 + 60_000);
        assertEquals(2 * oneWay, r.calculationPs()[0]);
        assertEquals(1.0, r.rate()[0]);
        assertEquals(r.calculationPs()[0], r.idleRoundTripMaxPs(), "alone, the announcement's trip is the idle one");
    }
}
