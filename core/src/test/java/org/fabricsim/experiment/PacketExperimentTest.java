package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.io.Json;
import org.fabricsim.io.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The scenario files under conf/experiments run as `fabricsim run FILE` and write the packet metrics. */
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
    }

    @Test
    void c1Scenario2GivesTheDrRatesThroughTheMetricsLayer() throws IOException {
        JsonNode g = run("packet-c1-s2.conf").get("metrics").get("flow_gbps_values");
        // mean over the whole 100 us run, start-up included: tolerance 2 Gbps
        assertEquals(188, g.get(0).asDouble(), 2.0);
        assertEquals(94, g.get(1).asDouble(), 2.0);
        assertEquals(94, g.get(2).asDouble(), 2.0);
    }
}
