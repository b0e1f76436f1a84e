package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.io.ArrowTable;
import org.fabricsim.io.Json;
import org.fabricsim.io.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentionExperimentTest {
    @TempDir
    Path dir;

    private Path run(String out, String... settings) {
        List<String> keys = new ArrayList<>(List.of("experiment=contention"));
        keys.addAll(List.of(settings));
        ExperimentConfig c = ExperimentConfig.fromSets(keys, dir);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Experiments.run(c, dir.resolve(out), new RunContext(new PrintStream(console, true, StandardCharsets.UTF_8),
                Progress.Mode.OFF), List.of("test"));
        return dir.resolve(out);
    }

    private static List<String> files(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesEveryOutputWithTheRightShape() throws IOException {
        Path out = run("a", "topology.name=tree648", "trials=25", "seed=3");
        assertEquals(List.of("contention.arrow", "link_loads.arrow", "link_loads.png", "max_contention.png",
                "run.json", "summary.json"), files(out));
        JsonNode summary = Json.read(out.resolve("summary.json"));
        assertEquals(25, summary.get("trials").asInt());
        assertTrue(summary.get("max_contention_mean").asDouble() >= 1);
        assertTrue(summary.get("mean_contention_mean").asDouble() >= 1);
        assertTrue(summary.get("link_load_histograms").has("up-1-2"));
        assertEquals(648, summary.get("link_load_histograms").get("down-1-0").get("links").asInt());

        ArrowTable trials = ArrowTable.read(out.resolve("contention.arrow"));
        assertEquals(25, trials.rowCount());
        assertEquals(List.of("trial", "flows", "link_traversals", "max_contention", "mean_contention",
                "max_load_up_0_1", "max_load_down_1_0", "max_load_up_1_2", "max_load_down_2_1"), trials.columnNames());
        double sum = 0;
        for (int m : trials.ints("max_contention")) {
            sum += m;
        }
        assertEquals(summary.get("max_contention_mean").asDouble(), sum / 25, 1e-12);
        for (int down : trials.ints("max_load_down_2_1")) {
            assertEquals(1, down, "D-mod-K never shares a down link");
        }

        ArrowTable loads = ArrowTable.read(out.resolve("link_loads.arrow"));
        long links = 0;
        for (long l : loads.longs("observations")) {
            links += l;
        }
        assertEquals(25L * 2 * 1296, links, "every directed link counted once per trial");

        JsonNode runJson = Json.read(out.resolve("run.json"));
        assertEquals("contention", runJson.get("experiment").asText());
        assertEquals(3, runJson.get("seed").asInt());
        assertEquals("tree648", runJson.get("config").get("topology").get("name").asText());
        assertTrue(runJson.get("wall_time_s").asDouble() >= 0);
    }

    /** Same config and seed: byte-identical results, whatever the thread count. */
    @Test
    void resultsAreBitIdenticalAcrossThreadCounts() throws IOException {
        Path one = run("one", "topology.name=tree4096", "trials=30", "threads=1", "traffic.pattern=random-flows");
        Path four = run("four", "topology.name=tree4096", "trials=30", "threads=4", "traffic.pattern=random-flows");
        for (String f : List.of("summary.json", "contention.arrow", "link_loads.arrow")) {
            assertArrayEquals(Files.readAllBytes(one.resolve(f)), Files.readAllBytes(four.resolve(f)), f);
        }
        Path other = run("other", "topology.name=tree4096", "trials=30", "seed=2", "traffic.pattern=random-flows");
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(one.resolve("contention.arrow")),
                Files.readAllBytes(other.resolve("contention.arrow"))), "another seed gives other draws");
    }

    @Test
    void everyPatternRunsOnItsTopology() {
        String[][] cases = {
            {"tree648", "worst-permutation"}, {"tree4096", "bit-reversal"}, {"tree4096", "bit-complement"},
            {"tree648", "shift"}, {"tree648", "superposition"}, {"c2", "all-to-one"}, {"tree648", "hotspots"},
            {"tree648", "silent-forest"}, {"tree648", "windy-forest"}, {"tree648", "moving-forest"},
            {"tree4096", "fragmented-applications"}, {"testbed7", "random-permutation"},
            {"mkary-ntree(4,3,2)", "random-flows"}, {"fig1-1", "random-permutation"}};
        for (String[] c : cases) {
            Path out = run(c[0].replaceAll("[^a-z0-9]", "") + "-" + c[1], "topology.name=" + c[0],
                    "traffic.pattern=" + c[1], "trials=3", "output.plots=false");
            assertTrue(Files.exists(out.resolve("summary.json")), c[0] + " " + c[1]);
        }
    }

    /** A re-run into the same directory leaves no file of the previous run that it did not write again. */
    @Test
    void reRunsReplaceThePreviousRunsFiles() throws IOException {
        run("again", "topology.name=tree648", "trials=2");
        Files.writeString(dir.resolve("again").resolve("notes.txt"), "a person's file");
        Path out = run("again", "topology.name=tree648", "trials=3", "output.plots=false");
        assertEquals(List.of("contention.arrow", "link_loads.arrow", "notes.txt", "run.json", "summary.json"),
                files(out));
        assertEquals(List.of("summary.json", "contention.arrow", "link_loads.arrow", "run.json"),
                java.util.stream.StreamSupport.stream(Json.read(out.resolve("run.json")).get("files").spliterator(),
                        false).map(JsonNode::asText).toList());
    }

    @Test
    void aFailedRunLeavesNothingBehind() throws IOException {
        // bit-reversal needs a power-of-two host count: caught before anything is written
        InputException e = assertThrows(InputException.class,
                () -> run("bad", "topology.name=tree648", "traffic.pattern=bit-reversal"));
        assertTrue(e.getMessage().contains("power-of-two"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("bad")));
        e = assertThrows(InputException.class, () -> run("bad", "topology.name=tree4096",
                "traffic.pattern=fragmented-applications", "traffic.permutation-draw=per-host"));
        assertTrue(e.getMessage().contains("traffic.permutation-draw") && e.getMessage().contains("per-run"),
                e.getMessage());
        assertFalse(Files.exists(dir.resolve("bad")));

        // a failure while committing: a directory squats on a result name; nothing is left half-written
        Path out = dir.resolve("squat");
        Files.createDirectories(out.resolve("link_loads.arrow").resolve("x"));
        assertThrows(RuntimeException.class, () -> run("squat", "topology.name=tree648", "trials=2"));
        assertEquals(List.of("link_loads.arrow"), files(out), "no partial file, no result file");
    }
}
