package org.fabricsim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrowTableTest {
    @TempDir
    Path tmp;

    private static final int ROWS = 150_000; // three record batches of at most 65 536 rows

    private static final String[] WORDS = {"", "a", "µs", "fat tree", "Ünïcödé ✓", "x,y\n\"z\""};

    private record Data(int[] i32, long[] i64, double[] f64, String[] s, boolean[] b) {
    }

    private static Data data(int rows, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] i32 = new int[rows];
        long[] i64 = new long[rows];
        double[] f64 = new double[rows];
        String[] s = new String[rows];
        boolean[] b = new boolean[rows];
        for (int i = 0; i < rows; i++) {
            i32[i] = r.nextInt();
            i64[i] = r.nextLong();
            f64[i] = r.nextDouble() * 1e6 - 5e5;
            s[i] = r.nextInt(10) == 0 ? null : WORDS[r.nextInt(WORDS.length)] + i;
            b[i] = r.nextBoolean();
        }
        // Edge values somewhere in the middle batch.
        int m = rows / 2;
        i32[m] = Integer.MIN_VALUE;
        i32[m + 1] = Integer.MAX_VALUE;
        i64[m] = Long.MIN_VALUE;
        i64[m + 1] = Long.MAX_VALUE;
        f64[m] = Double.NaN;
        f64[m + 1] = Double.POSITIVE_INFINITY;
        f64[m + 2] = Double.NEGATIVE_INFINITY;
        f64[m + 3] = -0.0;
        f64[m + 4] = Double.MIN_VALUE;
        return new Data(i32, i64, f64, s, b);
    }

    private static ArrowTable table(Data d) {
        return new ArrowTable()
                .metadata("schema_version", "1")
                .metadata("units", "time in ps")
                .int32("port", d.i32())
                .int64("time", d.i64(), Map.of("unit", "ps"))
                .float64("throughput", d.f64(), Map.of("unit", "Gb/s", "note", "per link"))
                .utf8("pattern", d.s())
                .bool("converged", d.b());
    }

    @Test
    void roundTripOfEveryColumnTypeOverSeveralBatches() throws IOException {
        Data d = data(ROWS, 42);
        Path file = tmp.resolve("t.arrow");
        table(d).write(file);

        try (RootAllocator a = new RootAllocator();
                FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
                ArrowFileReader reader = new ArrowFileReader(ch, a)) {
            assertEquals(3, reader.getRecordBlocks().size(), "150 000 rows in batches of 65 536");
        }

        ArrowTable back = ArrowTable.read(file);
        assertEquals(ROWS, back.rowCount());
        assertEquals(List.of("port", "time", "throughput", "pattern", "converged"), back.columnNames());
        assertEquals(ArrowTable.Type.INT32, back.type("port"));
        assertEquals(ArrowTable.Type.INT64, back.type("time"));
        assertEquals(ArrowTable.Type.FLOAT64, back.type("throughput"));
        assertEquals(ArrowTable.Type.UTF8, back.type("pattern"));
        assertEquals(ArrowTable.Type.BOOL, back.type("converged"));
        assertArrayEquals(d.i32(), back.ints("port"));
        assertArrayEquals(d.i64(), back.longs("time"));
        assertArrayEquals(d.f64(), back.doubles("throughput")); // bitwise: NaN, -0.0 kept
        assertArrayEquals(d.s(), back.strings("pattern"));
        assertArrayEquals(d.b(), back.booleans("converged"));

        assertEquals(Map.of("schema_version", "1", "units", "time in ps"), back.metadata());
        assertEquals(Map.of(), back.columnMetadata("port"));
        assertEquals(Map.of("unit", "ps"), back.columnMetadata("time"));
        assertEquals(Map.of("unit", "Gb/s", "note", "per link"), back.columnMetadata("throughput"));
        assertEquals(table(d), back);
    }

    @Test
    void smallBatchesAndBatchBoundaries() throws IOException {
        for (int rows : new int[] {1, 2, 3, 4, 7}) {
            Data d = data(rows + 10, rows);
            ArrowTable t = new ArrowTable()
                    .int64("v", Arrays.copyOf(d.i64(), rows))
                    .utf8("s", Arrays.copyOf(d.s(), rows));
            Path file = tmp.resolve("small" + rows + ".arrow");
            t.write(file, 3);
            assertEquals(t, ArrowTable.read(file), "rows=" + rows);
        }
    }

    @Test
    void aTableWithoutRowsKeepsItsSchema() throws IOException {
        Path file = tmp.resolve("empty.arrow");
        new ArrowTable().int32("a", new int[0]).utf8("b", new String[0], Map.of("unit", "-")).write(file);
        ArrowTable back = ArrowTable.read(file);
        assertEquals(0, back.rowCount());
        assertEquals(List.of("a", "b"), back.columnNames());
        assertEquals(Map.of("unit", "-"), back.columnMetadata("b"));
    }

    @Test
    void identicalTablesGiveIdenticalBytes() throws IOException {
        Data d = data(ROWS, 7);
        Path first = tmp.resolve("1.arrow");
        Path second = tmp.resolve("2.arrow");
        table(d).write(first);
        table(data(ROWS, 7)).write(second);
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));

        // Metadata given in another order is the same metadata.
        Map<String, String> ab = new LinkedHashMap<>();
        ab.put("unit", "ps");
        ab.put("alpha", "1");
        Map<String, String> ba = new LinkedHashMap<>();
        ba.put("alpha", "1");
        ba.put("unit", "ps");
        Path third = tmp.resolve("3.arrow");
        Path fourth = tmp.resolve("4.arrow");
        new ArrowTable().metadata(ab).int32("x", new int[] {1, 2}, ab).write(third);
        new ArrowTable().metadata(ba).int32("x", new int[] {1, 2}, ba).write(fourth);
        assertArrayEquals(Files.readAllBytes(third), Files.readAllBytes(fourth));

        // ... and a different value gives different bytes.
        Path fifth = tmp.resolve("5.arrow");
        new ArrowTable().metadata(ba).int32("x", new int[] {1, 3}, ba).write(fifth);
        assertFalse(Arrays.equals(Files.readAllBytes(fourth), Files.readAllBytes(fifth)));
    }

    @Test
    void addedArraysAreCopied() throws IOException {
        int[] v = {1, 2, 3};
        ArrowTable t = new ArrowTable().int32("v", v);
        v[0] = 99;
        Path file = tmp.resolve("c.arrow");
        t.write(file);
        assertArrayEquals(new int[] {1, 2, 3}, ArrowTable.read(file).ints("v"));
    }

    @Test
    void builderMisuseIsAProgrammingError() {
        ArrowTable t = new ArrowTable().int32("a", new int[3]);
        assertThrows(IllegalArgumentException.class, () -> t.int64("b", new long[2]), "length mismatch");
        assertThrows(IllegalArgumentException.class, () -> t.float64("a", new double[3]), "duplicate");
        assertThrows(IllegalArgumentException.class, () -> t.bool("", new boolean[3]), "empty name");
        assertThrows(IllegalArgumentException.class, () -> t.longs("a"), "wrong type");
        assertThrows(IllegalArgumentException.class, () -> t.ints("nope"), "unknown column");
        assertThrows(IllegalArgumentException.class, () -> t.write(tmp.resolve("x.arrow"), 0));
        assertThrows(IllegalStateException.class, () -> new ArrowTable().write(tmp.resolve("y.arrow")));
        assertEquals(3, t.rowCount());
    }

    @Test
    void readingSomethingElseIsAnIOException() throws IOException {
        Path file = tmp.resolve("not.arrow");
        Files.writeString(file, "this is not an Arrow file, just some text long enough");
        assertThrows(IOException.class, () -> ArrowTable.read(file));
    }
}
