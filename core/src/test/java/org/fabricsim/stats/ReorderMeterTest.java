package org.fabricsim.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/** Packet order at the receivers, goodput and seed 001 Table II's aggregates (issue 12 §3). */
class ReorderMeterTest {
    private static final Topology TESTBED = Presets.find("testbed7").build();
    private static final FlowSet FLOWS = FlowSet.of(new int[] {0, 1, 2, 3}, new int[] {6, 6, 5, 0});
    private static final Topology TREE = Topologies.resolve("xgft(2;4,4;1,4)", 0, 0, null); // 16 hosts, 8 switches
    private static final FlowSet TREE_FLOWS = flows(48, 5);

    static FlowSet flows(int n, long seed) {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
        FlowSet.Builder b = new FlowSet.Builder();
        while (b.size() < n) {
            b.add(rng.nextInt(16), rng.nextInt(16));
        }
        return b.build();
    }

    static MetricsOptions options(long start, long end) {
        return MetricsOptions.window(start, end).withReorder(true, 1_000_000);
    }

    @Test
    void countingGapsAsTheFlitModelsSinkDoesJumpsAheadCountTheirGapAndLatePacketsNothing() {
        // D218: seed 001's simulator's sink (IBSink::handleData): one past the highest is in order, further on is one
        // event of (number - highest) out-of-order packets with that window, below the highest is not counted
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, options(1000, 10_000).withReorderGaps(true));
        m.delivered(500, 0, 6, 1000, 0, 0); // warm-up: sets the highest number, counts nothing
        m.delivered(1000, 0, 6, 1000, 0, 1); // in order
        m.delivered(1100, 0, 6, 1000, 0, 4); // a gap of 3: one event, 3 out-of-order packets
        m.delivered(1200, 0, 6, 1000, 0, 2); // late: nothing
        m.delivered(1300, 0, 6, 1000, 0, 3); // late: nothing
        m.delivered(1400, 0, 6, 1000, 0, 5); // in order
        m.delivered(1500, 1, 6, 1000, 0, 1); // flow 1's first is number 1: a gap of 2 from -1
        m.delivered(1600, 1, 6, 1000, 0, 0); // late
        ReorderMeter r = m.reorder();
        assertTrue(r.countsGaps());
        assertEquals(2, r.inOrder(6));
        assertEquals(5, r.outOfOrder(6));
        assertEquals(2.5, r.ratio(6), 0.0);
        assertEquals(2.5, r.meanWindow(6), 0.0); // (3 + 2) / 2 events
        assertEquals(3, r.maxWindow(6));
        assertEquals(3, r.flowOutOfOrder(0));
        assertEquals(2, r.flowInOrder(0));
        assertEquals(5, r.highestSeq(0));
    }

    @Test
    void countingGapsMatchesABruteForceSinkAndMergesAcrossParts() {
        // random streams per flow, the sink's rule applied independently here; two parts each see half the flows
        java.util.SplittableRandom rng = new java.util.SplittableRandom(41);
        PacketMetrics whole = new PacketMetrics(TREE, TREE_FLOWS, options(0, 1_000_000).withReorderGaps(true));
        PacketMetrics[] parts = {new PacketMetrics(TREE, TREE_FLOWS, options(0, 1_000_000).withReorderGaps(true)),
            new PacketMetrics(TREE, TREE_FLOWS, options(0, 1_000_000).withReorderGaps(true))};
        long[] in = new long[16];
        long[] out = new long[16];
        long[] sum = new long[16];
        long[] events = new long[16];
        int[] max = new int[16];
        long t = 0;
        for (int f = 0; f < TREE_FLOWS.size(); f++) {
            int n = 5 + rng.nextInt(40);
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            for (int i = 0; i < n; i++) { // local swaps: a reordering network's kind of disorder
                int j = Math.min(n - 1, i + rng.nextInt(4));
                int x = order[i];
                order[i] = order[j];
                order[j] = x;
            }
            int d = TREE_FLOWS.dst()[f];
            int cur = -1;
            for (int seq : order) {
                whole.delivered(++t, f, d, 1000, 0, seq);
                parts[f % 2].delivered(t, f, d, 1000, 0, seq);
                if (seq == cur + 1) {
                    in[d]++;
                    cur = seq;
                } else if (seq > cur + 1) {
                    out[d] += seq - cur;
                    sum[d] += seq - cur;
                    events[d]++;
                    max[d] = Math.max(max[d], seq - cur);
                    cur = seq;
                }
            }
        }
        parts[0].merge(parts[1]);
        for (ReorderMeter r : new ReorderMeter[] {whole.reorder(), parts[0].reorder()}) {
            for (int h = 0; h < 16; h++) {
                assertEquals(in[h], r.inOrder(h), "host " + h);
                assertEquals(out[h], r.outOfOrder(h), "host " + h);
                assertEquals(events[h] == 0 ? Double.NaN : (double) sum[h] / events[h], r.meanWindow(h), 0.0);
                assertEquals(max[h], r.maxWindow(h), "host " + h);
            }
        }
        assertTrue(whole.reorder().outOfOrder() > 0, "the streams hold disorder");
    }

    @Test
    void aHandMadeStreamGivesTheHandComputedRatiosWindowsAndGoodput() {
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, options(1000, 10_000));
        // flow 0 (0 -> 6): seq 1 in the warm-up sets its highest number, so seq 0 in the window is out of order
        m.delivered(500, 0, 6, 1000, 0, 1);
        m.delivered(1000, 0, 6, 1000, 0, 0); // out of order, window 1
        m.delivered(1100, 0, 6, 1000, 0, 3); // in order
        m.delivered(1200, 0, 6, 1000, 0, 2); // out of order, window 1
        m.delivered(1300, 1, 6, 1000, 0, 0); // flow 1: in order
        m.delivered(1400, 1, 6, 1000, 0, 4); // in order (a gap is not disorder)
        m.delivered(1500, 1, 6, 1000, 0, 1); // out of order, window 3
        m.delivered(1600, 1, 6, 1000, 0, 2); // window 2
        m.delivered(1700, 1, 6, 1000, 0, 3); // window 1
        m.delivered(1800, 0, 6, 1000, 0, 4); // in order
        m.delivered(1900, 2, 5, 1000, 0, 1); // flow 2 (2 -> 5): in order
        m.delivered(2000, 2, 5, 1000, 0, 0); // out of order, window 1
        m.delivered(10_000, 0, 6, 1000, 0, 5); // at the window's end: not counted, but the highest number is 5
        ReorderMeter r = m.reorder();
        assertEquals(4, r.inOrder(6));
        assertEquals(5, r.outOfOrder(6));
        assertEquals(1.25, r.ratio(6), 0.0);
        assertEquals(8 / 5.0, r.meanWindow(6), 0.0);
        assertEquals(3, r.maxWindow(6));
        assertEquals(1, r.inOrder(5));
        assertEquals(1, r.outOfOrder(5));
        assertEquals(1.0, r.ratio(5), 0.0);
        assertEquals(1.0, r.meanWindow(5), 0.0);
        assertTrue(Double.isNaN(r.ratio(0)), "no packets: no ratio");
        assertTrue(Double.isNaN(r.meanWindow(0)));
        assertEquals(0, r.maxWindow(0));
        assertEquals(2, r.flowInOrder(0));
        assertEquals(2, r.flowOutOfOrder(0));
        assertEquals(2, r.flowInOrder(1));
        assertEquals(3, r.flowOutOfOrder(1));
        assertEquals(5, r.highestSeq(0));
        assertEquals(-1, r.highestSeq(3));
        assertEquals(5, r.inOrder());
        assertEquals(6, r.outOfOrder());
        assertEquals(6 / 5.0, r.ratio(), 0.0);
        assertEquals(9 / 6.0, r.meanWindow(), 0.0);
        assertEquals(3, r.maxWindow());

        // goodput = throughput × in-order fraction; the window is 9000 ps
        double flow0 = 4 * 1000 * 8000.0 / 9000;
        assertEquals(flow0, m.flowGbps(0), 1e-12);
        assertEquals(flow0 * 2 / 4, m.flowGoodputGbps(0), 1e-12);
        assertEquals(m.flowGbps(1) * 2 / 5, m.flowGoodputGbps(1), 1e-12);
        assertEquals(0.0, m.flowGoodputGbps(3), 0.0, "nothing delivered: goodput 0");
        double host6 = 9 * 1000 * 8000.0 / 9000;
        assertEquals(host6, m.receiverGbps()[6], 1e-12);
        assertEquals(host6 * 4 / 9, m.receiverGoodputGbps()[6], 1e-12);

        // Table II: hosts 5 and 6 received something in the window; both have out-of-order packets
        ReceiverAggregates a = m.receiverAggregates();
        assertEquals(2, a.receivers());
        assertEquals(2, a.receiversWithOoo());
        double host5 = 2 * 1000 * 8000.0 / 9000;
        assertEquals((host5 + host6) / 2, a.avgOfAvgGbps(), 1e-12);
        assertEquals(host5, a.minOfAvgGbps(), 1e-12);
        assertEquals((host5 / 2 + host6 * 4 / 9) / 2, a.avgOfAvgGoodputGbps(), 1e-12);
        assertEquals(host5 / 2, a.minOfAvgGoodputGbps(), 1e-12);
        assertEquals((1.25 + 1.0) / 2, a.avgOfAvgOooRatio(), 1e-15);
        assertEquals(1.25, a.maxOfAvgOooRatio(), 0.0);
        assertEquals((1.6 + 1.0) / 2, a.avgOfAvgOooWindow(), 1e-15);
        assertEquals(1.6, a.maxOfAvgOooWindow(), 1e-15);
    }

    @Test
    void aFlowsFirstPacketIsInOrderAndOutOfOrderOnlyReceiversHaveAnInfiniteRatio() {
        PacketMetrics m = new PacketMetrics(TESTBED, FLOWS, options(1000, 2000));
        m.delivered(1500, 3, 0, 100, 0, 7); // the first delivered packet of a flow is in order, whatever its number
        assertEquals(1, m.reorder().inOrder(0));
        PacketMetrics late = new PacketMetrics(TESTBED, FLOWS, options(1000, 2000));
        late.delivered(900, 3, 0, 100, 0, 7);
        late.delivered(1500, 3, 0, 100, 0, 2);
        assertEquals(Double.POSITIVE_INFINITY, late.reorder().ratio(0));
        assertEquals(0.0, late.receiverGoodputGbps()[0], 0.0);
        assertEquals(Double.POSITIVE_INFINITY, late.receiverAggregates().avgOfAvgOooRatio());
    }

    /** Brute force: every delivered packet against every earlier delivered packet of its flow. */
    record Expected(long[] in, long[] out, long[] windowSum, int[] windowMax, long[] flowIn, long[] flowOut,
            long[] bytes, long[] packets, double[] latencySumNs, double[] latencyMaxNs) {
        static Expected of(SyntheticStream s, Topology t, FlowSet flows, MetricsOptions o) {
            int h = t.hostCount();
            Expected e = new Expected(new long[h], new long[h], new long[h], new int[h], new long[flows.size()],
                    new long[flows.size()], new long[h], new long[h], new double[h], new double[h]);
            List<List<Integer>> seen = new ArrayList<>();
            for (int f = 0; f < flows.size(); f++) {
                seen.add(new ArrayList<>());
            }
            for (SyntheticStream.Event ev : s.events()) {
                if (ev.kind() != SyntheticStream.Event.DELIVERED) {
                    continue;
                }
                int f = ev.a();
                int host = ev.b();
                int highest = seen.get(f).stream().mapToInt(Integer::intValue).max().orElse(-1);
                seen.get(f).add(ev.seq());
                if (ev.timePs() < o.windowStartPs() || ev.timePs() >= o.windowEndPs()) {
                    continue;
                }
                e.bytes[host] += ev.c();
                e.packets[host]++;
                double latencyNs = (ev.timePs() - ev.d()) / 1000.0;
                e.latencySumNs[host] += latencyNs;
                e.latencyMaxNs[host] = Math.max(e.latencyMaxNs[host], latencyNs);
                if (ev.seq() < highest) {
                    e.out[host]++;
                    e.flowOut[f]++;
                    e.windowSum[host] += highest - ev.seq();
                    e.windowMax[host] = Math.max(e.windowMax[host], highest - ev.seq());
                } else {
                    e.in[host]++;
                    e.flowIn[f]++;
                }
            }
            return e;
        }
    }

    @Test
    void aRandomStreamGivesWhatABruteForceRecomputationFromTheRawStreamGives() {
        MetricsOptions o = options(2_000_000, 30_000_000);
        SyntheticStream s = SyntheticStream.reordered(TREE, TREE_FLOWS, 60, 0, 40_000_000, 3);
        PacketMetrics m = new PacketMetrics(TREE, TREE_FLOWS, o);
        s.replay(m);
        Expected e = Expected.of(s, TREE, TREE_FLOWS, o);
        ReorderMeter r = m.reorder();
        long out = 0;
        for (int h = 0; h < TREE.hostCount(); h++) {
            assertEquals(e.in[h], r.inOrder(h), "host " + h);
            assertEquals(e.out[h], r.outOfOrder(h), "host " + h);
            assertEquals(e.windowMax[h], r.maxWindow(h), "host " + h);
            assertEquals(e.out[h] == 0 ? Double.NaN : (double) e.windowSum[h] / e.out[h], r.meanWindow(h), 0.0);
            assertEquals(e.in[h] + e.out[h], m.receiverLatency(h).count(),
                    "every counted packet is in or out of order");
            out += e.out[h];
        }
        assertTrue(out > 100, "the stream is reordered: " + out + " packets out of order");
        for (int f = 0; f < TREE_FLOWS.size(); f++) {
            assertEquals(e.flowIn[f], r.flowInOrder(f), "flow " + f);
            assertEquals(e.flowOut[f], r.flowOutOfOrder(f), "flow " + f);
            long all = e.flowIn[f] + e.flowOut[f];
            assertEquals(all == 0 ? 0.0 : m.flowGbps(f) * e.flowIn[f] / all, m.flowGoodputGbps(f),
                    1e-12 * m.flowGbps(f));
        }
    }

    @Test
    void tableTwoAggregatesEqualADirectComputationOverTheReceivers() {
        MetricsOptions o = options(1_000_000, 35_000_000);
        SyntheticStream s = SyntheticStream.reordered(TREE, TREE_FLOWS, 40, 0, 40_000_000, 9);
        PacketMetrics m = new PacketMetrics(TREE, TREE_FLOWS, o);
        s.replay(m);
        Expected e = Expected.of(s, TREE, TREE_FLOWS, o);
        List<double[]> rows = new ArrayList<>(); // gbps, goodput, mean latency, max latency, ratio, window (NaN none)
        for (int h = 0; h < TREE.hostCount(); h++) {
            if (e.packets[h] == 0) {
                continue;
            }
            double gbps = e.bytes[h] * 8.0 / (o.windowPs() / 1000.0);
            rows.add(new double[] {gbps, gbps * e.in[h] / e.packets[h], e.latencySumNs[h] / e.packets[h],
                e.latencyMaxNs[h], (double) e.out[h] / e.in[h], e.out[h] == 0 ? Double.NaN
                    : (double) e.windowSum[h] / e.out[h]});
        }
        assertTrue(rows.size() >= 10, "most hosts receive: " + rows.size());
        ReceiverAggregates a = m.receiverAggregates();
        assertEquals(rows.size(), a.receivers());
        double tol = 1e-9;
        assertEquals(rows.stream().mapToDouble(r -> r[0]).average().orElseThrow(), a.avgOfAvgGbps(), tol);
        assertEquals(rows.stream().mapToDouble(r -> r[0]).min().orElseThrow(), a.minOfAvgGbps(), tol);
        assertEquals(rows.stream().mapToDouble(r -> r[1]).average().orElseThrow(), a.avgOfAvgGoodputGbps(), tol);
        assertEquals(rows.stream().mapToDouble(r -> r[1]).min().orElseThrow(), a.minOfAvgGoodputGbps(), tol);
        assertEquals(rows.stream().mapToDouble(r -> r[2]).average().orElseThrow(), a.avgOfAvgLatencyNs(),
                1e-12 * a.avgOfAvgLatencyNs());
        assertEquals(rows.stream().mapToDouble(r -> r[3]).max().orElseThrow(), a.maxOfMaxLatencyNs(), 0.0);
        assertEquals(rows.stream().mapToDouble(r -> r[4]).average().orElseThrow(), a.avgOfAvgOooRatio(), tol);
        assertEquals(rows.stream().mapToDouble(r -> r[4]).max().orElseThrow(), a.maxOfAvgOooRatio(), 0.0);
        double[] windows = rows.stream().mapToDouble(r -> r[5]).filter(w -> !Double.isNaN(w)).toArray();
        assertEquals(windows.length, a.receiversWithOoo());
        assertTrue(windows.length > 0);
        assertEquals(java.util.Arrays.stream(windows).average().orElseThrow(), a.avgOfAvgOooWindow(), tol);
        assertEquals(java.util.Arrays.stream(windows).max().orElseThrow(), a.maxOfAvgOooWindow(), 0.0);
    }

    @Test
    void partsMergedEqualTheWholeExactly() {
        MetricsOptions o = options(3_000_000, 38_000_000);
        SyntheticStream s = SyntheticStream.reordered(TREE, TREE_FLOWS, 50, 0, 40_000_000, 21);
        PacketMetrics whole = new PacketMetrics(TREE, TREE_FLOWS, o);
        s.replay(whole);
        for (int parts : new int[] {2, 3}) {
            PacketMetrics[] p = new PacketMetrics[parts];
            for (int i = 0; i < parts; i++) {
                p[i] = new PacketMetrics(TREE, TREE_FLOWS, o);
            }
            s.replayPartitioned(p);
            for (int i = parts - 1; i > 0; i--) {
                p[i - 1].merge(p[i]);
            }
            ReorderMeter a = whole.reorder();
            ReorderMeter b = p[0].reorder();
            for (int h = 0; h < TREE.hostCount(); h++) {
                assertEquals(a.inOrder(h), b.inOrder(h));
                assertEquals(a.outOfOrder(h), b.outOfOrder(h));
                assertEquals(a.meanWindow(h), b.meanWindow(h), 0.0);
                assertEquals(a.maxWindow(h), b.maxWindow(h));
            }
            for (int f = 0; f < TREE_FLOWS.size(); f++) {
                assertEquals(a.highestSeq(f), b.highestSeq(f));
                assertEquals(a.flowOutOfOrder(f), b.flowOutOfOrder(f));
            }
            assertEquals(whole.receiverAggregates(), p[0].receiverAggregates(), parts + " parts");
        }
    }

    @Test
    void offByDefaultAndOnlyLikeMeasurementsMerge() {
        PacketMetrics off = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.window(0, 1000));
        assertFalse(off.measuresReorder());
        off.delivered(10, 0, 6, 100, 0, 3);
        off.adapted(10, TESTBED.hostCount(), 0, 1, 2);
        off.controlTransmitted(10, 0, 1, 8);
        assertThrows(IllegalStateException.class, off::reorder);
        assertThrows(IllegalStateException.class, off::adaptation);
        PacketMetrics on = new PacketMetrics(TESTBED, FLOWS, MetricsOptions.window(0, 1000).withReorder(true, 100));
        assertThrows(IllegalArgumentException.class, () -> on.merge(off));
        assertThrows(IllegalArgumentException.class, () -> MetricsOptions.window(0, 1000).withReorder(true, 0));
    }
}
