package org.fabricsim.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fabricsim.config.Units;

/** The human-readable description printed by {@code fabricsim topology}. */
public final class TopologyReport {
    private TopologyReport() {
    }

    public static List<String> describe(Topology t) {
        List<String> lines = new ArrayList<>();
        lines.add("topology " + t.name() + t.fatTree().map(f -> ": " + f.expression()).orElse(""));
        lines.add("  hosts     " + t.hostCount());
        lines.add("  switches  " + t.switchCount());
        lines.add("  links     " + t.cableCount() + " cables (" + 2 * t.cableCount() + " directed links)");

        Map<Integer, Map<Integer, Integer>> portsByLevel = new TreeMap<>();
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            int connected = 0;
            for (int p = 0; p < t.ports(v); p++) {
                if (t.isConnected(t.port(v, p))) {
                    connected++;
                }
            }
            portsByLevel.computeIfAbsent(t.level(v), k -> new TreeMap<>()).merge(connected, 1, Integer::sum);
        }
        lines.add("  levels    " + (t.maxLevel()) + " switch level" + (t.maxLevel() == 1 ? "" : "s")
                + " (hosts are level 0, leaves level 1)");
        for (Map.Entry<Integer, Map<Integer, Integer>> e : portsByLevel.entrySet()) {
            int count = e.getValue().values().stream().mapToInt(Integer::intValue).sum();
            StringBuilder ports = new StringBuilder();
            if (e.getValue().size() == 1) {
                ports.append(e.getValue().keySet().iterator().next()).append(" connected ports each");
            } else {
                for (Map.Entry<Integer, Integer> p : e.getValue().entrySet()) {
                    ports.append(ports.length() > 0 ? ", " : "").append(p.getValue()).append(" with ")
                            .append(p.getKey());
                }
                ports.append(" connected ports");
            }
            lines.add("    level " + e.getKey() + ": " + count + " switches, " + ports);
        }

        Map<String, Integer> linkKinds = new TreeMap<>();
        Map<Long, Integer> bandwidths = new TreeMap<>();
        Map<Long, Integer> latencies = new TreeMap<>();
        for (int p = 0; p < t.portCount(); p++) {
            int q = t.peerPort(p);
            if (q > p) {
                int a = t.level(t.owner(p));
                int b = t.level(t.owner(q));
                String kind = a == b ? "within level " + a : "level " + Math.min(a, b) + "-" + Math.max(a, b);
                linkKinds.merge(kind, 1, Integer::sum);
                bandwidths.merge(t.bandwidthBps(p), 1, Integer::sum);
                latencies.merge(t.latencyPs(p), 1, Integer::sum);
            }
        }
        linkKinds.forEach((k, n) -> lines.add("    cables " + k + ": " + n));
        lines.add("  bandwidth " + joinUnits(bandwidths, true));
        lines.add("  latency   " + joinUnits(latencies, false));

        Bisection b = Bisection.of(t);
        int half = t.hostCount() / 2;
        lines.add("  bisection " + b.links() + " links, " + Units.formatBandwidth(b.bandwidthBps())
                + " (min cut between hosts " + t.nodeName(0) + ".." + t.nodeName(Math.max(0, half - 1)) + " and "
                + t.nodeName(half) + ".." + t.nodeName(t.hostCount() - 1) + "; "
                + String.format(java.util.Locale.ROOT, "%.2f", b.links() / (double) Math.max(1, half))
                + " links per host of the smaller half)");
        lines.addAll(FatTreeMatch.of(t).describe()); // an imported or hand-written fabric against the nearest XGFT
        return lines;
    }

    private static String joinUnits(Map<Long, Integer> counts, boolean bandwidth) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Long, Integer> e : counts.entrySet()) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(bandwidth ? Units.formatBandwidth(e.getKey()) : Units.formatTime(e.getKey()))
                    .append(" (").append(e.getValue()).append(" cables)");
        }
        return sb.toString();
    }
}
