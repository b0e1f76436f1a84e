package org.fabricsim.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.fabricsim.traffic.Collective.Algorithm;
import org.fabricsim.traffic.Collective.Operation;
import org.junit.jupiter.api.Test;

/** The OSU collectives' messages (seed 004 §IV-C, D219) against the algorithms' definitions, by brute force. */
class CollectiveTest {
    static final int B = Collective.BARRIER_BYTES;

    static Collective of(Operation op, Algorithm a, int ranks, int bytes, int rendezvous, int iterations) {
        return new Collective(op, a, IntStream.range(0, ranks).map(r -> 3 * r + 1).toArray(), bytes, rendezvous,
                iterations, 0);
    }

    /** Data bytes (messages larger than a barrier's) from rank to rank over the whole schedule. */
    static long[][] dataBytes(Collective c, FlowSchedule s) {
        int n = c.rankHosts().length;
        long[][] bytes = new long[n][n];
        for (int f = 0; f < s.size(); f++) {
            if (s.bytes()[f] > B) {
                bytes[(s.flows().src()[f] - 1) / 3][(s.flows().dst()[f] - 1) / 3] += s.bytes()[f];
            }
        }
        return bytes;
    }

    @Test
    void everyAlgorithmMovesTheBytesItsDefinitionSays() {
        int n = 6;
        int m = 60_000;
        for (Algorithm a : new Algorithm[] {Algorithm.PAIRWISE, Algorithm.LINEAR}) {
            Collective c = of(Operation.ALLTOALL, a, n, m, 8192, 3);
            long[][] bytes = dataBytes(c, c.schedule());
            for (int r = 0; r < n; r++) {
                for (int d = 0; d < n; d++) {
                    assertEquals(r == d ? 0 : 3L * m, bytes[r][d], a + ": " + r + " -> " + d);
                }
            }
        }
        // ring allgather: each rank passes N - 1 blocks to its right; ring allreduce: 2 (N - 1) chunks of m / N
        Collective allgather = of(Operation.ALLGATHER, Algorithm.DEFAULT, n, m, 8192, 1);
        Collective allreduce = of(Operation.ALLREDUCE, Algorithm.DEFAULT, n, m, 1 << 20, 1);
        long[][] gather = dataBytes(allgather, allgather.schedule());
        long[][] reduce = dataBytes(allreduce, allreduce.schedule());
        for (int r = 0; r < n; r++) {
            for (int d = 0; d < n; d++) {
                boolean right = d == (r + 1) % n;
                assertEquals(right ? (n - 1L) * m : 0, gather[r][d], "allgather " + r + " -> " + d);
                assertEquals(right ? 2L * (n - 1) * (m / n) : 0, reduce[r][d], "allreduce " + r + " -> " + d);
            }
        }
    }

    @Test
    void aRendezvousBlockWaitsForItsReceiversClearToSendAndAnEagerOneForTheRoundBefore() {
        int n = 5;
        for (int rendezvous : new int[] {1000, 100_000}) {
            Collective c = of(Operation.ALLTOALL, Algorithm.PAIRWISE, n, 4000, rendezvous, 2);
            FlowSchedule s = c.schedule();
            int[] src = s.flows().src();
            int[] dst = s.flows().dst();
            int data = 0;
            for (int g = 0; g < s.size(); g++) {
                int[] waited = Arrays.copyOfRange(s.waitFlows(), s.waitStart()[g], s.waitStart()[g + 1]);
                for (int j : waited) {
                    assertEquals(src[g], dst[j], "a wait is a receive of the waiting rank");
                }
                if (s.bytes()[g] == 4000) {
                    data++;
                    // pairwise round k: r -> r + k; k from the ranks
                    int k = ((dst[g] - src[g]) / 3 + n) % n;
                    if (rendezvous == 1000) {
                        assertEquals(1, waited.length, "a rendezvous block waits for one clear-to-send");
                        assertEquals(dst[g], src[waited[0]], "from its own receiver");
                        assertEquals(B, s.bytes()[waited[0]]);
                    } else if (k > 1) {
                        assertEquals(1, waited.length, "an eager block of round " + k + " waits for the round before");
                        assertEquals(4000, s.bytes()[waited[0]]);
                        assertEquals(((src[g] - 1) / 3 - (k - 1) + n) % n, (src[waited[0]] - 1) / 3);
                    }
                }
            }
            assertEquals(2 * n * (n - 1), data);
        }
    }

    @Test
    void theBenchmarkAveragesEachRanksTimeFromItsBarrierToItsLastMessage() {
        // two ranks, eager: per iteration 0 -> 1 and 1 -> 0, then (between iterations) the barrier 0 -> 1, 1 -> 0
        Collective c = new Collective(Operation.ALLTOALL, Algorithm.PAIRWISE, new int[] {0, 1}, 100, 1 << 20, 2, 1);
        FlowSchedule s = c.schedule();
        assertEquals(10, s.size(), "3 iterations of 2 blocks, 2 barriers of 2 messages");
        long[] done = {10, 14, 20, 23, 30, 36, 50, 51, 60, 70};
        // iteration 0 (skipped); barrier: rank 1 enters at 20 (from 0), rank 0 at 23; iteration 1 ends at 36 for
        // both (each sent or received both blocks): (16 + 13) / 2; its barrier: rank 1 at 50, rank 0 at 51;
        // iteration 2: (70 - 51 + 70 - 50) / 2
        double[] l = c.iterationLatenciesUs(done);
        assertEquals(2, l.length);
        assertEquals(14.5e-6, l[0], 1e-15);
        assertEquals(19.5e-6, l[1], 1e-15);
        done[9] = -1;
        assertTrue(Double.isNaN(c.iterationLatenciesUs(done)[1]), "an unfinished iteration has no latency");
    }

    @Test
    void anAlgorithmTheOperationDoesNotHaveIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> of(Operation.ALLGATHER, Algorithm.PAIRWISE, 4, 10, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> of(Operation.ALLTOALL, Algorithm.RING, 4, 10, 10, 1));
        assertEquals(Algorithm.PAIRWISE, of(Operation.ALLTOALL, Algorithm.DEFAULT, 4, 10, 10, 1).algorithm());
    }
}
