package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.List;

/**
 * A whole sweep, built on the driver from an experiment file: its points, what each trial reports, which
 * column the stopping rule watches, and how to plot it.
 *
 * @param experiment the experiment kind, e.g. {@code convergence}
 * @param title plot title
 * @param xLabel abscissa label
 * @param yLabel ordinate label (the stop column's mean)
 * @param logY whether the ordinate is logarithmic
 * @param points the points, in order
 * @param columns per-trial columns (every point's kernel has these)
 * @param stopColumn the column whose mean the stopping rule watches and the plot shows
 * @param rule the stopping rule
 * @param seed the master seed
 * @param figures plots drawn instead of the stop column's curve; empty: that curve (with the models)
 */
public record SweepPlan(String experiment, String title, String xLabel, String yLabel, boolean logY,
        List<SweepPoint> points, List<String> columns, String stopColumn, StoppingRule rule, long seed,
        List<SweepFigure> figures) implements Serializable {
    /** A plan plotted as the stop column's curve. */
    public SweepPlan(String experiment, String title, String xLabel, String yLabel, boolean logY,
            List<SweepPoint> points, List<String> columns, String stopColumn, StoppingRule rule, long seed) {
        this(experiment, title, xLabel, yLabel, logY, points, columns, stopColumn, rule, seed, List.of());
    }

    public SweepPlan {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one point");
        }
        if (!columns.contains(stopColumn)) {
            throw new IllegalArgumentException("stop column " + stopColumn + " is not one of " + columns);
        }
        points = List.copyOf(points);
        columns = List.copyOf(columns);
        figures = List.copyOf(figures);
        for (SweepFigure f : figures) {
            for (SweepFigure.Series s : f.series()) {
                for (SweepFigure.Sample x : s.samples()) {
                    if (!columns.contains(x.column()) || x.point() < 0 || x.point() >= points.size()) {
                        throw new IllegalArgumentException("figure " + f.name() + " samples column " + x.column()
                                + " at point " + x.point() + ", which the plan does not have");
                    }
                }
            }
        }
    }
}
