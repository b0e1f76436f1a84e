package org.fabricsim.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.fabricsim.io.ArrowTable;

/**
 * The layout of a sweep's per-trial rows, in Spark and in {@code trials.arrow}: {@code point} (int),
 * {@code trial} (long), then one long per kernel column, none nullable.
 */
final class TrialTable {
    static final String POINT = "point";
    static final String TRIAL = "trial";

    private TrialTable() {
    }

    static StructType schema(List<String> columns) {
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField(POINT, DataTypes.IntegerType, false));
        fields.add(DataTypes.createStructField(TRIAL, DataTypes.LongType, false));
        for (String c : columns) {
            if (c.equals(POINT) || c.equals(TRIAL)) {
                throw new IllegalArgumentException("a kernel column may not be called " + c);
            }
            fields.add(DataTypes.createStructField(c, DataTypes.LongType, false));
        }
        return DataTypes.createStructType(fields);
    }

    /** {@code rows} as an Arrow table in this layout: point (int32), trial (int64), one int64 per column. */
    static ArrowTable arrow(TrialRows rows, List<String> columns) {
        ArrowTable t = new ArrowTable().int32(POINT, rows.point()).int64(TRIAL, rows.trial());
        for (int c = 0; c < columns.size(); c++) {
            t.int64(columns.get(c), rows.values()[c]);
        }
        return t;
    }

    /** {@code name} quoted for Spark SQL. */
    static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
