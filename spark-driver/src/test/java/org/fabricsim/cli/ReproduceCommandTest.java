package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.assertBadInput;
import static org.fabricsim.cli.CliTest.fabricsim;
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

/** {@code fabricsim reproduce}: its refusals, its outputs, and that it keeps what an earlier invocation ran. */
class ReproduceCommandTest {
    private static final Path ROOT = Path.of(System.getProperty("fabricsim.repoRoot"));

    @TempDir
    Path dir;

    /** A ledger of its own under DIR/conf/ledger, naming the repository's packet-c1-s2 run (copied beside it). */
    private Path ledger(String measure) throws IOException {
        Path exp = Files.createDirectories(dir.resolve("conf/experiments"));
        Files.createDirectories(dir.resolve("conf/lft"));
        Files.copy(ROOT.resolve("conf/experiments/packet-c1-s2.conf"), exp.resolve("packet-c1-s2.conf"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.copy(ROOT.resolve("conf/lft/c1-seed004.lft"), dir.resolve("conf/lft/c1-seed004.lft"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path l = Files.createDirectories(dir.resolve("conf/ledger"));
        Files.writeString(l.resolve("seed-004.conf"), """
                runs { dr { experiment = conf/experiments/packet-c1-s2.conf, tier = quick } }
                entries = [ { id = t-a, seed = "004", place = "Fig 5a", words = "188 Gbps", published = 188,
                  unit = Gbit/s, run = dr, measure = "%s",
                  tolerance { relative = 0.01, reason = "test" } }
                  { id = t-bc, seed = "004", place = "Fig 5a", words = "about 94 Gbps each", published = 47,
                  unit = Gbit/s, run = dr, measure = "metrics.flow_gbps_values[1]",
                  tolerance { relative = 0.05, partly = 1.5, reason = "test: twice the published is partly" } } ]
                """.formatted(measure));
        return l;
    }

    @Test
    void refusesABadTierAnUnknownEntryAMissingExperimentOrSummaryPathInOneLine() throws IOException {
        Path l = ledger("metrics.flow_gbps_values[0]");
        Path out = dir.resolve("out");
        assertBadInput("no tier 'fastest'", "reproduce", "--tier", "fastest", "--ledger", l.toString(), "--out",
                out.toString());
        assertBadInput("--progress must be on, off or auto (got 'loud')", "reproduce", "--progress", "loud", "--ledger",
                l.toString(), "--out", out.toString());
        assertFalse(Files.exists(out), "refused before anything ran");
        assertBadInput("--only t-zz: no such seed", "reproduce", "--only", "t-zz", "--ledger", l.toString(), "--out",
                out.toString());
        assertBadInput("no ledger directory", "reproduce", "--ledger", dir.resolve("nowhere").toString(), "--out",
                out.toString());
        Files.delete(dir.resolve("conf/experiments/packet-c1-s2.conf"));
        assertBadInput("experiment file conf/experiments/packet-c1-s2.conf does not exist", "reproduce", "--ledger",
                l.toString(), "--out", out.toString());
        assertFalse(Files.exists(out), "nothing written");
        Files.delete(l.resolve("seed-004.conf"));
        Path bad = ledger("metrics.no_such_figure");
        assertBadInput("entry 't-a' (run 'dr'): 'metrics.no_such_figure': no key 'no_such_figure'", "reproduce",
                "--ledger", bad.toString(), "--out", out.toString());
        assertFalse(Files.exists(out.resolve("reproduction.json")), "no report");
    }

    @Test
    void writesTheVerdictsAndKeepsItsRunsForTheNextInvocation() throws IOException {
        Path l = ledger("metrics.flow_gbps_values[0]");
        Path out = dir.resolve("out");
        CliTest.Result r = fabricsim("reproduce", "--tier", "quick", "--ledger", l.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("1 reproduced, 1 partly, 0 not reproduced"), r.out());
        JsonNode json = Json.read(out.resolve("reproduction.json"));
        assertEquals("reproduced", json.get("entries").get(0).get("verdict").asText());
        assertEquals("partly", json.get("entries").get(1).get("verdict").asText());
        assertEquals(93.71648, json.get("entries").get(1).get("measured").asDouble(), 1e-9);
        assertTrue(Files.readString(out.resolve("REPRODUCTION.md")).contains("| [004](#seed-004) | 2 | 1 | 1 | 0 |"));
        assertTrue(Files.exists(out.resolve("reproduction.arrow")));
        assertTrue(Files.exists(out.resolve("runs/dr/summary.json")));

        r = fabricsim("reproduce", "--tier", "quick", "--ledger", l.toString(), "--out", out.toString(), "--only",
                "t-a");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("dr: done before, kept"), r.out());
        assertEquals(1, Json.read(out.resolve("reproduction.json")).get("entries").size());

        Files.writeString(dir.resolve("conf/experiments/packet-c1-s2.conf"), "\n# changed\n",
                java.nio.file.StandardOpenOption.APPEND);
        assertBadInput("holds run 'dr' of another definition", "reproduce", "--ledger", l.toString(), "--out",
                out.toString());
    }

    @Test
    void keptRunsNothingAndJudgesOnlyTheEntriesWhoseRunsAreThere() throws IOException {
        Path l = ledger("metrics.flow_gbps_values[0]");
        Path out = dir.resolve("out");
        CliTest.Result r = fabricsim("reproduce", "--tier", "quick", "--kept", "--ledger", l.toString(), "--out",
                out.toString());
        assertEquals(0, r.status(), r.err());
        assertFalse(Files.exists(out.resolve("runs/dr")), "nothing ran");
        assertEquals(0, Json.read(out.resolve("reproduction.json")).get("entries").size());
        assertTrue(Files.readString(out.resolve("REPRODUCTION.md")).contains("2 entries at this tier whose runs are"
                + " not kept are left out"));

        assertEquals(0, fabricsim("reproduce", "--tier", "quick", "--ledger", l.toString(), "--out", out.toString())
                .status());
        r = fabricsim("reproduce", "--tier", "quick", "--kept", "--ledger", l.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("1 reproduced, 1 partly, 0 not reproduced"), r.out());
        Files.writeString(dir.resolve("conf/experiments/packet-c1-s2.conf"), "\n# changed\n",
                java.nio.file.StandardOpenOption.APPEND);
        assertBadInput("holds run 'dr' of another definition", "reproduce", "--kept", "--tier", "quick", "--ledger",
                l.toString(), "--out", out.toString());
    }

    /** docs/REPRODUCTION-FULL.md is what the ledger says of the full-tier runs kept in benchmarks/ledger-full/runs. */
    @Test
    void theCommittedFullTierReportIsTheLedgersVerdictOnTheKeptRuns() throws IOException {
        Path out = dir.resolve("full");
        CliTest.Result r = fabricsim("reproduce", "--tier", "full", "--kept", "--runs",
                ROOT.resolve("benchmarks/ledger-full/runs").toString(), "--ledger",
                ROOT.resolve("conf/ledger").toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(verdicts(Files.readString(ROOT.resolve("docs/REPRODUCTION-FULL.md"))),
                verdicts(Files.readString(out.resolve("REPRODUCTION.md"))),
                "docs/REPRODUCTION-FULL.md is stale: regenerate it with benchmarks/ledger-full/continue.sh report");
    }

    /** A report from its counts table on: what the date, commit and machine above it do not change. */
    private static String verdicts(String report) {
        return report.substring(report.indexOf("| seed |"));
    }
}
