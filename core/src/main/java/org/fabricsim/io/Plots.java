package org.fabricsim.io;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG charts (XChart, headless). Each chart is written to exactly the path the caller gives
 * (normally {@link OutputDirectory#stage(String)}); no extension is appended.
 *
 * <p>Defaults: 800×500 pixels, white background, grid lines, legend inside top-right (outside
 * to the right when there are more than {@value #MAX_INSIDE_LEGEND} series), point markers only
 * on series of at most {@value #MAX_POINTS_WITH_MARKERS} points.
 */
public final class Plots {
    public static final int WIDTH = 800;
    public static final int HEIGHT = 500;
    static final int MAX_INSIDE_LEGEND = 4;
    static final int MAX_POINTS_WITH_MARKERS = 50;
    private static final int MAX_CATEGORY_LABELS = 25;

    private Plots() {
    }

    /** Chart title and axis titles. */
    public record Labels(String title, String xAxis, String yAxis) {
        public Labels {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(xAxis, "xAxis");
            Objects.requireNonNull(yAxis, "yAxis");
        }
    }

    /** One named bar series: height {@code y[i]} at integer position {@code x[i]}. */
    public record Bars(String name, int[] x, double[] y) {
        public Bars {
            Objects.requireNonNull(name, "name");
            if (x.length != y.length) {
                throw new IllegalArgumentException("bar series " + name + ": " + x.length
                        + " x values but " + y.length + " y values");
            }
        }

        /** Bars at x = 0, 1, …, {@code y.length - 1} (e.g. a histogram's probabilities). */
        public static Bars fromZero(String name, double[] y) {
            int[] x = new int[y.length];
            Arrays.setAll(x, i -> i);
            return new Bars(name, x, y);
        }
    }

    /** One named line series: points ({@code x[i]}, {@code y[i]}) joined in the given order. */
    public record Line(String name, double[] x, double[] y) {
        public Line {
            Objects.requireNonNull(name, "name");
            if (x.length != y.length) {
                throw new IllegalArgumentException("line series " + name + ": " + x.length
                        + " x values but " + y.length + " y values");
            }
        }
    }

    /**
     * One named series of estimates with symmetric error bars: {@code y[i] ± error[i]} at {@code x[i]}
     * (e.g. means ± the half-width of their confidence interval).
     */
    public record ErrorBars(String name, double[] x, double[] y, double[] error) {
        public ErrorBars {
            Objects.requireNonNull(name, "name");
            if (x.length != y.length || y.length != error.length) {
                throw new IllegalArgumentException("error-bar series " + name + ": " + x.length + " x, "
                        + y.length + " y and " + error.length + " error values");
            }
        }
    }

    /** Scale of the y axis of a line chart. */
    public enum YScale {
        LINEAR,
        /**
         * Base-10 logarithmic. Points with y ≤ 0 cannot be shown on it and are left out (a series
         * left with no point is left out of the chart).
         */
        LOG
    }

    /**
     * A grouped bar chart (histogram) over integer x values. The x axis shows the union of the
     * series' x values in increasing order; a series without a value at some x has a zero bar
     * there. Non-finite heights are drawn as zero.
     *
     * @throws IllegalArgumentException if there is no series, two series share a name, or a
     *     series has the same x twice
     */
    public static void bars(Path png, Labels labels, List<Bars> series) throws IOException {
        checkSeries(series.stream().map(Bars::name).toList());
        TreeSet<Integer> xs = new TreeSet<>();
        for (Bars b : series) {
            Set<Integer> own = new HashSet<>();
            for (int x : b.x()) {
                if (!own.add(x)) {
                    throw new IllegalArgumentException("bar series " + b.name() + " has x = " + x + " twice");
                }
            }
            xs.addAll(own);
        }
        int[] categories = xs.stream().mapToInt(Integer::intValue).toArray();
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(labels.title()).xAxisTitle(labels.xAxis()).yAxisTitle(labels.yAxis()).build();
        style(chart.getStyler(), series.size());
        chart.getStyler().setAvailableSpaceFill(0.8).setOverlapped(false);
        if (categories.length > MAX_CATEGORY_LABELS) {
            chart.getStyler().setXAxisMaxLabelCount(MAX_CATEGORY_LABELS);
        }
        List<String> xData = Arrays.stream(categories).mapToObj(Integer::toString).toList();
        for (Bars b : series) {
            Double[] yData = new Double[categories.length];
            Arrays.fill(yData, 0.0);
            for (int i = 0; i < b.x().length; i++) {
                double y = b.y()[i];
                yData[Arrays.binarySearch(categories, b.x()[i])] = Double.isFinite(y) ? y : 0.0;
            }
            chart.addSeries(b.name(), xData, Arrays.asList(yData));
        }
        save(chart, png);
    }

    /**
     * A line chart of several named series, optionally with a logarithmic y axis. Points with a
     * non-finite coordinate are left out (and, on a {@link YScale#LOG} axis, points with y ≤ 0).
     *
     * @throws IllegalArgumentException if there is no series or two series share a name
     */
    public static void lines(Path png, Labels labels, List<Line> series, YScale yScale) throws IOException {
        xy(png, labels, List.of(), series, yScale, false, Double.NaN);
    }

    /**
     * {@link #lines(Path, Labels, List, YScale)} on a linear y axis that starts at {@code yMin} (e.g. 0 for
     * rates, so a flat line is not drawn at the bottom of the frame).
     */
    public static void lines(Path png, Labels labels, List<Line> series, double yMin) throws IOException {
        xy(png, labels, List.of(), series, YScale.LINEAR, false, yMin);
    }

    /**
     * A line chart of estimates with error bars (drawn first, e.g. simulated means with their confidence
     * intervals) and plain lines (e.g. model predictions), optionally with a logarithmic y axis. Points with
     * a non-finite coordinate are left out (and, on a {@link YScale#LOG} axis, points with y ≤ 0); a
     * non-finite error is drawn as none, and so, on a log axis, is an error bar that would reach 0 or below
     * (XChart's bars are symmetric; a lower end ≤ 0 cannot be shown). The legend is below the plot, and a log
     * axis has a margin above and below the data, so no point hides behind the legend or on the frame.
     *
     * @throws IllegalArgumentException if there is no series or two series share a name
     */
    public static void estimates(Path png, Labels labels, List<ErrorBars> estimates, List<Line> lines,
            YScale yScale) throws IOException {
        xy(png, labels, estimates, lines, yScale, true, Double.NaN);
    }

    private static void xy(Path png, Labels labels, List<ErrorBars> estimates, List<Line> lines, YScale yScale,
            boolean roomy, double yMin) throws IOException {
        List<String> names = new java.util.ArrayList<>();
        estimates.forEach(e -> names.add(e.name()));
        lines.forEach(l -> names.add(l.name()));
        checkSeries(names);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(labels.title()).xAxisTitle(labels.xAxis()).yAxisTitle(labels.yAxis()).build();
        style(chart.getStyler(), names.size());
        chart.getStyler().setYAxisLogarithmic(yScale == YScale.LOG);
        if (roomy) {
            chart.getStyler().setLegendPosition(LegendPosition.OutsideS);
        }
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        boolean any = false;
        for (ErrorBars e : estimates) {
            double[][] kept = keep(e.x(), e.y(), e.error(), yScale);
            if (kept[0].length == 0) {
                continue;
            }
            for (int i = 0; i < kept[0].length; i++) {
                low = Math.min(low, kept[1][i] - kept[2][i]);
                high = Math.max(high, kept[1][i] + kept[2][i]);
            }
            XYSeries s = chart.addSeries(e.name(), kept[0], kept[1], kept[2]);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            any = true;
        }
        for (Line l : lines) {
            double[][] kept = keep(l.x(), l.y(), null, yScale);
            int n = kept[0].length;
            if (n == 0) {
                continue;
            }
            XYSeries s = chart.addSeries(l.name(), kept[0], kept[1]);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            if (n > MAX_POINTS_WITH_MARKERS) {
                s.setMarker(SeriesMarkers.NONE);
            }
            for (double y : kept[1]) {
                low = Math.min(low, y);
                high = Math.max(high, y);
            }
            any = true;
        }
        if (roomy && any && yScale == YScale.LOG && low > 0) {
            chart.getStyler().setYAxisMin(low / 1.5);
            chart.getStyler().setYAxisMax(high * 1.5);
        }
        if (!Double.isNaN(yMin) && any) {
            chart.getStyler().setYAxisMin(yMin);
        }
        if (!any) {
            // XChart cannot draw a chart without data: show an empty, clearly labelled frame.
            chart.setTitle(labels.title() + " (no data)");
            XYSeries s = chart.addSeries(" ", new double[] {0, 1}, new double[] {1, 1});
            s.setMarker(SeriesMarkers.NONE).setLineColor(new Color(0, 0, 0, 0));
            s.setShowInLegend(false);
            chart.getStyler().setLegendVisible(false);
        }
        save(chart, png);
    }

    /** The points that can be drawn: {x, y, error} (error null: {x, y, empty}). */
    private static double[][] keep(double[] xs, double[] ys, double[] errors, YScale yScale) {
        int n = 0;
        double[] x = new double[xs.length];
        double[] y = new double[xs.length];
        double[] err = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            double xi = xs[i];
            double yi = ys[i];
            if (Double.isFinite(xi) && Double.isFinite(yi) && (yScale == YScale.LINEAR || yi > 0)) {
                x[n] = xi;
                y[n] = yi;
                double e = errors == null ? 0 : Math.abs(errors[i]);
                if (!Double.isFinite(e)) {
                    e = 0;
                }
                if (yScale == YScale.LOG && e >= yi) {
                    e = 0; // the bar's bottom has no place on a log axis
                }
                err[n] = e;
                n++;
            }
        }
        return new double[][] {Arrays.copyOf(x, n), Arrays.copyOf(y, n), Arrays.copyOf(err, n)};
    }

    private static void checkSeries(List<String> names) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a chart needs at least one series");
        }
        if (new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("series names must be distinct: " + names);
        }
    }

    private static void style(AxesChartStyler s, int seriesCount) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderVisible(true);
        s.setPlotGridLinesVisible(true);
        s.setLegendVisible(true);
        s.setLegendPosition(seriesCount > MAX_INSIDE_LEGEND ? LegendPosition.OutsideE : LegendPosition.InsideNE);
        s.setAntiAlias(true);
    }

    private static void save(Chart<?, ?> chart, Path png) throws IOException {
        byte[] bytes = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        Files.write(png, bytes);
    }
}
