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
        List<Plots.Line> lines = PacketMetricsFiles.throughputLines(m);
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
                PacketMetricsFiles.throughputLines(few).stream().map(Plots.Line::name).toList());
    }
}
