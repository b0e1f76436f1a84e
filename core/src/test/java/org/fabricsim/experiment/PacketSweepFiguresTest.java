package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A packet sweep's figures: one per measure, and a vector read at fractions drawn once, as the vector. */
class PacketSweepFiguresTest {
    @TempDir
    Path dir;

    private static final String SWEEP = """
            experiment = packet-sweep
            # the test bed of seed 004's C1, two flows: only the plan is made (and each point's 1 ps probe)
            topology.name = c1
            routing = updown
            packet.end-time = 20us
            packet {
              flows = [
                { src = A, dst = D }
                { src = B, dst = E }
              ]
            }
            sweep {
              series-by = label
              measures = ["metrics.aggregate_gbps", "sorted_flow_gbps.d100", "sorted_flow_gbps.d0",
                "sorted_flow_gbps.d50"]
              batch-size = 1
              points = [
                { x = 1, label = a }
                { x = 2, label = a }
                { x = 1, label = b, packet.speedup = 1 }
                { x = 2, label = b, packet.speedup = 1 }
              ]
            }
            """;

    @Test
    void aSortedVectorReadAtThreeFractionsIsOneFigureAtEachCurvesLastPoint() throws IOException {
        SweepPlan plan = SweepPlans.of(SweepTestSupport.config(dir, SWEEP));
        // no figure per fraction: the vector's one beside the other measure's
        assertEquals(List.of("aggregate_gbps", "sorted_flow_gbps"),
                plan.figures().stream().map(SweepFigure::name).toList());
        SweepFigure vector = plan.figures().get(1);
        assertEquals(List.of("a", "b"), vector.series().stream().map(SweepFigure.Series::label).toList());
        for (SweepFigure.Series s : vector.series()) {
            // the fractions in order whatever the measures' order, all from the curve's point at x = 2
            assertEquals(List.of(0.0, 0.5, 1.0), s.samples().stream().map(SweepFigure.Sample::x).toList());
            assertEquals(List.of("sorted_flow_gbps_d0_milli", "sorted_flow_gbps_d50_milli",
                    "sorted_flow_gbps_d100_milli"), s.samples().stream().map(SweepFigure.Sample::column).toList());
            int point = s.samples().get(0).point();
            assertEquals(2.0, plan.points().get(point).x());
            assertEquals(s.label().equals("a") ? 1 : 3, point);
        }
        assertTrue(vector.title().endsWith("(sorted_flow_gbps at x = 2)"), vector.title());
    }

    @Test
    void fewerThanThreeFractionsAreNoVector() {
        assertEquals(Map.of(), PacketSweepBinding.profiles(List.of("sorted_flow_gbps.d0", "sorted_flow_gbps.d100",
                "metrics.aggregate_gbps")));
        assertEquals(Map.of("x", List.of(0, 1, 3)), PacketSweepBinding.profiles(List.of("x.d0", "x.d5", "y.d1",
                "x.d100", "x.d101")));
    }
}
