package org.fabricsim.traffic;

import java.util.Arrays;

/**
 * An OSU micro-benchmark collective latency test as traffic (seed 004 §IV-C, Figs. 13–15: osu_alltoall,
 * osu_allreduce and osu_allgather): every rank runs the collective {@code skip + iterations} times with a
 * barrier after each, and the benchmark reports the time a rank spends inside the collective, averaged over the
 * measured iterations and then over the ranks (docs/ADAPTIVE_ROUTING.md, "OSU collectives"; D219).
 *
 * <p>A collective is a sequence of rounds; in a round every rank sends one message. A <em>synchronised</em>
 * round's send waits until the rank has received its message of the round before ({@code MPI_Sendrecv}
 * steps); every send of a rank also follows its previous send (one send at a time). The algorithms are the
 * large-message ones of Open MPI's tuned component (the paper ran Open MPI 4.0.5 and does not name them):
 * <ul>
 *   <li><b>alltoall, pairwise</b>: N − 1 synchronised rounds, in round k rank r sends its block to r + k and
 *       receives from r − k;</li>
 *   <li><b>alltoall, linear</b>: rank r posts its N − 1 blocks to r + 1, r + 2, … at once (no round waits for
 *       a receive);</li>
 *   <li><b>allgather, ring</b>: N − 1 synchronised rounds, each rank passing a block to r + 1;</li>
 *   <li><b>allreduce, ring</b>: a ring reduce-scatter then a ring allgather, 2 (N − 1) synchronised rounds of
 *       ⌈m / N⌉ bytes (the reduction's computation takes no time).</li>
 * </ul>
 * The barrier is the dissemination barrier: ⌈log₂ N⌉ synchronised rounds, rank r sending to r + 2^j a message
 * of {@link #BARRIER_BYTES} byte. A rank enters an iteration when its barrier receives have been delivered
 * (at time 0 for the first) and leaves it when every message it sent or received in the collective has been
 * delivered (a large message's send completes when it has arrived, as MPI's rendezvous protocol does). A
 * rendezvous message waits for its receiver: a rank ahead of the others cannot push data into a receiver
 * still busy with the round before.
 *
 * @param operation the collective
 * @param algorithm how it is carried out ({@link Algorithm#DEFAULT}: the operation's own)
 * @param rankHosts the host of every rank, in rank order
 * @param messageBytes the benchmark's message size: alltoall, a block per destination; allgather, each rank's
 *     block; allreduce, the vector
 * @param rendezvousBytes messages of this size and more go by rendezvous: the data leaves only after the
 *     receiver, having entered the round, has sent a clear-to-send of {@link #BARRIER_BYTES} (UCX's and Open
 *     MPI's protocol for large messages); smaller ones are eager, sent on the sender's own entry
 * @param iterations the measured iterations
 * @param skip the iterations run first and not measured (the benchmark's warm-up)
 */
