package org.fabricsim.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The Spark SQL aggregations of a sweep, over a table of trials in the {@link TrialTable} layout. Per point
 * and column: {@code count(*)}, {@code sum(CAST(c AS DECIMAL(38,0)))}, the same of {@code c * c}, {@code min},
 * {@code max} and {@code percentile(c, array(0.05, 0.25, 0.5, 0.75, 0.95))}: integer sums and exact
 * percentiles (not {@code approx_percentile}), so nothing depends on partitioning or summation order. Means
 * and variances are derived on the driver ({@link ColumnAggregate#summary()}). Histograms are a
 * {@code GROUP BY point, value}.
 */
final class PointAggregates {
    static final double[] PERCENTILES = {0.05, 0.25, 0.50, 0.75, 0.95};
    private static final int FIELDS_PER_COLUMN = 5;

    private PointAggregates() {
    }

    /** Aggregates of {@code points} (every column), by point index. */
    static Map<Integer, PointAggregate> of(Dataset<Row> trials, List<String> columns, Collection<Integer> points) {
        List<Column> aggs = new ArrayList<>();
        for (String c : columns) {
            String q = TrialTable.quote(c);
            String exact = "CAST(" + q + " AS DECIMAL(38,0))";
            aggs.add(expr("sum(" + exact + ")"));
            aggs.add(expr("sum(" + exact + " * " + exact + ")"));
            aggs.add(expr("min(" + q + ")"));
            aggs.add(expr("max(" + q + ")"));
            aggs.add(expr("percentile(" + q + ", array(0.05, 0.25, 0.5, 0.75, 0.95))"));
        }
        List<Row> rows = trials.where(col(TrialTable.POINT).isin(points.toArray()))
                .groupBy(TrialTable.POINT)
                .agg(count(lit(1)), aggs.toArray(Column[]::new))
                .collectAsList();
        Map<Integer, PointAggregate> out = new TreeMap<>();
        for (Row r : rows) {
            int point = r.getInt(0);
            long n = r.getLong(1);
            Map<String, ColumnAggregate> byColumn = new LinkedHashMap<>();
            for (int j = 0; j < columns.size(); j++) {
                int f = 2 + j * FIELDS_PER_COLUMN;
                List<Object> p = r.getList(f + 4);
                double[] percentiles = new double[p.size()];
                for (int i = 0; i < percentiles.length; i++) {
                    percentiles[i] = ((Number) p.get(i)).doubleValue();
                }
                byColumn.put(columns.get(j), new ColumnAggregate(n, exact(r, f, columns.get(j)),
                        exact(r, f + 1, columns.get(j)), r.getLong(f + 2), r.getLong(f + 3), percentiles));
            }
            out.put(point, new PointAggregate(point, n, byColumn));
        }
        return out;
    }

    private static BigInteger exact(Row r, int field, String column) {
        if (r.isNullAt(field)) { // Spark's non-ANSI mode turns a DECIMAL(38,0) overflow into null
            throw new ArithmeticException("the sums of column " + column + " exceed 38 digits");
        }
        BigDecimal d = r.getDecimal(field);
        return d.toBigIntegerExact();
    }

    /** The distribution of {@code column} at every point of {@code trials}, by point index. */
    static Map<Integer, ValueCounts> histograms(Dataset<Row> trials, String column) {
        List<Row> rows = trials.groupBy(col(TrialTable.POINT), col(column)).count().collectAsList();
        Map<Integer, TreeMap<Long, Long>> byPoint = new TreeMap<>();
        for (Row r : rows) {
            byPoint.computeIfAbsent(r.getInt(0), p -> new TreeMap<>()).put(r.getLong(1), r.getLong(2));
        }
        Map<Integer, ValueCounts> out = new TreeMap<>();
        byPoint.forEach((point, counts) -> {
            long[] values = new long[counts.size()];
            long[] n = new long[counts.size()];
            int i = 0;
            for (Map.Entry<Long, Long> e : counts.entrySet()) {
                values[i] = e.getKey();
                n[i] = e.getValue();
                i++;
            }
            out.put(point, new ValueCounts(values, n));
        });
        return out;
    }
}
