package org.fabricsim.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

class PacketMetricsTest {
    private static final Topology TESTBED = Presets.find("testbed7").build(); // 20 Gbps hosts, 40 Gbps S1-S2
    private static final FlowSet FLOWS = FlowSet.of(new int[] {0, 1, 2, 3, 4, 5}, new int[] {6, 6, 5, 0, 1, 2});

    @Test
    void binnedBytesAddUpToTheBytesDeliveredInTheWindow() {
        MetricsOptions o = MetricsOptions.window(200_000_000, 900_000_000).withBinWidth(30_000_000);
        SyntheticStream s = SyntheticStream.random(TESTBED, FLOWS, 1, 5000, 1_000_000_000L, 11);
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, o);
        s.replay(m);
        long[] expected = new long[FLOWS.size()];
        long packets = 0;
        for (SyntheticStream.Event e : s.events()) {
            if (e.kind() == SyntheticStream.Event.DELIVERED && e.timePs() >= o.windowStartPs()
                    && e.timePs() < o.windowEndPs()) {
                expected[e.a()] += e.c();
                packets++;
            }
        }
        long total = 0;
        for (int f = 0; f < FLOWS.size(); f++) {
            long binned = 0;
            for (int b = 0; b < m.bins(); b++) {
                binned += m.binBytes(f, b);
            }
            assertEquals(expected[f], binned, "flow " + f + ": Σ bins = bytes delivered in the window");
            assertEquals(expected[f], m.flowBytes(f));
            total += expected[f];
        }
        assertTrue(total > 0);
        assertEquals(total, m.deliveredBytes());
        assertEquals(packets, m.deliveredPackets());
        assertEquals(total * 8000.0 / o.windowPs(), m.aggregateGbps(), 1e-12 * m.aggregateGbps());
    }

    @Test
    void binsAreHalfOpenFromTheWindowStartAndTheLastIsCutByTheWindowEnd() {
        long start = 1_000;
        long width = 100;
        MetricsOptions o = MetricsOptions.window(start, 1_250).withBinWidth(width); // bins [1000,1100) [1100,1200) [1200,1250)
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, o);
        assertEquals(3, m.bins());
        assertEquals(50, m.binWidthPs(2));
        m.delivered(start - 1, 0, 6, 1, 0, 0); // warm-up: nothing
        m.delivered(start, 0, 6, 2, 0, 0); // bin 0
        m.delivered(start + width - 1, 0, 6, 4, 0, 0); // bin 0
        m.delivered(start + width, 0, 6, 8, 0, 0); // bin 1
        m.delivered(1_249, 0, 6, 16, 0, 0); // bin 2
        m.delivered(1_250, 0, 6, 32, 0, 0); // window end: nothing
        assertEquals(6, m.binBytes(0, 0));
        assertEquals(8, m.binBytes(0, 1));
        assertEquals(16, m.binBytes(0, 2));
        assertEquals(30, m.flowBytes(0));
        assertEquals(start, m.firstDeliveryPs(0));
        assertEquals(1_249, m.lastDeliveryPs(0));
        assertEquals(16 * 8000.0 / 50, m.binGbps(0, 2), 0.0, "the short last bin is divided by its own width");
        assertEquals(8 * 8000.0 / 100, m.binGbps(0, 1), 0.0);
    }

    @Test
    void automaticBinWidthIsTheSmallestOneTwoFiveValueGivingAtMost200Bins() {
        assertEquals(5_000_000_000L, MetricsOptions.until(1_000_000_000_000L).binWidthPs()); // 1 s → 5 ms
        assertEquals(200, MetricsOptions.until(1_000_000_000_000L).bins());
        assertEquals(20, MetricsOptions.until(2_001).binWidthPs()); // 2001 ps: 5 → 401 bins, 10 → 201, 20 → 101
        assertEquals(10, MetricsOptions.until(2_000).binWidthPs()); // 10 → 200 bins
        assertEquals(1, MetricsOptions.until(7).binWidthPs());
    }

    @Test
    void linkCountsOnlyBytesSerialisedInsideTheWindowSoLineRateIsAtMostFullUtilisation() {
        SplittableRandom rng = new SplittableRandom(5);
        int host = TESTBED.hostPort(0); // 20 Gbps: 400 ps per byte
        int trunk = -1;
        for (int p = 0; p < TESTBED.portCount(); p++) {
            if (TESTBED.isConnected(p) && TESTBED.bandwidthBps(p) == 40_000_000_000L) {
                trunk = p; // 200 ps per byte
                break;
            }
        }
        for (int trial = 0; trial < 40; trial++) {
            long start = rng.nextLong(1, 3_000_000);
            long end = start + rng.nextLong(1, 20_000_000);
            MetricsOptions o = MetricsOptions.window(start, end);
            PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, o);
            long[] bruteForce = new long[2];
            int k = 0;
            for (int port : new int[] {host, trunk}) {
                long psPerByte = 8_000_000_000_000L / TESTBED.bandwidthBps(port);
                long t = 0;
                while (t < end + 200_000) {
                    int bytes = 1 + rng.nextInt(4096);
                    t += bytes * psPerByte + (rng.nextInt(3) == 0 ? rng.nextInt(5000) : 0); // back to back, or a gap
                    m.transmitted(t, port, 0, 0, bytes);
                    for (int j = 1; j <= bytes; j++) { // byte j on the wire during [t − (bytes−j+1)τ, t − (bytes−j)τ]
                        long from = t - (long) (bytes - j + 1) * psPerByte;
                        long to = t - (long) (bytes - j) * psPerByte;
                        if (from >= start && to <= end) {
                            bruteForce[k]++;
                        }
                    }
                }
                assertEquals(bruteForce[k], m.linkBytes(port), "trial " + trial + " port " + port);
                double u = m.utilisation(port);
                assertTrue(u <= 1.0, "utilisation " + u + " ≤ 1");
                k++;
            }
        }
    }

    @Test
    void aLinkBusyThroughoutTheWindowIsFullyUtilised() {
        int port = TESTBED.hostPort(3);
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.window(400 * 1000, 400 * 9000));
        for (long t = 400 * 1000; t <= 400 * 10_000; t += 400 * 1000) {
            m.transmitted(t, port, 0, 0, 1000); // 1000 bytes at 20 Gbps take 400 ns, back to back
        }
        assertEquals(8000, m.linkBytes(port));
        assertEquals(1.0, m.utilisation(port), 0.0);
        assertEquals(0.0, m.utilisation(TESTBED.hostPort(0)), 0.0);
    }

    @Test
    void latencyPercentilesAreWithinTheHistogramPrecisionOfTheSortedLatencies() {
        for (int digits = 2; digits <= 3; digits++) {
            PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.until(Long.MAX_VALUE / 2)
                    .withLatencyHistograms(digits, 1000, 100));
            SplittableRandom rng = new SplittableRandom(digits);
            List<Long> toH7 = new ArrayList<>();
            for (int i = 0; i < 20_001; i++) {
                long latency = (long) Math.exp(Math.log(200_000) + rng.nextDouble() * Math.log(5000)); // 200 ns … 1 ms
                long t = 1_000_000_000 + i;
                int f = rng.nextInt(2); // flows 0 and 1 go to host 6 (H7)
                m.delivered(t, f, 6, 100, t - latency, 0);
                toH7.add(latency);
            }
            long[] sorted = toH7.stream().mapToLong(Long::longValue).sorted().toArray();
            LatencySummary r = m.receiverLatency(6);
            assertEquals(sorted.length, r.count());
            assertEquals(sorted[0] / 1000.0, r.minNs(), 0.0, "min is exact");
            assertEquals(sorted[sorted.length - 1] / 1000.0, r.maxNs(), 0.0, "max is exact");
            assertEquals(Arrays.stream(sorted).sum() / (double) sorted.length / 1000.0, r.meanNs(), 1e-9,
                    "mean is exact");
            double precision = Math.pow(10, -digits);
            double[] p = {50, 90, 99, 99.9};
            double[] got = {r.p50Ns(), r.p90Ns(), r.p99Ns(), r.p999Ns()};
            for (int i = 0; i < p.length; i++) {
                double rank = sorted[(int) Math.ceil(p[i] / 100 * sorted.length) - 1] / 1000.0; // nearest rank
                assertEquals(rank, got[i], Math.max(1.0, rank * precision),
                        "p" + p[i] + " with " + digits + " digits");
            }
            assertEquals(r, m.latency(), "all packets went to one receiver");
            assertEquals(LatencySummary.EMPTY, m.receiverLatency(0));
        }
    }

    @Test
    void flowsAndReceiversBeyondTheHistogramCapKeepExactMinMeanMaxAndTheTotalPercentiles() {
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.until(1_000_000)
                .withLatencyHistograms(2, 1000, FLOWS.size() - 1)); // 6 flows and 7 hosts: both beyond
        m.delivered(10_000, 2, 5, 64, 4_000, 0);
        m.delivered(20_000, 2, 5, 64, 12_000, 0);
        for (LatencySummary l : List.of(m.flowLatency(2), m.receiverLatency(5))) {
            assertEquals(2, l.count());
            assertEquals(6.0, l.minNs(), 0.0);
            assertEquals(7.0, l.meanNs(), 0.0);
            assertEquals(8.0, l.maxNs(), 0.0);
            assertTrue(Double.isNaN(l.p50Ns()));
        }
        assertFalse(m.hasFlowPercentiles());
        assertFalse(m.hasReceiverPercentiles());
        assertEquals(6.0, m.latency().p50Ns(), 1.0, "the total keeps its percentiles (1 ns resolution)");
        assertEquals(0, m.latencyHistograms());
    }

    @Test
    void theTotalLatencyIsTheSameWithOrWithoutPerReceiverHistograms() {
        PacketMetrics each = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.until(Long.MAX_VALUE / 2));
        PacketMetrics capped = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.until(Long.MAX_VALUE / 2)
                .withLatencyHistograms(2, 1000, FLOWS.size())); // flows keep theirs, receivers not
        SplittableRandom rng = new SplittableRandom(7);
        for (int i = 0; i < 5000; i++) {
            int f = rng.nextInt(FLOWS.size());
            long latency = 100_000 + rng.nextLong(10_000_000);
            long t = 1_000_000_000L + i;
            each.delivered(t, f, FLOWS.dst()[f], 100, t - latency, 0);
            capped.delivered(t, f, FLOWS.dst()[f], 100, t - latency, 0);
        }
        assertTrue(each.hasReceiverPercentiles());
        assertFalse(capped.hasReceiverPercentiles());
        assertTrue(capped.hasFlowPercentiles());
        assertEquals(each.latency(), capped.latency());
        assertEquals(each.flowLatency(3), capped.flowLatency(3));
        assertEquals(each.receiverLatency(FLOWS.dst()[3]).maxNs(), capped.receiverLatency(FLOWS.dst()[3]).maxNs(), 0.0);
    }

    @Test
    void aReceiversLatenciesTakenFromItsFlowsEqualThoseRecordedForIt() {
        // recorded per receiver as message sources' are, and taken from the flows' where each flow has its host
        for (int maxHistograms : new int[] {FLOWS.size(), 4096}) { // receivers without and with percentiles
            MetricsOptions o = MetricsOptions.until(10_000_000_000L).withLatencyHistograms(2, 1000, maxHistograms);
            PacketMetrics taken = new PacketMetrics(TESTBED, FLOWS, o);
            PacketMetrics recorded = new PacketMetrics(TESTBED, FLOWS, o).messageSources();
            SplittableRandom rng = new SplittableRandom(11);
            for (int i = 0; i < 20_000; i++) {
                int f = rng.nextInt(FLOWS.size());
                long latency = 1000 + rng.nextLong(rng.nextBoolean() ? 50_000 : 50_000_000); // beyond a first resize
                long t = 1_000_000_000L + i;
                taken.delivered(t, f, FLOWS.dst()[f], 100, t - latency, i);
                recorded.delivered(t, f, FLOWS.dst()[f], 100, t - latency, i);
                if (i == 10_000) {
                    taken.latency(); // read in mid-run: later deliveries still count
                }
            }
            assertEquals(recorded.hasReceiverPercentiles(), taken.hasReceiverPercentiles());
            assertEquals(recorded.latency(), taken.latency());
            for (int h = 0; h < TESTBED.hostCount(); h++) {
                assertEquals(recorded.receiverLatency(h), taken.receiverLatency(h), "host " + h);
            }
        }
    }

    @Test
    void histogramsAndBinRowsAreMadeOnlyForWhatReceivedAndMergeAsIfWhole() {
        // a part sees the deliveries to its own hosts only: it holds their histograms and bin rows, no others
        MetricsOptions o = MetricsOptions.until(1_000_000);
        PacketMetrics whole = new PacketMetrics(TESTBED, FLOWS, o);
        PacketMetrics partA = new PacketMetrics(TESTBED, FLOWS, o);
        PacketMetrics partB = new PacketMetrics(TESTBED, FLOWS, o);
        SplittableRandom rng = new SplittableRandom(3);
        for (int i = 0; i < 2000; i++) {
            int f = rng.nextInt(3); // flows 0, 1 to host 6, flow 2 to host 5; flows 3-5 deliver nothing
            long t = 1000L * i;
            long latency = 1000 + rng.nextLong(100_000);
            whole.delivered(t, f, FLOWS.dst()[f], 100, t - latency, i);
            (FLOWS.dst()[f] == 6 ? partA : partB).delivered(t, f, FLOWS.dst()[f], 100, t - latency, i);
        }
        // the hosts' latencies are taken from their flows' on reading: no histogram of their own
        assertEquals(2, partA.latencyHistograms(), "flows 0, 1");
        assertEquals(1, partB.latencyHistograms(), "flow 2");
        assertEquals(2, partA.binRows());
        assertEquals(1, partB.binRows());
        assertEquals(3, whole.latencyHistograms());
        partB.merge(partA);
        assertEquals(whole.latency(), partB.latency());
        for (int f = 0; f < FLOWS.size(); f++) {
            assertEquals(whole.flowLatency(f), partB.flowLatency(f));
            for (int b = 0; b < whole.bins(); b++) {
                assertEquals(whole.binBytes(f, b), partB.binBytes(f, b));
            }
        }
        for (int h = 0; h < TESTBED.hostCount(); h++) {
            assertEquals(whole.receiverLatency(h), partB.receiverLatency(h));
        }
    }


    @Test
    void bufferOccupancyIsTimeWeightedOverTheWindowWithItsMaximum() {
        MetricsOptions o = MetricsOptions.window(100, 1100).withVirtualLanes(2).withOccupancyBins(250);
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, o);
        int p = TESTBED.port(TESTBED.node("S1"), 0);
        m.bufferOccupancy(0, p, 1, 900); // before the window; holds into it until 300
        m.bufferOccupancy(300, p, 1, 100); // 300..600
        m.bufferOccupancy(600, p, 1, 5000); // a spike replaced at the same picosecond
        m.bufferOccupancy(600, p, 1, 0); // 600..1000
        m.bufferOccupancy(1000, p, 1, 400); // 1000..1100 and beyond
        m.bufferOccupancy(1200, p, 1, 7000); // after the window
        double integral = 900 * 200 + 100 * 300 + 0 * 400 + 400 * 100;
        assertEquals(integral / 1000, m.bufferMeanBytes(p, 1), 1e-12);
        assertEquals(5000, m.bufferMaxBytes(p, 1));
        assertEquals(0.0, m.bufferMeanBytes(p, 0), 0.0);
        assertEquals(0, m.bufferMaxBytes(p, 0));
        // bins [100,350) [350,600) [600,850) [850,1100)
        double[] mean = m.occupancySeriesMean(p, 1);
        assertEquals((900 * 200 + 100 * 50) / 250.0, mean[0], 1e-12);
        assertEquals(100.0, mean[1], 1e-12);
        assertEquals(0.0, mean[2], 1e-12);
        assertEquals(400 * 100 / 250.0, mean[3], 1e-12);
        assertEquals(List.of(900, 100, 5000, 400),
                Arrays.stream(m.occupancySeriesMax(p, 1)).boxed().toList());
        double sum = 0;
        for (double v : mean) {
            sum += v * 250;
        }
        assertEquals(m.bufferMeanBytes(p, 1) * 1000, sum, 1e-6, "the bins partition the window's integral");
        assertThrows(IllegalArgumentException.class, () -> m.bufferOccupancy(1100, p, 1, 0), "time went back");
    }

    @Test
    void aValueHeldAcrossTheWholeWindowIsItsMeanAndMax() {
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.window(1000, 2000));
        m.bufferOccupancy(10, 3, 0, 1234);
        assertEquals(1234.0, m.bufferMeanBytes(3, 0), 0.0);
        assertEquals(1234, m.bufferMaxBytes(3, 0));
    }

    @Test
    void throughputCountsPayloadAndUtilisationWireBytes() {
        int overhead = 26;
        MetricsOptions wireReported = MetricsOptions.until(1_000_000).withBytes(ByteBasis.PAYLOAD, ByteBasis.WIRE,
                overhead);
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, wireReported);
        int port = TESTBED.hostPort(0);
        m.transmitted(950_000, port, 0, 0, 2048 + overhead); // 830 ns on the wire, inside the window
        m.delivered(600_000, 0, 6, 2048 + overhead, 100_000, 0);
        assertEquals(2048, m.flowBytes(0));
        assertEquals(2048 + overhead, m.linkBytes(port));

        PacketMetrics p = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.until(1_000_000)
                .withBytes(ByteBasis.WIRE, ByteBasis.PAYLOAD, overhead));
        p.transmitted(950_000, port, 0, 0, 2048);
        p.delivered(600_000, 0, 6, 2048, 100_000, 0);
        assertEquals(2048 + overhead, p.flowBytes(0));
        assertEquals(2048 + overhead, p.linkBytes(port));
    }

    @Test
    void aFlowAtLineRateShowsFullUtilisationAndThePayloadShareOfTheBandwidthAsThroughput() {
        // H1 → H7 on testbed7 at the 20 Gbps host link's line rate: 2048 B payload + 26 B overhead per packet,
        // back to back on the injection link, delivered one link latency later.
        int payload = 2048;
        int overhead = 26;
        long wirePs = (payload + overhead) * 400L; // 400 ps per byte at 20 Gbps
        long window = 1_000 * wirePs;
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.window(10 * wirePs, 10 * wirePs + window)
                .withBytes(ByteBasis.PAYLOAD, ByteBasis.WIRE, overhead).withBinWidth(100 * wirePs));
        int port = TESTBED.hostPort(0);
        for (long t = wirePs; t < 2_000 * wirePs; t += wirePs) {
            m.transmitted(t, port, 0, 0, payload + overhead);
            m.delivered(t + 10_000, 0, 6, payload + overhead, t - wirePs, 0);
        }
        assertEquals(1.0, m.utilisation(port), 1e-12);
        double share = 20.0 * payload / (payload + overhead);
        assertEquals(share, m.flowGbps(0), 1e-9, "payload throughput = B · P / (P + H)");
        for (int b = 0; b < m.bins(); b++) {
            assertEquals(share, m.binGbps(0, b), 1e-9, "bin " + b);
        }
    }

    @Test
    void meanThroughputAndFairnessCountOnlyTheActivePartOfTheWindow() {
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.window(1_000_000, 3_000_000));
        long[] start = {0, 0, 2_000_000, 5_000_000, 0, 0};
        long[] stop = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, 1_000_000, 1_500_000};
        m.flowTimes(start, stop);
        m.delivered(2_500_000, 0, 6, 1000, 2_000_000, 0); // 1000 B over 2 µs = 4 Gbps
        m.delivered(2_500_000, 1, 6, 1000, 2_000_000, 0);
        m.delivered(2_500_000, 2, 5, 500, 2_000_000, 0); // active 1 µs: 4 Gbps
        m.delivered(1_200_000, 5, 2, 250, 1_000_000, 0); // active 0.5 µs: 4 Gbps
        m.flowCompleted(2_600_000, 2);
        m.flowCompleted(2_900_000, 2);
        assertEquals(4.0, m.flowGbps(0), 1e-12);
        assertEquals(4.0, m.flowGbps(2), 1e-12);
        assertEquals(4.0, m.flowGbps(5), 1e-12);
        assertTrue(Double.isNaN(m.flowGbps(3)), "starts after the window");
        assertTrue(Double.isNaN(m.flowGbps(4)), "stopped at the window's start");
        assertEquals(4, m.activeFlowGbps().length);
        assertEquals(1.0, m.jainIndex(), 1e-15);
        assertEquals(2, m.completions(2));
        assertEquals(2_600_000, m.firstCompletionPs(2));
        assertEquals(2_900_000, m.completionPs(2));
        assertEquals(-1, m.firstCompletionPs(0));
        assertEquals(900_000, m.completionTimePs(2), "completion − start");
        assertEquals(-1, m.completionTimePs(0));
    }

    @Test
    void jainIndexOfKnownVectors() {
        assertEquals(1.0, Fairness.jain(new double[] {3, 3, 3, 3}), 0.0);
        assertEquals(0.25, Fairness.jain(new double[] {0, 7, 0, 0}), 1e-15);
        assertEquals(36.0 / 42, Fairness.jain(new double[] {1, 2, 3}), 1e-15);
        // seed 003 Fig 1.1: rates (1/6, 1/6, 1/6, 1/6, 1/3, 1/3) → (4/3)² / (6 · 1/3) = 8/9
        assertEquals(8.0 / 9, Fairness.jain(new double[] {1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 3, 1. / 3}), 1e-15);
        assertTrue(Double.isNaN(Fairness.jain(new double[0])));
        assertTrue(Double.isNaN(Fairness.jain(new double[] {0, 0})));
        assertThrows(IllegalArgumentException.class, () -> Fairness.jain(new double[] {1, -1}));
    }

    @Test
    void mergeRefusesDifferentShapesAndABufferSeenTwice() {
        MetricsOptions o = MetricsOptions.until(1_000_000);
        PacketMetrics a = new PacketMetrics(TESTBED, FLOWS, o);
        assertThrows(IllegalArgumentException.class, () -> a.merge(new PacketMetrics(TESTBED, FLOWS,
                o.withBinWidth(7))));
        assertThrows(IllegalArgumentException.class, () -> a.merge(new PacketMetrics(TESTBED,
                FlowSet.of(new int[] {0}, new int[] {1}), o)));
        PacketMetrics copy = new PacketMetrics(Presets.find("testbed7").build(),
                FlowSet.of(FLOWS.src().clone(), FLOWS.dst().clone()), o);
        copy.delivered(500, 0, 6, 100, 0, 0);
        a.merge(copy); // equal copies of topology and flows, as another JVM would hold them
        assertEquals(100, a.flowBytes(0));
        PacketMetrics b = new PacketMetrics(TESTBED, FLOWS, o);
        a.bufferOccupancy(10, 4, 0, 100);
        b.bufferOccupancy(20, 4, 0, 200);
        assertThrows(IllegalArgumentException.class, () -> a.merge(b));
    }

    @Test
    void badOptionsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> MetricsOptions.window(10, 10));
        assertThrows(IllegalArgumentException.class, () -> MetricsOptions.until(100).withVirtualLanes(17));
        assertThrows(IllegalArgumentException.class, () -> MetricsOptions.until(100).withLatencyHistograms(5, 1, 1));
        assertThrows(IllegalArgumentException.class,
                () -> new PacketMetrics(TESTBED, FLOWS, MetricsOptions.until(1L << 40).withBinWidth(1)));
    }
}
