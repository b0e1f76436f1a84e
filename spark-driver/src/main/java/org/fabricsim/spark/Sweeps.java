package org.fabricsim.spark;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.experiment.RunContext;
import org.fabricsim.experiment.RunDirectory;
import org.fabricsim.experiment.SweepPlans;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.io.Progress;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.sweep.SweepPlan;

/**
 * A sweep from an experiment file to its output directory: the plan is built and the master and Spark's
 * security settings ({@link SparkSecurity}) checked on the driver first (a user mistake stops here, before Spark
 * starts and before anything is written), then a Spark session runs the rounds ({@link SweepRunner}), and the
 * files are committed like every run's ({@link RunDirectory}); {@code run.json} records the master, Spark and
 * what protected it, {@code summary.json} does not. Each finished round is kept under the output directory until
 * then, so that an interrupted sweep can be resumed ({@link SweepRounds}).
 */
public final class Sweeps {
    private Sweeps() {
    }

    /**
     * Runs the sweep {@code config} describes into {@code outDir}, keeping each finished round in
     * {@code outDir/rounds} until the results are committed ({@link SweepRounds}).
     *
     * @param settings the {@code --set} settings {@code config} was loaded with (kept for {@code --resume})
     * @param master {@code --master}, or null for {@code spark.master} (spark-submit) or {@code local[*]}
     * @param slices tasks per round, 0 for automatic
     * @param commandLine recorded in {@code run.json}
     * @throws org.fabricsim.InputException for a bad configuration or master, or an interrupted sweep's rounds in
     *     {@code outDir} (nothing written)
     */
    public static void run(ExperimentConfig config, List<String> settings, Path outDir, String master, int slices,
            RunContext context, List<String> commandLine) {
        run(config, settings, outDir, master, slices, context, commandLine, r -> { });
    }

    /** {@link #run} with {@code afterRound} called after each round is kept (tests stop the sweep there). */
    static void run(ExperimentConfig config, List<String> settings, Path outDir, String master, int slices,
            RunContext context, List<String> commandLine, Consumer<FinishedRound> afterRound) {
        String resolved = checkedMaster(master, slices);
        // before the plan builds the points' networks: refuse what the heap cannot hold, at once
        org.fabricsim.experiment.RunMemory.sweep(config, MasterUrl.tasksInThisJvm(resolved)).requireFits();
        SweepPlan plan = SweepPlans.of(config);
        SweepRounds rounds = SweepRounds.fresh(outDir, SweepRecord.of(config, settings, commandLine));
        execute(config, plan, rounds, List.of(), outDir, resolved, slices, context, commandLine, afterRound);
    }

    /**
     * Continues the interrupted sweep in {@code outDir} (docs/OUTPUTS.md, "Interrupted sweeps"): its recorded
     * configuration, from its finished rounds; the results are those the uninterrupted sweep writes.
     *
     * @param file the experiment file restated on the command line, or null
     * @param settings the {@code --set} settings restated, or none
     * @throws org.fabricsim.InputException if there is no interrupted sweep in {@code outDir}, a round is
     *     damaged, or a restated or edited experiment differs from the recorded one (nothing written)
     */
    public static void resume(Path outDir, Path file, List<String> settings, String master, int slices,
            RunContext context) {
        SweepRounds rounds = SweepRounds.resume(outDir);
        ExperimentConfig config = rounds.record().resumed(file, settings, SweepRounds.where(outDir));
        String resolved = checkedMaster(master, slices);
        org.fabricsim.experiment.RunMemory.sweep(config, MasterUrl.tasksInThisJvm(resolved)).requireFits();
        SweepPlan plan = SweepPlans.of(config);
        List<FinishedRound> restored = rounds.read(plan);
        context.console().printf(Locale.ROOT, "%s sweep: resuming in %s after %d finished round%s%n",
                plan.experiment(), outDir, restored.size(), restored.size() == 1 ? "" : "s");
        execute(config, plan, rounds, restored, outDir, resolved, slices, context, rounds.record().commandLine(),
                r -> { });
    }

