package org.fabricsim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.fabricsim.InputException;
import org.fabricsim.files.TextFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole-or-nothing text files, with the permissions any new file of the process gets. */
class TextFilesTest {
    @TempDir
    Path dir;

    @Test
    void aWrittenFileHasTheDefaultPermissionsAndNoTemporarySiblingRemains() throws IOException {
        Path file = dir.resolve("net.topo");
        TextFiles.writeAtomically(file, "a topology", out -> out.write("topology t\n"));
        assertEquals("topology t\n", Files.readString(file));
        Path plain = Files.createFile(dir.resolve("plain"));
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            // the umask's, as for a file created the ordinary way (createTempFile would give owner-only)
            assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(file));
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(2, s.count(), "only the file and the plain one");
        }
    }

    @Test
    void aFailedWriteLeavesNothing() throws IOException {
        Path file = dir.resolve("t.lft");
        InputException e = assertThrows(InputException.class, () -> TextFiles.writeAtomically(file, "tables", out -> {
            out.write("half");
            throw new IOException("disk full");
        }));
        assertTrue(e.getMessage().startsWith(file + ": cannot write tables (disk full)"), e.getMessage());
        assertFalse(Files.exists(file));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(0, s.count(), "no temporary file left");
        }
    }
}
