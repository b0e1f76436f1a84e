package org.fabricsim.ib.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The dLists against a brute-force list per line: the same answers under random adds and clears. */
class DestinationListsTest {
    @Test
    void agreesWithAListPerLineUnderRandomAddsAndClears() {
        for (int most : new int[] {1, 3, 4, 16, 32}) {
            int lines = 50;
            DestinationLists d = new DestinationLists(lines, most);
            List<List<Integer>> ref = new ArrayList<>();
            for (int i = 0; i < lines; i++) {
                ref.add(new ArrayList<>());
            }
            SplittableRandom rnd = new SplittableRandom(most);
            for (int step = 0; step < 20_000; step++) {
                int line = rnd.nextInt(lines);
                int dst = rnd.nextInt(40);
                if (rnd.nextInt(50) == 0) {
                    d.clear(line);
                    ref.get(line).clear();
                    continue;
                }
                List<Integer> r = ref.get(line);
                boolean expected = !r.contains(dst) && r.size() < most;
                if (expected) {
                    r.add(dst);
                }
                assertEquals(expected, d.add(line, dst), "most " + most + ", step " + step);
                assertEquals(r.size(), d.size(line));
                assertEquals(r.contains(dst), d.contains(line, dst));
                for (int j = 0; j < r.size(); j++) {
                    assertEquals(r.get(j), d.get(line, j), "the order destinations joined in");
                }
            }
        }
    }
}
