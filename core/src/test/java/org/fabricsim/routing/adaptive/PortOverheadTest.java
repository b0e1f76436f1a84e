package org.fabricsim.routing.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PortOverheadTest {
    /** Seed 003 Table 6.1: added / existing switch ports of the modified k-ary n-tree, horizontal width 2. */
    private static final int[] RADIX = {4, 8, 12, 16};
    private static final int[] HEIGHT = {2, 3, 4};
    private static final String[][] TABLE_6_1 = {
        {"0.33", "0.17", "0.11", "0.08"},
        {"0.40", "0.20", "0.13", "0.10"},
        {"0.43", "0.21", "0.14", "0.11"},
    };

    @Test
    void table61IsReproducedExactlyFromTheGeneratedTrees() {
        for (int i = 0; i < HEIGHT.length; i++) {
            for (int j = 0; j < RADIX.length; j++) {
                int h = HEIGHT[i];
                int k = RADIX[j];
                PortOverhead o = PortOverhead.of(k, h, 2);
                assertEquals(TABLE_6_1[i][j], String.format(java.util.Locale.ROOT, "%.2f", o.ratio()), "h=" + h
                        + " k=" + k);
                // the closed form of spec §2.4: 2·w_h·(h−1) / (k·(2h−1))
                assertEquals(4.0 * (h - 1) / (k * (2.0 * h - 1)), o.ratio(), 1e-12);
                assertTrue(o.cabledRatio() < o.ratio(), "a chain cables fewer ports than Table 6.1 counts");
            }
        }
        assertEquals(0.25, PortOverhead.of(4, 2, 2).cabledRatio(), 1e-12); // D9: 3 pairs x 2 x 2 / 48
    }
}
