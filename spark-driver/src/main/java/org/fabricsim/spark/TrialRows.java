package org.fabricsim.spark;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;

/**
 * A sweep's per-trial rows on the driver, sorted by (point, trial), column by column.
 *
 * @param point point index of each row
 * @param trial trial index of each row
 * @param values values[c][i]: kernel column c of row i
 */
record TrialRows(int[] point, long[] trial, long[][] values) {
    int size() {
        return point.length;
    }

    /** Rows in the {@link TrialTable} layout, in any order, sorted here. */
    static TrialRows of(List<Row> rows, int columns) {
        Row[] sorted = rows.toArray(Row[]::new);
        Arrays.sort(sorted, (a, b) -> a.getInt(0) != b.getInt(0) ? Integer.compare(a.getInt(0), b.getInt(0))
                : Long.compare(a.getLong(1), b.getLong(1)));
        int n = sorted.length;
        int[] point = new int[n];
        long[] trial = new long[n];
        long[][] values = new long[columns][n];
        for (int i = 0; i < n; i++) {
            Row r = sorted[i];
            point[i] = r.getInt(0);
            trial[i] = r.getLong(1);
            for (int c = 0; c < columns; c++) {
                values[c][i] = r.getLong(c + 2);
            }
            if (i > 0 && point[i] == point[i - 1] && trial[i] == trial[i - 1]) {
                throw new IllegalStateException("trial " + trial[i] + " of point " + point[i] + " twice");
            }
        }
        return new TrialRows(point, trial, values);
    }
}
