package org.fabricsim.io;

import static org.fabricsim.io.MetricsTables.table;
import static org.fabricsim.io.PacketMetricsFiles.MAX_SUMMARY_FLOWS;

import java.util.Map;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.stats.ReceiverAggregates;
import org.fabricsim.stats.ReorderMeter;
import org.fabricsim.stats.SampleSummary;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * The packet order files of a packet-level run (seed 001 Table II): {@code reorder.arrow} (per receiving host)
 * and the {@code summary.json} block {@code reorder}. Order per flow is in {@code flows.arrow}
 * ({@link FlowMetricsFiles}).
 */
final class ReorderMetricsFiles {
    private ReorderMetricsFiles() {
    }

    /** {@code reorder.arrow}: one row per host, in host order (seed 001 Table II per receiver). */
    static ArrowTable reorderTable(PacketMetrics m) {
        Topology t = m.topology();
        ReorderMeter r = m.reorder();
        int h = t.hostCount();
        int[] host = new int[h];
        String[] name = new String[h];
        boolean[] counted = new boolean[h];
        long[] packets = new long[h];
        long[] in = new long[h];
        long[] out = new long[h];
        double[] ratio = new double[h];
        double[] window = new double[h];
        int[] windowMax = new int[h];
        double[] gbps = m.receiverGbps();
        double[] goodput = m.receiverGoodputGbps();
        for (int i = 0; i < h; i++) {
            host[i] = i;
            name[i] = t.nodeName(i);
            packets[i] = m.receiverLatency(i).count();
            counted[i] = packets[i] > 0;
            in[i] = r.inOrder(i);
            out[i] = r.outOfOrder(i);
            ratio[i] = r.ratio(i);
            window[i] = r.meanWindow(i);
            windowMax[i] = r.maxWindow(i);
        }
        return table("fabricsim.reorder", m)
                .int32("host", host).utf8("name", name).bool("counted", counted).int64("packets", packets)
                .int64("in_order_packets", in).int64("out_of_order_packets", out).float64("ooo_ratio", ratio)
                .float64("ooo_window_mean", window).int32("ooo_window_max", windowMax).float64("gbps", gbps)
                .float64("goodput_gbps", goodput);
    }

    /** The {@code reorder} block: packet order, goodput, seed 001 Table II's aggregates over the receivers. */
    static Map<String, Object> summary(PacketMetrics m) {
        ReorderMeter r = m.reorder();
        ReceiverAggregates a = m.receiverAggregates();
        long in = r.inOrder();
        long out = r.outOfOrder();
        double goodput = 0;
        for (double g : m.receiverGoodputGbps()) {
            goodput += g;
        }
        FlowSet flows = m.flows();
        double[] flowGoodput = new double[flows.size()];
        int active = 0;
        for (int f = 0; f < flows.size(); f++) {
            if (m.isActive(f)) {
                flowGoodput[active++] = m.flowGoodputGbps(f);
            }
        }
        Json.Obj s = Json.object()
                .put("receivers", a.receivers())
                .put("receivers_with_ooo", a.receiversWithOoo())
                .put("in_order_packets", in)
                .put("out_of_order_packets", out)
                .put("ooo_ratio", r.ratio())
                .put("ooo_window_mean", r.meanWindow())
                .put("ooo_window_max", r.maxWindow())
                .putIfNotNull("ooo_count", r.countsGaps() ? "gaps" : null) // D218; absent: D120's count
                .put("goodput_gbps", goodput)
                .put("avg_of_avg_gbps", a.avgOfAvgGbps())
                .put("min_of_avg_gbps", a.minOfAvgGbps())
                .put("avg_of_avg_goodput_gbps", a.avgOfAvgGoodputGbps())
                .put("min_of_avg_goodput_gbps", a.minOfAvgGoodputGbps())
                .put("avg_of_avg_latency_ns", a.avgOfAvgLatencyNs())
                .put("max_of_max_latency_ns", a.maxOfMaxLatencyNs())
                .put("avg_of_avg_ooo_ratio", a.avgOfAvgOooRatio())
                .put("max_of_avg_ooo_ratio", a.maxOfAvgOooRatio())
                .put("avg_of_avg_ooo_window", a.avgOfAvgOooWindow())
                .put("max_of_avg_ooo_window", a.maxOfAvgOooWindow())
                .put("flow_goodput_gbps", SampleSummary.of(java.util.Arrays.copyOf(flowGoodput, active)).toJson());
        if (flows.size() <= MAX_SUMMARY_FLOWS) {
            double[] all = new double[flows.size()];
            for (int f = 0; f < all.length; f++) {
                all[f] = m.flowGoodputGbps(f);
            }
            s.put("flow_goodput_gbps_values", all);
        }
        return s.asMap();
    }
}
