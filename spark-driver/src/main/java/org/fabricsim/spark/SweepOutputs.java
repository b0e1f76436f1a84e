package org.fabricsim.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabricsim.io.ArrowTable;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.io.Plots;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.sweep.SweepFigure;
import org.fabricsim.sweep.SweepPlan;
import org.fabricsim.sweep.SweepPoint;

/**
 * The files of a sweep (docs/OUTPUTS.md, "Sweeps"): {@code summary.json}, {@code trials.arrow} and the plot
 * of the stop column ({@code <stop column>.png}). Nothing here names the master, the slicing or a time, so
 * the files are the same bytes wherever the sweep ran.
 */
final class SweepOutputs {
    static final String SCHEMA_VERSION = "1";
    static final String SUMMARY = "summary.json";
    static final String TRIALS = "trials.arrow";
    /** The kernel column whose mean is reported as the converged fraction, when a kernel has it. */
    static final String CONVERGED = "converged";

    private SweepOutputs() {
    }

    /** Stages every file of {@code r} in {@code out}; the plot only if {@code plots}. */
    static void write(SweepResult r, OutputDirectory out, boolean plots) throws IOException {
        Json.write(out.stage(SUMMARY), summary(r));
        table(r).write(out.stage(TRIALS));
        if (plots) {
            plot(r, out);
        }
    }

    static String plotName(SweepPlan plan) {
        return plan.stopColumn() + ".png";
    }

    /** The PNG files a sweep writes: its figures', or the stop column's curve. */
    static List<String> plotNames(SweepPlan plan) {
        return plan.figures().isEmpty() ? List.of(plotName(plan))
                : plan.figures().stream().map(f -> f.name() + ".png").toList();
    }

    static Map<String, Object> summary(SweepResult r) {
        SweepPlan plan = r.plan();
        List<Object> points = new ArrayList<>();
        for (SweepResult.PointResult p : r.points()) {
            points.add(point(plan, p));
        }
        return Json.object()
                .put("schema_version", SCHEMA_VERSION)
                .put("experiment", plan.experiment())
                .put("title", plan.title())
                .put("x_label", plan.xLabel())
                .put("y_label", plan.yLabel())
                .put("log_y", plan.logY())
                .put("seed", plan.seed())
                .put("columns", plan.columns())
                .put("stop_column", plan.stopColumn())
                .put("stopping_rule", Json.object()
                        .put("batch_size", plan.rule().batchSize())
                        .put("tolerance", plan.rule().tolerance())
                        .put("min_batches", plan.rule().minBatches())
                        .put("max_batches", plan.rule().maxBatches())
                        .asMap())
                .put("trials", r.trials())
                .put("points", points)
                .asMap();
    }

    private static Map<String, Object> point(SweepPlan plan, SweepResult.PointResult p) {
        SweepPoint sp = p.point();
        Map<String, Object> columns = new LinkedHashMap<>();
        p.aggregate().columns().forEach((name, a) -> columns.put(name, a.summary().toJson()));
        Json.Obj o = Json.object()
                .put("index", sp.index())
                .put("label", sp.label())
                .put("x", sp.x())
                .put("settings", sp.settings())
                .put("trials", p.aggregate().trials())
                .put("batches", p.batches())
                .put("stopped", p.stop().key())
                .put("batch_means", p.batchMeans());
        if (plan.columns().contains(CONVERGED)) {
            o.put("converged", p.aggregate().columns().get(CONVERGED).mean());
        }
        return o.put("columns", columns)
                .put("histogram", p.histogram().toJson(plan.stopColumn()))
                .put("models", new LinkedHashMap<>(sp.models()))
                .asMap();
    }

    /** {@code trials.arrow}: point (int32), trial (int64), one int64 per kernel column; rows by (point, trial). */
    static ArrowTable table(SweepResult r) {
        SweepPlan plan = r.plan();
        List<String> labels = plan.points().stream().map(SweepPoint::label).toList();
        return TrialTable.arrow(r.rows(), plan.columns())
                .metadata("schema", "fabricsim.sweep_trials")
                .metadata("schema_version", SCHEMA_VERSION)
                .metadata("experiment", plan.experiment())
                .metadata("stop_column", plan.stopColumn())
                .metadata("point_labels", Json.format(labels).strip());
    }

    /** The plan's figures, or else the stop column's mean with its 95 % interval against x and one line per model. */
    private static void plot(SweepResult r, OutputDirectory out) throws IOException {
        SweepPlan plan = r.plan();
        if (!plan.figures().isEmpty()) {
            for (SweepFigure f : plan.figures()) {
                figure(r, f, out);
            }
            return;
        }
        List<SweepResult.PointResult> byX = new ArrayList<>(r.points());
        byX.sort(Comparator.comparingDouble((SweepResult.PointResult p) -> p.point().x())
                .thenComparingInt(p -> p.point().index()));
        int n = byX.size();
        double[] x = new double[n];
        double[] mean = new double[n];
        double[] half = new double[n];
        Set<String> models = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            SampleSummary s = byX.get(i).aggregate().columns().get(plan.stopColumn()).summary();
            x[i] = byX.get(i).point().x();
            mean[i] = s.mean();
            half[i] = s.ciHigh() - s.mean();
            models.addAll(byX.get(i).point().models().keySet());
        }
        List<Plots.Line> lines = new ArrayList<>();
        for (String m : models) {
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                Double v = byX.get(i).point().models().get(m);
                y[i] = v == null ? Double.NaN : v;
            }
            lines.add(new Plots.Line(m, x, y));
        }
        Plots.estimates(out.stage(plotName(plan)), new Plots.Labels(plan.title(), plan.xLabel(), plan.yLabel()),
                List.of(new Plots.ErrorBars("simulated (95% CI)", x, mean, half)), lines,
                plan.logY() ? Plots.YScale.LOG : Plots.YScale.LINEAR);
    }

    /** Each series: per sample, scale × (column mean ± the half-width of its 95 % interval) at its abscissa. */
    private static void figure(SweepResult r, SweepFigure f, OutputDirectory out) throws IOException {
        List<Plots.ErrorBars> bars = new ArrayList<>();
        for (SweepFigure.Series s : f.series()) {
            int n = s.samples().size();
            double[] x = new double[n];
            double[] y = new double[n];
            double[] half = new double[n];
            for (int i = 0; i < n; i++) {
                SweepFigure.Sample sample = s.samples().get(i);
                SampleSummary sum = r.points().get(sample.point()).aggregate().columns().get(sample.column()).summary();
                x[i] = sample.x();
                y[i] = sample.scale() * sum.mean();
                half[i] = sample.scale() * (sum.ciHigh() - sum.mean());
            }
            bars.add(new Plots.ErrorBars(s.label(), x, y, half));
        }
        Plots.estimates(out.stage(f.name() + ".png"), new Plots.Labels(f.title(), f.xLabel(), f.yLabel()), bars,
                List.of(), f.logY() ? Plots.YScale.LOG : Plots.YScale.LINEAR);
    }
}
