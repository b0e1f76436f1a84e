package org.fabricsim.spark;

import java.util.Map;
import org.fabricsim.io.Json;

/**
 * Exact distribution of one column at one point: the distinct values in increasing order and how many
 * trials had each.
 */
record ValueCounts(long[] values, long[] counts) {
    ValueCounts {
        if (values.length != counts.length) {
            throw new IllegalArgumentException(values.length + " values but " + counts.length + " counts");
        }
    }

    long total() {
        long t = 0;
        for (long c : counts) {
            t += c;
        }
        return t;
    }

    Map<String, Object> toJson(String column) {
        return Json.object().put("column", column).put("values", values).put("counts", counts).asMap();
    }
}
