package org.fabricsim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.fabricsim.io.Plots.Bars;
import org.fabricsim.io.Plots.Labels;
import org.fabricsim.io.Plots.Line;
import org.fabricsim.io.Plots.YScale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotsTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    @TempDir
    Path tmp;

    private static void assertPngAt(Path file) throws IOException {
        assertTrue(Files.isRegularFile(file), file + " exists");
        byte[] bytes = Files.readAllBytes(file);
        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(bytes, PNG_MAGIC.length));
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(Plots.WIDTH, image.getWidth());
        assertEquals(Plots.HEIGHT, image.getHeight());
    }

    private Set<String> files() throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    @Test
    void barChartIsWrittenAtExactlyTheStagedPath() throws IOException {
        try (OutputDirectory out = OutputDirectory.open(tmp)) {
            Path staged = out.stage("link-load.png");
            Plots.bars(staged, new Labels("Probability of link load", "flows per link", "probability"),
                    List.of(Bars.fromZero("up links", new double[] {0.3, 0.5, 0.2}),
                            new Bars("down links", new int[] {1, 3}, new double[] {0.6, 0.4})));
            assertPngAt(staged);
            assertEquals(Set.of(".link-load.png.partial"), files(), "no extension appended");
            out.commit();
        }
        assertPngAt(tmp.resolve("link-load.png"));
    }

    @Test
    void manyCategoriesAndNonFiniteHeights() throws IOException {
        double[] p = new double[300];
        Arrays.setAll(p, i -> Math.exp(-i / 30.0));
        p[7] = Double.NaN;
        Path file = tmp.resolve("hist.png");
        Plots.bars(file, new Labels("t", "x", "y"), List.of(Bars.fromZero("h", p)));
        assertPngAt(file);
    }

    @Test
    void lineChartWithLogarithmicAxisAcceptsZerosAndNaN() throws IOException {
        int n = 2000;
        double[] x = new double[n];
        double[] fast = new double[n];
        double[] slow = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            fast[i] = Math.exp(-i / 100.0);
            slow[i] = 1.0 / (1 + i);
        }
        fast[n - 1] = 0; // not representable on a log axis
        fast[n - 2] = -1;
        slow[5] = Double.NaN;
        Path file = tmp.resolve("convergence.png");
        Plots.lines(file, new Labels("Unconverged fraction", "iteration", "fraction"),
                List.of(new Line("fast", x, fast), new Line("slow", x, slow),
                        new Line("short", new double[] {1, 2, 3}, new double[] {0.5, 0.25, 0.125})),
                YScale.LOG);
        assertPngAt(file);
    }

    @Test
    void lineChartWithManySeriesAndLinearAxis() throws IOException {
        List<Line> series = new java.util.ArrayList<>();
        for (int s = 0; s < 6; s++) {
            int k = s;
            double[] x = {0, 1, 2, 3};
            double[] y = Arrays.stream(x).map(v -> v * k - 2).toArray();
            series.add(new Line("series " + s, x, y));
        }
        Path file = tmp.resolve("lines.png");
        Plots.lines(file, new Labels("t", "x", "y"), series, YScale.LINEAR);
        assertPngAt(file);
    }

    @Test
    void aLogChartWithNothingDrawableIsStillAPicture() throws IOException {
        Path file = tmp.resolve("none.png");
        Plots.lines(file, new Labels("t", "x", "y"),
                List.of(new Line("zeros", new double[] {1, 2}, new double[] {0, 0})), YScale.LOG);
        assertPngAt(file);
    }

    @Test
    void badSeriesAreRejected() {
        Labels l = new Labels("t", "x", "y");
        assertThrows(IllegalArgumentException.class, () -> new Line("a", new double[2], new double[3]));
        assertThrows(IllegalArgumentException.class, () -> new Bars("a", new int[2], new double[3]));
        assertThrows(IllegalArgumentException.class, () -> Plots.lines(tmp.resolve("a.png"), l, List.of(),
                YScale.LINEAR));
        Line a = new Line("same", new double[] {1}, new double[] {1});
        assertThrows(IllegalArgumentException.class, () -> Plots.lines(tmp.resolve("b.png"), l, List.of(a, a),
                YScale.LINEAR));
        assertThrows(IllegalArgumentException.class, () -> Plots.bars(tmp.resolve("c.png"), l,
                List.of(new Bars("dup x", new int[] {1, 1}, new double[] {1, 2}))));
    }

    @Test
    void estimatesWithErrorBarsAndModelLines() throws IOException {
        double[] x = {2, 3, 4, 6, 8};
        double[] mean = {1.0, 7.0, 40.0, 0.5, 900.0};
        double[] half = {0.1, 1.5, 12.0, 0.9, Double.NaN}; // 0.5 ± 0.9 reaches below 0; NaN: no bar
        double[] model = {1.2, 6.0, Double.NaN, 1.0, 800.0};
        for (YScale scale : YScale.values()) {
            Path file = tmp.resolve("estimates-" + scale + ".png");
            Plots.estimates(file, new Labels("Convergence", "n", "iterations"),
                    List.of(new Plots.ErrorBars("simulated", x, mean, half)),
                    List.of(new Line("last-step", x, model)), scale);
            assertPngAt(file);
        }
        assertThrows(IllegalArgumentException.class,
                () -> new Plots.ErrorBars("a", new double[2], new double[2], new double[1]));
        assertThrows(IllegalArgumentException.class, () -> Plots.estimates(tmp.resolve("d.png"),
                new Labels("t", "x", "y"), List.of(new Plots.ErrorBars("s", x, mean, half)),
                List.of(new Line("s", x, model)), YScale.LINEAR));
    }
}
