package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.io.ArrowTable;
import org.fabricsim.io.Json;
import org.fabricsim.io.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scenario files under conf/experiments run as `fabricsim run FILE`, write the packet metrics and give the
 * rates their comments publish.
 */
class PacketExperimentTest {
    @TempDir
    Path dir;

    JsonNode run(String file) throws IOException {
        ExperimentConfig c = ExperimentConfig.load(Path.of("..", "conf", "experiments", file), List.of());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path out = dir.resolve(file);
        Experiments.run(c, out, new RunContext(new PrintStream(console, true, StandardCharsets.UTF_8),
                Progress.Mode.OFF), List.of("test"));
        assertTrue(Files.exists(out.resolve("run.json")));
        assertTrue(Files.exists(out.resolve("flow-throughput.arrow")));
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("M events/s"));
        return Json.read(out.resolve("summary.json"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"packet-fig1-1.conf", "packet-c2-s3.conf", "packet-c2-s4.conf", "packet-c2-s5.conf",
        "packet-testbed7-s1.conf"})
    void scenarioFilesRun(String file) throws IOException {
        JsonNode s = run(file);
        assertTrue(s.get("events").asLong() > 0);
        assertTrue(s.get("packets_delivered").asLong() > 0);
        assertEquals(s.get("packets_injected").asLong(),
                s.get("packets_delivered").asLong() + s.get("packets_in_flight").asLong());
        assertTrue(s.get("metrics").get("delivered_bytes").asLong() > 0, s.toString());
        publishedRates(file, dir.resolve(file), s.get("metrics"));
    }

    /**
     * The rates each scenario file's comment gives (docs/PACKET_MODEL.md, "Validation", with its tolerances), as
     * summary.json and flow-throughput.arrow report them: counts above zero hold for a model or a meter that
     * gets every rate wrong. Phased scenarios are measured over the second half of each phase, after it settles.
     */
    static void publishedRates(String file, Path out, JsonNode metrics) throws IOException {
        JsonNode mean = metrics.get("flow_gbps_values");
        long us = 1_000_000; // ps
        switch (file) {
            case "packet-fig1-1.conf" -> {
                // (1/6, 1/6, 1/6, 1/6, 1/3, 1/3) of the 10 Gbps link's payload rate (2 KiB packets + overhead);
                // every flow runs the whole 2 ms, so its mean is its rate; tolerance 0.01 of the link
                double link = 10 * 2048.0 / (2048 + metrics.get("packet_overhead_bytes").asInt());
                double[] share = {1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 3.0, 1 / 3.0};
                for (int f = 0; f < share.length; f++) {
                    assertEquals(share[f], mean.get(f).asDouble() / link, 0.01, "flow " + f);
                }
            }
            case "packet-c2-s3.conf", "packet-c2-s4.conf" -> {
                // shares of node 4's 188 Gbps per 100 us phase, tolerance 2 Gbps: 1/2, 1/2; local 1/2, remotes
                // 1/4; then s3 local 1/2, remotes 1/6, s4 locals 1/3, remotes 1/6
                double[][] share = {{1 / 2.0, 1 / 2.0, 0, 0}, {1 / 2.0, 1 / 4.0, 1 / 4.0, 0},
                    file.contains("s3") ? new double[] {1 / 2.0, 1 / 6.0, 1 / 6.0, 1 / 6.0}
                        : new double[] {1 / 3.0, 1 / 6.0, 1 / 6.0, 1 / 3.0}};
                double[][] g = phases(out, 100 * us, 3);
                for (int k = 0; k < 3; k++) {
                    for (int f = 0; f < 4; f++) {
                        assertEquals(share[k][f] * 188, g[k][f], 2.0, file + " phase " + k + " flow " + f);
                    }
                }
            }
            case "packet-c2-s5.conf" -> {
                // 94, 94 sharing node 4's link, 188 across the other root; means over the whole 100 us run,
                // start-up included, as c1Scenario2 below: tolerance 2 Gbps
                assertEquals(94, mean.get(0).asDouble(), 2.0);
                assertEquals(94, mean.get(1).asDouble(), 2.0);
                assertEquals(188, mean.get(2).asDouble(), 2.0);
            }
            case "packet-testbed7-s1.conf" -> {
                // Paper III's staircase as Seed002Test has it, tolerance 0.5 Gbit/s: 13; 13, 13; just below 7
                // x3; F1-F3 halve, F4 almost 7; F1-F3 about 2, F4, F5 about 4.5
                double[][] g = phases(out, 1000 * us, 5);
                assertEquals(13, g[0][0], 0.5, "F1 alone");
                assertEquals(13, g[1][0], 0.5, "F1 with F2");
                assertEquals(13, g[1][1], 0.5, "F2 with F1");
                for (int f = 0; f < 3; f++) {
                    assertTrue(g[2][f] < 7 && g[2][f] > 6.3, "F3 added: F" + (f + 1) + " just below 7: " + g[2][f]);
                    assertEquals(g[2][f] / 2, g[3][f], 0.5, "F4 added: F" + (f + 1) + " halves");
                    assertEquals(2, g[4][f], 0.5, "F5 added: F" + (f + 1) + " about 2");
                }
                assertTrue(g[3][3] < 7 && g[3][3] > 6.3, "F4 almost 7: " + g[3][3]);
                assertEquals(4.5, g[4][3], 0.5, "F4 about 4.5");
                assertEquals(4.5, g[4][4], 0.5, "F5 about 4.5");
            }
            default -> throw new AssertionError("no published rates for " + file);
        }
    }

