package org.fabricsim.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.LongAccumulator;
import org.fabricsim.io.Progress;
import org.fabricsim.sweep.StoppingRule;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.SweepPoint;
import org.fabricsim.sweep.TrialKernel;

/**
 * Runs a {@link SweepPlan} on Spark, in rounds (docs/SPARK.md). Round k is one Spark job: for every point not
 * yet done, the trials of its batch k (k·batch … (k+1)·batch − 1), as {@link TrialTask}s spread over about
 * {@code slices} tasks; executors run them ({@link RunTrials}) and return one row per trial. The rows of all
 * rounds stay cached in Spark; after each round Spark SQL aggregates every active point over all its trials
 * ({@link PointAggregates}) and the driver applies the stopping rule to the stop column's mean
 * ({@link PointState}); the finished round (its rows, collected on the driver, and the points' states) goes to
 * a listener, which keeps it ({@link SweepRounds}). When every point is done: the stop column's histograms, and
 * all rows, sorted by (point, trial). A resumed sweep starts from the rounds kept, without running them again.
 *
 * <p>Nothing in the result depends on the master, the number of executors or slices, or the order tasks
 * finish: trials depend only on (kernel, trial index), aggregates are exact, and rows are sorted.
 */
public final class SweepRunner {
    /** Round results cached in Spark beyond this many are merged into one cached table. */
    static final int MAX_CACHED_PARTS = 16;

    private final SparkSession spark;
    private final int slices;
    private final int maxCachedParts;

    /**
     * @param spark the session to run on (not stopped here)
     * @param slices tasks per round; 0: four per core Spark offers ({@code defaultParallelism})
     */
    public SweepRunner(SparkSession spark, int slices) {
        this(spark, slices, MAX_CACHED_PARTS);
    }

    /** With round tables merged as soon as there are more than {@code maxCachedParts} (tests). */
    SweepRunner(SparkSession spark, int slices, int maxCachedParts) {
        if (slices < 0 || maxCachedParts < 1) {
            throw new IllegalArgumentException("bad slices " + slices + " or maxCachedParts " + maxCachedParts);
        }
        this.spark = spark;
        this.slices = slices;
        this.maxCachedParts = maxCachedParts;
    }

    /** Tasks per round this runner uses. */
    public int slicesPerRound() {
        return slices > 0 ? slices : 4 * Math.max(1, spark.sparkContext().defaultParallelism());
    }

    /** Runs the sweep; {@code progress} counts trials (its total grows as points need more batches). */
    SweepResult run(SweepPlan plan, Progress progress) {
        return run(plan, progress, List.of(), r -> { });
    }

    /**
     * Runs the sweep from where {@code restored} left it (a resumed sweep; empty: from the start), handing every
     * round it finishes to {@code finished} before the next begins. Restored rounds are not run again: their rows
     * join the cached table and their points' states are taken as recorded, so the rounds that follow are those
     * an uninterrupted sweep runs.
     *
     * @param restored rounds 0 … k − 1, as {@link SweepRounds#read} checked them against {@code plan}
     */
    SweepResult run(SweepPlan plan, Progress progress, List<FinishedRound> restored, Consumer<FinishedRound> finished) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        StoppingRule rule = plan.rule();
        int batch = rule.batchSize();
        int perRound = slicesPerRound();
        StructType schema = TrialTable.schema(plan.columns());
        List<TrialKernel> kernels = plan.points().stream().map(SweepPoint::kernel).toList();
        LongAccumulator trialsDone = jsc.sc().longAccumulator("fabricsim trials");
        RunTrials runTrials = new RunTrials(kernels, plan.columns().size(), trialsDone);