public record Collective(Operation operation, Algorithm algorithm, int[] rankHosts, int messageBytes,
        int rendezvousBytes, int iterations, int skip) {
    /** The payload of a barrier message (MPI's zero-byte messages travel as one packet of headers). */
    public static final int BARRIER_BYTES = 1;

    /** The collectives of the OSU micro-benchmarks that seed 004 ran. */
    public enum Operation {
        ALLTOALL("alltoall"), ALLGATHER("allgather"), ALLREDUCE("allreduce");

        private final String key;

        Operation(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /** The algorithms; {@link #DEFAULT} is the operation's own (pairwise, ring, ring). */
    public enum Algorithm {
        DEFAULT("default"), PAIRWISE("pairwise"), LINEAR("linear"), RING("ring");

        private final String key;

        Algorithm(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    public Collective {
        if (rankHosts.length < 2 || messageBytes < 1 || rendezvousBytes < 1 || iterations < 1 || skip < 0) {
            throw new IllegalArgumentException("a collective needs 2 ranks, messages of >= 1 byte, >= 1 measured"
                    + " iteration and no negative warm-up");
        }
        if (algorithm == Algorithm.DEFAULT) {
            algorithm = operation == Operation.ALLTOALL ? Algorithm.PAIRWISE : Algorithm.RING;
        }
        if (!fits(operation, algorithm)) {
            throw new IllegalArgumentException(operation.key() + " has no " + algorithm.key() + " algorithm here");
        }
        if (Arrays.stream(rankHosts).distinct().count() != rankHosts.length) {
            throw new IllegalArgumentException("two ranks on one host");
        }
    }

    /** Whether {@code operation} has {@code algorithm} ({@link Algorithm#DEFAULT}: every operation has it). */
    public static boolean fits(Operation operation, Algorithm algorithm) {
        return algorithm == Algorithm.DEFAULT || (operation == Operation.ALLTOALL
                ? algorithm == Algorithm.PAIRWISE || algorithm == Algorithm.LINEAR : algorithm == Algorithm.RING);
    }

    /** The flows: iteration by iteration, the collective's rounds then the barrier's, rank by rank in each. */
    public FlowSchedule schedule() {
        return new Plan().schedule;
    }

    /**
     * The benchmark's figure from the flows' delivery times ({@code completionPs[f]}, -1: not delivered): per
     * measured iteration, the ranks' mean time in the collective, in µs (NaN once an iteration did not finish).
     */
    public double[] iterationLatenciesUs(long[] completionPs) {
        Plan plan = new Plan();
        int ranks = rankHosts.length;
        int total = skip + iterations;
        long[] entry = new long[ranks];
        long[] exit = new long[ranks];
        double[] mean = new double[iterations];
        for (int it = 0; it < total; it++) {
            Arrays.fill(exit, 0);
            boolean done = true;
            for (int f = plan.firstFlow[2 * it]; f < plan.firstFlow[2 * it + 1]; f++) {
                long c = completionPs[f];
                done &= c >= 0;
                exit[plan.srcRank[f]] = Math.max(exit[plan.srcRank[f]], c);
                exit[plan.dstRank[f]] = Math.max(exit[plan.dstRank[f]], c);
            }
            if (it >= skip) {
                double sum = 0;
                for (int r = 0; r < ranks; r++) {
                    sum += exit[r] - entry[r];
                }
                mean[it - skip] = done ? sum / ranks / 1e6 : Double.NaN;
            }
            if (it + 1 < total) {
                Arrays.fill(entry, 0);
                for (int f = plan.firstFlow[2 * it + 1]; f < plan.firstFlow[2 * it + 2]; f++) {
                    long c = completionPs[f];
                    entry[plan.dstRank[f]] = c < 0 ? Long.MAX_VALUE / 4 : Math.max(entry[plan.dstRank[f]], c);
                }
            }
        }
        return mean;
    }

    /** What summary.json says of this collective. */
    public String describe() {
        return "OSU " + operation.key() + " (" + algorithm.key() + ") on " + rankHosts.length + " ranks, "
                + org.fabricsim.config.Units.formatSize(messageBytes) + (messageBytes >= rendezvousBytes
                ? " (rendezvous)" : " (eager)") + ", " + iterations + " iteration(s) after "
                + skip + " warm-up";
    }

    /** The flows and, per flow, its ranks and which part of which iteration it belongs to. */
    private final class Plan {
        final FlowSchedule schedule;
        final int[] srcRank;
        final int[] dstRank;
        /** Per iteration i: its collective's flows from firstFlow[2i], its barrier's from firstFlow[2i + 1]. */
        final int[] firstFlow;
        private final RankFlows flows = new RankFlows(rankHosts);

        Plan() {
            int ranks = rankHosts.length;
            int total = skip + iterations;
            firstFlow = new int[2 * total + 1];
            for (int it = 0; it < total; it++) {
                firstFlow[2 * it] = flows.size();
                collective();
                firstFlow[2 * it + 1] = flows.size();
                if (it + 1 < total) {
                    for (int d = 1; d < ranks; d *= 2) {
                        round(d, BARRIER_BYTES);
                    }
                }
            }
            firstFlow[2 * total] = flows.size();
            schedule = flows.build();
            srcRank = flows.srcRanks();
            dstRank = flows.dstRanks();
        }

        private void collective() {
            int ranks = rankHosts.length;
            switch (operation) {
                case ALLTOALL -> {
                    if (algorithm == Algorithm.PAIRWISE) {
                        for (int k = 1; k < ranks; k++) {
                            round(k, messageBytes);
                        }
                    } else {
                        posted(messageBytes);
                    }
                }
                case ALLGATHER -> {
                    for (int k = 1; k < ranks; k++) {
                        round(1, messageBytes);
                    }
                }
                case ALLREDUCE -> {
                    int chunk = Math.max(1, (messageBytes + ranks - 1) / ranks);
                    for (int k = 1; k < 2 * ranks - 1; k++) {
                        round(1, chunk);
                    }
                }
            }
        }

        /**
         * A synchronised round: every rank r sends {@code size} bytes to rank r + {@code distance} once it has
         * its receives of the round before (and, for a rendezvous message, its receiver's clear-to-send).
         */
        private void round(int distance, long size) {
            int ranks = rankHosts.length;
            int[] cts = null;
            if (size >= rendezvousBytes) {
                // each receiver, once it has entered the round, tells its sender it has posted its receive
                cts = new int[ranks];
                for (int r = 0; r < ranks; r++) {
                    int from = (r - distance % ranks + ranks) % ranks;
                    cts[from] = flows.send(r, from, BARRIER_BYTES, true, -1);
                }
            }
            int first = flows.size();
            for (int r = 0; r < ranks; r++) {
                flows.send(r, (r + distance) % ranks, size, cts == null, cts == null ? -1 : cts[r]);
            }
            flows.received(first);
        }

        /**
         * Every block posted at once (alltoall, linear): once a rank has entered the collective it sends to
         * r + 1, r + 2, … in turn, each rendezvous block after its receiver's clear-to-send (all sent on entry).
         */
        private void posted(long size) {
            int ranks = rankHosts.length;
            int[][] cts = null;
            if (size >= rendezvousBytes) {
                cts = new int[ranks][ranks];
                for (int k = 1; k < ranks; k++) {
                    for (int r = 0; r < ranks; r++) {
                        int from = (r - k + ranks) % ranks;
                        cts[from][k] = flows.send(r, from, BARRIER_BYTES, k == 1, -1);
                    }
                }
            }
            int first = flows.size();
            for (int k = 1; k < ranks; k++) {
                for (int r = 0; r < ranks; r++) {
                    flows.send(r, (r + k) % ranks, size, cts == null && k == 1, cts == null ? -1 : cts[r][k]);
                }
            }
            flows.received(first);
        }
    }
}