    /**
     * For the line of an interrupted sweep, from the shutdown hook: keeps no more rounds in this JVM and says
     * which finished rounds {@code outDir} keeps and the command that continues them; null if it keeps none.
     */
    public static String stopKeepingRounds(Path outDir) {
        return SweepRounds.stopKeeping(outDir);
    }

    private static String checkedMaster(String master, int slices) {
        String resolved = MasterUrl.resolve(master);
        if (slices < 0) {
            throw new org.fabricsim.InputException("--slices must be 0 (automatic) or positive (got " + slices + ")");
        }
        SparkSecurity.of(resolved); // a settings mistake is the user's first line, before the master is tried
        MasterUrl.requireReachable(resolved, master != null ? "--master" : "spark.master"); // before anything runs
        return resolved;
    }

    private static void execute(ExperimentConfig config, SweepPlan plan, SweepRounds rounds,
            List<FinishedRound> restored, Path outDir, String master, int slices, RunContext context,
            List<String> commandLine, Consumer<FinishedRound> afterRound) {
        SparkSecurity security = SparkSecurity.of(master);
        boolean plots = config.bool("output.plots");
        Consumer<FinishedRound> keep = r -> {
            rounds.write(r, plan.columns());
            afterRound.accept(r);
        };
        RunDirectory.write(config, plan.experiment(), outDir, commandLine,
                out -> run(plan, restored, keep, master, security, slices, plots, context, out));
        rounds.remove();
    }

    private static Map<String, Object> run(SweepPlan plan, List<FinishedRound> restored,
            Consumer<FinishedRound> keep, String master, SparkSecurity security, int slices, boolean plots,
            RunContext context, OutputDirectory out) throws java.io.IOException {
        SweepResult result;
        Json.Obj run = Json.object().put("master", master);
        try (SparkSessions.Handle spark = SparkSessions.start(master, security)) {
            SweepRunner runner = new SweepRunner(spark.session(), slices);
            long t0 = System.nanoTime();
            try (Progress progress = context.progress(plan.experiment() + " sweep", -1)) {
                result = runner.run(plan, progress, restored, keep);
            }
            run.put("spark_version", spark.session().version())
                    .put("spark_app_id", spark.session().sparkContext().applicationId())
                    .put("spark_security", security.record())
                    .put("default_parallelism", spark.session().sparkContext().defaultParallelism())
                    .put("slices_per_round", runner.slicesPerRound())
                    .put("rounds", result.rounds())
                    .put("rounds_restored", restored.size())
                    .put("spark_start_s", spark.startSeconds())
                    .put("sweep_s", (System.nanoTime() - t0) / 1e9);
        }
        SweepOutputs.write(result, out, plots);
        report(context.console(), result, master, out);
        return run.asMap();
    }

    private static void report(PrintStream o, SweepResult r, String master, OutputDirectory out) {
        SweepPlan plan = r.plan();
        o.printf(Locale.ROOT, "%s sweep: %d points, seed %d, batches of %d (tolerance %s, %d to %d batches), %d trials,"
                + " %d rounds on %s%n", plan.experiment(), plan.points().size(), plan.seed(), plan.rule().batchSize(),
                plan.rule().tolerance(), plan.rule().minBatches(), plan.rule().maxBatches(), r.trials(), r.rounds(),
                master);
        for (SweepResult.PointResult p : r.points()) {
            SampleSummary s = p.aggregate().columns().get(plan.stopColumn()).summary();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                    "  %-22s x=%-8s %7d trials %3d batches (%s)  %s mean %.4g  95%% CI [%.4g, %.4g]",
                    p.point().label(), fmt(p.point().x()), p.aggregate().trials(), p.batches(), p.stop().key(),
                    plan.stopColumn(), s.mean(), s.ciLow(), s.ciHigh()));
            if (plan.columns().contains(SweepOutputs.CONVERGED)) {
                line.append(String.format(Locale.ROOT, "  converged %.4f",
                        p.aggregate().columns().get(SweepOutputs.CONVERGED).mean()));
            }
            p.point().models().forEach((m, v) -> line.append(String.format(Locale.ROOT, "  %s %.4g", m, v)));
            o.println(line);
        }
        o.println("  results in " + out.dir());
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
