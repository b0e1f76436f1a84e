package org.fabricsim.experiment;

import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.stats.ByteBasis;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/** Reads {@code metrics.*}: what a packet-level run measures, and over which window. */
final class MetricsBinding {
    private MetricsBinding() {
    }

    /** The measurement window and bins for a run ending at {@code endPs}; the model reports wire bytes. */
    static MetricsOptions options(ExperimentConfig c, long endPs, PacketParams p) {
        long from = c.time("metrics.window-start");
        long to = c.string("metrics.window-end").equals("end") ? endPs : c.time("metrics.window-end");
        if (from < 0 || to <= from || to > endPs) {
            throw c.error("metrics.window-end", "the window [" + from + " ps, " + to + " ps) must be non-empty and"
                    + " within the run (end time " + endPs + " ps)");
        }
        MetricsOptions m = MetricsOptions.window(from, to).withVirtualLanes(p.virtualLanes());
        if (!c.string("metrics.bin-width").equals("auto")) {
            long w = c.time("metrics.bin-width");
            if (w <= 0) {
                throw c.error("metrics.bin-width", "must be positive (or auto)");
            }
            m = m.withBinWidth(w);
        }
        ByteBasis basis = c.choice("metrics.throughput-bytes", List.of("payload", "wire")).equals("wire")
                ? ByteBasis.WIRE : ByteBasis.PAYLOAD;
        m = m.withBytes(basis, ByteBasis.WIRE, p.overheadBytes());
        m = m.withLatencyHistograms(m.latencyDigits(), m.latencyResolutionPs(),
                c.integer("metrics.max-latency-histograms", 0, Integer.MAX_VALUE));
        long adaptationBin = c.time("metrics.adaptation-bin-width");
        if (adaptationBin <= 0) {
            throw c.error("metrics.adaptation-bin-width", "must be positive");
        }
        // how packet order is counted: D120's late packets, or the gaps of seed 001's simulator's sink (D218)
        boolean gaps = c.choice("metrics.reorder-count", List.of("late", "gaps")).equals("gaps");
        return m.withReorder(reorder(c), adaptationBin).withReorderGaps(gaps);
    }

    /**
     * {@code metrics.reorder}: {@code on}, {@code off}, or {@code auto} = on exactly when the switches route
     * adaptively ({@code packet.adaptive-routing.mode} not {@code static}), so static runs keep their outputs.
     */
    static boolean reorder(ExperimentConfig c) {
        return switch (c.choice("metrics.reorder", List.of("auto", "on", "off"))) {
            case "on" -> true;
            case "off" -> false;
            default -> PacketRoutingBinding.adaptiveRouting(c).mode() != AdaptiveRouting.Mode.STATIC;
        };
    }

    /**
     * The metrics of a run of {@code schedule} (the same in the sequential run and in every part of a
     * partitioned one): {@link #options}, the flows' start and stop times and, for a permutation sequence,
     * each flow's permutation.
     */
    /** The hosts of {@code metrics.ccti-hosts}, or the distinct sources of the first 8 flows. */
    private static int[] cctiHosts(ExperimentConfig c, Topology t, FlowSchedule schedule) {
        java.util.LinkedHashSet<Integer> hosts = new java.util.LinkedHashSet<>();
        for (String name : c.strings("metrics.ccti-hosts")) {
            int h = t.findNode(name.trim());
            if (h < 0) {
                throw c.error("metrics.ccti-hosts", "no node '" + name.trim() + "' in " + t.name());
            }
            if (!t.isHost(h)) {
                throw c.error("metrics.ccti-hosts", "'" + name.trim() + "' is a switch, not a host");
            }
            hosts.add(h);
        }
        if (c.strings("metrics.ccti-hosts").isEmpty()) {
            int[] src = schedule.flows().src();
            for (int f = 0; f < src.length && hosts.size() < 8; f++) {
                hosts.add(src[f]);
            }
        }
        return hosts.stream().mapToInt(Integer::intValue).toArray();
    }

    static PacketMetrics metrics(ExperimentConfig c, Topology t, FlowSchedule schedule, long endPs, PacketParams p,
            long seed) {
        PacketMetrics m = new PacketMetrics(t, schedule.flows(), options(c, endPs, p)).flowTimes(schedule.startPs(),
                schedule.stopPs());
        int[] permutationOf = PacketBinding.permutationOf(c, t, seed);
        if (permutationOf != null) {
            m.permutations(permutationOf, schedule.after(), c.integer("packet.permutation-sequence", 1, 1_000_000));
        }
        if (c.string("packet.traffic").equals("messages")) {
            m.messageSources();
        }
        if (c.bool("packet.cc.enabled")) {
            m.congestionControl(cctiHosts(c, t, schedule));
        }
        if (c.bool("packet.isolation.enabled")) {
            m.isolation();
        }
        long message = c.size("metrics.message-size");
        if (message > 0) {
            // seed 001's simulator's message latency (D221): sized flows of full packets, cut into messages
            if (!c.string("packet.traffic").equals("flows")) {
                throw c.error("metrics.message-size", "cuts flows into messages: packet.traffic must be flows");
            }
            if (message % p.mtuBytes() != 0 || message > Integer.MAX_VALUE) {
                throw c.error("metrics.message-size", "must be a whole number of packets (packet.mtu = "
                        + p.mtuBytes() + " B), got " + message + " B");
            }
            m.messageLatency((int) message, p.mtuBytes(), schedule.bytes());
        }
        return m;
    }
}
