package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.contention.ContentionAnalysis;
import org.fabricsim.fluid.RateScheme;
import org.fabricsim.fluid.RateSchemesKernel;
import org.fabricsim.fluid.RateSchemesKernel.Measure;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.routing.DModK;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.routing.adaptive.AdaptiveRouter;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.Superposition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rate-schemes sweep (seed 003 Figs 6.7, 6.8, 6.10): the experiment files, what a trial reports, mistakes. */
class RateSchemesSweepTest {
    private static final String SMALL = "experiment = rate-schemes\ntopology.name = \"mkary-ntree(4,3,2)\"\n";

    @TempDir
    Path dir;

    private ExperimentConfig config(String text) throws IOException {
        return SweepTestSupport.config(dir, text);
    }

    private static SweepPlan file(String name) {
        return SweepPlans.of(ExperimentConfig.load(Path.of("../conf/experiments/" + name), List.of()));
    }

    @Test
    void theThreeFigureFilesBuildTheThesisSetUps() {
        SweepPlan f67 = file("rates-fig6-7.conf");
        RateSchemesKernel k67 = (RateSchemesKernel) f67.points().get(4).kernel();
        assertEquals(5, f67.points().size());
        assertEquals(50, f67.rule().batchSize());
        assertEquals(1, f67.rule().maxBatches());
        assertEquals(new Superposition(5), k67.pattern());
        assertEquals(List.of("saa", "saa+ar", "saa-m+ar"), k67.schemes().stream().map(RateScheme::key).toList());
        assertEquals(Measure.COMPLETION, k67.measure());
        assertEquals(AdaptiveOptions.DEFAULT, k67.adaptive()); // ForcedDir(8), spec §6.6

        SweepPlan f68 = file("rates-fig6-8.conf");
        RateSchemesKernel k68 = (RateSchemesKernel) f68.points().get(0).kernel();
        assertEquals(List.of("saa", "ffa", "saa+ar", "saa-m+ar", "ffa+ar"),
                k68.schemes().stream().map(RateScheme::key).toList()); // the baseline first, added
        assertEquals(Measure.FLOW_RATES, k68.measure());
        assertEquals(List.of("mean_rate", "mean_rate-ratio", "sorted-ratio"),
                f68.figures().stream().map(SweepFigure::name).toList());

        SweepPlan f610 = file("rates-fig6-10.conf");
        assertEquals(8, f610.points().size());
        SweepFigure sorted = f610.figures().get(2);
        assertEquals(2, sorted.series().get(0).samples().get(0).point()); // frag_coeff = 4 is the third point
        assertEquals(Measure.APPLICATION_RATES, ((RateSchemesKernel) f610.points().get(0).kernel()).measure());
    }

    /**
     * Completion under SAA is W (Theorem 4.1.1), with unit flows the largest number of flows on a link: on the
     * static routes the contention analysis' maximum, on the adaptive routes the most loaded link of an
     * independent set-up with the trial's routing stream.
     */
    @Test
    void completionIsTheMostLoadedLinkOfEachSchemesRoutes() throws IOException {
        SweepPlan plan = SweepPlans.of(config(SMALL + "traffic { pattern = superposition, permutations = 3 }\n"
                + "rates.schemes = \"saa, saa+ar\"\n"));
        RateSchemesKernel k = (RateSchemesKernel) plan.points().get(0).kernel();
        assertEquals(List.of("flows", "saa_completion_ppm", "saa_ar_completion_ppm", "saa_ar_completion_ratio_ppm"),
                k.columns());
        Topology tree = Topologies.resolve("mkary-ntree(4,3,2)", 0, 0, null);
        Topology plain = Topologies.resolve("kary-ntree(4,3)", 0, 0, null);
        ContentionAnalysis analysis = new ContentionAnalysis(DModK.compute(plain));
        AdaptiveRouter router = AdaptiveRouter.dModK(tree, AdaptiveOptions.DEFAULT);
        TrialRunner runner = k.open();
        long[] out = new long[k.columns().size()];
        for (long trial = 0; trial < 8; trial++) {
            runner.run(trial, out);
            FlowSet flows = new Superposition(3).generate(HostGroups.of(plain),
                    Seeds.stream(k.seed(), trial, Purpose.TRAFFIC));
            int oblivious = analysis.analyze(flows, analysis.newScratch(), null, null).maxContention();
            int adaptive = maxLoad(router.route(flows, Seeds.stream(k.seed(), trial, Purpose.ROUTING)),
                    tree.portCount());
            assertEquals(List.of((long) flows.size(), oblivious * 1_000_000L, adaptive * 1_000_000L,
                    Math.round(1e6 * adaptive / oblivious)), Arrays.stream(out).boxed().toList(), "trial " + trial);
        }
    }

