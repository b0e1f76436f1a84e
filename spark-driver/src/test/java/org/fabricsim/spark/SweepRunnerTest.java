package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.experiment.RunContext;
import org.fabricsim.experiment.SweepPlans;
import org.fabricsim.io.ArrowTable;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.io.Progress;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.sweep.SweepPlan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner on one SparkSession (local[2]) for the whole class. */
class SweepRunnerTest {
    private static SparkSessions.Handle spark;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSpark() {
        spark = SparkSessions.start("local[2]");
    }

    @AfterAll
    static void stopSpark() {
        spark.close();
    }

    private SweepPlan plan(String text, String... sets) throws IOException {
        Path f = SweepFiles.write(dir, "sweep-" + System.nanoTime() + ".conf", text);
        return SweepPlans.of(ExperimentConfig.load(f, List.of(sets)));
    }

    private Path runInto(SweepPlan plan, int slices, String name) throws IOException {
        return runInto(plan, new SweepRunner(spark.session(), slices), name);
    }

    private Path runInto(SweepPlan plan, SweepRunner runner, String name) throws IOException {
        SweepResult r;
        try (Progress p = Progress.start("test", -1, Progress.Mode.OFF)) {
            r = runner.run(plan, p);
            assertEquals(r.trials(), p.current(), "the progress counted every trial");
            assertTrue(p.total() >= p.current());
        }
        Path out = dir.resolve(name);
        try (OutputDirectory od = OutputDirectory.open(out)) {
            SweepOutputs.write(r, od, true);
            od.commit();
        }
        return out;
    }

    @Test
    void theSlicingChangesNoByte() throws IOException {
        SweepPlan plan = plan(SweepFiles.SMALL);
        Path one = runInto(plan, 1, "one-slice");
        // and with the cached round tables merged after every round
        Path seven = runInto(plan, new SweepRunner(spark.session(), 7, 1), "seven-slices");
        SweepFiles.assertSameResults(one, seven);
        assertArrayEquals(Files.readAllBytes(one.resolve("iterations.png")),
                Files.readAllBytes(seven.resolve("iterations.png")));
    }

    @Test
    void theStoppingRuleStopsAndMaxBatchesCaps() throws IOException {
        JsonNode s = Json.read(runInto(plan(SweepFiles.SMALL), 0, "rule").resolve("summary.json"));
        JsonNode stable = s.get("points").get(3);
        assertEquals("CLOS(2,2,2) p=2", stable.get("label").asText());
        assertEquals(2, stable.get("batches").asInt(), "a mean that never moves stops at min-batches");
        assertEquals("tolerance", stable.get("stopped").asText());
        assertEquals(100, stable.get("trials").asInt());
        assertEquals(0.0, stable.get("columns").get("iterations").get("max").asDouble());

        // tolerance 0: only an identical mean would stop a point before max-batches
        JsonNode capped = Json.read(runInto(plan(SweepFiles.SMALL, "sweep.tolerance=0", "sweep.max-batches=3"), 0,
                "capped").resolve("summary.json"));
        for (int i = 0; i < 3; i++) {
            JsonNode p = capped.get("points").get(i);
            assertEquals(3, p.get("batches").asInt(), p.get("label").asText());
            assertEquals("max-batches", p.get("stopped").asText());
            assertEquals(150, p.get("trials").asInt());
            assertEquals(3, p.get("batch_means").size());
        }
        assertEquals("tolerance", capped.get("points").get(3).get("stopped").asText(), "0 == 0 still stops");
        assertEquals(150 * 3 + 100, capped.get("trials").asInt());
    }

    /** Spark's percentile: position (n − 1)·p, linear between the neighbouring order statistics. */
    private static double sparkPercentile(long[] sorted, double p) {
        double position = (sorted.length - 1) * p;
        long lower = (long) Math.floor(position);
        long higher = (long) Math.ceil(position);
        double lo = sorted[(int) lower];
        double hi = sorted[(int) higher];
        if (higher == lower || lo == hi) {
            return lo;
        }
        return (higher - position) * lo + (position - lower) * hi;
    }

