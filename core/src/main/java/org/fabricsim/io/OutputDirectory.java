package org.fabricsim.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The output directory of one run (DESIGN.md, "Outputs" and "Errors"): every result file is
 * written under a temporary name and only renamed to its final name when the whole run has
 * succeeded, so a run that fails leaves no half-written result behind.
 *
 * <pre>{@code
 * try (OutputDirectory out = OutputDirectory.open(dir)) {
 *     Json.write(out.stage("summary.json"), summary);
 *     table.write(out.stage("trials.arrow"));
 *     out.commit();          // all files appear under their final names
 * }                          // without commit(): every staged partial file is deleted
 * }</pre>
 *
 * <p>{@link #stage(String)} may be called from several threads, each staging and writing its own
 * file. {@link #commit()} and {@link #close()} are meant to be called once, by the owner, after
 * the writers are done. {@link #abortAll()} aborts, from another thread, every directory of this JVM that is
 * open (for a run interrupted by a signal: the command line's shutdown hook).
 */
public final class OutputDirectory implements AutoCloseable {
    /** Suffix of the temporary name; the temporary name is {@code "." + fileName + SUFFIX}. */
    public static final String PARTIAL_SUFFIX = ".partial";

    private final Path dir;
    private final boolean createdDir;
    /** File name to temporary path, in staging order. Guarded by {@code this}. */
    private final Map<String, Path> staged = new LinkedHashMap<>();
    private State state = State.OPEN;

    /**
     * The directories opened and neither committed nor closed yet, in opening order, for {@link #abortAll()}.
     * Guarded by itself.
     */
    private static final Set<OutputDirectory> OPEN = new LinkedHashSet<>();

    private enum State {
        OPEN, COMMITTED, CLOSED
    }

    private OutputDirectory(Path dir, boolean createdDir) {
        this.dir = dir;
        this.createdDir = createdDir;
    }

    /**
     * Opens (and creates, with its parents, if needed) the output directory {@code dir}. Files
     * already there are left alone; a committed file replaces one of the same name.
     */
    public static OutputDirectory open(Path dir) throws IOException {
        Objects.requireNonNull(dir, "dir");
        Path abs = dir.toAbsolutePath().normalize();
        boolean existed = Files.isDirectory(abs);
        Files.createDirectories(abs);
        OutputDirectory out = new OutputDirectory(abs, !existed);
        synchronized (OPEN) {
            OPEN.add(out);
        }
        return out;
    }

    /**
     * Aborts every output directory of this JVM that is open (opened, neither committed nor closed), as
     * {@link #close()} would: the staged partial files are deleted, and each directory too if {@link #open}
     * created it and it is now empty. Committed results and directories that existed before are kept. A commit
     * in progress is waited for (its results are then kept). Writers still running can stage nothing more (an
     * {@link IllegalStateException}). For a run interrupted by a signal: the command line calls this from its
     * shutdown hook (docs/OUTPUTS.md, "Commit protocol"). The most recently opened goes first, so a directory
     * opened inside another (a sweep's {@code rounds/}) is gone before the outer one is checked for emptiness.
     *
     * @return the directories aborted, most recently opened first
     * @throws UncheckedIOException if a partial file could not be deleted (after trying all directories)
     */
    public static List<Path> abortAll() {
        List<Path> aborted = new ArrayList<>();
        UncheckedIOException failure = null;
        List<OutputDirectory> open;
        synchronized (OPEN) {
            open = new ArrayList<>(OPEN);
        }
        Collections.reverse(open);
        for (OutputDirectory out : open) {
            try {
                if (out.abort()) {
                    aborted.add(out.dir);
                }
            } catch (UncheckedIOException e) {
                aborted.add(out.dir);
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return aborted;
    }

    /** The directory (absolute). */
    public Path dir() {
        return dir;
    }

    /** Where {@code fileName} will be after {@link #commit()}. */
    public Path finalPath(String fileName) {
        return dir.resolve(checkName(fileName));
    }

    /**
     * Registers {@code fileName} as a result of this run and returns the temporary path to write
     * it to ({@code <dir>/.<fileName>.partial}). The caller writes the complete file there;
     * {@link #commit()} renames it.
     *
     * @throws IllegalArgumentException if the name is empty, contains a path separator, is
     *     {@code .} or {@code ..}, or was already staged
     * @throws IllegalStateException after {@link #commit()} or {@link #close()}
     */
    public synchronized Path stage(String fileName) {
        checkName(fileName);
        if (state != State.OPEN) {
            throw new IllegalStateException("output directory " + dir + " is "
                    + (state == State.COMMITTED ? "committed" : "closed") + "; cannot stage "
                    + fileName);
        }
        if (staged.containsKey(fileName)) {
            throw new IllegalArgumentException("file already staged: " + fileName);
        }
        Path partial = dir.resolve("." + fileName + PARTIAL_SUFFIX);
        staged.put(fileName, partial);
        return partial;
    }

    /** The names staged so far, in staging order. */
    public synchronized List<String> stagedNames() {
        return List.copyOf(staged.keySet());
    }

    /**
     * Moves every staged file to its final name, in staging order (atomic rename where the file
     * system supports it, replacing an existing file of the same name). Before anything is moved
     * it checks that every staged file was written; if one is missing nothing is moved and an
     * {@link IOException} is thrown (the partial files are then deleted by {@link #close()}); the
     * same if a final name is taken by a directory. The last staged file is the completion marker
     * (fabricsim stages {@code run.json} last): a stale one from an earlier run is deleted before
     * anything moves, so a directory holding it is complete even if a commit fails half way.
     * After a successful commit no more files can be staged.
     *
     * @throws IllegalStateException if already committed or closed
     */
    public synchronized void commit() throws IOException {
        if (state != State.OPEN) {
            throw new IllegalStateException("output directory " + dir + " is already "
                    + (state == State.COMMITTED ? "committed" : "closed"));
        }
        for (Map.Entry<String, Path> e : staged.entrySet()) {
            if (!Files.isRegularFile(e.getValue())) {
                throw new IOException("staged file " + e.getKey() + " was never written ("
                        + e.getValue() + " does not exist)");
            }
        }
        String marker = null;
        for (String name : staged.keySet()) {
            if (Files.isDirectory(dir.resolve(name))) {
                throw new IOException("cannot write " + dir.resolve(name) + ": a directory has that name");
            }
            marker = name;
        }
        if (marker != null) {
            Files.deleteIfExists(dir.resolve(marker));
        }
        for (Map.Entry<String, Path> e : staged.entrySet()) {
            move(e.getValue(), dir.resolve(e.getKey()));
        }
        state = State.COMMITTED;
        forget();
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Without a preceding {@link #commit()}: aborts, deleting every staged partial file (and the
     * directory itself if {@link #open} created it and it is now empty). After a commit: does
     * nothing. Idempotent.
     *
     * @throws UncheckedIOException if a partial file could not be deleted (after trying all)
     */
    @Override
    public void close() {
        abort();
    }

    /** {@link #close()}; true if it aborted (the directory was open). */
    private synchronized boolean abort() {
        forget();
        if (state != State.OPEN) {
            return false;
        }
        state = State.CLOSED;
        List<IOException> failures = new ArrayList<>();
        for (Path partial : staged.values()) {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                failures.add(e);
            }
        }
        if (failures.isEmpty() && createdDir) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                if (!entries.iterator().hasNext()) {
                    Files.deleteIfExists(dir);
                }
            } catch (IOException e) {
                // An empty directory left behind is harmless; not worth failing the abort for.
            }
        }
        if (!failures.isEmpty()) {
            UncheckedIOException ex = new UncheckedIOException(
                    "could not delete partial output in " + dir, failures.get(0));
            failures.subList(1, failures.size()).forEach(ex::addSuppressed);
            throw ex;
        }
        return true;
    }

    private void forget() {
        synchronized (OPEN) {
            OPEN.remove(this);
        }
    }

    /**
     * One line for a failed write that names the operating system's reason: Java leaves it out of some
     * exceptions' messages (an {@link AccessDeniedException} is only its path), so it is added here, e.g.
     * {@code /data/out/run.json: Permission denied}.
     */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException fs && fs.getReason() == null && fs.getFile() != null) {
            String reason = e instanceof AccessDeniedException ? "Permission denied"
                    : e instanceof NoSuchFileException ? "No such file or directory"
                    : e instanceof NotDirectoryException ? "Not a directory"
                    : e instanceof DirectoryNotEmptyException ? "Directory not empty"
                    : e instanceof FileAlreadyExistsException
                            ? (Files.isDirectory(Path.of(fs.getFile())) ? "File exists" : "Not a directory")
                    : null;
            if (reason != null) {
                return fs.getFile() + (fs.getOtherFile() == null ? "" : " -> " + fs.getOtherFile()) + ": " + reason;
            }
        }
        String message = e.getMessage();
        return (message == null ? e.getClass().getSimpleName() : message).replace('\n', ' ');
    }

    private static String checkName(String fileName) {
        Objects.requireNonNull(fileName, "fileName");
        if (fileName.isEmpty() || fileName.equals(".") || fileName.equals("..")
                || fileName.indexOf('/') >= 0 || fileName.indexOf('\\') >= 0
                || fileName.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(
                    "output file name must be a plain file name without path separators: '"
                            + fileName + "'");
        }
        return fileName;
    }
}