    /** Each flow's Gbit/s [phase][flow] over the second half of each of {@code count} phases of {@code phasePs}. */
    static double[][] phases(Path out, long phasePs, int count) throws IOException {
        double[][] g = new double[count][];
        for (int k = 0; k < count; k++) {
            g[k] = gbps(out, k * phasePs + phasePs / 2, (k + 1) * phasePs);
        }
        return g;
    }

    /**
     * Each flow's Gbit/s over [fromPs, toPs) as flow-throughput.arrow gives it: the bytes of the bins wholly inside
     * that span over their widths.
     */
    static double[] gbps(Path out, long fromPs, long toPs) throws IOException {
        ArrowTable t = ArrowTable.read(out.resolve("flow-throughput.arrow"));
        int[] flow = t.ints("flow");
        long[] start = t.longs("bin_start_ps");
        long[] width = t.longs("bin_width_ps");
        long[] bytes = t.longs("bytes");
        int flows = java.util.Arrays.stream(flow).max().orElse(-1) + 1;
        long[] sum = new long[flows];
        long[] time = new long[flows];
        for (int i = 0; i < flow.length; i++) {
            if (start[i] >= fromPs && start[i] + width[i] <= toPs) {
                sum[flow[i]] += bytes[i];
                time[flow[i]] += width[i];
            }
        }
        double[] g = new double[flows];
        java.util.Arrays.setAll(g, f -> sum[f] * 8e3 / time[f]); // bits per ps, in Gbit/s
        return g;
    }

    @Test
    void c1Scenario2GivesTheDrRatesThroughTheMetricsLayer() throws IOException {
        JsonNode g = run("packet-c1-s2.conf").get("metrics").get("flow_gbps_values");
        // mean over the whole 100 us run, start-up included: tolerance 2 Gbps
        assertEquals(188, g.get(0).asDouble(), 2.0);
        assertEquals(94, g.get(1).asDouble(), 2.0);
        assertEquals(94, g.get(2).asDouble(), 2.0);
    }

    // -------------------------------------------------------------------------------------------------------
    // metrics.reorder (issue 12 §3): seed 001 §V-C traffic on a small tree under static routing

    static final String SEQUENCE = "experiment = packet\ntopology.name = \"xgft(2;4,4;1,4)\"\n"
            + "packet { permutation-sequence = 3, flow-size = 16KiB, end-time = 40us }\n";

    /**
     * Core has no partitioner (it is a module of its own): nodes dealt round-robin, so hosts sit apart from
     * their leaves and every kind of element reports to both parts.
     */
    static final Partitioning DEALT = (t, parts, method, seed) -> {
        int[] partOf = new int[t.nodeCount()];
        java.util.Arrays.setAll(partOf, v -> v % parts);
        int cut = 0;
        long shortest = Long.MAX_VALUE;
        for (int p = 0; p < t.portCount(); p++) {
            if (t.isConnected(p) && partOf[t.owner(p)] != partOf[t.peerNode(p)]) {
                cut++;
                shortest = Math.min(shortest, t.latencyPs(p));
            }
        }
        return new Partitioning.Split(parts, partOf, "dealt", cut / 2, shortest);
    };

