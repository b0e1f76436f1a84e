package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.contention.ContentionAnalysis;
import org.fabricsim.fluid.PhaseCompletionKernel;
import org.fabricsim.fluid.RateAlgorithm;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.routing.DModK;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.Superposition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The phase-completion sweep (seed 003 Fig 6.7): plan, kernel, and what a trial reports. */
class PhaseCompletionSweepTest {
    @TempDir
    Path dir;

    private ExperimentConfig config(String text) throws IOException {
        return SweepTestSupport.config(dir, text);
    }

    private static final String BASE = "experiment = phase-completion\ntopology.name = \"kary-ntree(4,3)\"\n"
            + "traffic.pattern = superposition\n";

    /**
     * Under SAA with unit flows the phase ends at W, which for unit weights is the largest number of flows on
     * a link: the contention analysis' maximum C_f for the same trial's flows.
     */
    @Test
    void aTrialCompletesAtTheMaximumContentionOfItsFlows() throws IOException {
        SweepPlan plan = SweepPlans.of(config(BASE + "sweep.points = [ { x = 3, traffic.permutations = 3 } ]\n"));
        PhaseCompletionKernel k = (PhaseCompletionKernel) plan.points().get(0).kernel();
        Topology t = Topologies.resolve("kary-ntree(4,3)", 0, 0, null);
        ContentionAnalysis analysis = new ContentionAnalysis(DModK.compute(t));
        TrialRunner runner = k.open();
        long[] out = new long[k.columns().size()];
        for (long trial = 0; trial < 10; trial++) {
            runner.run(trial, out);
            FlowSet flows = new Superposition(3).generate(HostGroups.of(t), Seeds.stream(k.seed(), trial,
                    Purpose.TRAFFIC));
            int max = analysis.analyze(flows, analysis.newScratch(), null, null).maxContention();
            assertEquals(List.of((long) max, (long) flows.size(), (long) max), List.of(out[0], out[1], out[2]),
                    "trial " + trial);
        }
    }

    @Test
    void everyAlgorithmAndBothCompletionModelsGiveTheSameTotal() throws IOException {
        long[] expected = null;
        for (String algorithm : RateAlgorithm.keys()) {
            for (String model : List.of("constant", "recalculate")) {
                SweepPlan plan = SweepPlans.of(config(BASE + "rates.algorithm = " + algorithm
                        + "\nrates.completion = " + model + "\n"));
                long[] out = new long[3];
                plan.points().get(0).kernel().open().run(7, out);
                if (expected == null) {
                    expected = out.clone();
                }
                assertEquals(expected[0], out[0], algorithm + " " + model);
            }
        }
    }

    @Test
    void plansSurviveJavaSerialisation() throws Exception {
        SweepPlan plan = SweepPlans.of(config(BASE + "rates.algorithm = saa-m\n"));
        SweepPlan back = SweepTestSupport.serialisedAndBack(plan);
        assertEquals(plan.points().get(0).kernel(), back.points().get(0).kernel());
        long[] a = new long[3];
        long[] b = new long[3];
        back.points().get(0).kernel().open().run(2, a);
        plan.points().get(0).kernel().open().run(2, b);
        assertEquals(java.util.Arrays.toString(b), java.util.Arrays.toString(a));
    }

    @Test
    void mistakesNameTheirKey() throws IOException {
        String algorithm = assertThrows(InputException.class, () -> SweepPlans.of(config(BASE
                + "rates.algorithm = dffa\n"))).getMessage();
        assertTrue(algorithm.contains("rates.algorithm"), algorithm);
        String forest = assertThrows(InputException.class, () -> SweepPlans.of(config(
                "experiment = phase-completion\ntopology.name = tree648\ntraffic.pattern = silent-forest\n")))
                .getMessage();
        assertTrue(forest.contains("traffic.pattern"), forest);
        String routing = assertThrows(InputException.class, () -> SweepPlans.of(config(BASE
                + "routing = spiral\n"))).getMessage();
        assertTrue(routing.contains("routing"), routing);
        String tolerance = assertThrows(InputException.class, () -> SweepPlans.of(config(BASE
                + "rates.tie-tolerance = 0.1\n"))).getMessage();
        assertTrue(tolerance.contains("rates.tie-tolerance"), tolerance);
    }
}
