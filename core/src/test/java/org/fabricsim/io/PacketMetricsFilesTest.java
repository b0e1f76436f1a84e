package org.fabricsim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.stats.ReceiverAggregates;
import org.fabricsim.stats.SyntheticStream;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PacketMetricsFilesTest {
    private static final Topology TREE = Topologies.resolve("xgft(2;4,4;1,4)", 0, 0, null); // 16 hosts, 8 switches
    private static final FlowSet FLOWS = flows(40, 3);
    private static final MetricsOptions OPTIONS = MetricsOptions.window(50_000_000, 950_000_000)
            .withVirtualLanes(2).withOccupancyBins(100_000_000).withBinWidth(40_000_000);
    private static final SyntheticStream STREAM = SyntheticStream.random(TREE, FLOWS, 2, 3000, 1_000_000_000L, 7);

    @TempDir
    Path tmp;

    private static FlowSet flows(int n, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        FlowSet.Builder b = new FlowSet.Builder();
        while (b.size() < n) {
            b.add(rng.nextInt(16), rng.nextInt(16));
        }
        return b.build();
    }

    private static PacketMetrics sequential() {
        PacketMetrics m = new PacketMetrics(TREE, FLOWS, OPTIONS);
        STREAM.replay(m);
        return m;
    }

    /** Every file's bytes, by name: the Arrow files, summary.json (the section alone) and the plot. */
    private Map<String, byte[]> files(PacketMetrics m, String name) throws IOException {
        Path dir = tmp.resolve(name);
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            Json.write(out.stage("summary.json"), PacketMetricsFiles.summary(m));
            PacketMetricsFiles.write(out, m, true, "synthetic");
            out.commit();
        }
        Map<String, byte[]> bytes = new LinkedHashMap<>();
        for (String f : List.of("summary.json", PacketMetricsFiles.THROUGHPUT, PacketMetricsFiles.PORTS,
                PacketMetricsFiles.FLOWS, PacketMetricsFiles.RECEIVERS, PacketMetricsFiles.OCCUPANCY)) {
            bytes.put(f, Files.readAllBytes(dir.resolve(f)));
        }
        assertTrue(Files.size(dir.resolve(PacketMetricsFiles.PLOT)) > 0);
        return bytes;
    }

    private static void assertSameFiles(Map<String, byte[]> expected, Map<String, byte[]> actual, String what) {
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((f, b) -> assertArrayEquals(b, actual.get(f), what + ": " + f));
    }

    @Test
    void repeatedRunsWriteTheSameBytes() throws IOException {
        assertSameFiles(files(sequential(), "a"), files(sequential(), "b"), "second run");
    }

    @Test
    void partitionedMetricsMergedInAnyOrderEqualTheSequentialOnesBitForBit() throws IOException {
        Map<String, byte[]> expected = files(sequential(), "sequential");
        int[][] orders = {{0, 1, 2}, {2, 0, 1}, {1, 2, 0}};
        for (int[] order : orders) {
            PacketMetrics[] parts = new PacketMetrics[3];
            for (int i = 0; i < 3; i++) {
                parts[i] = new PacketMetrics(TREE, FLOWS, OPTIONS);
            }
            STREAM.replayPartitioned(parts);
            PacketMetrics merged = parts[order[0]];
            merged.merge(parts[order[1]]);
            merged.merge(parts[order[2]]);
            assertSameFiles(expected, files(merged, "merged" + Arrays.toString(order)), "order "
                    + Arrays.toString(order));
        }
        // ((b, c), a): a different grouping
        PacketMetrics[] parts = new PacketMetrics[3];
        for (int i = 0; i < 3; i++) {
            parts[i] = new PacketMetrics(TREE, FLOWS, OPTIONS);
        }
        STREAM.replayPartitioned(parts);
        parts[1].merge(parts[2]);
        parts[1].merge(parts[0]);
        assertSameFiles(expected, files(parts[1], "grouped"), "grouping (b, c), a");
    }

    @Test
    void tablesHoldWhatTheMetricsSayAndAddUp() throws IOException {
        PacketMetrics m = sequential();
        Map<String, byte[]> written = files(m, "tables");
        Path dir = tmp.resolve("tables");
        ArrowTable throughput = ArrowTable.read(dir.resolve(PacketMetricsFiles.THROUGHPUT));
        assertEquals(FLOWS.size() * m.bins(), throughput.rowCount());
        assertEquals(Map.of("bin_width_ps", "40000000", "schema", "fabricsim.flow_throughput", "schema_version", "1",
                "throughput_basis", "payload", "window_end_ps", "950000000", "window_start_ps", "50000000"),
                throughput.metadata());
        ArrowTable flows = ArrowTable.read(dir.resolve(PacketMetricsFiles.FLOWS));
        long binned = Arrays.stream(throughput.longs("bytes")).sum();
        assertEquals(m.deliveredBytes(), binned);
        assertEquals(binned, Arrays.stream(flows.longs("bytes")).sum());
        assertArrayEquals(FLOWS.dst(), flows.ints("dst"));
        ArrowTable receivers = ArrowTable.read(dir.resolve(PacketMetricsFiles.RECEIVERS));
        assertEquals(TREE.hostCount(), receivers.rowCount());
        assertEquals(m.deliveredPackets(), Arrays.stream(receivers.longs("packets")).sum());
        assertEquals(binned, Arrays.stream(receivers.longs("bytes")).sum());
        ArrowTable ports = ArrowTable.read(dir.resolve(PacketMetricsFiles.PORTS));
        assertEquals(2 * TREE.cableCount(), ports.rowCount(), "one row per directed link");
        long[] vl0 = ports.longs("bytes_vl0");
        long[] vl1 = ports.longs("bytes_vl1");
        long[] all = ports.longs("bytes");
        for (int i = 0; i < all.length; i++) {
            assertEquals(all[i], vl0[i] + vl1[i]);
        }
        assertTrue(Arrays.stream(ports.doubles("utilisation")).allMatch(u -> u >= 0 && u <= 1));
        ArrowTable occupancy = ArrowTable.read(dir.resolve(PacketMetricsFiles.OCCUPANCY));
        assertEquals(2 * TREE.cableCount() * 2 * 9, occupancy.rowCount());

        JsonNode summary = Json.parse(new String(written.get("summary.json"), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(m.deliveredBytes(), summary.get("delivered_bytes").asLong());
        assertEquals(m.jainIndex(), summary.get("jain_fairness").asDouble(), 0.0);
        assertEquals(FLOWS.size(), summary.get("flow_gbps_values").size());
        assertEquals(m.latency().p99Ns(), summary.get("latency").get("p99_ns").asDouble(), 0.0);
        assertEquals(List.of("up-0-1", "down-1-0", "up-1-2", "down-2-1"),
                iterable(summary.get("utilisation").fieldNames()));
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> l = new java.util.ArrayList<>();
        it.forEachRemaining(l::add);
        return l;
    }

    @Test
    void manyFlowsArePlottedAsTheMeansOfSixteenGroupsOfConsecutiveFlows() {
        PacketMetrics m = sequential();
        List<Plots.Line> lines = FlowMetricsFiles.throughputLines(m);
        assertEquals(PacketMetricsFiles.MAX_PLOT_LINES, lines.size());
        assertEquals("flows 0-1 (mean of 2)", lines.get(0).name());
        assertEquals("flows 37-39 (mean of 3)", lines.get(15).name());
        double[] expected = new double[m.bins()];
        for (int f = 37; f < 40; f++) {
            for (int b = 0; b < m.bins(); b++) {
                expected[b] += m.binGbps(f, b) / 3;
            }
        }
        assertArrayEquals(expected, lines.get(15).y(), 1e-9);
        assertEquals(70.0, lines.get(0).x()[0], 1e-12, "x at the middle of the first bin [50, 90) µs, in µs");

        PacketMetrics few = new PacketMetrics(TREE, FlowSet.of(new int[] {0, 5}, new int[] {3, 9}), OPTIONS);
        assertEquals(List.of("flow 0: " + TREE.nodeName(0) + "->" + TREE.nodeName(3),
                "flow 1: " + TREE.nodeName(5) + "->" + TREE.nodeName(9)),
                FlowMetricsFiles.throughputLines(few).stream().map(Plots.Line::name).toList());
    }

    // -------------------------------------------------------------------------------------------------------
    // Packet order and adaptations (issue 12 §3)

    private static final MetricsOptions REORDER = MetricsOptions.window(2_000_000, 38_000_000).withBinWidth(4_000_000)
            .withReorder(true, 5_000_000); // 8 adaptation bins, the last 1 µs
    private static final SyntheticStream REORDERED = SyntheticStream.reordered(TREE, FLOWS, 30, 2000, 40_000_000L, 5);
    private static final int[] PERMUTATION_OF = permutationOf();
    private static final int[] AFTER = after();

    /** The 40 flows as 4 permutations of 10 flows each, every flow after its source's last earlier one. */
    private static int[] permutationOf() {
        int[] p = new int[FLOWS.size()];
        Arrays.setAll(p, f -> f / 10);
        return p;
    }

    private static int[] after() {
        int[] a = new int[FLOWS.size()];
        for (int f = 0; f < a.length; f++) {
            a[f] = -1;
            for (int g = 0; g < f; g++) {
                if (FLOWS.src()[g] == FLOWS.src()[f] && g / 10 < f / 10) {
                    a[f] = g;
                }
            }
        }
        return a;
    }

    private static PacketMetrics reordering() {
        return new PacketMetrics(TREE, FLOWS, REORDER).permutations(PERMUTATION_OF, AFTER, 4);
    }

    /** Every file a run with packet order measured writes, by name. */
    private Map<String, byte[]> reorderFiles(PacketMetrics m, String name) throws IOException {
        Path dir = tmp.resolve(name);
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            Json.write(out.stage("summary.json"), PacketMetricsFiles.summary(m));
            PacketMetricsFiles.write(out, m, true, "synthetic");
            out.commit();
        }
        Map<String, byte[]> bytes = new LinkedHashMap<>();
        for (String f : List.of("summary.json", PacketMetricsFiles.THROUGHPUT, PacketMetricsFiles.PORTS,
                PacketMetricsFiles.FLOWS, PacketMetricsFiles.RECEIVERS, PacketMetricsFiles.REORDER,
                PacketMetricsFiles.ADAPTATIONS, PacketMetricsFiles.PERMUTATIONS)) {
            bytes.put(f, Files.readAllBytes(dir.resolve(f)));
        }
        assertTrue(Files.size(dir.resolve(PacketMetricsFiles.ADAPTATION_PLOT)) > 0);
        return bytes;
    }

    @Test
    void reorderAndAdaptationFilesOfPartsMergedEqualTheSequentialOnesBitForBit() throws IOException {
        PacketMetrics whole = reordering();
        REORDERED.replay(whole);
        Map<String, byte[]> expected = reorderFiles(whole, "reorder-sequential");
        for (int parts : new int[] {2, 3}) {
            PacketMetrics[] p = new PacketMetrics[parts];
            for (int i = 0; i < parts; i++) {
                p[i] = reordering();
            }
            REORDERED.replayPartitioned(p);
            for (int i = 1; i < parts; i++) {
                p[0].merge(p[i]);
            }
            assertSameFiles(expected, reorderFiles(p[0], "reorder-" + parts), parts + " parts");
        }
    }

    @Test
    void reorderAndAdaptationTablesHoldWhatTheMetricsSay() throws IOException {
        PacketMetrics m = reordering();
        REORDERED.replay(m);
        Map<String, byte[]> written = reorderFiles(m, "reorder-tables");
        Path dir = tmp.resolve("reorder-tables");
        ArrowTable reorder = ArrowTable.read(dir.resolve(PacketMetricsFiles.REORDER));
        assertEquals(TREE.hostCount(), reorder.rowCount());
        assertEquals("fabricsim.reorder", reorder.metadata().get("schema"));
        long[] in = reorder.longs("in_order_packets");
        long[] out = reorder.longs("out_of_order_packets");
        long[] packets = reorder.longs("packets");
        for (int h = 0; h < in.length; h++) {
            assertEquals(packets[h], in[h] + out[h]);
            assertEquals(m.reorder().ratio(h), reorder.doubles("ooo_ratio")[h], 0.0);
            assertEquals(packets[h] > 0, reorder.booleans("counted")[h]);
        }
        assertTrue(Arrays.stream(out).sum() > 100, "the stream is reordered");

        ArrowTable adaptations = ArrowTable.read(dir.resolve(PacketMetricsFiles.ADAPTATIONS));
        assertEquals(TREE.switchCount() * 8, adaptations.rowCount());
        assertEquals("5000000", adaptations.metadata().get("bin_width_ps"));
        assertEquals(m.adaptation().inWindow(), Arrays.stream(adaptations.ints("adaptations")).asLongStream().sum());
        assertEquals(1_000_000, adaptations.longs("bin_width_ps")[7], "the last bin is cut by the window's end");
        assertEquals(TREE.hostCount(), adaptations.ints("switch")[0]);

        ArrowTable permutations = ArrowTable.read(dir.resolve(PacketMetricsFiles.PERMUTATIONS));
        assertEquals(4, permutations.rowCount());
        assertEquals(m.adaptation().total() - flowless(), Arrays.stream(permutations.longs("adaptations")).sum(),
                "every adaptation attributed to a flow is in its permutation");

        ArrowTable flows = ArrowTable.read(dir.resolve(PacketMetricsFiles.FLOWS));
        for (int f = 0; f < FLOWS.size(); f++) {
            assertEquals(flows.longs("packets")[f], flows.longs("in_order_packets")[f]
                    + flows.longs("out_of_order_packets")[f]);
        }

        JsonNode s = Json.parse(new String(written.get("summary.json"), java.nio.charset.StandardCharsets.UTF_8));
        JsonNode r = s.get("reorder");
        ReceiverAggregates a = m.receiverAggregates();
        assertEquals(a.avgOfAvgOooRatio(), r.get("avg_of_avg_ooo_ratio").asDouble(), 0.0);
        assertEquals(a.maxOfAvgOooWindow(), r.get("max_of_avg_ooo_window").asDouble(), 0.0);
        assertEquals(Arrays.stream(out).sum(), r.get("out_of_order_packets").asLong());
        JsonNode ad = s.get("adaptation");
        assertEquals(m.adaptation().total(), ad.get("adaptations").asLong());
        assertEquals(4, ad.get("convergence_us_values").size());
        assertEquals(m.adaptation().controlHops(1), ad.get("control_packet_hops").get("adaptation-request").asLong());
        assertEquals(m.adaptation().controlHops(5), ad.get("control_packet_hops").get("probe").asLong());
        assertEquals(List.of("adaptation-request", "probe"), iterable(ad.get("control_packet_hops").fieldNames()));
    }

    private static long flowless() {
        return REORDERED.events().stream().filter(e -> e.kind() == SyntheticStream.Event.ADAPTED && e.b() < 0).count();
    }

    @Test
    void theAdaptationPlotShowsAllSwitchesAndTheBusiestOne() {
        PacketMetrics m = reordering();
        REORDERED.replay(m);
        List<Plots.Line> lines = AdaptationMetricsFiles.adaptationLines(m);
        assertEquals(2, lines.size());
        int busiest = AdaptationMetricsFiles.busiestSwitch(m);
        for (int v = TREE.hostCount(); v < TREE.nodeCount(); v++) {
            assertTrue(m.adaptation().switchTotal(v) <= m.adaptation().switchTotal(busiest));
        }
        assertTrue(lines.get(1).name().startsWith("busiest switch: " + TREE.nodeName(busiest)), lines.get(1).name());
        for (int b = 0; b < 8; b++) {
            long all = 0;
            for (int v = TREE.hostCount(); v < TREE.nodeCount(); v++) {
                all += m.adaptation().count(v, b);
            }
            assertEquals(all, lines.get(0).y()[b], 0.0);
            assertEquals(m.adaptation().count(busiest, b), lines.get(1).y()[b], 0.0);
        }
        assertEquals(4.5, lines.get(0).x()[0], 1e-12, "the middle of [2, 7) µs");
        PacketMetrics quiet = reordering();
        assertEquals(List.of("all switches"), AdaptationMetricsFiles.adaptationLines(quiet).stream()
                .map(Plots.Line::name).toList(), "no busiest switch when nothing adapted");
    }

    @Test
    void withoutReorderNoNewFileOrKeyIsWritten() throws IOException {
        PacketMetrics m = new PacketMetrics(TREE, FLOWS, OPTIONS);
        STREAM.replay(m);
        files(m, "plain");
        Path dir = tmp.resolve("plain");
        for (String f : List.of(PacketMetricsFiles.REORDER, PacketMetricsFiles.ADAPTATIONS,
                PacketMetricsFiles.PERMUTATIONS, PacketMetricsFiles.ADAPTATION_PLOT)) {
            assertTrue(!Files.exists(dir.resolve(f)), f);
        }
        Map<String, Object> summary = PacketMetricsFiles.summary(m);
        assertTrue(!summary.containsKey("reorder") && !summary.containsKey("adaptation"));
        assertEquals(List.of("flow", "src", "dst", "app", "active", "bytes", "packets", "gbps", "first_delivery_ps",
                "last_delivery_ps", "completions", "first_completion_ps", "completion_ps", "completion_time_ps",
                "latency_min_ns", "latency_mean_ns", "latency_p50_ns", "latency_p90_ns", "latency_p99_ns",
                "latency_p999_ns", "latency_max_ns", "bin_gbps_mean", "bin_gbps_sd", "bin_gbps_min", "bin_gbps_max"),
                ArrowTable.read(dir.resolve(PacketMetricsFiles.FLOWS)).columnNames(),
                "no reorder columns; the throughput jitter (seed 002 Table II) is every run's");
        assertTrue(!summary.containsKey("congestion_control") && summary.containsKey("flow_bin_gbps"));
    }
}