    @Test
    void aggregatesEqualABruteForceComputationFromTheTrialRows() throws IOException {
        SweepPlan plan = plan(SweepFiles.SMALL);
        Path out = runInto(plan, 3, "brute");
        JsonNode summary = Json.read(out.resolve("summary.json"));
        ArrowTable t = ArrowTable.read(out.resolve("trials.arrow"));
        assertEquals(List.of("point", "trial", "iterations", "converged", "adaptations", "swaps",
                "bad_links_at_start", "flows"), t.columnNames());
        assertEquals("fabricsim.sweep_trials", t.metadata().get("schema"));
        assertEquals("[\"CLOS(2,2,2) p=1\", \"CLOS(3,3,3) p=1\", \"CLOS(4,4,8) p=2\", \"CLOS(2,2,2) p=2\"]",
                t.metadata().get("point_labels"));
        int[] point = t.ints("point");
        long[] trial = t.longs("trial");
        for (int i = 1; i < point.length; i++) {
            assertTrue(point[i - 1] < point[i] || point[i - 1] == point[i] && trial[i - 1] < trial[i],
                    "rows sorted by (point, trial)");
        }
        assertEquals(summary.get("trials").asLong(), t.rowCount());
        for (JsonNode p : summary.get("points")) {
            int index = p.get("index").asInt();
            List<Integer> rows = new ArrayList<>();
            for (int i = 0; i < point.length; i++) {
                if (point[i] == index) {
                    rows.add(i);
                }
            }
            assertEquals(p.get("trials").asInt(), rows.size());
            for (int i = 0; i < rows.size(); i++) {
                assertEquals(i, trial[rows.get(i)], "trials 0 … n−1");
            }
            for (String c : plan.columns()) {
                long[] v = rows.stream().mapToLong(i -> t.longs(c)[i]).toArray();
                long[] sorted = v.clone();
                Arrays.sort(sorted);
                BigInteger sum = BigInteger.ZERO;
                BigInteger squares = BigInteger.ZERO;
                for (long x : v) {
                    sum = sum.add(BigInteger.valueOf(x));
                    squares = squares.add(BigInteger.valueOf(x).pow(2));
                }
                double[] q = {sparkPercentile(sorted, 0.05), sparkPercentile(sorted, 0.25), sparkPercentile(sorted, 0.5),
                        sparkPercentile(sorted, 0.75), sparkPercentile(sorted, 0.95)};
                SampleSummary expected = SampleSummary.ofExactSums(v.length, sum, squares, sorted[0],
                        sorted[sorted.length - 1], q);
                JsonNode got = p.get("columns").get(c);
                assertEquals(Json.format(expected.toJson()), Json.format(Json.parse(got.toString())), c + " at " + index);
                // and close to the plain two-pass computation over doubles
                SampleSummary plain = SampleSummary.of(Arrays.stream(v).asDoubleStream().toArray());
                assertEquals(plain.mean(), got.get("mean").asDouble(), 1e-12 * Math.max(1, Math.abs(plain.mean())));
                if (v.length > 1) {
                    assertEquals(plain.variance(), got.get("variance").asDouble(), 1e-9 * Math.max(1, plain.variance()));
                }
                assertEquals(plain.p50(), got.get("p50").asDouble(), 1e-9);
            }
            TreeMap<Long, Long> histogram = new TreeMap<>();
            rows.forEach(i -> histogram.merge(t.longs("iterations")[i], 1L, Long::sum));
            JsonNode h = p.get("histogram");
            assertEquals("iterations", h.get("column").asText());
            assertEquals(histogram.size(), h.get("values").size());
            int k = 0;
            for (var e : histogram.entrySet()) {
                assertEquals(e.getKey(), h.get("values").get(k).asLong());
                assertEquals(e.getValue(), h.get("counts").get(k).asLong());
                k++;
            }
            double converged = rows.stream().mapToLong(i -> t.longs("converged")[i]).sum() / (double) rows.size();
            assertEquals(converged, p.get("converged").asDouble(), 1e-15);
            // the rule saw the stop column's mean after each batch
            JsonNode means = p.get("batch_means");
            assertEquals(p.get("batches").asInt(), means.size());
            assertEquals(p.get("columns").get("iterations").get("mean").asDouble(), means.get(means.size() - 1).asDouble());
        }
    }

    @Test
    void aWholeRunThroughTheEntryPointBorrowsTheSessionAndCommitsItsFiles() throws IOException {
        Path f = SweepFiles.write(dir, "whole.conf", SweepFiles.SMALL);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path out = dir.resolve("whole");
        List<String> settings = List.of("output.plots=false");
        Sweeps.run(ExperimentConfig.load(f, settings), settings, out, "local[2]", 0,
                new RunContext(new PrintStream(console, true, StandardCharsets.UTF_8), Progress.Mode.OFF),
                List.of("sweep", f.toString()));
        assertTrue(!spark.session().sparkContext().isStopped(), "a borrowed session keeps running");
        try (var files = Files.list(out)) {
            assertEquals(List.of("run.json", "summary.json", "trials.arrow"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        JsonNode run = Json.read(out.resolve("run.json"));
        assertEquals("local[2]", run.get("master").asText());
        assertEquals("4.0.4", run.get("spark_version").asText());
        assertEquals("[\"summary.json\", \"trials.arrow\", \"run.json\"]", run.get("files").toString().replace(",", ", "));
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("convergence sweep: 4 points") && text.contains("CLOS(4,4,8) p=2"), text);
        JsonNode summary = Json.read(out.resolve("summary.json"));
        assertTrue(!summary.toString().contains("local["), "the master is not in summary.json");
    }
}
