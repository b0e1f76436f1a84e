package org.fabricsim.traffic;

import static org.fabricsim.traffic.TrafficAsserts.assertInputError;
import static org.fabricsim.traffic.TrafficAsserts.assertPermutationMinusFixedPoints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class WorstPermutationTest {

    /** r groups of n hosts; r < n, r = n, r > n, a single leaf, and the 648- and 4096-host trees. */
    @ParameterizedTest(name = "{0} groups of {1}")
    @CsvSource({"1, 5", "2, 2", "3, 7", "4, 10", "5, 5", "7, 3", "18, 36", "24, 24", "36, 18", "48, 24",
            "256, 16"})
    void everyGroupPairCarriesQOrQPlusOneFlows(int r, int n) {
        HostGroups hosts = HostGroups.contiguous(r, n);
        int q = n / r;
        int s = n % r;
        SplittableRandom rng = new SplittableRandom(r * 1000L + n);
        for (int t = 0; t < 5; t++) {
            FlowSet f = new WorstPermutation().generate(hosts, rng);
            int[] perm = assertPermutationMinusFixedPoints(f, r * n);
            int[][] c = new int[r][r];
            for (int h = 0; h < r * n; h++) {
                c[h / n][perm[h] / n]++; // dropped self-flows count for (g, g)
            }
            for (int i = 0; i < r; i++) {
                int plusOne = 0;
                for (int o = 0; o < r; o++) {
                    assertTrue(c[i][o] == q || c[i][o] == q + 1, "c(" + i + "," + o + ") = " + c[i][o]);
                    plusOne += c[i][o] - q;
                }
                assertEquals(s, plusOne, "row " + i);
            }
            for (int o = 0; o < r; o++) {
                int sources = 0;
                for (int i = 0; i < r; i++) {
                    sources += c[i][o] > 0 ? 1 : 0;
                }
                assertEquals(Math.min(r, n), sources, "distinct input groups of output group " + o);
            }
        }
    }

    @Test
    void theGroupMatrixAndTheHostsAreRandom() {
        // 4 groups of 2: each output group receives from 2 of the 4 input groups; the choice varies.
        HostGroups hosts = HostGroups.contiguous(4, 2);
        SplittableRandom rng = new SplittableRandom(11);
        boolean[][] seen = new boolean[4][4];
        boolean[][] hostPairSeen = new boolean[8][8];
        for (int t = 0; t < 400; t++) {
            int[] perm = assertPermutationMinusFixedPoints(new WorstPermutation().generate(hosts, rng), 8);
            for (int h = 0; h < 8; h++) {
                seen[h / 2][perm[h] / 2] = true;
                hostPairSeen[h][perm[h]] = true;
            }
        }
        for (boolean[] row : seen) {
            for (boolean b : row) {
                assertTrue(b, Arrays.deepToString(seen));
            }
        }
        for (boolean[] row : hostPairSeen) {
            for (boolean b : row) {
                assertTrue(b, "every host pair, fixed points included, should occur");
            }
        }
    }

    @Test
    void unequalGroupsAreAnInputError() {
        HostGroups hosts = new HostGroups(5, new int[] {0, 0, 0, 1, 1});
        var e = assertInputError("worst-permutation", () -> new WorstPermutation().generate(hosts, new SplittableRandom(0)));
        assertTrue(e.getMessage().contains("equal size"), e.getMessage());
    }
}
