package org.fabricsim.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The HPCC kernels' messages (D160) against their definitions, counted by brute force. */
class HpccTraceTest {
    static int[] ranks(int n) {
        return IntStream.range(0, n).toArray();
    }

    @Test
    void beffSendsEveryLengthFromOneKibDoublingToBothNeighbours() {
        HpccTrace t = new HpccTrace(HpccTrace.Kernel.BEFF_RING, ranks(8), 16 * 1024, 2, new int[0], new int[0]);
        FlowSchedule s = t.schedule();
        long[][] bytes = new long[8][8];
        for (int f = 0; f < s.size(); f++) {
            bytes[s.flows().src()[f]][s.flows().dst()[f]] += s.bytes()[f];
        }
        long perRun = 1024 + 2048 + 4096 + 8192 + 16384;
        for (int r = 0; r < 8; r++) {
            for (int d = 0; d < 8; d++) {
                boolean neighbour = d == (r + 1) % 8 || d == (r + 7) % 8;
                assertEquals(neighbour ? 2 * perRun : 0, bytes[r][d], r + " -> " + d);
            }
        }
        // one chain per rank: every message after the rank's previous one
        int[] last = new int[8];
        java.util.Arrays.fill(last, -1);
        for (int f = 0; f < s.size(); f++) {
            int r = s.flows().src()[f];
            assertEquals(last[r], s.after()[f], "message " + f);
            last[r] = f;
        }
    }

    @Test
    void ptransSendsEveryBlockToTheOwnerOfItsTranspose() {
        for (int n : new int[] {16, 128, 12}) {
            HpccTrace t = new HpccTrace(HpccTrace.Kernel.PTRANS, ranks(n), 96_000, 1, new int[0], new int[0]);
            int p = HpccTrace.rows(n);
            int q = n / p;
            // P: the largest divisor of n with P * P <= n
            for (int d = p + 1; d * d <= n; d++) {
                assertTrue(n % d != 0, n + ": " + d + " divides it too");
            }
            assertEquals(n, p * q);
            // brute force: the block-cyclic matrix of lcm(P, Q)^2 blocks, each block owned by (i mod P, j mod Q)
            int b = 1;
            while (b % p != 0 || b % q != 0) {
                b++;
            }
            int[][] expected = new int[n][n];
            for (int i = 0; i < b; i++) {
                for (int j = 0; j < b; j++) {
                    int from = (i % p) * q + j % q;
                    int to = (j % p) * q + i % q; // the owner of (j, i)
                    if (from != to) {
                        expected[from][to]++;
                    }
                }
            }
            int[][] got = new int[n][n];
            FlowSchedule s = t.schedule();
            int mine = b * b / n; // each rank's blocks share its 96 000 bytes
            for (int f = 0; f < s.size(); f++) {
                got[s.flows().src()[f]][s.flows().dst()[f]]++;
                assertEquals(96_000 / mine, s.bytes()[f]);
            }
            for (int r = 0; r < n; r++) {
                assertEquals(java.util.Arrays.toString(expected[r]), java.util.Arrays.toString(got[r]), n + " ranks, rank " + r);
            }
        }
        // on a square grid the transpose pairs ranks: (p, q) <-> (q, p), the diagonal silent
        FlowSchedule s = new HpccTrace(HpccTrace.Kernel.PTRANS, ranks(16), 1, 1, new int[0], new int[0]).schedule();
        assertEquals(12, s.size());
        for (int f = 0; f < s.size(); f++) {
            int r = s.flows().src()[f];
            assertEquals((r % 4) * 4 + r / 4, s.flows().dst()[f]);
        }
    }

    @Test
    void mpifftIsThreeAllToAllsAndHotSendersSendWithoutEnd() {
        int[] hosts = {0, 2, 4, 6, 8};
        HpccTrace t = new HpccTrace(HpccTrace.Kernel.MPIFFT, hosts, 512, 1, new int[] {1, 3, 5}, new int[] {9, 7});
        FlowSchedule s = t.schedule();
        int[][] count = new int[10][10];
        int endless = 0;
        for (int f = 0; f < s.size(); f++) {
            if (s.bytes()[f] == 0) {
                endless++;
                assertEquals(-1, s.after()[f]);
                continue;
            }
            count[s.flows().src()[f]][s.flows().dst()[f]]++;
        }
        for (int a : hosts) {
            for (int b : hosts) {
                assertEquals(a == b ? 0 : 3, count[a][b], a + " -> " + b);
            }
        }
        assertEquals(3, endless);
        // dealt in turn: 1 -> 9, 3 -> 7, 5 -> 9
        assertEquals(9, s.flows().dst()[s.size() - 3]);
        assertEquals(7, s.flows().dst()[s.size() - 2]);
        assertEquals(9, s.flows().dst()[s.size() - 1]);
    }
    /**
     * D223: with {@code synchronised} each rank's first message of a step waits for exactly the messages sent
     * to it in the steps before that it has not waited for yet; the messages are those of the unsynchronised
     * schedule, and every rank's messages still follow each other.
     */
    @Test
    void synchronisedRanksWaitForTheirReceivesOfTheStepsBefore() {
        for (HpccTrace.Kernel kernel : java.util.List.of(HpccTrace.Kernel.BEFF_RING, HpccTrace.Kernel.PTRANS,
                HpccTrace.Kernel.MPIFFT)) {
            HpccTrace free = new HpccTrace(kernel, ranks(6), 8192, 2, new int[] {7}, new int[] {6});
            HpccTrace sync = new HpccTrace(kernel, ranks(6), 8192, 2, new int[] {7}, new int[] {6}, true);
            FlowSchedule a = free.schedule();
            FlowSchedule s = sync.schedule();
            assertEquals(a.size(), s.size(), kernel + ": the same messages");
            long[][] bytesA = new long[8][8];
            long[][] bytesS = new long[8][8];
            for (int f = 0; f < s.size(); f++) {
                bytesA[a.flows().src()[f]][a.flows().dst()[f]] += a.bytes()[f];
                bytesS[s.flows().src()[f]][s.flows().dst()[f]] += s.bytes()[f];
            }
            assertTrue(java.util.Arrays.deepEquals(bytesA, bytesS), kernel + ": the same bytes between the same ranks");
            assertTrue(!a.hasWaits() && s.hasWaits(), kernel.key());
            // brute force: replay the steps; a rank's step opens with its first message of the step
            int[] last = new int[8];
            java.util.Arrays.fill(last, -1);
            java.util.Set<Integer> waitedBefore = new java.util.HashSet<>();
            for (int g = 0; g < s.size(); g++) {
                int r = s.flows().src()[g];
                if (s.bytes()[g] == 0) {
                    assertEquals(0, s.waits(g), "a hot sender waits for nothing");
                    continue;
                }
                assertEquals(last[r], s.after()[g], kernel + ": rank " + r + "'s messages follow each other");
                last[r] = g;
                for (int k = s.waitStart()[g]; k < s.waitStart()[g + 1]; k++) {
                    int j = s.waitFlows()[k];
                    assertEquals(r, s.flows().dst()[j], "a wait is a receive");
                    assertTrue(waitedBefore.add(j), kernel + ": message " + j + " waited for once");
                }
            }
            // every message of every step but the last is waited for by its receiver
            int waited = 0;
            for (int g = 0; g < s.size(); g++) {
                waited += s.waits(g);
            }
            assertTrue(waited > 0 && waited < s.size(), kernel + ": " + waited);
        }
    }
}
