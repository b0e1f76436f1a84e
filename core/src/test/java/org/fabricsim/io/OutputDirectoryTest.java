package org.fabricsim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirectoryTest {
    @TempDir
    Path tmp;

    private static Set<String> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void filesAppearUnderTheirFinalNamesOnlyAtCommit() throws IOException {
        Path dir = tmp.resolve("a/b/run");
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            assertTrue(Files.isDirectory(dir), "open creates the directory and its parents");
            Path json = out.stage("summary.json");
            Path bin = out.stage("trials.arrow");
            assertEquals(dir.toAbsolutePath().resolve(".summary.json.partial"), json);
            Files.writeString(json, "{}\n");
            Files.write(bin, new byte[] {1, 2, 3});

            assertFalse(Files.exists(dir.resolve("summary.json")));
            assertFalse(Files.exists(dir.resolve("trials.arrow")));
            assertEquals(Set.of(".summary.json.partial", ".trials.arrow.partial"), list(dir));

            out.commit();
        }
        assertEquals(Set.of("summary.json", "trials.arrow"), list(dir));
        assertEquals("{}\n", Files.readString(dir.resolve("summary.json")));
        assertEquals(3, Files.size(dir.resolve("trials.arrow")));
    }

    @Test
    void closeWithoutCommitDeletesEveryPartialFile() throws IOException {
        Path dir = tmp.resolve("run");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("keep.txt"), "from an earlier run");
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            Files.writeString(out.stage("a.json"), "x");
            Files.writeString(out.stage("b.png"), "y");
            out.stage("c.arrow"); // staged, never written
        }
        assertEquals(Set.of("keep.txt"), list(dir), "only the pre-existing file is left");
    }

    @Test
    void abortRemovesTheDirectoryItCreatedWhenEmpty() throws IOException {
        Path dir = tmp.resolve("fresh");
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            Files.writeString(out.stage("a.json"), "x");
        }
        assertFalse(Files.exists(dir));
    }

    @Test
    void aFailingWriterLeavesNoFile() throws IOException {
        Path dir = tmp.resolve("run");
        Files.createDirectories(dir);
        RuntimeException boom = assertThrows(RuntimeException.class, () -> {
            try (OutputDirectory out = OutputDirectory.open(dir)) {
                Json.write(out.stage("summary.json"), Json.object().put("ok", true));
                Path arrow = out.stage("trials.arrow");
                Files.write(arrow, new byte[100]); // half of a file ...
                throw new RuntimeException("member lost"); // ... and the run dies
            }
        });
        assertEquals("member lost", boom.getMessage());
        assertEquals(Set.of(), list(dir));
    }

    @Test
    void commitReplacesAnExistingFileOfTheSameName() throws IOException {
        Path dir = tmp.resolve("run");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("summary.json"), "old");
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            Files.writeString(out.stage("summary.json"), "new");
            assertEquals("old", Files.readString(dir.resolve("summary.json")));
            out.commit();
        }
        assertEquals("new", Files.readString(dir.resolve("summary.json")));
    }

    @Test
    void commitOfAStagedFileThatWasNeverWrittenMovesNothing() throws IOException {
        Path dir = tmp.resolve("run");
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            Files.writeString(out.stage("a.json"), "x");
            out.stage("b.json");
            IOException e = assertThrows(IOException.class, out::commit);
            assertTrue(e.getMessage().contains("b.json"), e.getMessage());
            assertFalse(Files.exists(dir.resolve("a.json")));
        }
        assertFalse(Files.exists(dir));
    }

    @Test
    void rejectsNamesThatAreNotPlainFileNames() throws IOException {
        try (OutputDirectory out = OutputDirectory.open(tmp.resolve("run"))) {
            for (String bad : List.of("", ".", "..", "a/b", "../x.json", "/abs.json", "a\\b")) {
                assertThrows(IllegalArgumentException.class, () -> out.stage(bad), bad);
            }
            out.stage("ok.json");
            assertThrows(IllegalArgumentException.class, () -> out.stage("ok.json"), "staged twice");
        }
    }

    @Test
    void nothingCanBeStagedAfterCommitOrClose() throws IOException {
        OutputDirectory out = OutputDirectory.open(tmp.resolve("run"));
        Files.writeString(out.stage("a.json"), "x");
        out.commit();
        assertThrows(IllegalStateException.class, () -> out.stage("b.json"));
        assertThrows(IllegalStateException.class, out::commit);
        out.close(); // after commit: nothing to delete
        assertTrue(Files.exists(tmp.resolve("run/a.json")));

        OutputDirectory aborted = OutputDirectory.open(tmp.resolve("run2"));
        aborted.close();
        assertThrows(IllegalStateException.class, () -> aborted.stage("b.json"));
        assertThrows(IllegalStateException.class, aborted::commit);
    }

    @Test
    void severalThreadsCanStageAndWriteTheirOwnFiles() throws Exception {
        Path dir = tmp.resolve("run");
        int threads = 4;
        int perThread = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        String name = "part-" + id + "-" + i + ".txt";
                        Files.writeString(out.stage(name), name, StandardCharsets.UTF_8);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            out.commit();
        } finally {
            pool.shutdown();
        }
        Set<String> files = list(dir);
        assertEquals(threads * perThread, files.size());
        for (String name : files) {
            assertEquals(name, Files.readString(dir.resolve(name)));
        }
    }

    /** The last staged file marks completion: a stale one goes first, so a failed commit leaves none. */
    @Test
    void staleCompletionMarkerIsRemovedBeforeAFailingCommit() throws IOException {
        Path out = tmp.resolve("marker");
        Files.createDirectories(out.resolve("b.txt").resolve("occupied"));
        Files.writeString(out.resolve("run.json"), "old");
        OutputDirectory od = OutputDirectory.open(out);
        Files.writeString(od.stage("a.txt"), "a");
        Files.writeString(od.stage("b.txt"), "b");
        Files.writeString(od.stage("run.json"), "new");
        IOException e = assertThrows(IOException.class, od::commit);
        assertTrue(e.getMessage().contains("a directory has that name"), e.getMessage());
        od.close();
        assertFalse(Files.exists(out.resolve("a.txt")), "nothing moved");
        assertTrue(Files.exists(out.resolve("run.json")), "the check comes before the marker is touched");
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(Set.of("b.txt", "run.json"),
                    s.map(p -> p.getFileName().toString()).collect(Collectors.toSet()));
        }
    }

    @Test
    void committingReplacesTheOldMarkerLast() throws IOException {
        Path out = tmp.resolve("again");
        Files.createDirectories(out);
        Files.writeString(out.resolve("run.json"), "old");
        try (OutputDirectory od = OutputDirectory.open(out)) {
            Files.writeString(od.stage("summary.json"), "s");
            Files.writeString(od.stage("run.json"), "new");
            od.commit();
        }
        assertEquals("new", Files.readString(out.resolve("run.json")));
        assertEquals("s", Files.readString(out.resolve("summary.json")));
    }

    @Test
    void describeNamesTheOperatingSystemsReason() throws IOException {
        // Java leaves the reason out of these exceptions' messages (running as root, a test cannot provoke EACCES)
        assertEquals("/r/run.json: Permission denied",
                OutputDirectory.describe(new java.nio.file.AccessDeniedException("/r/run.json")));
        assertEquals("/r/x: No such file or directory",
                OutputDirectory.describe(new java.nio.file.NoSuchFileException("/r/x")));
        assertEquals("/r/a: Not a directory", OutputDirectory.describe(new java.nio.file.NotDirectoryException("/r/a")));
        // an existing file where a directory must be: a file is in the way
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertEquals(file + ": Not a directory",
                OutputDirectory.describe(new java.nio.file.FileAlreadyExistsException(file.toString())));
        assertEquals(tmp + ": File exists",
                OutputDirectory.describe(new java.nio.file.FileAlreadyExistsException(tmp.toString())));
        // with the reason already given (ENOTDIR, ENOSPC): the message as it is
        assertEquals("/r/x: No space left on device", OutputDirectory.describe(
                new java.nio.file.FileSystemException("/r/x", null, "No space left on device")));
        assertEquals("disk gone", OutputDirectory.describe(new IOException("disk gone")));
    }

    @Test
    void abortAllRemovesWhatOpenRunsStagedAndKeepsEverythingElse() throws IOException {
        // a run interrupted by a signal (the CLI's shutdown hook): one run into a directory it created, one into
        // a directory that held other files, one that already committed
        Path created = tmp.resolve("new/run");
        Path existing = Files.createDirectories(tmp.resolve("old"));
        Files.writeString(existing.resolve("notes.txt"), "mine");
        Path done = tmp.resolve("done");
        OutputDirectory committed = OutputDirectory.open(done);
        Files.writeString(committed.stage("summary.json"), "{}");
        committed.commit();
        OutputDirectory a = OutputDirectory.open(created);
        OutputDirectory b = OutputDirectory.open(existing);
        Files.writeString(a.stage("summary.json"), "{\"half");
        a.stage("run.json"); // staged, never written
        Files.writeString(b.stage("summary.json"), "{");

        assertEquals(Set.of(created, existing), Set.copyOf(OutputDirectory.abortAll()));
        assertFalse(Files.exists(created), "the directory the run created is removed");
        assertTrue(Files.isDirectory(tmp.resolve("new")), "only the run's own directory");
        assertEquals(Set.of("notes.txt"), list(existing), "a directory that existed keeps its other files");
        assertEquals(Set.of("summary.json"), list(done), "committed results are kept");
        assertThrows(IllegalStateException.class, () -> a.stage("trials.arrow"), "the writers can stage no more");
        assertEquals(List.of(), OutputDirectory.abortAll(), "nothing left open");
        a.close(); // the run's own close afterwards does nothing
        b.close();
        committed.close();
        assertEquals(Set.of("summary.json"), list(done));
    }

    @Test
    void abortAllGoesInsideOutAndSoRemovesNestedDirectoriesItCreated() throws IOException {
        // a sweep interrupted while it commits its first round: rounds/ inside the run's own directory
        Path run = tmp.resolve("sweep");
        OutputDirectory outer = OutputDirectory.open(run);
        OutputDirectory inner = OutputDirectory.open(run.resolve("rounds"));
        Files.writeString(inner.stage("round-00000.arrow"), "half");
        assertEquals(List.of(run.resolve("rounds"), run), OutputDirectory.abortAll(), "the inner one first");
        assertFalse(Files.exists(run), "both directories are gone");
        outer.close();
        inner.close();
    }
}
