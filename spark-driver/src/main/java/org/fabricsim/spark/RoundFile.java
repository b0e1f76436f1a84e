package org.fabricsim.spark;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.fabricsim.io.ArrowTable;
import org.fabricsim.io.Json;
import org.fabricsim.sweep.SweepPlan;

/**
 * The file of one finished round of a sweep, {@code rounds/round-NNNNN.arrow} (docs/OUTPUTS.md, "Interrupted
 * sweeps"): the round's trial rows in the {@code trials.arrow} layout, sorted by (point, trial), and in the
 * schema metadata the round's index, each point's state after it ({@code points}, JSON), the identity of the sweep
 * it belongs to ({@code sweep}: {@link SweepRecord#identity}) and a SHA-256 of all of them ({@code sha256}), so a
 * damaged or edited file, or a round of another sweep, is refused rather than resumed from.
 */
final class RoundFile {
    static final String SCHEMA = "fabricsim.sweep_round";
    static final String SCHEMA_VERSION = "2"; // 2: rounds name their sweep

    private RoundFile() {
    }

    static String name(int round) {
        return String.format(Locale.ROOT, "round-%05d.arrow", round);
    }

    static void write(FinishedRound r, List<String> columns, String sweep, Path file) throws IOException {
        TrialRows rows = TrialRows.of(r.rows(), columns.size());
        List<Object> points = new ArrayList<>();
        for (FinishedRound.Outcome o : r.points()) {
            points.add(Json.object().put("point", o.point()).put("mean", o.mean())
                    .put("stopped", o.stop() == null ? null : o.stop().key()).asMap());
        }
        String state = Json.format(points).strip();
        TrialTable.arrow(rows, columns)
                .metadata("schema", SCHEMA)
                .metadata("schema_version", SCHEMA_VERSION)
                .metadata("round", Integer.toString(r.round()))
                .metadata("points", state)
                .metadata("sweep", sweep)
                .metadata("sha256", digest(r.round(), state, sweep, rows))
                .write(file);
    }

    /**
     * Reads round {@code round} of {@code plan} from {@code file} and checks it: readable, this layout and these
     * columns, of the sweep whose identity is {@code sweep}, the digest, and exactly the batch of every point it
     * names (trials round·b … (round+1)·b − 1).
     *
     * @throws Damaged saying what is wrong
     */
    static FinishedRound read(Path file, int round, SweepPlan plan, String sweep) throws Damaged {
        ArrowTable t;
        try {
            t = ArrowTable.read(file);
        } catch (IOException e) {
            throw new Damaged("not a readable Arrow file");
        }
        List<String> layout = new ArrayList<>(List.of(TrialTable.POINT, TrialTable.TRIAL));
        layout.addAll(plan.columns());
        if (!SCHEMA.equals(t.metadata().get("schema")) || !t.columnNames().equals(layout)
                || t.type(TrialTable.POINT) != ArrowTable.Type.INT32
                || layout.stream().skip(1).anyMatch(c -> t.type(c) != ArrowTable.Type.INT64)) {
            throw new Damaged("not a round of this sweep (schema " + t.metadata().get("schema") + ", columns "
                    + t.columnNames() + ")");
        }
        if (!SCHEMA_VERSION.equals(t.metadata().get("schema_version"))
                || !Integer.toString(round).equals(t.metadata().get("round"))) {
            throw new Damaged("schema version " + t.metadata().get("schema_version") + ", round "
                    + t.metadata().get("round") + " (expected " + SCHEMA_VERSION + ", " + round + ")");
        }
        long[][] values = new long[plan.columns().size()][];
        for (int c = 0; c < values.length; c++) {
            values[c] = t.longs(plan.columns().get(c));
        }
        TrialRows rows = new TrialRows(t.ints(TrialTable.POINT), t.longs(TrialTable.TRIAL), values);
        String state = t.metadata().getOrDefault("points", "");
        String of = t.metadata().getOrDefault("sweep", "");
        if (!digest(round, state, of, rows).equals(t.metadata().get("sha256"))) {
            throw new Damaged("its contents do not match their SHA-256");
        }
        if (!of.equals(sweep)) {
            throw new Damaged("a round of another sweep: its configuration, settings or seed are not this one's");
        }
        List<FinishedRound.Outcome> points = outcomes(state, plan);
        checkBatches(rows, points, round, plan.rule().batchSize());
        return new FinishedRound(round, points, rowsOf(rows));
    }

    private static List<FinishedRound.Outcome> outcomes(String state, SweepPlan plan) throws Damaged {
        List<FinishedRound.Outcome> points = new ArrayList<>();
        try {
            for (JsonNode p : Json.parse(state)) {
                int point = p.get("point").intValue();
                if (!p.get("point").isInt() || point < 0 || point >= plan.points().size()
                        || (!points.isEmpty() && point <= points.get(points.size() - 1).point())
                        || !p.get("mean").isNumber()) {
                    throw new Damaged("bad point state " + p);
                }
                JsonNode stopped = p.get("stopped");
                points.add(new FinishedRound.Outcome(point, p.get("mean").doubleValue(),
                        stopped.isNull() ? null : PointState.Stop.ofKey(stopped.asText())));
            }
        } catch (RuntimeException e) { // not JSON, a field missing, an unknown stop
            throw new Damaged("unreadable point states");
        }
        if (points.isEmpty()) {
            throw new Damaged("no point ran in it");
        }
        return points;
    }

    /** The rows must be, in order, each named point's batch {@code round}: nothing missing, nothing else. */
    private static void checkBatches(TrialRows rows, List<FinishedRound.Outcome> points, int round, int batch)
            throws Damaged {
        if (rows.size() != (long) points.size() * batch) {
            throw new Damaged(rows.size() + " trials, not " + points.size() + " × " + batch);
        }
        int i = 0;
        for (FinishedRound.Outcome o : points) {
            for (long trial = (long) round * batch; trial < (long) (round + 1) * batch; trial++, i++) {
                if (rows.point()[i] != o.point() || rows.trial()[i] != trial) {
                    throw new Damaged("row " + i + " is trial " + rows.trial()[i] + " of point " + rows.point()[i]
                            + ", not trial " + trial + " of point " + o.point());
                }
            }
        }
    }

    private static List<Row> rowsOf(TrialRows rows) {
        List<Row> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Object[] v = new Object[rows.values().length + 2];
            v[0] = rows.point()[i];
            v[1] = rows.trial()[i];
            for (int c = 0; c < rows.values().length; c++) {
                v[c + 2] = rows.values()[c][i];
            }
            out.add(RowFactory.create(v));
        }
        return out;
    }

    /** SHA-256 (hex) of the round's index, its point states as written, its sweep, and every row's numbers in order. */
    private static String digest(int round, String state, String sweep, TrialRows rows) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        sha.update((round + "\n" + state + "\n" + sweep + "\n").getBytes(StandardCharsets.UTF_8));
        ByteBuffer b = ByteBuffer.allocate(8 * (2 + rows.values().length));
        for (int i = 0; i < rows.size(); i++) {
            b.clear();
            b.putLong(rows.point()[i]).putLong(rows.trial()[i]);
            for (long[] column : rows.values()) {
                b.putLong(column[i]);
            }
            sha.update(b.array());
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** What is wrong with a round file (the caller names the file). */
    static final class Damaged extends Exception {
        private static final long serialVersionUID = 1L;

        Damaged(String problem) {
            super(problem);
        }
    }
}
