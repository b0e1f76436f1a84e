package org.fabricsim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentConfigTest {
    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("x.conf");
        Files.writeString(f, text);
        return f;
    }

    private String error(String text, List<String> settings) throws IOException {
        Path f = file(text);
        return assertThrows(InputException.class, () -> {
            ExperimentConfig c = ExperimentConfig.load(f, settings);
            c.integer("trials", 1, 1000);
            c.bandwidth("topology.link-bandwidth");
            c.string("experiment");
        }).getMessage();
    }

    @Test
    void precedenceIsDefaultsThenFileThenSettings() throws IOException {
        Path f = file("experiment = contention\ntrials = 20\ntraffic { pattern = shift, shift = 3 }\n");
        ExperimentConfig c = ExperimentConfig.load(f, List.of("trials=30"));
        assertEquals(30, c.integer("trials", 1, 100));
        assertEquals(3, c.integer("traffic.shift", -10, 10));
        assertEquals("shift", c.string("traffic.pattern"));
        assertEquals(1, c.integer("seed", 0, 10)); // default
        assertEquals(dir.toAbsolutePath(), c.baseDir());
        assertFalse(c.bool("traffic.derangement"));
    }

    @Test
    void settingsAcceptExpressionsWithoutQuotes() {
        ExperimentConfig c = ExperimentConfig.fromSets(
                List.of("topology.name=xgft(2;18,36;1,18)", "routing=file:a/b.lft", "topology.link-bandwidth=40Gbps"),
                dir);
        assertEquals("xgft(2;18,36;1,18)", c.string("topology.name"));
        assertEquals("file:a/b.lft", c.string("routing"));
        assertEquals(40_000_000_000L, c.bandwidth("topology.link-bandwidth"));
    }

    @Test
    void unknownKeyNamesFileLineAndSuggests() throws IOException {
        String msg = error("experiment = contention\ntraffic {\n  max-flow = 3\n}\n", List.of());
        assertTrue(msg.startsWith(dir.resolve("x.conf") + ":3: unknown key 'traffic.max-flow'"), msg);
        assertTrue(msg.contains("did you mean 'traffic.max-flows'"), msg);
    }

    @Test
    void badUnitNamesFileLineAndKey() throws IOException {
        String msg = error("experiment = contention\ntopology.link-bandwidth = 40Gbs\n", List.of());
        assertTrue(msg.startsWith(dir.resolve("x.conf") + ":2: topology.link-bandwidth: bad bandwidth '40Gbs'"), msg);
    }

    @Test
    void outOfRangeNamesWhereTheValueCameFrom() throws IOException {
        String inFile = error("experiment = contention\ntrials = 0\n", List.of());
        assertTrue(inFile.startsWith(dir.resolve("x.conf") + ":2: trials: must be in [1, 1000] (got 0)"), inFile);
        String fromSet = error("experiment = contention\n", List.of("trials=5000"));
        assertTrue(fromSet.startsWith("--set trials=5000: trials: must be in [1, 1000]"), fromSet);
        String notNumber = error("experiment = contention\ntrials = many\n", List.of());
        assertTrue(notNumber.contains("trials: expected a whole number, got 'many'"), notNumber);
    }

    @Test
    void missingRequiredKey() throws IOException {
        Path f = file("trials = 3\n");
        ExperimentConfig c = ExperimentConfig.load(f, List.of());
        String msg = assertThrows(InputException.class, () -> c.string("experiment")).getMessage();
        assertEquals(f + ": missing key 'experiment'", msg);
    }

    @Test
    void syntaxErrorsAndMissingFilesAreOneLine() throws IOException {
        String syntax = assertThrows(InputException.class, () -> ExperimentConfig.load(file("trials = {\n"),
                List.of())).getMessage();
        assertFalse(syntax.contains("\n"));
        assertTrue(syntax.startsWith(dir.resolve("x.conf") + ":1: ") || syntax.startsWith(dir.resolve("x.conf") + ":2: "),
                syntax);
        String missing = assertThrows(InputException.class, () -> ExperimentConfig.load(dir.resolve("none.conf"),
                List.of())).getMessage();
        assertTrue(missing.endsWith("none.conf: no such experiment file"), missing);
        String badSet = assertThrows(InputException.class, () -> ExperimentConfig.fromSets(List.of("trials"),
                dir)).getMessage();
        assertEquals("--set trials: expected key=value", badSet);
    }

    @Test
    void substitutionsAreResolvedBeforeKeysAreChecked() throws IOException {
        Path f = file("experiment = contention\nseed = 7\ntrials = ${seed}\nthreads = ${?FABRICSIM_NO_SUCH_VARIABLE}\n");
        ExperimentConfig c = ExperimentConfig.load(f, List.of());
        assertEquals(7, c.integer("trials", 1, 100));
        assertEquals(0, c.integer("threads", 0, 8), "an unset optional substitution keeps the default");
        String msg = assertThrows(InputException.class, () -> ExperimentConfig.load(file("trials = ${nope}\n"),
                List.of())).getMessage();
        assertFalse(msg.contains("\n"));
        assertTrue(msg.contains("nope"), msg);
    }

    @Test
    void sectionsAndValuesAreNotConfused() throws IOException {
        String msg = error("experiment = contention\ntraffic = 3\n", List.of());
        assertTrue(msg.contains("traffic is a section"), msg);
        String msg2 = error("experiment = contention\ntrials { a = 1 }\n", List.of());
        assertTrue(msg2.contains("unknown key 'trials.a'") || msg2.contains("expected a value"), msg2);
    }

    @Test
    void choiceListsTheAllowedWords() {
        ExperimentConfig c = ExperimentConfig.fromSets(List.of("experiment=contentoin"), dir);
        String msg = assertThrows(InputException.class, () -> c.choice("experiment", List.of("contention")))
                .getMessage();
        assertEquals("--set experiment=contentoin: experiment: 'contentoin' is not one of contention", msg);
    }
}
