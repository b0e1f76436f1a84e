package org.fabricsim.traffic;

import java.util.Arrays;

/**
 * The communication of three HPCC kernels as message sequences (seed 002 Paper VI's trace scenarios SC1–SC3,
 * built from the HPCC definitions because the Extrae traces are not available; docs/CONGESTION_CONTROL.md):
 * <ul>
 *   <li><b>beff-ring</b> (b_eff, natural ring): every rank sends to its right and its left neighbour in the ring
 *       of ranks, a message of each length from 1 KiB doubling up to the message size;</li>
 *   <li><b>ptrans</b> (PTRANS, A = Aᵀ + B): the ranks form a P × Q grid (P the largest divisor of the rank
 *       count not above its square root) holding a square matrix of lcm(P, Q)² blocks block-cyclically, each
 *       rank's share of the matrix the message size; the owner of block (i, j) sends it to the owner of block
 *       (j, i);</li>
 *   <li><b>mpifft</b> (MPIFFT, a 1-D FFT as three transposes): three all-to-alls, in each every rank sends one
 *       message to every other rank, rank r to r + 1, r + 2, … in turn.</li>
 * </ul>
 * A rank sends its messages one after the other, each as soon as the previous one has been handed to the
 * network, as fast as its link lets it. With {@code synchronised} it also waits for its receives between the
 * kernel's steps, as the kernels do (D223): b_eff's ring exchanges one message length with both neighbours at
 * a time, PTRANS exchanges its blocks once per run, MPIFFT's transposes follow each other; a rank's first
 * message of a step waits until every message sent to it in the steps before has arrived. Computation between
 * steps is not modelled. Optional hot senders send to hotspots for the whole run (SC2: 32 odd hosts to host
 * 123; SC3: a quarter of the hosts to 4 hotspots).
 *
 * <p>Two more kernels are HPCC's network latency and bandwidth tests ({@link HpccNetworkTests}, seed 002
 * Paper III's Table III): <b>pingpong</b> and <b>rings</b>, their ranks always waiting for their receives.
 *
 * @param kernel which kernel
 * @param rankHosts the host of every rank, in rank order
 * @param messageBytes beff-ring: the longest message; ptrans: what a rank holds of the matrix (its blocks
 *     together); mpifft: what a rank sends each other rank in one all-to-all
 * @param repetitions times the whole kernel runs, one run after the other at each rank
 * @param hotSenders hosts sending to the hotspots without end
 * @param hotspots their destinations, dealt to the hot senders in turn
 * @param synchronised whether a rank waits for its receives between steps
 * @param test the network tests' counts and start (pingpong, rings); null for the other kernels
 */
