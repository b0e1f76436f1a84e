package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ledger's guard in the build (issue 30, docs/LEDGER.md): the quick tier of {@code fabricsim reproduce} runs, and
 * every verdict must be the one committed in docs/reproduction.json (the latest standard run's, which includes the
 * quick entries). A change of verdict is then always a deliberate commit of a new report that says why.
 */
class ReproduceQuickTest {
    private static final Path ROOT = Path.of(System.getProperty("fabricsim.repoRoot"));

    @TempDir
    Path dir;

    @Test
    void everyQuickVerdictIsTheCommittedOne() throws IOException {
        CliTest.Result r = fabricsim("reproduce", "--tier", "quick", "--ledger", ROOT.resolve("conf/ledger").toString(),
                "--out", dir.toString());
        assertEquals(0, r.status(), r.err());
        JsonNode now = Json.read(dir.resolve("reproduction.json"));
        Map<String, String> committed = new LinkedHashMap<>();
        for (JsonNode e : Json.read(ROOT.resolve("docs/reproduction.json")).get("entries")) {
            committed.put(e.get("id").asText(), e.get("verdict").asText());
        }
        List<String> differ = new ArrayList<>();
        int quick = 0;
        for (JsonNode e : now.get("entries")) {
            String id = e.get("id").asText();
            String verdict = e.get("verdict").asText();
            if (verdict.equals("not run at this tier")) {
                continue; // listed, not measured: a standard or full entry
            }
            quick++;
            if (!verdict.equals(committed.get(id))) {
                differ.add(id + ": " + verdict + " now, " + (committed.containsKey(id) ? committed.get(id)
                        : "not in docs/reproduction.json") + " committed (measured " + e.get("measured") + ")");
            }
        }
        assertTrue(quick > 0, "the quick tier has entries");
        assertEquals(List.of(), differ, "verdicts that differ from docs/reproduction.json: rerun `fabricsim reproduce"
                + " --out DIR`, copy DIR/REPRODUCTION.md and DIR/reproduction.json to docs/, and say why in the commit");
    }
}
