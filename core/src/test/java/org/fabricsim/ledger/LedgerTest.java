package org.fabricsim.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the ledger, refusing its mistakes in one line, and the verdicts its tolerances give. */
class LedgerTest {
    @TempDir
    Path root;

    private Path ledger(String text) throws IOException {
        Files.createDirectories(root.resolve("conf/experiments"));
        Files.writeString(root.resolve("conf/experiments/x.conf"), "experiment = packet\n");
        Path dir = Files.createDirectories(root.resolve("conf/ledger"));
        Files.writeString(dir.resolve("seed-004.conf"), text);
        return dir;
    }

    private static final String RUNS = "runs { r { experiment = conf/experiments/x.conf, tier = quick,"
            + " set { \"packet.end-time\" = 10us } } }\n";

    private static String entry(String fields) {
        return "entries = [ { id = e1, seed = \"004\", place = \"Fig 5\", words = \"w\", unit = Gbit/s, run = r, "
                + fields + " } ]\n";
    }

    @Test
    void aLedgerIsReadWithItsRunsSettingsAndTolerances() throws IOException {
        Ledger l = Ledger.load(ledger(RUNS + entry("published = 94, measure = \"metrics.a\","
                + " tolerance { relative = 0.02, partly = 0.1, reason = because }")), root);
        LedgerEntry e = l.entries().get(0);
        assertEquals(List.of("packet.end-time=10us"), e.run().settings());
        assertEquals(Tier.QUICK, e.tier());
        assertEquals(new Tolerance(Tolerance.Kind.RELATIVE, 0.02, 0.1, "because"), e.tolerance());
        assertEquals(94.0, e.published());
        assertEquals(List.of(e), l.select(Tier.QUICK, "004"));
        assertEquals(List.of(e), l.select(Tier.FULL, "e1"));
    }

