package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.assertBadInput;
import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabricsim sweep} and {@code fabricsim run} of a sweep, as a user types them. */
class SweepCommandTest {
    /** Two points, two or three rounds (InterruptTest interrupts it). */
    static final String SWEEP = """
            experiment = convergence
            seed = 5
            topology.name = "clos(2,2,2)"
            sweep {
              batch-size = 60
              min-batches = 2
              max-batches = 3
              points = [
                { x = 2, topology.name = "clos(2,2,2)", convergence.p = 1 }
                { x = 3, topology.name = "clos(3,3,3)", convergence.p = 2 }
              ]
            }
            """;

    @TempDir
    Path dir;

    private Path conf(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private void assertBadSweep(String expected, String confText, String... options) throws IOException {
        Path f = conf("bad.conf", confText);
        Path out = dir.resolve("never");
        String[] args = new String[options.length + 4];
        args[0] = "sweep";
        args[1] = f.toString();
        args[2] = "--out";
        args[3] = out.toString();
        System.arraycopy(options, 0, args, 4, options.length);
        assertBadInput(expected, args);
        assertFalse(Files.exists(out), "nothing written");
        if (options.length == 0) { // the file is at fault: run refuses it the same way
            assertBadInput(expected, "run", f.toString(), "--out", out.toString());
            assertFalse(Files.exists(out), "nothing written");
        }
    }

    @Test
    void badInputIsOneLineAndWritesNothing() throws IOException {
        String head = "experiment = convergence\ntopology.name = \"clos(2,2,2)\"\n";
        assertBadSweep("bad.conf:3: unknown key 'topology.nme' (did you mean 'topology.name'?)",
                head + "sweep.points = [ { x = 1, topology.nme = \"clos(2,2,2)\" } ]\n");
        assertBadSweep("sweep.points: point 0: x must be a number (got 'abc')",
                head + "sweep.points = [ { x = abc, topology.name = \"clos(2,2,2)\" } ]\n");
        assertBadSweep("sweep.points[0]: missing key 'x'", head + "sweep.points = [ { topology.name = \"clos(3,3,3)\" } ]\n");
        assertBadSweep("topology testbed7 is not a generated fat tree",
                head + "sweep.points = [ { x = 1, topology.name = testbed7 } ]\n");
        assertBadSweep("sweep.max-batches: must be at least sweep.min-batches (3)",
                head + "sweep { min-batches = 3, max-batches = 2 }\n");
        assertBadSweep("--master: unknown Spark master 'locl[2]'", head, "--master", "locl[2]");
        assertBadSweep("--slices must be 0 (automatic) or positive (got -1)", head, "--slices", "-1");
        assertBadInput("experiment: ", "sweep", conf("c.conf", "experiment = contention\ntopology.name = tree648\n")
                .toString(), "--out", dir.resolve("never").toString());
        assertFalse(Files.exists(dir.resolve("never")), "nothing written");
    }

    @Test
    void inconsistentSparkSecurityIsOneLineAndWritesNothing() throws IOException {
        // -D in FABRICSIM_JAVA_OPTS, or spark-submit --conf: system properties that Spark would read
        System.setProperty("spark.network.crypto.enabled", "true");
        try {
            assertBadSweep("spark.network.crypto.enabled=true needs spark.authenticate=true", SWEEP);
            System.setProperty("spark.authenticate", "true");
            assertBadSweep("spark.authenticate=true on spark://127.0.0.1:7 needs the secret the cluster's master and"
                    + " workers share", SWEEP, "--master", "spark://127.0.0.1:7");
        } finally {
            System.clearProperty("spark.network.crypto.enabled");
            System.clearProperty("spark.authenticate");
        }
    }

    @Test
    void sweepOnOneThreadAndRunOnAllGiveTheSameBytes() throws IOException {
        Path f = conf("sweep.conf", SWEEP);
        Path a = dir.resolve("a");
        CliTest.Result ra = fabricsim("sweep", f.toString(), "--master", "local[1]", "--slices", "1", "--out",
                a.toString(), "--progress", "off");
        assertEquals(0, ra.status(), ra.err());
        assertTrue(ra.out().contains("convergence sweep: 2 points") && ra.out().contains("CLOS(3,3,3) p=2"), ra.out());
        Path b = dir.resolve("b");
        CliTest.Result rb = fabricsim("run", f.toString(), "--out", b.toString());
        assertEquals(0, rb.status(), rb.err());
        for (String file : new String[] {"summary.json", "trials.arrow", "iterations.png"}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(file)), Files.readAllBytes(b.resolve(file)), file);
        }
        JsonNode runA = Json.read(a.resolve("run.json"));
        JsonNode runB = Json.read(b.resolve("run.json"));
        assertEquals("local[1]", runA.get("master").asText());
        assertEquals(1, runA.get("slices_per_round").asInt());
        assertEquals("local[*]", runB.get("master").asText());
        assertEquals("[\"sweep\",\"" + f + "\"]", runA.get("command_line").toString());
        assertEquals("[\"run\",\"" + f + "\"]", runB.get("command_line").toString());
        assertEquals("convergence", runB.get("experiment").asText());
        assertTrue(runB.get("wall_time_s").asDouble() > 0);
    }

    private static final String PACKET_SWEEP = """
            experiment = packet-sweep
            seed = 3
            topology.name = c1
            routing = updown
            packet {
              queues = fifo
              speedup = 1
              end-time = 20us
              flows = [
                { src = A, dst = D }
                { src = B, dst = E }
                { src = C, dst = F }
              ]
              adaptive-routing.groups = lag
            }
            sweep {
              series-by = packet.adaptive-routing.mode
              measures = ["metrics.aggregate_gbps", "metrics.flow_gbps.min"]
              batch-size = 2
              min-batches = 1
              max-batches = 1
              points = [
                { x = 1, packet.adaptive-routing.mode = static }
                { x = 1, packet.adaptive-routing.mode = groups }
              ]
            }
            """;

    @Test
    void aPacketSweepRunsOnePacketRunPerTrialWhateverTheSplit() throws IOException {
        Path f = conf("packets.conf", PACKET_SWEEP);
        Path a = dir.resolve("pa");
        Path b = dir.resolve("pb");
        CliTest.Result ra = fabricsim("sweep", f.toString(), "--master", "local[1]", "--slices", "1", "--out",
                a.toString(), "--progress", "off");
        assertEquals(0, ra.status(), ra.err());
        CliTest.Result rb = fabricsim("sweep", f.toString(), "--master", "local[2]", "--slices", "3", "--out",
                b.toString(), "--progress", "off");
        assertEquals(0, rb.status(), rb.err());
        for (String file : new String[] {"summary.json", "trials.arrow", "aggregate_gbps.png", "flow_gbps_min.png"}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(file)), Files.readAllBytes(b.resolve(file)), file);
        }
        // each trial is the packet run `simulate` gives with seed + trial: trial 1 of the AR point, directly
        Path one = dir.resolve("one");
        Path single = conf("single.conf", PACKET_SWEEP.replace("experiment = packet-sweep", "experiment = packet")
                .replace("seed = 3", "seed = 4").replaceAll("(?s)sweep \\{.*", "")
                + "packet.adaptive-routing.mode = groups\n");
        CliTest.Result direct = fabricsim("simulate", single.toString(), "--out", one.toString());
        assertEquals(0, direct.status(), direct.err());
        double gbps = Json.read(one.resolve("summary.json")).get("metrics").get("aggregate_gbps").asDouble();
        JsonNode point = Json.read(a.resolve("summary.json")).get("points").get(1);
        JsonNode column = point.get("columns").get("aggregate_gbps_milli");
        assertEquals(2, column.get("n").asInt());
        // explicit flows and AR groups in turn draw nothing: trials 0 and 1 are the same run
        assertEquals(Math.round(gbps * 1000), column.get("min").asDouble(), 0.5, "simulate with seed 4: " + gbps);
        assertEquals(Math.round(gbps * 1000), column.get("max").asDouble(), 0.5, "simulate with seed 4: " + gbps);
        // AR groups spread C1 scenario 2 over both links: its slowest flow is faster than DR's (125 against at most
        // 94: two links for three flows)
        double drMin = Json.read(a.resolve("summary.json")).get("points").get(0).get("columns")
                .get("flow_gbps_min_milli").get("mean").asDouble();
        assertTrue(point.get("columns").get("flow_gbps_min_milli").get("mean").asDouble() > 1.2 * drMin);
    }

    @Test
    void aPacketSweepRefusesWhatItCannotMeasureOrRun() throws IOException {
        assertBadSweep("sweep.measures: point 0: 'metrics.no_such' is not in a packet run's summary.json",
                PACKET_SWEEP.replace("\"metrics.flow_gbps.min\"", "\"metrics.no_such\""));
        assertBadSweep("engine.kind: a packet sweep runs every trial sequentially",
                PACKET_SWEEP + "engine.kind = distributed\n");
        assertBadSweep("sweep.measures: a packet sweep needs at least one measure",
                PACKET_SWEEP.replace("measures = [\"metrics.aggregate_gbps\", \"metrics.flow_gbps.min\"]",
                        "measures = []"));
    }

    @Test
    void anAdaptiveRoutingSweepWritesItsFigures() throws IOException {
        Path f = conf("adaptive.conf", """
                experiment = adaptive-routing
                topology.name = "mkary-ntree(4,2,2)"
                adaptive.link-load-bins = 4
                sweep {
                  batch-size = 20
                  min-batches = 1
                  max-batches = 1
                  points = [
                    { x = 0, topology.name = "mkary-ntree(4,2,0)" }
                    { x = 2, topology.name = "mkary-ntree(4,2,2)" }
                  ]
                }
                """);
        Path out = dir.resolve("ar");
        CliTest.Result r = fabricsim("sweep", f.toString(), "--master", "local[2]", "--out", out.toString(),
                "--progress", "off");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("adaptive-routing sweep: 2 points") && r.out().contains("adaptive ascent"), r.out());
        for (String file : new String[] {"max-contention.png", "mean-contention.png", "link-loads-oblivious-0.png",
                "link-loads-adaptive-1.png", "summary.json", "trials.arrow"}) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        assertFalse(Files.exists(out.resolve("adaptive_max_contention.png")));
        JsonNode s = Json.read(out.resolve("summary.json"));
        assertEquals(20, s.get("points").get(1).get("trials").asInt());
        // the same permutations at both points: the oblivious baseline is the same
        assertEquals(s.get("points").get(0).get("columns").get("oblivious_max_contention").toString(),
                s.get("points").get(1).get("columns").get("oblivious_max_contention").toString());
    }
}
