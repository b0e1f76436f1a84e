package org.fabricsim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.files.Sha256;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.ledger.Ledger;
import org.fabricsim.ledger.LedgerEntry;
import org.fabricsim.ledger.LedgerRun;
import org.fabricsim.ledger.Outcome;
import org.fabricsim.ledger.ReproductionReport;
import org.fabricsim.ledger.Tier;
import org.fabricsim.ledger.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fabricsim reproduce}: runs the ledger's entries (conf/ledger/, docs/REPRODUCTION.md) at a tier, computes
 * each verdict from the numbers and the entry's tolerance, and writes reproduction.json, reproduction.arrow and
 * REPRODUCTION.md. Each run goes to {@code DIR/runs/ID}; a run whose results are there from an earlier invocation of
 * the same definition is not run again, and an interrupted sweep goes on from its rounds, so an interrupted
 * reproduce continues where it stopped.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Run the reproduction ledger (conf/ledger/) and compute every verdict (docs/REPRODUCTION.md).")
final class ReproduceCommand implements Callable<Integer> {
    static final String DEFINITION = "ledger-run.json";

    @ParentCommand
    Main main;

    @Option(names = "--tier", paramLabel = "TIER", defaultValue = "standard",
            description = "quick (seconds), standard (minutes; the docs' report) or full (the papers' size; hours)."
                    + " Default: ${DEFAULT-VALUE}.")
    String tier;

    @Option(names = "--only", paramLabel = "SEED-OR-ENTRY", description = "Only a seed's entries (000 ... 004), or one entry.")
    String only;