    /** Runs {@link #SEQUENCE} with {@code settings} (key=value) in {@code name}; the output directory. */
    Path runSequence(String name, String... settings) throws IOException {
        Path conf = dir.resolve("sequence.conf");
        Files.writeString(conf, SEQUENCE);
        ExperimentConfig c = ExperimentConfig.load(conf, List.of(settings));
        Path out = dir.resolve(name);
        Experiments.run(c, out, new RunContext(new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), Progress.Mode.OFF, DEALT), List.of("test"));
        return out;
    }

    static List<String> files(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    static List<String> keys(JsonNode n) {
        List<String> l = new ArrayList<>();
        Iterator<String> it = n.fieldNames();
        it.forEachRemaining(l::add);
        return l;
    }

    @Test
    void underStaticRoutingAutoAndOffWriteNoNewKeysOrFilesAndOnAddsOnlyThem() throws IOException {
        Path auto = runSequence("auto");
        Path off = runSequence("off", "metrics.reorder=off");
        Path on = runSequence("on", "metrics.reorder=on");
        List<String> before = List.of("flow-throughput.arrow", "flows.arrow", "ports.arrow", "receivers.arrow",
                "run.json", "summary.json", "throughput.png");
        assertEquals(before, files(auto), "auto under static routing: the files of before");
        assertEquals(before, files(off));
        for (String f : List.of("summary.json", "flows.arrow", "flow-throughput.arrow", "ports.arrow",
                "receivers.arrow")) {
            assertArrayEquals(Files.readAllBytes(off.resolve(f)), Files.readAllBytes(auto.resolve(f)), f);
        }
        JsonNode plain = Json.read(off.resolve("summary.json"));
        assertFalse(plain.toString().contains("reorder") || plain.toString().contains("adaptation"),
                "no new keys: " + plain);
        List<String> with = new ArrayList<>(before);
        with.addAll(List.of("adaptations.arrow", "adaptations.png", "permutations.arrow", "reorder.arrow"));
        assertEquals(with.stream().sorted().toList(), files(on));
        // on adds the two blocks at the end of the metrics section and changes nothing before them
        JsonNode measured = Json.read(on.resolve("summary.json"));
        List<String> metricsKeys = keys(measured.get("metrics"));
        List<String> plainKeys = new ArrayList<>(keys(plain.get("metrics")));
        plainKeys.addAll(List.of("reorder", "adaptation"));
        assertEquals(plainKeys, metricsKeys);
        ((com.fasterxml.jackson.databind.node.ObjectNode) measured.get("metrics")).remove(List.of("reorder",
                "adaptation"));
        assertEquals(plain, measured);
        for (String f : List.of("flow-throughput.arrow", "ports.arrow", "receivers.arrow")) {
            assertArrayEquals(Files.readAllBytes(off.resolve(f)), Files.readAllBytes(on.resolve(f)), f);
        }
    }

    @Test
    void onAStaticRunNothingIsOutOfOrderGoodputIsThroughputAndNothingAdapts() throws IOException {
        Path on = runSequence("static-on", "metrics.reorder=on");
        JsonNode m = Json.read(on.resolve("summary.json")).get("metrics");
        JsonNode r = m.get("reorder");
        assertTrue(r.get("in_order_packets").asLong() > 100, r.toString());
        assertEquals(m.get("delivered_packets").asLong(), r.get("in_order_packets").asLong());
        assertEquals(0, r.get("out_of_order_packets").asLong());
        assertEquals(0.0, r.get("ooo_ratio").asDouble(), 0.0);
        assertTrue(r.get("ooo_window_mean").isNull(), "no out-of-order packet, no window");
        assertEquals(0, r.get("receivers_with_ooo").asInt());
        assertEquals(0.0, r.get("max_of_avg_ooo_ratio").asDouble(), 0.0);
        assertEquals(r.get("avg_of_avg_gbps").asDouble(), r.get("avg_of_avg_goodput_gbps").asDouble(), 0.0);
        assertEquals(r.get("min_of_avg_gbps").asDouble(), r.get("min_of_avg_goodput_gbps").asDouble(), 0.0);
        assertEquals(m.get("aggregate_gbps").asDouble(), r.get("goodput_gbps").asDouble(),
                1e-12 * m.get("aggregate_gbps").asDouble());
        assertEquals(m.get("latency").get("max_ns").asDouble(), r.get("max_of_max_latency_ns").asDouble(), 0.0);
        assertEquals(m.get("flow_gbps").get("mean").asDouble(), r.get("flow_goodput_gbps").get("mean").asDouble(),
                0.0);
        for (int f = 0; f < m.get("flow_gbps_values").size(); f++) {
            assertEquals(m.get("flow_gbps_values").get(f).asDouble(), r.get("flow_goodput_gbps_values").get(f)
                    .asDouble(), 0.0);
        }
        JsonNode a = m.get("adaptation");
        assertEquals(0, a.get("adaptations").asLong());
        assertTrue(a.get("busiest_switch").isNull());
        assertEquals(3, a.get("permutations").asInt());
        assertEquals(3, a.get("convergence_us_values").size());
        for (JsonNode c : a.get("convergence_us_values")) {
            assertEquals(0.0, c.asDouble(), 0.0, "nothing adapts: converged at the start");
        }

        ArrowTable reorder = ArrowTable.read(on.resolve("reorder.arrow"));
        assertEquals(16, reorder.rowCount());
        assertEquals(r.get("in_order_packets").asLong(), java.util.Arrays.stream(reorder.longs("in_order_packets"))
                .sum());
        assertArrayEquals(reorder.doubles("gbps"), reorder.doubles("goodput_gbps"));
        ArrowTable adaptations = ArrowTable.read(on.resolve("adaptations.arrow"));
        assertEquals(8 * 4, adaptations.rowCount(), "8 switches × 4 bins of 10 µs");
        ArrowTable permutations = ArrowTable.read(on.resolve("permutations.arrow"));
        assertEquals(3, permutations.rowCount());
        long[] start = permutations.longs("start_ps");
        assertEquals(0, start[0], "the first permutation starts at once");
        assertTrue(start[1] > 0 && start[2] > start[1], "the later ones when their first host gets to them: "
                + java.util.Arrays.toString(start));
        ArrowTable flows = ArrowTable.read(on.resolve("flows.arrow"));
        assertArrayEquals(flows.longs("packets"), flows.longs("in_order_packets"));
    }

    @Test
    void sprayingOverArGroupsShowsInTheSummaryAsOutOfOrderPacketsAndGoodputBelowThroughput() throws IOException {
        // the static run above passes with a meter that calls every packet in order; spraying each packet to the
        // next port of its AR group (seed 004) reorders, and summary.json and flows.arrow must say so. FIFO
        // switches with 8 KiB buffers let queues form on the sprayed paths (with the defaults' empty queues no
        // packet overtakes another on these equal-length paths)
        Path spray = runSequence("spray", "packet.adaptive-routing.mode=groups",
                "packet.adaptive-routing.select=round-robin", "metrics.reorder=on", "packet.queues=fifo",
                "packet.buffer=8KiB");
        JsonNode m = Json.read(spray.resolve("summary.json")).get("metrics");
        JsonNode r = m.get("reorder");
        assertTrue(r.get("out_of_order_packets").asLong() > 0, r.toString());
        assertEquals(m.get("delivered_packets").asLong(), r.get("in_order_packets").asLong()
                + r.get("out_of_order_packets").asLong());
        assertTrue(r.get("receivers_with_ooo").asInt() > 0, r.toString());
        assertTrue(r.get("goodput_gbps").asDouble() < m.get("aggregate_gbps").asDouble(), "goodput "
                + r.get("goodput_gbps") + " against " + m.get("aggregate_gbps"));
        ArrowTable flows = ArrowTable.read(spray.resolve("flows.arrow"));
        long[] in = flows.longs("in_order_packets");
        long[] out = flows.longs("out_of_order_packets");
        long[] packets = flows.longs("packets");
        for (int f = 0; f < packets.length; f++) {
            assertEquals(packets[f], in[f] + out[f], "flow " + f);
        }
    }

    @Test
    void aPartitionedRunWritesTheSequentialRunsReorderAndAdaptationFiles() throws IOException {
        Path seq = runSequence("seq", "metrics.reorder=on", "metrics.adaptation-bin-width=5us");
        Path two = runSequence("two", "metrics.reorder=on", "metrics.adaptation-bin-width=5us",
                "engine.kind=distributed", "engine.partitions=2");
        for (String f : List.of("summary.json", "flows.arrow", "receivers.arrow", "reorder.arrow", "adaptations.arrow",
                "permutations.arrow")) {
            assertArrayEquals(Files.readAllBytes(seq.resolve(f)), Files.readAllBytes(two.resolve(f)), f);
        }
    }
}
