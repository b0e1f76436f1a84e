package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small real convergence sweeps for the tests, and byte comparisons of their outputs. */
final class SweepFiles {
    private SweepFiles() {
    }

    /**
     * Four points: CLOS(2,2,2), CLOS(3,3,3) and CLOS(4,4,8) at p = 1 (p = 2 for the last), and CLOS(2,2,2) at
     * p = 2, where every permutation fits at once (0 iterations: its mean never moves).
     */
    static final String SMALL = """
            experiment = convergence
            seed = 11
            topology.name = "clos(2,2,2)"
            sweep {
              title = "test sweep"
              x-label = n
              batch-size = 50
              min-batches = 2
              max-batches = 4
              tolerance = 0.02
              points = [
                { x = 2, topology.name = "clos(2,2,2)", convergence.p = 1 }
                { x = 3, topology.name = "clos(3,3,3)", convergence.p = 1 }
                { x = 4, topology.name = "clos(4,4,8)", convergence.p = 2 }
                { x = 5, topology.name = "clos(2,2,2)", convergence.p = 2 }
              ]
            }
            """;

    static Path write(Path dir, String name, String text) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    /** summary.json and trials.arrow of two output directories are the same bytes. */
    static void assertSameResults(Path a, Path b) throws IOException {
        for (String f : new String[] {SweepOutputs.SUMMARY, SweepOutputs.TRIALS}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)),
                    f + " differs between " + a + " and " + b);
        }
    }
}
