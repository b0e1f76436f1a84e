package org.fabricsim.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A small column-oriented table, written as an Arrow IPC <em>file</em> ({@code *.arrow}) and read
 * back for tests and tools.
 *
 * <p>Build it column by column from whole arrays, all of the same length:
 *
 * <pre>{@code
 * new ArrowTable()
 *     .metadata("schema", "trials/1")
 *     .int64("trial", trials)
 *     .float64("iterations", iters, Map.of("unit", "iterations"))
 *     .utf8("pattern", names)
 *     .write(out.stage("trials.arrow"));
 * }</pre>
 *
 * <p>Column types: {@link Type#INT32} (signed 32 bit), {@link Type#INT64}, {@link Type#FLOAT64},
 * {@link Type#UTF8} (the only nullable type: a {@code null} element is an Arrow null) and
 * {@link Type#BOOL}. The numeric and boolean columns are declared non-nullable. Arrays are copied
 * when added. Schema-level and per-column metadata are string maps (units, a schema version);
 * they are stored with their keys sorted, so the order they were given in does not matter.
 *
 * <p>The output is a pure function of the table: the same columns, values and metadata give the
 * same bytes (nothing time-dependent is written). Rows are written in record batches of at most
 * {@link #DEFAULT_BATCH_ROWS} rows so large tables never need one huge vector.
 *
 * <p>Not thread-safe. A misuse of the builder (duplicate column name, length mismatch, unknown
 * column) is a programming error and throws {@link IllegalArgumentException}.
 */
public final class ArrowTable {
    /** Rows per record batch unless told otherwise. */
    public static final int DEFAULT_BATCH_ROWS = 65_536;

    /** The column types this table supports. */
    public enum Type {
        INT32, INT64, FLOAT64, UTF8, BOOL
    }

    private record Column(String name, Type type, Object values, SortedMap<String, String> metadata) {
        int length() {
            return switch (type) {
                case INT32 -> ((int[]) values).length;
                case INT64 -> ((long[]) values).length;
                case FLOAT64 -> ((double[]) values).length;
                case UTF8 -> ((String[]) values).length;
                case BOOL -> ((boolean[]) values).length;
            };
        }
    }

    private final Map<String, Column> columns = new LinkedHashMap<>();
    private final SortedMap<String, String> metadata = new TreeMap<>();
    private int rowCount = -1; // -1: no column yet

    /** An empty table (no columns, no metadata). */
    public ArrowTable() {
    }

    // ---------------------------------------------------------------------------------------
    // Building

    /** Sets one schema-level metadata entry (replacing an earlier value for the same key). */
    public ArrowTable metadata(String key, String value) {
        metadata.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Sets several schema-level metadata entries. */
    public ArrowTable metadata(Map<String, String> entries) {
        entries.forEach(this::metadata);
        return this;
    }

    public ArrowTable int32(String name, int[] values) {
        return int32(name, values, Map.of());
    }

    public ArrowTable int32(String name, int[] values, Map<String, String> columnMetadata) {
        return add(name, Type.INT32, values.clone(), columnMetadata);
    }

    public ArrowTable int64(String name, long[] values) {
        return int64(name, values, Map.of());
    }

    public ArrowTable int64(String name, long[] values, Map<String, String> columnMetadata) {
        return add(name, Type.INT64, values.clone(), columnMetadata);
    }

    public ArrowTable float64(String name, double[] values) {
        return float64(name, values, Map.of());
    }

    public ArrowTable float64(String name, double[] values, Map<String, String> columnMetadata) {
        return add(name, Type.FLOAT64, values.clone(), columnMetadata);
    }

    /** A UTF-8 string column; {@code null} elements become Arrow nulls. */
    public ArrowTable utf8(String name, String[] values) {
        return utf8(name, values, Map.of());
    }

    public ArrowTable utf8(String name, String[] values, Map<String, String> columnMetadata) {
        return add(name, Type.UTF8, values.clone(), columnMetadata);
    }

    public ArrowTable bool(String name, boolean[] values) {
        return bool(name, values, Map.of());
    }

    public ArrowTable bool(String name, boolean[] values, Map<String, String> columnMetadata) {
        return add(name, Type.BOOL, values.clone(), columnMetadata);
    }

    private ArrowTable add(String name, Type type, Object values, Map<String, String> columnMetadata) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("column name must not be empty");
        }
        if (columns.containsKey(name)) {
            throw new IllegalArgumentException("duplicate column name: " + name);
        }
        SortedMap<String, String> meta = new TreeMap<>();
        columnMetadata.forEach((k, v) -> meta.put(Objects.requireNonNull(k, "metadata key"),
                Objects.requireNonNull(v, "metadata value")));
        Column c = new Column(name, type, values, Collections.unmodifiableSortedMap(meta));
        if (rowCount >= 0 && c.length() != rowCount) {
            throw new IllegalArgumentException("column " + name + " has " + c.length()
                    + " rows but the table has " + rowCount);
        }
        rowCount = c.length();
        columns.put(name, c);
        return this;
    }

    // ---------------------------------------------------------------------------------------
    // Inspecting

    /** Number of rows (0 for a table without columns). */
    public int rowCount() {
        return Math.max(rowCount, 0);
    }

    /** Column names in order. */
    public List<String> columnNames() {
        return List.copyOf(columns.keySet());
    }

    public Type type(String column) {
        return column(column).type();
    }

    /** Schema-level metadata, keys sorted. */
    public Map<String, String> metadata() {
        return Collections.unmodifiableSortedMap(metadata);
    }

    /** Metadata of one column, keys sorted. */
    public Map<String, String> columnMetadata(String column) {
        return column(column).metadata();
    }

    /** A copy of an {@link Type#INT32} column. */
    public int[] ints(String column) {
        return ((int[]) column(column, Type.INT32).values()).clone();
    }

    /** A copy of an {@link Type#INT64} column. */
    public long[] longs(String column) {
        return ((long[]) column(column, Type.INT64).values()).clone();
    }

    /** A copy of a {@link Type#FLOAT64} column. */
    public double[] doubles(String column) {
        return ((double[]) column(column, Type.FLOAT64).values()).clone();
    }

    /** A copy of a {@link Type#UTF8} column (nulls as {@code null}). */
    public String[] strings(String column) {
        return ((String[]) column(column, Type.UTF8).values()).clone();
    }

    /** A copy of a {@link Type#BOOL} column. */
    public boolean[] booleans(String column) {
        return ((boolean[]) column(column, Type.BOOL).values()).clone();
    }

    private Column column(String name) {
        Column c = columns.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no column " + name + "; columns: " + columns.keySet());
        }
        return c;
    }

    private Column column(String name, Type type) {
        Column c = column(name);
        if (c.type() != type) {
            throw new IllegalArgumentException("column " + name + " is " + c.type() + ", not " + type);
        }
        return c;
    }

    // ---------------------------------------------------------------------------------------
    // Writing

    /** The Arrow schema of this table. */
    public Schema schema() {
        List<Field> fields = new ArrayList<>(columns.size());
        for (Column c : columns.values()) {
            ArrowType t = switch (c.type()) {
                case INT32 -> new ArrowType.Int(32, true);
                case INT64 -> new ArrowType.Int(64, true);
                case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
                case UTF8 -> ArrowType.Utf8.INSTANCE;
                case BOOL -> ArrowType.Bool.INSTANCE;
            };
            boolean nullable = c.type() == Type.UTF8;
            Map<String, String> meta = c.metadata().isEmpty() ? null : c.metadata();
            fields.add(new Field(c.name(), new FieldType(nullable, t, null, meta), null));
        }
        return new Schema(fields, metadata.isEmpty() ? null : metadata);
    }

    /** Writes the table to {@code file} (created or truncated) as an Arrow IPC file. */
    public void write(Path file) throws IOException {
        write(file, DEFAULT_BATCH_ROWS);
    }

    /** Writes with record batches of at most {@code batchRows} rows. */
    public void write(Path file, int batchRows) throws IOException {
        if (batchRows <= 0) {
            throw new IllegalArgumentException("batchRows must be positive: " + batchRows);
        }
        if (columns.isEmpty()) {
            throw new IllegalStateException("an Arrow table needs at least one column");
        }
        Column[] cols = columns.values().toArray(new Column[0]);
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
                FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
                ArrowFileWriter writer = new ArrowFileWriter(root, null, channel)) {
            writer.start();
            int rows = rowCount();
            for (int from = 0; from < rows; from += batchRows) {
                int n = Math.min(batchRows, rows - from);
                for (int j = 0; j < cols.length; j++) {
                    fill(root.getVector(j), cols[j], from, n);
                }
                root.setRowCount(n);
                writer.writeBatch();
            }
            writer.end();
        }
    }

    private static void fill(FieldVector vector, Column c, int from, int n) {
        switch (c.type()) {
            case INT32 -> {
                IntVector v = (IntVector) vector;
                int[] a = (int[]) c.values();
                v.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    v.set(i, a[from + i]);
                }
            }
            case INT64 -> {
                BigIntVector v = (BigIntVector) vector;
                long[] a = (long[]) c.values();
                v.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    v.set(i, a[from + i]);
                }
            }
            case FLOAT64 -> {
                Float8Vector v = (Float8Vector) vector;
                double[] a = (double[]) c.values();
                v.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    v.set(i, a[from + i]);
                }
            }
            case BOOL -> {
                BitVector v = (BitVector) vector;
                boolean[] a = (boolean[]) c.values();
                v.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    v.set(i, a[from + i] ? 1 : 0);
                }
            }
            case UTF8 -> {
                VarCharVector v = (VarCharVector) vector;
                String[] a = (String[]) c.values();
                byte[][] bytes = new byte[n][];
                long total = 0;
                for (int i = 0; i < n; i++) {
                    String s = a[from + i];
                    if (s != null) {
                        bytes[i] = s.getBytes(StandardCharsets.UTF_8);
                        total += bytes[i].length;
                    }
                }
                v.allocateNew(Math.max(total, 1), n);
                for (int i = 0; i < n; i++) {
                    if (bytes[i] == null) {
                        v.setNull(i);
                    } else {
                        v.setSafe(i, bytes[i]);
                    }
                }
            }
        }
        vector.setValueCount(n);
    }

    // ---------------------------------------------------------------------------------------
    // Reading

    /**
     * Reads an Arrow IPC file whose columns all have one of the supported {@link Type}s (for
     * tests and tools; the whole table is loaded into memory).
     *
     * @throws IOException if the file cannot be read, is not an Arrow IPC file, has a column of
     *     another type, or has a null in a non-string column
     */
    public static ArrowTable read(Path file) throws IOException {
        try {
            return readArrow(file);
        } catch (RuntimeException e) { // Arrow reports malformed input with unchecked exceptions
            throw new IOException(file + ": not a readable Arrow IPC file: " + e.getMessage(), e);
        }
    }

    private static ArrowTable readArrow(Path file) throws IOException {
        try (BufferAllocator allocator = new RootAllocator();
                FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            Schema schema = root.getSchema();
            List<Field> fields = schema.getFields();
            Type[] types = new Type[fields.size()];
            for (int j = 0; j < types.length; j++) {
                types[j] = typeOf(file, fields.get(j));
            }
            long total = 0;
            List<Object[]> batches = new ArrayList<>();
            while (reader.loadNextBatch()) {
                int n = root.getRowCount();
                total += n;
                if (total > Integer.MAX_VALUE - 8) {
                    throw new IOException(file + ": too many rows to load into memory");
                }
                Object[] batch = new Object[types.length];
                for (int j = 0; j < types.length; j++) {
                    batch[j] = extract(file, fields.get(j).getName(), types[j], root.getVector(j), n);
                }
                batches.add(batch);
            }
            ArrowTable table = new ArrowTable();
            if (schema.getCustomMetadata() != null) {
                table.metadata(schema.getCustomMetadata());
            }
            for (int j = 0; j < types.length; j++) {
                Field f = fields.get(j);
                Map<String, String> meta = f.getMetadata() == null ? Map.of() : f.getMetadata();
                table.add(f.getName(), types[j], concat(types[j], batches, j, (int) total), meta);
            }
            return table;
        }
    }

    private static Type typeOf(Path file, Field f) throws IOException {
        ArrowType t = f.getType();
        if (t instanceof ArrowType.Int i && i.getIsSigned() && i.getBitWidth() == 32) {
            return Type.INT32;
        }
        if (t instanceof ArrowType.Int i && i.getIsSigned() && i.getBitWidth() == 64) {
            return Type.INT64;
        }
        if (t instanceof ArrowType.FloatingPoint fp && fp.getPrecision() == FloatingPointPrecision.DOUBLE) {
            return Type.FLOAT64;
        }
        if (t instanceof ArrowType.Utf8) {
            return Type.UTF8;
        }
        if (t instanceof ArrowType.Bool) {
            return Type.BOOL;
        }
        throw new IOException(file + ": column " + f.getName() + " has unsupported Arrow type " + t);
    }

    private static Object extract(Path file, String name, Type type, FieldVector vector, int n)
            throws IOException {
        if (type != Type.UTF8 && vector.getNullCount() > 0) {
            throw new IOException(file + ": column " + name + " (" + type + ") contains nulls");
        }
        switch (type) {
            case INT32: {
                IntVector v = (IntVector) vector;
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v.get(i);
                }
                return a;
            }
            case INT64: {
                BigIntVector v = (BigIntVector) vector;
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v.get(i);
                }
                return a;
            }
            case FLOAT64: {
                Float8Vector v = (Float8Vector) vector;
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v.get(i);
                }
                return a;
            }
            case BOOL: {
                BitVector v = (BitVector) vector;
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v.get(i) != 0;
                }
                return a;
            }
            case UTF8: {
                VarCharVector v = (VarCharVector) vector;
                String[] a = new String[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v.isNull(i) ? null : new String(v.get(i), StandardCharsets.UTF_8);
                }
                return a;
            }
            default:
                throw new AssertionError(type);
        }
    }

    private static Object concat(Type type, List<Object[]> batches, int column, int total) {
        Object out = switch (type) {
            case INT32 -> new int[total];
            case INT64 -> new long[total];
            case FLOAT64 -> new double[total];
            case UTF8 -> new String[total];
            case BOOL -> new boolean[total];
        };
        int at = 0;
        for (Object[] batch : batches) {
            Object part = batch[column];
            int len = java.lang.reflect.Array.getLength(part);
            System.arraycopy(part, 0, out, at, len);
            at += len;
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ArrowTable[").append(rowCount()).append(" rows");
        for (Column c : columns.values()) {
            sb.append(", ").append(c.name()).append(':').append(c.type());
        }
        return sb.append(']').toString();
    }

    /** Whether two tables have the same columns (names, types, values, metadata) and metadata. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ArrowTable other) || !metadata.equals(other.metadata)
                || !columnNames().equals(other.columnNames())) {
            return false;
        }
        for (Column c : columns.values()) {
            Column d = other.columns.get(c.name());
            if (c.type() != d.type() || !c.metadata().equals(d.metadata())
                    || !Arrays.deepEquals(new Object[] {c.values()}, new Object[] {d.values()})) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = metadata.hashCode();
        for (Column c : columns.values()) {
            h = 31 * h + c.name().hashCode();
            h = 31 * h + Arrays.deepHashCode(new Object[] {c.values()});
        }
        return h;
    }
}
