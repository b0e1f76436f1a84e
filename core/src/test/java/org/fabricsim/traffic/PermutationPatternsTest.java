package org.fabricsim.traffic;

import static org.fabricsim.traffic.TrafficAsserts.assertInputError;
import static org.fabricsim.traffic.TrafficAsserts.assertPermutationMinusFixedPoints;
import static org.fabricsim.traffic.TrafficAsserts.inDegrees;
import static org.fabricsim.traffic.TrafficAsserts.outDegrees;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PermutationPatternsTest {
    private static final HostGroups HOSTS_6 = HostGroups.contiguous(2, 3);

    @Test
    void randomPermutationIsABijectionWithFixedPointsDropped() {
        SplittableRandom rng = new SplittableRandom(1);
        HostGroups hosts = HostGroups.contiguous(10, 10);
        int totalFixed = 0;
        for (int t = 0; t < 200; t++) {
            FlowSet f = new RandomPermutation(false).generate(hosts, rng);
            int[] perm = assertPermutationMinusFixedPoints(f, 100);
            int fixed = 100 - f.size();
            int counted = 0;
            for (int h = 0; h < 100; h++) {
                counted += perm[h] == h ? 1 : 0;
            }
            assertEquals(fixed, counted);
            totalFixed += fixed;
        }
        // A uniform permutation has one fixed point on average: 200 expected, far from 0 and from 1000.
        assertTrue(totalFixed > 100 && totalFixed < 300, "fixed points " + totalFixed);
    }

    @Test
    void randomPermutationReachesEveryPairRoughlyUniformly() {
        int draws = 6000;
        int[][] count = pairCounts(new RandomPermutation(false), draws, 2);
        for (int s = 0; s < 6; s++) {
            int fixed = draws;
            for (int d = 0; d < 6; d++) {
                if (d != s) {
                    fixed -= count[s][d];
                    // expected draws / 6 = 1000
                    assertTrue(count[s][d] > 800 && count[s][d] < 1200, s + "->" + d + ": " + count[s][d]);
                }
            }
            assertTrue(fixed > 800 && fixed < 1200, "fixed point " + s + ": " + fixed);
        }
    }

    @Test
    void derangementHasNoFixedPointAndReachesEveryPairRoughlyUniformly() {
        int draws = 6000;
        int[][] count = pairCounts(new RandomPermutation(true), draws, 3);
        for (int s = 0; s < 6; s++) {
            int sent = 0;
            for (int d = 0; d < 6; d++) {
                if (d != s) {
                    sent += count[s][d];
                    // expected draws / 5 = 1200
                    assertTrue(count[s][d] > 1000 && count[s][d] < 1400, s + "->" + d + ": " + count[s][d]);
                }
            }
            assertEquals(draws, sent, "host " + s + " must send in every derangement");
        }
        FlowSet two = new RandomPermutation(true).generate(HostGroups.contiguous(1, 2), new SplittableRandom(4));
        assertEquals(FlowSet.of(new int[] {0, 1}, new int[] {1, 0}), two);
        assertInputError("traffic.derangement",
                () -> new RandomPermutation(true).generate(HostGroups.contiguous(1, 1), new SplittableRandom(4)));
    }

    private static int[][] pairCounts(TrafficPattern pattern, int draws, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int[][] count = new int[6][6];
        for (int t = 0; t < draws; t++) {
            FlowSet f = pattern.generate(HOSTS_6, rng);
            assertPermutationMinusFixedPoints(f, 6);
            for (int i = 0; i < f.size(); i++) {
                count[f.src()[i]][f.dst()[i]]++;
            }
        }
        return count;
    }

    @Test
    void shiftMatchesItsDefinition() {
        int n = 12;
        HostGroups hosts = HostGroups.contiguous(3, 4);
        for (int k : new int[] {-25, -13, -1, 1, 5, 6, 11, 15, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            FlowSet f = new Shift(k).generate(hosts, new SplittableRandom(0));
            assertEquals(n, f.size(), "k = " + k);
            for (int i = 0; i < f.size(); i++) {
                long expected = ((f.src()[i] + (long) k) % n + n) % n;
                assertEquals(expected, f.dst()[i], "k = " + k);
            }
            assertPermutationMinusFixedPoints(f, n);
        }
        for (int k : new int[] {0, 12, -24}) {
            assertEquals(0, new Shift(k).generate(hosts, new SplittableRandom(0)).size(), "k = " + k);
        }
    }

    @Test
    void bitReversalMatchesItsDefinition() {
        for (int bits = 0; bits <= 7; bits++) {
            int n = 1 << bits;
            FlowSet f = new BitReversal().generate(HostGroups.contiguous(1, n), new SplittableRandom(0));
            int[] perm = assertPermutationMinusFixedPoints(f, n);
            for (int h = 0; h < n; h++) {
                String b = bits == 0 ? "" : String.format("%" + bits + "s", Integer.toBinaryString(h)).replace(' ', '0');
                int reversed = bits == 0 ? 0 : Integer.parseInt(new StringBuilder(b).reverse().toString(), 2);
                assertEquals(reversed, perm[h], "n = " + n + ", h = " + h);
            }
        }
        // 16 hosts: palindromes 0000, 0110, 1001, 1111 are dropped
        assertEquals(12, new BitReversal().generate(HostGroups.contiguous(4, 4), null).size());
    }

    @Test
    void bitComplementMatchesItsDefinition() {
        FlowSet f = new BitComplement().generate(HostGroups.contiguous(4, 8), new SplittableRandom(0));
        assertEquals(32, f.size());
        for (int i = 0; i < f.size(); i++) {
            assertEquals(31 - f.src()[i], f.dst()[i]);
            assertEquals(31, f.src()[i] ^ f.dst()[i]);
        }
    }

    @Test
    void bitPermutationsNeedAPowerOfTwo() {
        HostGroups hosts = HostGroups.contiguous(3, 4);
        var e = assertInputError("bit-reversal", () -> new BitReversal().generate(hosts, null));
        assertTrue(e.getMessage().contains("12"), e.getMessage());
        e = assertInputError("bit-complement", () -> new BitComplement().generate(hosts, null));
        assertTrue(e.getMessage().contains("12"), e.getMessage());
    }

    @Test
    void superpositionSendsAndReceivesPFlowsPerHostCountingDroppedSelfFlows() {
        int n = 60;
        int p = 4;
        SplittableRandom rng = new SplittableRandom(5);
        int dropped = 0;
        for (int t = 0; t < 50; t++) {
            FlowSet f = new Superposition(p).generate(HostGroups.contiguous(6, 10), rng);
            int[] out = outDegrees(f, n);
            int[] in = inDegrees(f, n);
            for (int h = 0; h < n; h++) {
                // A dropped self-flow of host h removes one sent and one received flow.
                assertEquals(out[h], in[h], "host " + h);
                assertTrue(out[h] <= p && out[h] >= 0);
                dropped += p - out[h];
            }
        }
        // P fixed points per draw on average: 200 expected over 50 draws.
        assertTrue(dropped > 100 && dropped < 300, "dropped " + dropped);
    }

    @Test
    void aSuperpositionOfOnePermutationIsARandomPermutation() {
        HostGroups hosts = HostGroups.contiguous(4, 5);
        for (long seed = 0; seed < 10; seed++) {
            assertEquals(new RandomPermutation(false).generate(hosts, new SplittableRandom(seed)),
                    new Superposition(1).generate(hosts, new SplittableRandom(seed)));
        }
        assertInputError("traffic.permutations must be at least 1 (got 0)", () -> new Superposition(0));
        assertInputError("traffic.permutations", () -> new Superposition(-3));
    }
}
