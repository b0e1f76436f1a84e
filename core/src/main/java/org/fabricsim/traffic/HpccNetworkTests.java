package org.fabricsim.traffic;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * HPCC's network latency and bandwidth tests (b_eff's, the "Network Lat. and BW" rows of seed 002 Paper III's
 * Table III; D236) as messages, and their figures from the messages' delivery times. The counts are the run's
 * ({@link HpccTrace.NetworkTest}); HPCC's own are 8 bytes, loop length 8 and 5 measurements (ping-pong latency),
 * 2 000 000 bytes, 1 and 2 (ping-pong bandwidth), 8 bytes, 5, 8 and 30 random rings (ring latency), 2 000 000
 * bytes, 2, 3 and 10 (ring bandwidth).
 * <ul>
 *   <li><b>pingpong</b>: every ordered pair of ranks (client, server) in turn, client by client: per measurement
 *       the client sends a ping, the server answers with a pong of the same size once the ping is in, 1 + L
 *       times; the first round trip is not timed. A pair's latency is the timed rounds' time over 2 L (one
 *       way), its smallest over the measurements; its bandwidth the message size over that. Reported: the
 *       smallest, mean and largest over the pairs. A 1-byte token passes the client's turn on (HPCC's
 *       NEXT_CLIENT message; its zero-byte broadcast after each client is left out).</li>
 *   <li><b>rings</b>: the naturally ordered ring and {@code randomRings} random orders of the ranks (drawn once
 *       from the run's seed, the same in every measurement, as HPCC reseeds); per measurement and ring, 1 + L
 *       iterations of two {@code MPI_Sendrecv}: to the right neighbour while receiving from the left, then to
 *       the left while receiving from the right. A rank's iteration ends when its two messages and its two
 *       receives are delivered; its latency is the timed iterations' time over 2 L, the ring's the largest over
 *       the ranks, its smallest over the measurements. Reported: the natural ring's latency and the geometric
 *       mean over the random rings, each with its bandwidth (message size over latency). HPCC's second,
 *       non-blocking loop (it keeps the smaller of the two) is left out.</li>
 * </ul>
 * The ranks' messages start at {@code startPs} (hot senders from time 0), so that a hotspot is established
 * before the tests begin. Computation and MPI's own costs are not modelled: the figures are the network's.
 */
final class HpccNetworkTests {
    private final HpccTrace trace;
    private final HpccTrace.NetworkTest test;
    private final RankFlows flows;
    final FlowSchedule schedule;
    /** Per timed block (pair or ring, measurement): its first round's flows [a, b) and its last round's [c, d). */
    private int[][] blocks = new int[16][];
    private int blockCount;

    HpccNetworkTests(HpccTrace trace) {
        this.trace = trace;
        this.test = trace.test();
        this.flows = new RankFlows(trace.rankHosts());
        if (trace.kernel() == HpccTrace.Kernel.PINGPONG) {
            pingPong();
        } else {
            rings();
        }
        for (int i = 0; i < trace.hotSenders().length; i++) {
            flows.endless(trace.hotSenders()[i], trace.hotspots()[i % trace.hotspots().length]);
        }
        FlowSchedule built = flows.build();
        int[] src = flows.srcRanks();
        for (int f = 0; f < built.size(); f++) {
            if (src[f] >= 0) {
                built.startPs()[f] = test.startPs(); // the ranks begin once the hot senders have had their head start
            }
        }
        schedule = built;
    }

    private void pingPong() {
        int ranks = trace.rankHosts().length;
        for (int meas = 0; meas < trace.repetitions(); meas++) {
            for (int client = 0; client < ranks; client++) {
                for (int server = 0; server < ranks; server++) {
                    if (server != client) {
                        int[] block = new int[4];
                        for (int i = -1; i < test.loopLength(); i++) {
                            int ping = send(client, server);
                            int pong = send(server, client);
                            if (i == -1) {
                                block[0] = ping;
                                block[1] = pong + 1;
                            }
                            if (i == test.loopLength() - 1) {
                                block[2] = ping;
                                block[3] = pong + 1;
                            }
                        }
                        add(block);
                    }
                }
                boolean last = meas == trace.repetitions() - 1 && client == ranks - 1;
                if (!last) {
                    int token = flows.send(client, (client + 1) % ranks, 1, true, -1); // the next client's turn
                    flows.received(token);
                }
            }
        }
    }

    private int send(int from, int to) {
        int f = flows.send(from, to, trace.messageBytes(), true, -1);
        flows.received(f);
        return f;
    }

    private void rings() {
        int ranks = trace.rankHosts().length;
        int[][] rings = new int[test.randomRings() + 1][];
        rings[0] = java.util.stream.IntStream.range(0, ranks).toArray();
        SplittableRandom random = new SplittableRandom(test.seed());
        for (int k = 1; k < rings.length; k++) {
            rings[k] = Shuffle.permutation(ranks, random); // a uniform order of the ranks
        }
        int[] right = new int[ranks];
        int[] left = new int[ranks];
        for (int meas = 0; meas < trace.repetitions(); meas++) {
            for (int[] order : rings) {
                for (int i = 0; i < ranks; i++) {
                    right[order[i]] = order[(i + 1) % ranks];
                    left[order[i]] = order[(i + ranks - 1) % ranks];
                }
                int[] block = new int[4];
                for (int i = -1; i < test.loopLength(); i++) {
                    int first = flows.size();
                    for (int r = 0; r < ranks; r++) {
                        flows.send(r, right[r], trace.messageBytes(), true, -1);
                    }
                    flows.received(first);
                    int second = flows.size();
                    for (int r = 0; r < ranks; r++) {
                        flows.send(r, left[r], trace.messageBytes(), true, -1);
                    }
                    flows.received(second);
                    if (i == -1) {
                        block[0] = first;
                        block[1] = flows.size();
                    }
                    if (i == test.loopLength() - 1) {
                        block[2] = first;
                        block[3] = flows.size();
                    }
                }
                add(block);
            }
        }
    }

    private void add(int[] block) {
        if (blockCount == blocks.length) {
            blocks = Arrays.copyOf(blocks, 2 * blockCount);
        }
        blocks[blockCount++] = block;
    }

    /**
     * The tests' figures (latencies in µs, bandwidths in MB/s of 10⁶ bytes, as HPCC prints them) from the flows'
     * delivery times ({@code completionPs[f]}, -1: not delivered); null figures when a timed round was not
     * delivered by the end.
     */
    Map<String, Object> results(long[] completionPs) {
        int ranks = trace.rankHosts().length;
        int measurements = trace.repetitions();
        int perMeasurement = blockCount / measurements; // pairs, or rings
        double[] best = new double[perMeasurement];
        Arrays.fill(best, Double.POSITIVE_INFINITY);
        boolean done = true;
        int[] src = flows.srcRanks();
        int[] dst = flows.dstRanks();
        long[] start = new long[ranks];
        long[] end = new long[ranks];
        for (int b = 0; b < blockCount; b++) {
            int[] block = blocks[b];
            double latency;
            if (trace.kernel() == HpccTrace.Kernel.PINGPONG) {
                long from = completionPs[block[1] - 1];
                long to = completionPs[block[3] - 1];
                done &= from >= 0 && to >= 0;
                latency = (to - from) / (2.0 * test.loopLength());
            } else {
                done &= ends(completionPs, src, dst, block[0], block[1], start)
                        & ends(completionPs, src, dst, block[2], block[3], end);
                latency = 0;
                for (int r = 0; r < ranks; r++) {
                    latency = Math.max(latency, (end[r] - start[r]) / (2.0 * test.loopLength()));
                }
            }
            best[b % perMeasurement] = Math.min(best[b % perMeasurement], latency);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        double bytes = trace.messageBytes();
        if (trace.kernel() == HpccTrace.Kernel.PINGPONG) {
            double min = Double.POSITIVE_INFINITY;
            double max = 0;
            double sum = 0;
            double bwMin = Double.POSITIVE_INFINITY;
            double bwMax = 0;
            double bwSum = 0;
            for (double ps : best) {
                double bw = bytes / (ps * 1e-12) / 1e6;
                min = Math.min(min, ps);
                max = Math.max(max, ps);
                sum += ps;
                bwMin = Math.min(bwMin, bw);
                bwMax = Math.max(bwMax, bw);
                bwSum += bw;
            }
            m.put("pairs", best.length);
            m.put("latency_us", done ? Map.of("min", min / 1e6, "avg", sum / best.length / 1e6, "max", max / 1e6)
                    : null);
            m.put("bandwidth_mbs", done ? Map.of("min", bwMin, "avg", bwSum / best.length, "max", bwMax) : null);
        } else {
            double logSum = 0;
            for (int k = 1; k < best.length; k++) {
                logSum += Math.log(best[k]);
            }
            double random = best.length > 1 ? Math.exp(logSum / (best.length - 1)) : Double.NaN;
            m.put("random_rings", best.length - 1);
            m.put("natural_latency_us", done ? best[0] / 1e6 : null);
            m.put("natural_bandwidth_mbs", done ? bytes / (best[0] * 1e-12) / 1e6 : null);
            m.put("random_latency_us", done && best.length > 1 ? random / 1e6 : null);
            m.put("random_bandwidth_mbs", done && best.length > 1 ? bytes / (random * 1e-12) / 1e6 : null);
        }
        return m;
    }

    /** Per rank: when its last message sent or received among flows [a, b) was delivered; false if one was not. */
    private static boolean ends(long[] completionPs, int[] src, int[] dst, int a, int b, long[] at) {
        Arrays.fill(at, 0);
        boolean done = true;
        for (int f = a; f < b; f++) {
            long c = completionPs[f];
            done &= c >= 0;
            at[src[f]] = Math.max(at[src[f]], c);
            at[dst[f]] = Math.max(at[dst[f]], c);
        }
        return done;
    }
}
