package org.fabricsim.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import org.fabricsim.random.Seeds.Purpose;
import org.junit.jupiter.api.Test;

class SeedsTest {
    @Test
    void sameCoordinatesGiveTheSameStream() {
        var a = Seeds.stream(7, 3, 11, Purpose.TRAFFIC);
        var b = Seeds.stream(7, 3, 11, Purpose.TRAFFIC);
        for (int i = 0; i < 100; i++) {
            assertEquals(a.nextLong(), b.nextLong());
        }
    }

    @Test
    void everyCoordinateChangesTheSeed() {
        Set<Long> seen = new HashSet<>();
        for (long master = 0; master < 4; master++) {
            for (long trial = 0; trial < 50; trial++) {
                for (long entity = 0; entity < 10; entity++) {
                    for (Purpose p : Purpose.values()) {
                        seen.add(Seeds.seed(master, trial, entity, p));
                    }
                }
            }
        }
        assertEquals(4 * 50 * 10 * Purpose.values().length, seen.size());
        assertNotEquals(Seeds.seed(1, 2, 0, Purpose.TRAFFIC), Seeds.seed(2, 1, 0, Purpose.TRAFFIC));
    }
}