    private static int maxLoad(FlowRoutes routes, int links) {
        int[] load = new int[links];
        int max = 0;
        for (int l : routes.links()) {
            max = Math.max(max, ++load[l]);
        }
        return max;
    }

    /** SAA-M starts from SAA and only raises rates (Alg 4.3): every sorted rate and the mean are at least SAA's. */
    @Test
    void saaMNeverFallsBelowSaaOnTheSameRoutes() throws IOException {
        SweepPlan plan = SweepPlans.of(config(SMALL + "traffic { pattern = random-flows, max-flows = 4 }\n"
                + "rates { schemes = \"saa-m+ar\", baseline = \"saa+ar\", measure = flow-rates }\n"));
        RateSchemesKernel k = (RateSchemesKernel) plan.points().get(0).kernel();
        TrialRunner runner = k.open();
        long[] out = new long[k.columns().size()];
        for (long trial = 0; trial < 8; trial++) {
            runner.run(trial, out);
            for (int c = 3; c < out.length; c++) { // the mean-rate ratio and the 11 sorted ratios
                assertTrue(out[c] >= 1_000_000, k.columns().get(c) + " = " + out[c] + " in trial " + trial);
            }
        }
    }

    /** AFA maximises the smallest application rate (Theorem 4.3.1): FFA's weakest application is no better. */
    @Test
    void afaGivesTheWeakestApplicationAtLeastWhatFfaGives() throws IOException {
        SweepPlan plan = SweepPlans.of(config(SMALL + "traffic { pattern = fragmented-applications, applications = 4,"
                + " application-size = 16, frag-coeff = 4 }\n"
                + "rates { schemes = \"ffa+ar\", baseline = \"afa+ar\", measure = application-rates }\n"));
        RateSchemesKernel k = (RateSchemesKernel) plan.points().get(0).kernel();
        int lowest = k.columns().indexOf(k.sortedColumn(RateScheme.parse("ffa+ar"), 0));
        TrialRunner runner = k.open();
        long[] out = new long[k.columns().size()];
        for (long trial = 0; trial < 8; trial++) {
            runner.run(trial, out);
            assertTrue(out[lowest] <= 1_000_000, "trial " + trial + ": " + out[lowest]);
        }
    }

    @Test
    void plansSurviveJavaSerialisation() throws Exception {
        SweepPlan plan = SweepPlans.of(config(SMALL + "traffic.pattern = random-flows\n"
                + "rates { schemes = \"ffa, saa-m+ar\", measure = flow-rates }\n"));
        SweepPlan back = SweepTestSupport.serialisedAndBack(plan);
        assertEquals(plan.points().get(0).kernel(), back.points().get(0).kernel());
        long[] a = new long[plan.columns().size()];
        long[] b = new long[plan.columns().size()];
        back.points().get(0).kernel().open().run(3, a);
        plan.points().get(0).kernel().open().run(3, b);
        assertEquals(Arrays.toString(b), Arrays.toString(a));
    }

    @Test
    void packetLevelBaselinesAndOtherMistakesAreRefusedAtTheirKey() throws IOException {
        String nc = assertThrows(InputException.class, () -> SweepPlans.of(config(SMALL
                + "rates.baseline = nc\n"))).getMessage();
        assertTrue(nc.contains("s.conf:") && nc.contains("packet model"), nc); // the line of rates.baseline
        String ar = assertThrows(InputException.class, () -> SweepPlans.of(config(SMALL
                + "rates.schemes = \"ffa, ar\"\n"))).getMessage();
        assertTrue(ar.contains("packet model"), ar);
        String unknown = assertThrows(InputException.class, () -> SweepPlans.of(config(SMALL
                + "rates.schemes = \"dffa+ar\"\n"))).getMessage();
        assertTrue(unknown.contains("unknown rate scheme"), unknown);
        String routing = assertThrows(InputException.class, () -> SweepPlans.of(config(SMALL
                + "routing = adaptive\n"))).getMessage();
        assertTrue(routing.contains("routing"), routing);
        String apps = assertThrows(InputException.class, () -> SweepPlans.of(config(SMALL
                + "traffic.pattern = random-flows\nrates.measure = application-rates\n"))).getMessage();
        assertTrue(apps.contains("rates.measure"), apps);
        String sortedAt = assertThrows(InputException.class, () -> SweepPlans.of(config(SMALL
                + "traffic.pattern = random-flows\nrates { measure = flow-rates, sorted-at = 7 }\n"))).getMessage();
        assertTrue(sortedAt.contains("rates.sorted-at"), sortedAt);
    }
}
