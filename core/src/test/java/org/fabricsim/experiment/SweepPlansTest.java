package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.convergence.ConvergenceKernel;
import org.fabricsim.convergence.ConvergenceModels;
import org.fabricsim.convergence.ModelKind;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.TrialRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepPlansTest {
    @TempDir
    Path dir;

    private ExperimentConfig config(String text) throws IOException {
        return SweepTestSupport.config(dir, text);
    }

    @Test
    void pointsOverrideTheBaseAndCarryModels() throws IOException {
        SweepPlan plan = SweepPlans.of(config("experiment = convergence\nconvergence.p = 1\nsweep {\n"
                + "  points = [\n    { x = 3, topology.name = \"clos(3,3,3)\" }\n"
                + "    { x = 4, topology.name = \"clos(4,4,8)\", convergence.max-iterations = 50 }\n  ]\n"
                + "  batch-size = 100\n}\n"));
        assertEquals(2, plan.points().size());
        assertEquals("CLOS(3,3,3) p=1", plan.points().get(0).label());
        assertEquals("CLOS(4,4,8) p=1", plan.points().get(1).label());
        assertEquals(4.0, plan.points().get(1).x());
        assertEquals("50", plan.points().get(1).settings().get("convergence.max-iterations"));
        assertEquals(100, plan.rule().batchSize());
        ConvergenceKernel k1 = (ConvergenceKernel) plan.points().get(1).kernel();
        assertEquals(50, k1.options().maxIterations());
        assertNotEquals(((ConvergenceKernel) plan.points().get(0).kernel()).seed(), k1.seed());
        // the Markov curves of the paper at these points
        assertEquals(ConvergenceModels.evaluate(ModelKind.LAST_STEP, 3, 3, 3, 1).mean(),
                plan.points().get(0).models().get("last-step"), 1e-12);
        assertEquals(ConvergenceModels.evaluate(ModelKind.INDEPENDENT, 4, 8, 4, 1).mean(),
                plan.points().get(1).models().get("independent"), 1e-12);
        // kernels run where they are opened: same outcome for the same trial
        long[] a = new long[k1.columns().size()];
        long[] b = new long[k1.columns().size()];
        TrialRunner r1 = k1.open();
        r1.run(17, a);
        k1.open().run(17, b);
        assertEquals(List.of(a[0], a[1], a[2]), List.of(b[0], b[1], b[2]));
    }

    /** The whole plan travels to Spark executors by plain Java serialisation. */
    @Test
    void plansSurviveJavaSerialisation() throws Exception {
        SweepPlan plan = SweepPlans.of(config("experiment = convergence\ntopology.name = \"clos(3,3,3)\"\n"));
        SweepPlan back = SweepTestSupport.serialisedAndBack(plan);
        ConvergenceKernel k = (ConvergenceKernel) back.points().get(0).kernel();
        assertEquals(plan.points().get(0).kernel(), k);
        long[] a = new long[6];
        long[] b = new long[6];
        k.open().run(3, a);
        plan.points().get(0).kernel().open().run(3, b);
        assertEquals(java.util.Arrays.toString(b), java.util.Arrays.toString(a));
    }

    @Test
    void aConfigurationWithoutPointsIsOnePoint() throws IOException {
        SweepPlan plan = SweepPlans.of(config("experiment = convergence\ntopology.name = tree648\nconvergence.p = 2\n"));
        assertEquals(1, plan.points().size());
        assertEquals("CLOS(18,36,18) p=2", plan.points().get(0).label());
        assertTrue(plan.points().get(0).models().containsKey("last-step-half"));
    }

    @Test
    void mistakesInPointsNameFileAndLine() throws IOException {
        String unknown = assertThrows(InputException.class, () -> SweepPlans.of(config(
                "experiment = convergence\nsweep.points = [\n  { x = 1, topology.nam = \"clos(2,2,2)\" }\n]\n")))
                .getMessage();
        assertTrue(unknown.contains("s.conf:3: unknown key 'topology.nam'"), unknown);
        String x = assertThrows(InputException.class, () -> SweepPlans.of(config(
                "experiment = convergence\ntopology.name = \"clos(2,2,2)\"\nsweep.points = [ { x = two } ]\n")))
                .getMessage();
        assertTrue(x.contains("x must be a number"), x);
        String notTree = assertThrows(InputException.class, () -> SweepPlans.of(config(
                "experiment = convergence\ntopology.name = testbed7\n"))).getMessage();
        assertTrue(notTree.startsWith(dir.resolve("s.conf") + ":2: ") && notTree.contains("not a generated fat tree"),
                notTree);
        String model = assertThrows(InputException.class, () -> SweepPlans.of(config(
                "experiment = convergence\ntopology.name = \"clos(3,3,3)\"\nconvergence.models = \"last-stp\"\n")))
                .getMessage();
        assertTrue(model.contains("s.conf:3:"), model);
    }

    @Test
    void rateProtocolMistakesNameTheirKey() throws IOException {
        String base = "experiment = rate-protocols\ntopology.name = \"mkary-ntree(4,2,2)\"\nrouting = dmodk\n"
                + "traffic.pattern = random-flows\n";
        String unknown = assertThrows(InputException.class, () -> SweepPlans.of(config(base
                + "protocols.names = \"saa, dfa\"\n"))).getMessage();
        assertTrue(unknown.contains("s.conf:5: protocols.names") && unknown.contains("unknown rate protocol 'dfa'"),
                unknown);
        String horizon = assertThrows(InputException.class, () -> SweepPlans.of(config(base
                + "protocols.late-start = 2ms\n"))).getMessage();
        assertTrue(horizon.contains("protocols.horizon") && horizon.contains("after"), horizon);
        String flows = assertThrows(InputException.class, () -> SweepPlans.of(config(base
                + "traffic.min-flows = 3\ntraffic.max-flows = 2\n"))).getMessage();
        assertTrue(flows.contains("s.conf:6: traffic.max-flows"), flows);
        String apps = assertThrows(InputException.class, () -> SweepPlans.of(config(base
                + "protocols.names = \"dafa\"\n"))).getMessage();
        assertTrue(apps.contains("s.conf:5: protocols.names") && apps.contains("applications"), apps);
        SweepPlan plan = SweepPlans.of(config(base + "protocols.names = \"dffa, dafa-model\"\n"));
        assertEquals(java.util.List.of("flows", "dffa_calc_mean_ns", "dffa_calc_max_ns", "dffa_packets_mean_milli",
                "dffa_packets_max", "dffa_error_ppb", "dafa_model_calc_mean_ns", "dafa_model_calc_max_ns",
                "dafa_model_packets_mean_milli", "dafa_model_packets_max", "dafa_model_error_ppb"), plan.columns());
    }
}