    @Option(names = "--ledger", paramLabel = "DIR",
            description = "The ledger's directory; its experiment paths are from two levels above it. Default: conf/ledger.")
    Path ledgerDir;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
            description = "Each run's progress bar on stderr: on, off, or auto (when stderr is a terminal; a full tier's"
                    + " sweeps take hours). Default: ${DEFAULT-VALUE}.")
    String progress;

    @Option(names = "--kept", description = "Run nothing: compute the verdicts of the entries whose runs are all kept"
            + " in the runs directory (a full tier's runs, made over several sittings) and leave the others out of the"
            + " report.")
    boolean keptOnly;

    @Option(names = "--runs", paramLabel = "RUNS", description = "Where the runs are kept, one directory per run id"
            + " (e.g. benchmarks/ledger-full/runs with --kept). Default: the --out directory's runs/.")
    Path runsDir;

    /** Runs found finished in the runs directory and kept. */
    private int kept;

    /** Run ids found finished under their present definition, so that each is checked once. */
    private final java.util.Set<String> finished = new java.util.HashSet<>();

    /** The directory of run {@code id}. */
    private Path runDir(String id) {
        return (runsDir != null ? runsDir : out.resolve("runs")).resolve(id);
    }

    @Override
    public Integer call() throws IOException {
        long start = System.nanoTime();
        Tier t = Tier.of(tier);
        Settings checked = new Settings();
        checked.progress = progress;
        checked.progressMode(); // a bad --progress is refused before anything runs
        Path dir = (ledgerDir != null ? ledgerDir : Path.of(System.getProperty("fabricsim.conf", "conf"), "ledger"))
                .toAbsolutePath().normalize();
        // experiment files are named from the repository's root, two levels above conf/ledger
        Path root = dir.getParent() == null || dir.getParent().getParent() == null ? dir : dir.getParent().getParent();
        Ledger ledger = Ledger.load(dir, root);
        List<LedgerEntry> entries = ledger.select(t, only);
        int leftOut = 0;
        if (keptOnly) {
            List<LedgerEntry> kept = new ArrayList<>();
            for (LedgerEntry e : entries) {
                if (e.run() != null && allKept(e, ledger, root)) {
                    kept.add(e);
                }
            }
            leftOut = entries.size() - kept.size();
            entries = kept;
        }
        Map<String, LedgerRun> runs = new LinkedHashMap<>();
        for (LedgerEntry e : entries) {
            if (e.run() != null) {
                runs.put(e.run().id(), e.run());
            }
            for (String other : e.otherRuns()) {
                runs.putIfAbsent(other, ledger.runs().get(other));
            }
        }
        main.out.printf("reproduce: %d entries at tier %s, %d runs%n", entries.size(), t.word(), runs.size());
        Map<String, JsonNode> summaries = new LinkedHashMap<>();
        int k = 0;
        for (LedgerRun run : runs.values()) {
            k++;
            summaries.put(run.id(), run(run, root, k, runs.size()));
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (LedgerEntry e : keptOnly ? entries : ledger.matching(only)) { // those above the tier listed too, as not run
            outcomes.add(e.tier().compareTo(t) <= 0 ? Outcome.of(e, summaries) : Outcome.notRun(e));
        }
        double wall = (System.nanoTime() - start) / 1e9;
        // a report from kept runs took their time when they ran: the sum of their run.json wall times says it
        double runSeconds = 0;
        for (String id : runs.keySet()) {
            Path runJson = runDir(id).resolve("run.json");
            if (Files.isRegularFile(runJson)) {
                runSeconds += Json.read(runJson).path("wall_time_s").asDouble(0);
            }
        }
        ReproductionReport report = new ReproductionReport(new ReproductionReport.Meta(
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), commit(root), machine(), t.word(), only, wall,
                runs.size(), kept, runSeconds, keptOnly ? leftOut : -1), outcomes);
        write(report);
        Map<Verdict, Integer> all = report.totals();
        int above = all.get(Verdict.NOT_RUN);
        main.out.printf("reproduce: %d reproduced, %d partly, %d not reproduced%s (%.0f s); report in %s%n",
                all.get(Verdict.REPRODUCED), all.get(Verdict.PARTLY),
                all.get(Verdict.NOT_REPRODUCED), above == 0 ? "" : ", " + above + " above tier "
                        + t.word() + " not run", wall, out.resolve("REPRODUCTION.md"));
        return 0;
    }

    /** Whether every run {@code e} reads is finished in DIR/runs under its present definition (else refused). */
    private boolean allKept(LedgerEntry e, Ledger ledger, Path root) throws IOException {
        java.util.Set<String> ids = new java.util.TreeSet<>(e.otherRuns());
        ids.add(e.run().id());
        for (String id : ids) {
            if (finished.contains(id)) {
                continue;
            }
            Path dir = runDir(id);
            if (!Files.isRegularFile(dir.resolve("summary.json")) || !Files.isRegularFile(dir.resolve(DEFINITION))) {
                return false;
            }
            checkDefinition(ledger.runs().get(id), root, dir);
            finished.add(id);
        }
        return true;
    }

    /** The run's definition as DIR/runs/ID/ledger-run.json holds it; a different one there is refused. */
    private static String checkDefinition(LedgerRun run, Path root, Path dir) throws IOException {
        Json.Obj definition = Json.object().put("experiment", run.experiment().toString())
                .put("experiment_sha256", Sha256.hex(Files.readAllBytes(root.resolve(run.experiment()))))
                .put("settings", run.settings());
        String wanted = Json.format(definition);
        Path defFile = dir.resolve(DEFINITION);
        if (Files.isRegularFile(defFile) && !Files.readString(defFile).equals(wanted)) {
            throw new org.fabricsim.InputException(dir + " holds run '" + run.id() + "' of another definition (its"
                    + " experiment file or settings changed): remove it to run it again");
        }
        return wanted;
    }

    /** Runs {@code run} into DIR/runs/ID unless its results are there already; returns its summary. */
    private JsonNode run(LedgerRun run, Path root, int k, int n) throws IOException {
        Path dir = runDir(run.id());
        String wanted = checkDefinition(run, root, dir);
        Path defFile = dir.resolve(DEFINITION);
        Path summary = dir.resolve("summary.json");
        if (Files.isRegularFile(summary) && Files.isRegularFile(defFile)) {
            main.out.printf("  [%d/%d] %s: done before, kept%n", k, n, run.id());
            kept++;
            return Json.read(summary);
        }
        long start = System.nanoTime();
        main.out.printf("  [%d/%d] %s (%s): %s%s%n", k, n, run.id(), run.tier().word(), run.experiment(),
                run.settings().isEmpty() ? "" : " " + String.join(" ", run.settings()));
        Files.createDirectories(dir.getParent());
        Settings s = new Settings();
        s.settings = new ArrayList<>(run.settings());
        s.progress = progress;
        Main quiet = new Main(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        List<String> command = List.of("reproduce", "run " + run.id());
        if (Files.isRegularFile(dir.resolve("rounds").resolve("sweep.json"))) {
            s.resume(quiet, dir, root.resolve(run.experiment()), null, 0); // an interrupted sweep goes on
        } else {
            if (Files.exists(dir)) {
                deleteTree(dir); // an earlier attempt that did not finish: nothing of it is a result
            }
            s.run(quiet, ExperimentConfig.load(root.resolve(run.experiment()), run.settings()), dir, command);
        }
        Files.writeString(defFile, wanted);
        main.out.printf("  [%d/%d] %s: %.1f s%n", k, n, run.id(), (System.nanoTime() - start) / 1e9);
        return Json.read(summary);
    }

    private void write(ReproductionReport report) throws IOException {
        Files.createDirectories(out);
        try (OutputDirectory dir = OutputDirectory.open(out)) {
            Json.write(dir.stage("reproduction.json"), report.json());
            report.arrow().write(dir.stage("reproduction.arrow"));
            Files.writeString(dir.stage("REPRODUCTION.md"), report.markdown());
            dir.commit();
        }
    }


    private static void deleteTree(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The repository's commit, if git can tell (with "+changes" for a working tree that differs); else "unknown". */
    static String commit(Path root) {
        try {
            String head = git(root, "rev-parse", "--short=12", "HEAD");
            String dirty = git(root, "status", "--porcelain", "--untracked-files=no");
            return head.isEmpty() ? "unknown" : head + (dirty.isEmpty() ? "" : " +changes");
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String git(Path root, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", root.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String s = new String(p.getInputStream().readAllBytes()).strip();
            return p.waitFor() == 0 ? s : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static String machine() {
        return System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
                + Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version");
    }
}
