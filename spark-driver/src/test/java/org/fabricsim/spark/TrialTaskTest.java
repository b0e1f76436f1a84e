package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrialTaskTest {
    @Test
    void everyTrialOfTheRoundExactlyOnce() {
        for (int slices : new int[] {1, 2, 3, 7, 8, 100, 1000}) {
            for (int batch : new int[] {1, 5, 50, 1000}) {
                List<Integer> points = List.of(0, 2, 5);
                int round = 3;
                List<TrialTask> tasks = TrialTask.round(points, round, batch, slices);
                for (int p : points) {
                    long next = (long) round * batch;
                    for (TrialTask t : tasks) {
                        if (t.point() == p) {
                            assertEquals(next, t.firstTrial(), "contiguous, in order");
                            next += t.count();
                        }
                    }
                    assertEquals((long) (round + 1) * batch, next, "slices " + slices + " batch " + batch);
                }
                assertTrue(tasks.size() >= points.size());
                assertTrue(tasks.size() <= Math.max(points.size(), slices + points.size()), tasks.size() + " tasks");
                assertTrue(tasks.size() <= points.size() * batch);
            }
        }
    }

    @Test
    void slicesAreSpreadOverThePoints() {
        assertEquals(7, TrialTask.round(List.of(4), 0, 100, 7).size());
        assertEquals(8, TrialTask.round(List.of(0, 1), 0, 100, 7).size()); // 4 per point
        assertEquals(2, TrialTask.round(List.of(0, 1), 0, 100, 1).size()); // at least one per point
        assertThrows(IllegalArgumentException.class, () -> TrialTask.round(List.of(0), 0, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> new TrialTask(0, 0, 0));
    }
}
