package org.fabricsim.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fabricsim.InputException;
import org.fabricsim.experiment.RunDirectory;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.sweep.SweepPlan;

/**
 * The finished rounds of a sweep in progress, kept in {@code DIR/rounds/} (docs/OUTPUTS.md, "Interrupted
 * sweeps"; D174): {@code sweep.json} ({@link SweepRecord}) and one {@code round-NNNNN.arrow} per finished round
 * ({@link RoundFile}), each committed as it completes, with the commit protocol of every output (a partial
 * file is never under a final name). They survive whatever stops the sweep — Ctrl-C, SIGTERM, a failure — and
 * {@code fabricsim sweep --resume DIR} continues from them; a sweep that completes deletes them after its
 * results are committed.
 */
final class SweepRounds {
    static final String DIR_NAME = "rounds";
    private static final Pattern ROUND = Pattern.compile("round-\\d{5}\\.arrow");

    /**
     * Taken by each round's commit and by {@link #stopKeeping}: a round is kept wholly before the line of an
     * interrupted run counts the rounds, or not at all.
     */
    private static final Object COMMITS = new Object();
    /** Set by {@link #stopKeeping}: the process is going down. Guarded by {@link #COMMITS}. */
    private static boolean stopped;

    private final Path outDir;
    private final Path dir;
    private final SweepRecord record;

    private SweepRounds(Path outDir, SweepRecord record) {
        this.outDir = outDir;
        this.dir = outDir.resolve(DIR_NAME);
        this.record = record;
    }

    /**
     * The rounds of a new sweep into {@code outDir}; nothing is written until the first round is done.
     *
     * @throws InputException if {@code outDir} holds an interrupted sweep's rounds (they are not overwritten)
     */
    static SweepRounds fresh(Path outDir, SweepRecord record) {
        Path dir = outDir.resolve(DIR_NAME);
        if (Files.exists(dir) && !Files.isRegularFile(dir.resolve(SweepRecord.FILE))) {
            throw new InputException("--out " + outDir + ": " + dir + " holds rounds of a sweep whose record ("
                    + SweepRecord.FILE + ") is missing, so it cannot be continued: delete " + dir
                    + " to start afresh");
        }
        if (Files.exists(dir)) {
            throw new InputException("--out " + outDir + ": " + dir + " holds the finished rounds of an interrupted"
                    + " sweep; continue it with 'fabricsim sweep --resume " + outDir + "', or delete " + dir
                    + " to start afresh");
        }
        return new SweepRounds(outDir, record);
    }

    /**
     * The rounds of the interrupted sweep in {@code outDir}.
     *
     * @throws InputException if there is none: no such directory, a completed sweep, no sweep record
     */
    static SweepRounds resume(Path outDir) {
        String where = where(outDir);
        Path dir = outDir.resolve(DIR_NAME);
        Path recordFile = dir.resolve(SweepRecord.FILE);
        if (!Files.isDirectory(outDir)) {
            throw new InputException(where + ": no such directory");
        }
        if (!Files.isDirectory(dir) && Files.isRegularFile(outDir.resolve(RunDirectory.RUN_JSON))) {
            throw new InputException(where + ": the run there is complete (" + RunDirectory.RUN_JSON + ", no "
                    + DIR_NAME + "/): nothing to resume");
        }
        if (!Files.isRegularFile(recordFile) && Files.isDirectory(dir)) {
            throw new InputException(where + ": " + dir + " holds rounds but no " + SweepRecord.FILE + ": the sweep's"
                    + " configuration is lost and it cannot be continued; delete " + dir + " and run the sweep again"
                    + " with --out " + outDir);
        }
        if (!Files.isRegularFile(recordFile)) {
            throw new InputException(where + ": no interrupted sweep there (no " + recordFile + ")");
        }
        return new SweepRounds(outDir, SweepRecord.read(recordFile, where));
    }

    /** How messages name a resumed sweep. */
    static String where(Path outDir) {
        return "--resume " + outDir;
    }

    SweepRecord record() {
        return record;
    }