public record HpccTrace(Kernel kernel, int[] rankHosts, int messageBytes, int repetitions, int[] hotSenders,
        int[] hotspots, boolean synchronised, NetworkTest test) {
    /** The smallest b_eff message here. */
    public static final int SMALLEST_BEFF_BYTES = 1024;

    /** The kernels. */
    public enum Kernel {
        BEFF_RING("beff-ring"), PTRANS("ptrans"), MPIFFT("mpifft"), PINGPONG("pingpong"), RINGS("rings");

        private final String key;

        Kernel(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /**
     * The network tests' counts besides the message size and the measurements ({@link #repetitions}):
     *
     * @param loopLength timed rounds per measurement (after one untimed)
     * @param randomRings random ring orders besides the natural one (rings)
     * @param seed draws the random rings
     * @param startPs when the ranks begin (hot senders begin at 0)
     */
    public record NetworkTest(int loopLength, int randomRings, long seed, long startPs) {
        public NetworkTest {
            if (loopLength < 1 || randomRings < 0 || startPs < 0) {
                throw new IllegalArgumentException("a network test needs >= 1 timed round, >= 0 random rings and a"
                        + " start >= 0");
            }
        }
    }

    public HpccTrace {
        if (rankHosts.length < 2 || messageBytes < 1 || repetitions < 1) {
            throw new IllegalArgumentException("a trace needs 2 ranks, messages of >= 1 byte, >= 1 repetition");
        }
        if ((test != null) != (kernel == Kernel.PINGPONG || kernel == Kernel.RINGS)) {
            throw new IllegalArgumentException("pingpong and rings, and only they, need a network test's counts");
        }
        if (test != null && Arrays.stream(rankHosts).distinct().count() != rankHosts.length) {
            throw new IllegalArgumentException("two ranks on one host");
        }
        if (hotSenders.length > 0 && hotspots.length == 0) {
            throw new IllegalArgumentException("hot senders need hotspots");
        }
    }

    /** Ranks that never wait for their receives (D160). */
    public HpccTrace(Kernel kernel, int[] rankHosts, int messageBytes, int repetitions, int[] hotSenders,
            int[] hotspots) {
        this(kernel, rankHosts, messageBytes, repetitions, hotSenders, hotspots, false);
    }

    /** One of the execution-time kernels (beff-ring, ptrans, mpifft). */
    public HpccTrace(Kernel kernel, int[] rankHosts, int messageBytes, int repetitions, int[] hotSenders,
            int[] hotspots, boolean synchronised) {
        this(kernel, rankHosts, messageBytes, repetitions, hotSenders, hotspots, synchronised, null);
    }

    /**
     * The schedule: each rank's messages as sized flows chained at its host (flow order: rank by rank, or with
     * {@link #synchronised} step by step and rank by rank in each), then one endless flow per hot sender.
     */
    public FlowSchedule schedule() {
        if (test != null) {
            return new HpccNetworkTests(this).schedule;
        }
        int ranks = rankHosts.length;
        RankFlows flows = new RankFlows(rankHosts);
        if (!synchronised) {
            for (int r = 0; r < ranks; r++) {
                int[][] messages = messages(r);
                for (int rep = 0; rep < repetitions; rep++) {
                    for (int[] m : messages) {
                        flows.send(r, m[0], m[1], false, -1);
                    }
                }
            }
        } else {
            // step by step (a run's steps, run after run), rank by rank in each: every message a rank waits for
            // comes before the message that waits
            int[][][] messages = new int[ranks][][];
            int steps = 0;
            for (int r = 0; r < ranks; r++) {
                messages[r] = messages(r);
                for (int[] m : messages[r]) {
                    steps = Math.max(steps, m[2] + 1);
                }
            }
            for (int rep = 0; rep < repetitions; rep++) {
                for (int step = 0; step < steps; step++) {
                    int first = flows.size();
                    for (int r = 0; r < ranks; r++) {
                        boolean opened = false;
                        for (int[] m : messages[r]) {
                            if (m[2] == step) {
                                opened |= flows.send(r, m[0], m[1], !opened, -1) >= 0;
                            }
                        }
                    }
                    flows.received(first); // the step's messages, waited for by their receivers' next step
                }
            }
        }
        for (int i = 0; i < hotSenders.length; i++) {
            flows.endless(hotSenders[i], hotspots[i % hotspots.length]);
        }
        return flows.build();
    }

    /**
     * Rank {@code r}'s messages in one run of the kernel: {destination rank, bytes, step}, in sending order; a
     * step is what a rank sends before it waits for its receives (with {@link #synchronised}).
     */
    int[][] messages(int r) {
        int ranks = rankHosts.length;
        return switch (kernel) {
            case BEFF_RING -> {
                int sizes = 1;
                for (long s = SMALLEST_BEFF_BYTES; s < messageBytes; s *= 2) {
                    sizes++;
                }
                int[][] m = new int[2 * sizes][];
                long s = Math.min(SMALLEST_BEFF_BYTES, messageBytes);
                for (int k = 0; k < sizes; k++) {
                    int size = (int) Math.min(s, messageBytes);
                    m[2 * k] = new int[] {(r + 1) % ranks, size, k};
                    m[2 * k + 1] = new int[] {(r + ranks - 1) % ranks, size, k};
                    s *= 2;
                }
                yield m;
            }
            case PTRANS -> {
                int p = rows(ranks);
                int q = ranks / p;
                int blocks = lcm(p, q);
                int myRow = r / q;
                int myCol = r % q;
                int mine = (blocks / p) * (blocks / q);
                int block = Math.max(1, messageBytes / mine);
                int[][] m = new int[mine][];
                int k = 0;
                for (int i = myRow; i < blocks; i += p) {
                    for (int j = myCol; j < blocks; j += q) {
                        // block (i, j) becomes block (j, i) of the transpose, owned by (j mod P, i mod Q)
                        m[k++] = new int[] {(j % p) * q + i % q, block, 0};
                    }
                }
                yield m;
            }
            case MPIFFT -> {
                int[][] m = new int[3 * (ranks - 1)][];
                int k = 0;
                for (int phase = 0; phase < 3; phase++) {
                    for (int d = 1; d < ranks; d++) {
                        m[k++] = new int[] {(r + d) % ranks, messageBytes, phase};
                    }
                }
                yield m;
            }
            // HpccNetworkTests makes these
            case PINGPONG, RINGS -> throw new IllegalStateException("the network tests have no steps");
        };
    }

    /** P of PTRANS's P × Q grid: the largest divisor of {@code ranks} not above its square root. */
    static int rows(int ranks) {
        int p = (int) Math.sqrt(ranks);
        while (ranks % p != 0) {
            p--;
        }
        return p;
    }

    private static int lcm(int a, int b) {
        int x = a;
        int y = b;
        while (y != 0) {
            int t = x % y;
            x = y;
            y = t;
        }
        return a / x * b;
    }

    /**
     * The network tests' figures (pingpong, rings) from the flows' delivery times ({@code completionPs[f]}, -1:
     * not delivered), for summary.json; empty for the other kernels.
     */
    public java.util.Map<String, Object> networkResults(long[] completionPs) {
        return test == null ? java.util.Map.of() : new HpccNetworkTests(this).results(completionPs);
    }

    /** What summary.json says of this trace. */
    public String describe() {
        String runs = test == null ? " run(s)" + (synchronised ? ", ranks waiting for their receives" : "")
                : " measurement(s) of " + test.loopLength() + " timed round(s)"
                + (kernel == Kernel.RINGS ? ", the natural ring and " + test.randomRings() + " random" : "");
        return kernel.key() + " on " + rankHosts.length + " ranks, " + messageBytes + " B, " + repetitions + runs
                + (hotSenders.length == 0 ? "" : ", " + hotSenders.length + " hot senders to "
                + Arrays.toString(hotspots));
    }
}