    @Test
    void mistakesAreOneLineNamingTheFileLineAndKey() throws IOException {
        String ok = "published = 94, measure = \"metrics.a\", tolerance { relative = 0.02, reason = r }";
        Map<String, String> bad = new java.util.LinkedHashMap<>();
        bad.put(RUNS + entry(ok + ", colour = red"), "unknown key 'colour'");
        bad.put(RUNS + entry(ok.replace("run = r, ", "")).replace("run = r,", "run = q,"), "no run 'q'");
        bad.put(RUNS + entry("measure = \"metrics.a\", tolerance { relative = 0.02, reason = r }"), "published is missing");
        bad.put(RUNS + entry("published = 1, measure = \"metrics.a +\", tolerance { relative = 0.02, reason = r }"),
                "measure 'metrics.a +'");
        bad.put(RUNS + entry("published = 1, measure = \"a\", tolerance { relative = 0.02, absolute = 1, reason = r }"),
                "exactly one of");
        bad.put(RUNS + entry("published = 1, measure = \"a\", tolerance { relative = 0.2, partly = 0.1, reason = r }"),
                "partly band at least");
        bad.put(RUNS + entry("published = 1, measure = \"@nowhere:a\", tolerance { relative = 0.1, reason = r }"),
                "run 'nowhere'");
        bad.put(RUNS.replace("x.conf", "missing.conf") + entry(ok), "experiment file conf/experiments/missing.conf does"
                + " not exist");
        bad.put(RUNS.replace("quick", "fast") + entry(ok), "no tier 'fast'");
        bad.put(RUNS + entry(ok).replace("\"004\"", "\"007\""), "seed must be one of");
        bad.put(RUNS + entry("measure = \"a > 1\", tolerance { claim = true, reason = r }"), "needs published-text");
        for (Map.Entry<String, String> b : bad.entrySet()) {
            Path dir = ledger(b.getKey());
            InputException e = assertThrows(InputException.class, () -> Ledger.load(dir, root), b.getValue());
            assertTrue(e.getMessage().contains(b.getValue()), e.getMessage());
            assertTrue(e.getMessage().startsWith(dir.resolve("seed-004.conf") + ":"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
        Ledger l = Ledger.load(ledger(RUNS + entry(ok)), root);
        InputException e = assertThrows(InputException.class, () -> l.select(Tier.QUICK, "e9"));
        assertTrue(e.getMessage().contains("no such seed"), e.getMessage());
        e = assertThrows(InputException.class, () -> l.select(Tier.QUICK, "001"));
        assertTrue(e.getMessage().contains("no entry of it at tier quick"), e.getMessage());
    }

    @Test
    void verdictsFollowTheBandsAndAClaimsWeakerTest() {
        Tolerance rel = new Tolerance(Tolerance.Kind.RELATIVE, 0.05, 0.15, "r");
        assertEquals(Verdict.REPRODUCED, rel.verdict(100, 104.9, Double.NaN));
        assertEquals(Verdict.REPRODUCED, rel.verdict(100, 95, Double.NaN));
        assertEquals(Verdict.PARTLY, rel.verdict(100, 85.5, Double.NaN));
        assertEquals(Verdict.NOT_REPRODUCED, rel.verdict(100, 120, Double.NaN));
        Tolerance strict = new Tolerance(Tolerance.Kind.RELATIVE, 0.05, Double.NaN, "r");
        assertEquals(Verdict.NOT_REPRODUCED, strict.verdict(100, 110, Double.NaN));
        Tolerance abs = new Tolerance(Tolerance.Kind.ABSOLUTE, 0.01, Double.NaN, "r");
        assertEquals(Verdict.REPRODUCED, abs.verdict(0.0023, 0.0084, Double.NaN));
        Tolerance most = new Tolerance(Tolerance.Kind.AT_MOST, 0.0, 0.15, "r");
        assertEquals(Verdict.REPRODUCED, most.verdict(40, 27, Double.NaN));
        assertEquals(Verdict.PARTLY, most.verdict(40, 45, Double.NaN));
        assertEquals(Verdict.NOT_REPRODUCED, most.verdict(40, 94, Double.NaN));
        Tolerance least = new Tolerance(Tolerance.Kind.AT_LEAST, 0.1, Double.NaN, "r");
        assertEquals(Verdict.REPRODUCED, least.verdict(10, 9.1, Double.NaN));
        assertEquals(Verdict.NOT_REPRODUCED, least.verdict(10, 8.9, Double.NaN));
        Tolerance claim = new Tolerance(Tolerance.Kind.CLAIM, 0, Double.NaN, "r");
        assertEquals(Verdict.REPRODUCED, claim.verdict(Double.NaN, 1, Double.NaN));
        assertEquals(Verdict.PARTLY, claim.verdict(Double.NaN, 0, 1));
        assertEquals(Verdict.NOT_REPRODUCED, claim.verdict(Double.NaN, 0, 0));
        assertEquals(Verdict.NOT_REPRODUCED, claim.verdict(Double.NaN, 0, Double.NaN));
    }

    @Test
    void anOutcomeReadsOtherRunsAndNamesTheEntryWhenAPathIsMissing() throws IOException {
        String runs = "runs { r { experiment = conf/experiments/x.conf, tier = quick }\n"
                + " s { experiment = conf/experiments/x.conf, tier = standard } }\n";
        Ledger l = Ledger.load(ledger(runs + entry("published = 2, measure = \"a / @s:a\","
                + " tolerance { relative = 0.05, reason = r }")), root);
        LedgerEntry e = l.entries().get(0);
        assertEquals(java.util.Set.of("s"), e.otherRuns());
        Map<String, JsonNode> summaries = new HashMap<>();
        summaries.put("r", Json.parse("{\"a\": 4.2}"));
        summaries.put("s", Json.parse("{\"a\": 2.0}"));
        Outcome o = Outcome.of(e, summaries);
        assertEquals(2.1, o.measured(), 1e-12);
        assertEquals(1.05, o.ratio(), 1e-12);
        assertEquals(Verdict.REPRODUCED, o.verdict());
        summaries.put("s", Json.parse("{\"b\": 2.0}"));
        InputException x = assertThrows(InputException.class, () -> Outcome.of(e, summaries));
        assertTrue(x.getMessage().contains("entry 'e1' (run 'r')") && x.getMessage().contains("no key 'a'"),
                x.getMessage());
    }

    @Test
    void anEntryFabricsimCannotMeasureYetIsNotReproducedAndSaysWhatIsMissing() throws IOException {
        Ledger l = Ledger.load(ledger(RUNS + "entries = [ { id = e2, seed = \"004\", place = \"Fig 13\", words = w,"
                + " published = 20, unit = \"%\", missing = \"the OSU all-to-all (issue 32)\" } ]\n"), root);
        LedgerEntry e = l.entries().get(0);
        assertEquals(Tier.STANDARD, e.tier());
        Outcome o = Outcome.of(e, Map.of());
        assertEquals(Verdict.NOT_REPRODUCED, o.verdict());
        String md = new ReproductionReport(new ReproductionReport.Meta("d", "c", "m", "standard", null, 1.0, 0, 0, 0, -1),
                List.of(o)).markdown();
        assertTrue(md.contains("| not measurable yet |") && md.contains("Not measurable yet: the OSU all-to-all (issue 32)."), md);
        Path dir = ledger(RUNS + "entries = [ { id = e2, seed = \"004\", place = p, words = w, run = r,"
                + " missing = \"x\" } ]\n");
        InputException x = assertThrows(InputException.class, () -> Ledger.load(dir, root));
        assertTrue(x.getMessage().contains("has no run"), x.getMessage());
    }

    /** Two entries whose braces meet on one line are one object to HOCON; the ledger refuses it, not loses one. */
    @Test
    void refusesTwoEntriesRunTogether() throws IOException {
        String one = "    id = %s, seed = \"004\", place = p, words = w, unit = u, run = r, published = 1,\n"
                + "    measure = \"metrics.a\", tolerance { relative = 0.1, reason = t }\n";
        Path dir = ledger(RUNS + "entries = [\n  {\n" + one.formatted("e1") + "  }  {\n" + one.formatted("e2")
                + "  }\n]\n");
        InputException x = assertThrows(InputException.class, () -> Ledger.load(dir, root));
        assertTrue(x.getMessage().endsWith("seed-004.conf:6: a '}' and a '{' on one line: HOCON makes the two objects"
                + " one (an entry would be lost); put them on lines of their own"), x.getMessage());
        Path apart = ledger(RUNS + "entries = [\n  {\n" + one.formatted("e1") + "  }\n  {\n" + one.formatted("e2")
                + "  }\n]\n");
        assertEquals(2, Ledger.load(apart, root).entries().size());
    }

    @Test
    void theReportCountsPerSeedAndPrintsEveryEntry() throws IOException {
        Ledger l = Ledger.load(ledger(RUNS + entry("published = 94, measure = \"a\","
                + " tolerance { relative = 0.02, partly = 0.1, reason = r }")), root);
        LedgerEntry e = l.entries().get(0);
        ReproductionReport r = new ReproductionReport(new ReproductionReport.Meta("d", "c", "m", "quick", null, 1.0,
                3, 2, 250.4, -1), List.of(new Outcome(e, 90, 90 / 94.0, Verdict.PARTLY)));
        assertEquals(Map.of("004", Map.of(Verdict.REPRODUCED, 0, Verdict.PARTLY, 1, Verdict.NOT_REPRODUCED, 0,
                Verdict.NOT_RUN, 0)), r.counts());
        String md = r.markdown();
        assertTrue(md.contains("| [004](#seed-004) | 1 | 0 | 1 | 0 | 0 |"), md);
        assertTrue(md.contains("- wall time: 1 s; its 3 runs took 250 s of wall time in all, 2 of them kept"), md);
        assertTrue(md.contains("<a name=\"e1\"></a>e1 | Fig 5 | \"w\" | 94 Gbit/s | 90 Gbit/s | 0.96 | ±2 % (partly: ±10 %)"
                + " | **partly** |"), md);
        assertTrue(md.contains("Cause: open."), md);
        JsonNode json = Json.parse(Json.format(r.json()));
        assertEquals("partly", json.get("entries").get(0).get("verdict").asText());
        assertEquals(1, json.get("counts_per_seed").get("004").get("partly").asInt());
        assertEquals(1, r.arrow().rowCount());
    }

    @Test
    void anEntryAboveTheReportsTierIsListedAsNotRunAndCountedApart() throws IOException {
        Ledger l = Ledger.load(ledger("runs { big { experiment = conf/experiments/x.conf, tier = full } }\n"
                + "entries = [ { id = e3, seed = \"004\", place = p, words = w, published = 5, run = big,"
                + " measure = \"a\", tolerance { relative = 0.05, reason = r } } ]\n"), root);
        LedgerEntry e = l.entries().get(0);
        assertEquals(List.of(), l.select(Tier.STANDARD, null), "a standard run does not run it");
        assertEquals(List.of(e), l.matching("004"));
        ReproductionReport r = new ReproductionReport(new ReproductionReport.Meta("d", "c", "m", "standard", null, 1.0,
                0, 0, 0, -1), List.of(Outcome.notRun(e)));
        String md = r.markdown();
        assertTrue(md.contains("| [004](#seed-004) | 1 | 0 | 0 | 0 | 1 |"), md);
        assertTrue(md.contains("| not run (tier full) |") && md.contains("**not run at this tier**") && !md.contains("Cause"), md);
        assertEquals(1, Json.parse(Json.format(r.json())).get("counts").get("not_run_at_this_tier").asInt());
    }
}
