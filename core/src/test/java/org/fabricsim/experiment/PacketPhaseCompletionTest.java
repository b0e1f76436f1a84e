package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.fluid.FluidProblem;
import org.fabricsim.fluid.StaticRoutes;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;

/**
 * summary.json {@code phase_completion} (seed 003 Figs 6.7 and 6.10 at the packet level): SAA's rates realised by
 * Periodic Selection complete a phase of equal flows at W, the busiest link's flow count (Theorem 4.1.1), on
 * static and on adaptive flow routes; and each application's rate is its slowest flow's SAA rate.
 */
class PacketPhaseCompletionTest {
    private static final long SEED = 7;

    private static final List<String> SWITCH = List.of("experiment=packet", "topology.link-bandwidth=10Gbps",
            "packet.overhead=0B", "packet.queues=voq", "packet.speedup=unlimited", "packet.arbitration=fcfs",
            "packet.buffer=16KiB", "packet.flow-size=64KiB", "packet.end-time=20ms",
            "packet.injection=periodic-selection", "packet.rates=saa");

    private record Run(Map<String, Object> summary, FlowSchedule rated, FlowRoutes routes) {
    }

    private static Run run(List<String> extra) {
        List<String> sets = new ArrayList<>(SWITCH);
        sets.addAll(extra);
        ExperimentConfig c = ExperimentConfig.fromSets(sets, null);
        Topology t = NetworkBinding.topology(c);
        ForwardingTables lft = NetworkBinding.routing(c, t);
        PacketParams params = PacketBinding.params(c);
        long end = PacketBinding.endTime(c);
        Map<String, Object> s = PacketSweepKernel.summary(c, SEED, t, lft, PacketRoutingBinding.adaptiveRouting(c, t), params,
                end, end);
        FlowSchedule schedule = PacketBinding.schedule(c, t, SEED);
        FlowSchedule rated = RateRealisationBinding.rated(c, t, lft, schedule, SEED);
        FlowRoutes paths = RateRealisationBinding.flowPaths(c, t, lft, schedule, SEED);
        FlowRoutes routes = paths != null ? paths : FluidProblem.of(t, new StaticRoutes(lft), schedule.flows(),
                Seeds.stream(SEED, 0, Seeds.Purpose.ROUTING)).routes();
        return new Run(s, rated, routes);
    }

    /** W by brute force: the most flows any link carries. */
    private static int busiestLink(FlowRoutes r) {
        Map<Integer, Integer> count = new java.util.HashMap<>();
        int w = 0;
        for (int f = 0; f < r.flows(); f++) {
            for (int l : r.path(f)) {
                w = Math.max(w, count.merge(l, 1, Integer::sum));
            }
        }
        return w;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> phase(Run r) {
        return (Map<String, Object>) r.summary().get("phase_completion");
    }

    private static void assertCompletesAtW(Run r) {
        Map<String, Object> p = phase(r);
        assertNotNull(p, "a phase of equal flows started at 0 is reported");
        double units = ((Number) p.get("time_units")).doubleValue();
        int w = busiestLink(r.routes());
        // the busiest link carries W flows' data: never sooner; PS keeps to the rates, so hardly later
        // (a flow is 32 packets: start-up and the last packet's path add a few percent)
        assertTrue(units >= w, units + " units below W = " + w);
        assertTrue(units <= 1.06 * w, units + " units against W = " + w);
        assertEquals(1 / units, ((Number) p.get("mean_application_rate")).doubleValue(), 1e-12);
        assertEquals(units, ((Number) p.get("mean_application_time_units")).doubleValue(), 1e-12,
                "one application: its time is the phase's");
    }

    @Test
    void saaByPeriodicSelectionCompletesAPhaseAtTheBusiestLinksLoadOnStaticRoutes() {
        assertCompletesAtW(run(List.of("topology.name=\"kary-ntree(4,3)\"", "routing=dmodk",
                "traffic.pattern=superposition", "traffic.permutations=3")));
    }

    @Test
    void andOnAdaptiveFlowRoutesOfTheModifiedTree() {
        Run r = run(List.of("topology.name=\"mkary-ntree(4,3,2)\"", "routing=dmodk", "traffic.pattern=superposition",
                "traffic.permutations=3", "packet.routes=adaptive"));
        assertCompletesAtW(r);
    }

    @Test
    void anApplicationsRateIsItsSlowestFlowsRate() {
        Run r = run(List.of("topology.name=\"kary-ntree(4,3)\"", "routing=dmodk",
                "traffic.pattern=fragmented-applications", "traffic.applications=4", "traffic.application-size=16",
                "traffic.frag-coeff=2"));
        Map<String, Object> p = phase(r);
        assertEquals(4, ((Number) p.get("applications")).intValue());
        // SAA gives flow f the rate 1/W_f (in line rates): the application's rate is its least flow rate
        double[] least = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        FlowSchedule s = r.rated();
        for (int f = 0; f < s.size(); f++) {
            int a = s.flows().app()[f];
            least[a] = Math.min(least[a], s.rateBps()[f] / 10e9);
        }
        double mean = (least[0] + least[1] + least[2] + least[3]) / 4;
        double min = Math.min(Math.min(least[0], least[1]), Math.min(least[2], least[3]));
        double measured = ((Number) p.get("mean_application_rate")).doubleValue();
        // measured ≤ calculated (no flow beats its rate), and within the start-up's few percent
        assertTrue(measured <= mean * 1.001 && measured >= 0.94 * mean, measured + " against " + mean);
        // its time is one unit over that rate: never sooner than the slowest flow's rate allows
        double meanTime = (1 / least[0] + 1 / least[1] + 1 / least[2] + 1 / least[3]) / 4;
        double measuredTime = ((Number) p.get("mean_application_time_units")).doubleValue();
        assertTrue(measuredTime >= meanTime * 0.999 && measuredTime <= meanTime / 0.94,
                measuredTime + " units against " + meanTime);
        assertTrue(measuredTime * measured >= 1 - 1e-12, "the mean time is at least one over the mean rate");
        double measuredMin = ((Number) p.get("min_application_rate")).doubleValue();
        assertTrue(measuredMin <= min * 1.001 && measuredMin >= 0.94 * min, measuredMin + " against " + min);
        @SuppressWarnings("unchecked")
        Map<String, Object> sorted = (Map<String, Object>) p.get("sorted_application_rate");
        assertEquals(measuredMin, ((Number) sorted.get("d0")).doubleValue(), 0, "the lowest is the least");
        double d50 = ((Number) sorted.get("d50")).doubleValue();
        double d100 = ((Number) sorted.get("d100")).doubleValue();
        assertTrue(measuredMin <= d50 && d50 <= d100 && d100 >= measured, "ascending, the highest above the mean");
    }

    @Test
    void endlessFlowsHaveNoPhase() {
        Run r = run(List.of("topology.name=\"kary-ntree(4,2)\"", "routing=dmodk", "traffic.pattern=superposition",
                "traffic.permutations=1", "packet.flow-size=1GiB", "packet.end-time=20us"));
        Map<String, Object> p = phase(r);
        assertNull(p.get("time_units"), "unfinished at the end: no completion");
        assertNull(p.get("mean_application_rate"));
        assertNull(p.get("mean_application_time_units"));
    }
}
