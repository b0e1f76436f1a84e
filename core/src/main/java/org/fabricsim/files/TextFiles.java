package org.fabricsim.files;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.fabricsim.InputException;

/** Writes text files whole or not at all: to a temporary sibling, renamed at the end (DESIGN.md, "Errors"). */
public final class TextFiles {
    /** What goes into the file. */
    public interface Body {
        void write(Writer out) throws IOException;
    }

    private TextFiles() {
    }

    /** Writes {@code file} through {@code body}; a failure leaves no file and is an InputException naming it. */
    public static void writeAtomically(Path file, String what, Body body) {
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        Path tmp = null;
        try {
            // a new sibling with the process's default permissions (the umask's), not createTempFile's owner-only
            // ones: an exported topology or table is a file to share, like the run outputs
            tmp = dir.resolve("." + absolute.getFileName() + "." + ProcessHandle.current().pid() + "."
                    + Long.toHexString(System.nanoTime()) + ".tmp");
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                body.write(out);
            }
            try {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new InputException(file + ": cannot write " + what + " (" + reason + ")", e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the write already failed; that is the error worth reporting
                }
            }
        }
    }
}
