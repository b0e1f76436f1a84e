package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cluster-keys} into a directory that cannot be made: one line with the OS's reason, nothing left behind. */
class ClusterKeysCommandTest {
    @TempDir
    Path dir;

    @Test
    void aDirectoryThatCannotBeMadeIsOneLineAndLeavesNothing() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertBadInput(file + " is a file, not a directory", "cluster-keys", file.resolve("sub/keys").toString());
        assertEquals("x", Files.readString(file));
        // a parent made on the way is removed again when a deeper one fails (a name too long for the file system)
        Path made = dir.resolve("new");
        assertBadInput("cannot be made or written (", "cluster-keys", made.resolve("n".repeat(300)).resolve("keys")
                .toString());
        assertFalse(Files.exists(made));
        if (Files.isDirectory(Path.of("/proc/self"))) { // Linux: nothing can be made in /proc
            assertBadInput("/proc/fabricsim-keys cannot be made or written (", "cluster-keys", "/proc/fabricsim-keys");
        }
        try (var left = Files.list(dir)) {
            assertEquals(1, left.count(), "only the file the test made");
        }
    }
}