    /**
     * The finished rounds, in order, checked against {@code plan}: rounds 0, 1, … without a gap, each one's
     * points exactly those its predecessors left running.
     *
     * @throws InputException naming the first round file that is damaged or does not fit
     */
    List<FinishedRound> read(SweepPlan plan) {
        List<String> names = roundNames();
        List<FinishedRound> rounds = new ArrayList<>();
        boolean[] done = new boolean[plan.points().size()];
        for (int k = 0; k < names.size(); k++) {
            Path file = dir.resolve(names.get(k));
            if (!names.get(k).equals(RoundFile.name(k))) {
                throw damaged(dir.resolve(RoundFile.name(k)), "missing, but " + names.get(k) + " is there");
            }
            FinishedRound r;
            try {
                r = RoundFile.read(file, k, plan, record.identity());
            } catch (RoundFile.Damaged e) {
                throw damaged(file, e.getMessage());
            }
            List<Integer> running = new ArrayList<>();
            for (int p = 0; p < done.length; p++) {
                if (!done[p]) {
                    running.add(p);
                }
            }
            List<Integer> ran = r.points().stream().map(FinishedRound.Outcome::point).toList();
            if (!ran.equals(running)) {
                throw damaged(file, "it ran points " + ran + ", but the rounds before it left " + running);
            }
            r.points().forEach(o -> done[o.point()] = o.stop() != null);
            rounds.add(r);
        }
        return rounds;
    }

    private InputException damaged(Path file, String problem) {
        return new InputException(where(outDir) + ": " + file + ": damaged round (" + problem + "); delete it and"
                + " the rounds after it to run them again, or delete " + dir + " to start afresh");
    }

    /** The committed round files' names, sorted. */
    private List<String> roundNames() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> ROUND.matcher(n).matches()).sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + ": " + OutputDirectory.describe(e), e);
        }
    }

    /** Commits a finished round (and, with the first, the sweep's record: a record always has a round beside it). */
    void write(FinishedRound r, List<String> columns) {
        synchronized (COMMITS) {
            if (stopped) {
                throw new IllegalStateException("interrupted: round " + r.round() + " is not kept");
            }
            commit(r, columns);
        }
    }

    private void commit(FinishedRound r, List<String> columns) {
        try (OutputDirectory out = OutputDirectory.open(dir)) {
            RoundFile.write(r, columns, record.identity(), out.stage(RoundFile.name(r.round())));
            if (!Files.exists(dir.resolve(SweepRecord.FILE))) {
                record.write(out.stage(SweepRecord.FILE)); // staged last: the marker of a usable directory
            }
            out.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep round " + r.round() + " of the sweep in " + dir + ": "
                    + OutputDirectory.describe(e), e);
        }
    }

    /**
     * After the sweep's results are committed: the rounds are not needed any more. Removes the files named here
     * (with partial ones a killed process left), and the directory unless something else is in it.
     */
    void remove() {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (ROUND.matcher(name).matches() || name.equals(SweepRecord.FILE)
                        || name.startsWith(".") && name.endsWith(OutputDirectory.PARTIAL_SUFFIX)) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        } catch (DirectoryNotEmptyException e) {
            // a file of someone else's: left, with its directory
        } catch (IOException e) {
            throw new UncheckedIOException("the results are in " + outDir + ", but " + dir + " could not be removed: "
                    + OutputDirectory.describe(e), e);
        }
    }

    /**
     * For the line of an interrupted command, once its output is aborted: no round is kept any more in this JVM
     * (the sweep's thread runs on while the shutdown hooks do), and this says how many {@code outDir} keeps and
     * how to continue, e.g. {@code 3 finished rounds kept in DIR/rounds; continue with 'fabricsim sweep --resume
     * DIR'}; null if it keeps none.
     */
    static String stopKeeping(Path outDir) {
        synchronized (COMMITS) {
            stopped = true;
            return kept(outDir);
        }
    }

    private static String kept(Path outDir) {
        SweepRounds r = new SweepRounds(outDir, null);
        if (!Files.isRegularFile(r.dir.resolve(SweepRecord.FILE))) {
            return null;
        }
        int n;
        try {
            n = r.roundNames().size();
        } catch (UncheckedIOException e) {
            return null;
        }
        return n + " finished round" + (n == 1 ? "" : "s") + " kept in " + r.dir + "; continue with 'fabricsim sweep"
                + " --resume " + outDir + "'";
    }
}
