package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.contention.AdaptiveContentionKernel;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.routing.adaptive.AdaptiveOptions.Policy;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdaptiveRoutingPlansTest {
    @TempDir
    Path dir;

    private SweepPlan plan(String text) throws IOException {
        Path f = dir.resolve("a.conf");
        Files.writeString(f, text);
        return SweepPlans.of(ExperimentConfig.load(f, List.of()));
    }

    private static final String HEAD = "experiment = adaptive-routing\ntopology.name = \"mkary-ntree(4,3,2)\"\n";

    @Test
    void pointsBindTheOptionsAndSeriesByGivesOneAdaptiveCurvePerValue() throws IOException {
        SweepPlan p = plan(HEAD + "sweep.series-by = adaptive.policy\nsweep.points = [\n"
                + "{ x = 0, adaptive.policy = forced-dir, adaptive.horizontal-hops = 1 }\n"
                + "{ x = 1, adaptive.policy = forced-dir, adaptive.horizontal-hops = unlimited }\n"
                + "{ x = 0, adaptive.policy = free-dir, adaptive.horizontal-hops = 1, adaptive.setup-order = sequential,"
                + " adaptive.ties = lowest, adaptive.route-cache = 3, adaptive.hop-scope = per-flow }\n"
                + "{ x = 1, adaptive.policy = free-dir, adaptive.horizontal-hops = unlimited }\n]\n");
        assertEquals(4, p.points().size());
        assertEquals("adaptive_max_contention", p.stopColumn());
        AdaptiveOptions o = ((AdaptiveContentionKernel) p.points().get(2).kernel()).options();
        assertEquals(new AdaptiveOptions(Policy.FREE_DIR, 1, AdaptiveOptions.HopScope.PER_FLOW,
                AdaptiveOptions.SetupOrder.SEQUENTIAL, AdaptiveOptions.Ties.LOWEST, 3), o);
        assertEquals(AdaptiveOptions.UNLIMITED,
                ((AdaptiveContentionKernel) p.points().get(1).kernel()).options().horizontalHops());
        assertEquals("mkary-ntree(4,3,2) ForcedDir(inf)", p.points().get(1).label());
        SweepFigure max = p.figures().get(0);
        assertEquals("max-contention", max.name());
        // the same trees at the same x in both groups: one oblivious curve, one adaptive curve per policy
        assertEquals(List.of("oblivious", "adaptive, forced-dir", "adaptive, free-dir"),
                max.series().stream().map(SweepFigure.Series::label).toList());
        assertEquals(List.of(2, 3), max.series().get(2).samples().stream().map(SweepFigure.Sample::point).toList());
        assertEquals(1e-6, p.figures().get(1).series().get(0).samples().get(0).scale());
        // every point routes the same permutations: the kernels share the sweep's seed
        assertEquals(((AdaptiveContentionKernel) p.points().get(0).kernel()).seed(),
                ((AdaptiveContentionKernel) p.points().get(3).kernel()).seed());
    }

    @Test
    void linkLoadsAddColumnsAndOneFigurePerRouting() throws IOException {
        SweepPlan p = plan(HEAD + "adaptive.link-load-bins = 5\n");
        assertEquals(AdaptiveContentionKernel.COLUMNS.size() + 2 * 4 * 5, p.columns().size());
        List<String> names = p.figures().stream().map(SweepFigure::name).toList();
        assertEquals(List.of("max-contention", "mean-contention", "link-loads-oblivious", "link-loads-adaptive"), names);
        SweepFigure loads = p.figures().get(2);
        assertEquals("U(2,1) (up-1-2)", loads.series().get(0).label());
        assertEquals(1.0 / 64, loads.series().get(0).samples().get(0).scale(), 0); // 64 leaf up links
        assertTrue(loads.logY());
    }

    @Test
    void mistakesNameTheirKey() {
        String wrongRouting = assertThrows(InputException.class, () -> plan(HEAD + "routing = updown\n")).getMessage();
        assertTrue(wrongRouting.contains("routing") && wrongRouting.contains("dmodk"), wrongRouting);
        String pattern = assertThrows(InputException.class, () -> plan(HEAD + "traffic.pattern = shift\n"))
                .getMessage();
        assertTrue(pattern.contains("traffic.pattern"), pattern);
        String hops = assertThrows(InputException.class, () -> plan(HEAD + "adaptive.horizontal-hops = lots\n"))
                .getMessage();
        assertTrue(hops.contains("adaptive.horizontal-hops: must be a whole number >= 0 or 'unlimited'"), hops);
        String policy = assertThrows(InputException.class, () -> plan(HEAD + "adaptive.policy = forced\n"))
                .getMessage();
        assertTrue(policy.contains("adaptive.policy"), policy);
        String notTree = assertThrows(InputException.class, () -> plan(
                "experiment = adaptive-routing\ntopology.name = testbed7\n")).getMessage();
        assertTrue(notTree.contains("topology.name"), notTree);
        String heights = assertThrows(InputException.class, () -> plan(HEAD + "adaptive.link-load-bins = 3\n"
                + "sweep.points = [ { x = 1 }, { x = 2, topology.name = \"mkary-ntree(4,2,2)\" } ]\n")).getMessage();
        assertTrue(heights.contains("same height"), heights);
        String seriesBy = assertThrows(InputException.class, () -> plan("experiment = rate-schemes\n"
                + "topology.name = \"clos(2,2,2)\"\nsweep.series-by = label\n")).getMessage();
        assertTrue(seriesBy.contains("sweep.series-by"), seriesBy);
    }

    @Test
    void aConvergenceSweepSplitBySeriesDrawsOneCurvePerValueWithoutTheModels() throws IOException {
        String points = "sweep.points = [\n"
                + "{ x = 2, label = written, topology.name = \"clos(2,2,4)\" }\n"
                + "{ x = 3, label = written, topology.name = \"clos(3,3,6)\" }\n"
                + "{ x = 2, label = other, topology.name = \"clos(2,2,4)\", convergence.new-port = other }\n"
                + "{ x = 3, label = other, topology.name = \"clos(3,3,6)\", convergence.new-port = other }\n]\n";
        SweepPlan split = plan("experiment = convergence\nsweep.series-by = label\n" + points);
        assertEquals(1, split.figures().size());
        SweepFigure f = split.figures().get(0);
        assertEquals("iterations", f.name());
        assertEquals(List.of("written", "other"), f.series().stream().map(SweepFigure.Series::label).toList());
        assertEquals(List.of(2, 3), f.series().get(1).samples().stream().map(SweepFigure.Sample::point).toList());
        assertEquals("iterations", f.series().get(1).samples().get(0).column());
        // unsplit, the plan keeps the stop column's curve with the models (no figures of its own)
        assertTrue(plan("experiment = convergence\n" + points).figures().isEmpty());
    }
}
