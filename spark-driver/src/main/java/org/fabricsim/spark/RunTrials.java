package org.fabricsim.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.util.LongAccumulator;
import org.fabricsim.sweep.TrialKernel;
import org.fabricsim.sweep.TrialRunner;

/**
 * What an executor does with one slice of a round: for each {@link TrialTask}, opens the point's kernel (once
 * per point and slice) and runs the trials, one row (point, trial, column values…) per trial, in the
 * {@link TrialTable} layout. Trial t's values depend only on the kernel and t (DESIGN.md, "Determinism").
 */
final class RunTrials implements FlatMapFunction<Iterator<TrialTask>, Row> {
    private static final long serialVersionUID = 1L;

    private final List<TrialKernel> kernels; // by point index; plain serialisable data
    private final int columns;
    private final LongAccumulator trialsDone;

    /**
     * @param kernels every point's kernel, by point index
     * @param columns how many values a trial produces
     * @param trialsDone counts finished trials, for the driver's progress bar
     */
    RunTrials(List<TrialKernel> kernels, int columns, LongAccumulator trialsDone) {
        this.kernels = new ArrayList<>(kernels);
        this.columns = columns;
        this.trialsDone = trialsDone;
    }

    @Override
    public Iterator<Row> call(Iterator<TrialTask> tasks) {
        try {
            return run(tasks);
        } catch (OutOfMemoryError e) {
            // as an ordinary task failure: Spark's executor would end the JVM on the error itself, before the
            // command line could clean up and say why
            throw org.fabricsim.memory.OutOfMemory.of(e);
        }
    }

    private Iterator<Row> run(Iterator<TrialTask> tasks) {
        Map<Integer, TrialRunner> runners = new HashMap<>();
        List<Row> rows = new ArrayList<>();
        long[] out = new long[columns];
        while (tasks.hasNext()) {
            TrialTask task = tasks.next();
            TrialRunner runner = runners.computeIfAbsent(task.point(),
                    p -> kernels.get(p).open());
            for (long trial = task.firstTrial(); trial < task.firstTrial() + task.count(); trial++) {
                java.util.Arrays.fill(out, 0);
                runner.run(trial, out);
                Object[] values = new Object[columns + 2];
                values[0] = task.point();
                values[1] = trial;
                for (int c = 0; c < columns; c++) {
                    values[c + 2] = out[c];
                }
                rows.add(RowFactory.create(values));
            }
            trialsDone.add(task.count());
        }
        return rows.iterator();
    }
}