        List<PointState> states = plan.points().stream().map(PointState::new).toList();
        List<Row> collected = new ArrayList<>(); // every round's rows, on the driver, for trials.arrow
        for (FinishedRound r : restored) {
            r.points().forEach(o -> states.get(o.point()).restore(o.mean(), o.stop()));
            collected.addAll(r.rows());
        }
        long planned = Math.max((long) states.size() * batch * rule.minBatches(),
                states.stream().mapToLong(s -> s.plannedTrials(rule)).sum());
        progress.total(planned);
        List<Dataset<Row>> parts = new ArrayList<>();
        Dataset<Row> all = null;
        int round = restored.size();
        try {
            if (!collected.isEmpty()) {
                jsc.setJobDescription("fabricsim " + plan.experiment() + ": " + round + " restored rounds");
                Dataset<Row> old = spark.createDataFrame(jsc.parallelize(collected, perRound), schema)
                        .persist(StorageLevel.MEMORY_AND_DISK());
                old.count();
                parts.add(old);
                all = old;
                progress.stepBy(collected.size());
            }
            while (states.stream().anyMatch(s -> !s.done())) {
                List<Integer> active = states.stream().filter(s -> !s.done()).map(s -> s.point.index()).toList();
                List<TrialTask> tasks = TrialTask.round(active, round, batch, perRound);
                jsc.setJobDescription(String.format(Locale.ROOT, "fabricsim %s round %d: %d trials of %d points",
                        plan.experiment(), round, (long) active.size() * batch, active.size()));
                trialsDone.reset();
                JavaRDD<Row> rows = jsc.parallelize(tasks, Math.min(perRound, tasks.size())).mapPartitions(runTrials);
                Dataset<Row> roundRows = spark.createDataFrame(rows, schema).persist(StorageLevel.MEMORY_AND_DISK());
                parts.add(roundRows);
                List<Row> roundList;
                try (ProgressPoller poller = new ProgressPoller(progress, trialsDone, (long) active.size() * batch)) {
                    roundList = roundRows.collectAsList(); // the round's one job: runs the trials into Spark's cache
                }
                collected.addAll(roundList);
                if (parts.size() > maxCachedParts) {
                    Dataset<Row> merged = union(parts).persist(StorageLevel.MEMORY_AND_DISK());
                    merged.count();
                    parts.forEach(Dataset::unpersist);
                    parts.clear();
                    parts.add(merged);
                }
                all = union(parts);
                jsc.setJobDescription("fabricsim " + plan.experiment() + " round " + round + ": aggregates");
                Map<Integer, PointAggregate> aggregates = PointAggregates.of(all, plan.columns(), active);
                List<FinishedRound.Outcome> outcomes = new ArrayList<>();
                for (int p : active) {
                    PointState s = states.get(p);
                    s.afterBatch(aggregates.get(p), plan.stopColumn(), rule);
                    outcomes.add(new FinishedRound.Outcome(p, s.lastMean(), s.stop()));
                }
                finished.accept(new FinishedRound(round, outcomes, roundList));
                planned = Math.max(planned, states.stream().mapToLong(s -> s.plannedTrials(rule)).sum());
                progress.total(planned);
                round++;
            }
            List<Integer> unaggregated = states.stream().filter(s -> s.aggregate() == null)
                    .map(s -> s.point.index()).toList();
            if (!unaggregated.isEmpty()) { // points done before the resumed rounds: aggregated once, over all
                jsc.setJobDescription("fabricsim " + plan.experiment() + ": aggregates of restored points");
                Map<Integer, PointAggregate> aggregates = PointAggregates.of(all, plan.columns(), unaggregated);
                unaggregated.forEach(p -> states.get(p).restoreAggregate(aggregates.get(p), rule));
            }
            jsc.setJobDescription("fabricsim " + plan.experiment() + ": histograms");
            Map<Integer, ValueCounts> histograms = PointAggregates.histograms(all, plan.stopColumn());
            TrialRows rows = TrialRows.of(collected, plan.columns().size());
            List<SweepResult.PointResult> points = new ArrayList<>();
            for (PointState s : states) {
                points.add(new SweepResult.PointResult(s.point, s.batches(), s.stop(), s.means(), s.aggregate(),
                        histograms.get(s.point.index())));
            }
            return new SweepResult(plan, points, rows, round);
        } finally {
            parts.forEach(Dataset::unpersist);
            jsc.setJobDescription(null);
        }
    }

    private static Dataset<Row> union(List<Dataset<Row>> parts) {
        Dataset<Row> u = parts.get(0);
        for (int i = 1; i < parts.size(); i++) {
            u = u.union(parts.get(i));
        }
        return u;
    }

    /**
     * Moves the progress bar while a round runs: the trials executors reported done (an accumulator, updated
     * as tasks finish), capped at the round's size; on close, exactly the round's size.
     */
    private static final class ProgressPoller implements AutoCloseable {
        private final Progress progress;
        private final LongAccumulator done;
        private final long roundTrials;
        private final long base;
        private final Thread thread;
        private volatile boolean running = true;

        ProgressPoller(Progress progress, LongAccumulator done, long roundTrials) {
            this.progress = progress;
            this.done = done;
            this.roundTrials = roundTrials;
            this.base = progress.current();
            this.thread = new Thread(this::poll, "fabricsim-progress");
            thread.setDaemon(true);
            thread.start();
        }

        private void poll() {
            while (running) {
                advanceTo(Math.min(done.value(), roundTrials));
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        private synchronized void advanceTo(long doneInRound) {
            long step = base + doneInRound - progress.current();
            if (step > 0) {
                progress.stepBy(step);
            }
        }

        @Override
        public void close() {
            running = false;
            thread.interrupt();
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            advanceTo(roundTrials);
        }
    }
}
