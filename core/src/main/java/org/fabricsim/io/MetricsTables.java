package org.fabricsim.io;

import org.fabricsim.stats.LatencySummary;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;

/**
 * What the Arrow tables of a packet-level run's metrics share: the schema metadata every one starts with (its
 * name and version, the window, the throughput basis), and the latency columns of {@code flows.arrow} and
 * {@code receivers.arrow}.
 */
final class MetricsTables {
    private static final String SCHEMA_VERSION = "1";

    private MetricsTables() {
    }

    /** A new table with the metadata every one has: its schema name and version, the window, the basis. */
    static ArrowTable table(String schema, PacketMetrics m) {
        MetricsOptions o = m.options();
        return new ArrowTable()
                .metadata("schema", schema)
                .metadata("schema_version", SCHEMA_VERSION)
                .metadata("window_start_ps", Long.toString(o.windowStartPs()))
                .metadata("window_end_ps", Long.toString(o.windowEndPs()))
                .metadata("throughput_basis", o.throughputBasis().key());
    }

    /** Appends {@code latency_min_ns, _mean_ns, _p50_ns, _p90_ns, _p99_ns, _p999_ns, _max_ns}, a row per summary. */
    static ArrowTable latencyColumns(ArrowTable table, LatencySummary[] rows) {
        int n = rows.length;
        double[][] c = new double[7][n];
        for (int i = 0; i < n; i++) {
            LatencySummary l = rows[i];
            double[] v = {l.minNs(), l.meanNs(), l.p50Ns(), l.p90Ns(), l.p99Ns(), l.p999Ns(), l.maxNs()};
            for (int k = 0; k < v.length; k++) {
                c[k][i] = v[k];
            }
        }
        return table.float64("latency_min_ns", c[0]).float64("latency_mean_ns", c[1])
                .float64("latency_p50_ns", c[2]).float64("latency_p90_ns", c[3])
                .float64("latency_p99_ns", c[4]).float64("latency_p999_ns", c[5])
                .float64("latency_max_ns", c[6]);
    }
}
