package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.List;

/**
 * A plot of a sweep beyond the stop column's curve: named series of column means with their 95 % intervals,
 * each sample a (point, column) pair placed at an abscissa and scaled (e.g. parts per million back to a
 * ratio, a count of links to a probability). The runner draws it as {@code <name>.png}.
 *
 * @param name file name without {@code .png}
 * @param title plot title
 * @param xLabel abscissa label
 * @param yLabel ordinate label
 * @param logY whether the ordinate is logarithmic
 * @param series the curves, in legend order
 */
public record SweepFigure(String name, String title, String xLabel, String yLabel, boolean logY, List<Series> series)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    public SweepFigure {
        if (series.isEmpty()) {
            throw new IllegalArgumentException("figure " + name + " has no series");
        }
        series = List.copyOf(series);
    }

    /** One curve: its samples in drawing order. */
    public record Series(String label, List<Sample> samples) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Series {
            samples = List.copyOf(samples);
        }
    }

    /** The mean of {@code column} at point {@code point}, times {@code scale}, drawn at abscissa {@code x}. */
    public record Sample(int point, String column, double x, double scale) implements Serializable {
        private static final long serialVersionUID = 1L;
    }
}
