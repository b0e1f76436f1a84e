package org.fabricsim.experiment;

import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.fabricsim.ib.traffic.MessageTraffic;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.Collective;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.HotspotForest;
import org.fabricsim.traffic.HpccTrace;
import org.fabricsim.traffic.PatternKind;

/**
 * Binds the message-level traffic of seed 002 (the congestion forests, Papers IV–VI, and the HPCC trace kernels
 * of Paper VI, {@code packet.traffic}, {@code packet.trace.*}) and seed 004's OSU collectives
 * ({@code packet.collective.*}) to the packet model's traffic.
 */
public final class MessageTrafficBinding {
    private static final List<String> TRAFFIC = List.of("flows", "messages", "trace", "collective");

    private MessageTrafficBinding() {
    }

    /** Refuses explicit flows or a permutation sequence beside {@code what}, which replaces them. */
    private static void alone(ExperimentConfig c, String what) {
        if (!c.elements(PacketBinding.FLOWS, PacketBinding.FLOW_KEYS).isEmpty()
                || c.integer("packet.permutation-sequence", 0, 1_000_000) > 0) {
            throw c.error("packet.traffic", what + (what.equals("messages") ? " replace" : " replaces") + " packet.flows and packet.permutation-sequence: give one");
        }
    }

    /**
     * With {@code packet.traffic = collective}: an OSU collective latency test ({@code packet.collective.*}, seed
     * 004 §IV-C) with every host a rank, in host order; else null.
     */
    public static Collective collective(ExperimentConfig c, Topology t) {
        if (!c.choice("packet.traffic", TRAFFIC).equals("collective")) {
            return null;
        }
        String p = "packet.collective.";
        alone(c, "a collective");
        Collective.Operation operation = PacketBinding.choose(c, p + "operation", Collective.Operation.values(),
                Collective.Operation::key);
        Collective.Algorithm algorithm = PacketBinding.choose(c, p + "algorithm", Collective.Algorithm.values(),
                Collective.Algorithm::key);
        if (!Collective.fits(operation, algorithm)) {
            throw c.error(p + "algorithm", operation.key() + " has no " + algorithm.key() + " algorithm (alltoall:"
                    + " pairwise or linear; allgather and allreduce: ring)");
        }
        int hosts = t.hostCount();
        if (hosts < 2) {
            throw c.error("topology.name", "a collective needs at least 2 hosts");
        }
        return new Collective(operation, algorithm, java.util.stream.IntStream.range(0, hosts).toArray(),
                PacketBinding.sizeInt(c, p + "message-size", 1, Integer.MAX_VALUE / 2),
                PacketBinding.sizeInt(c, p + "rendezvous-threshold", 1, Integer.MAX_VALUE),
                c.integer(p + "iterations", 1, 1_000_000), c.integer(p + "skip", 0, 1_000_000));
    }

    /**
     * With {@code packet.traffic = trace}: an HPCC kernel's messages ({@code packet.trace.*}, seed 002 Paper VI's
     * SC1–SC3, Paper III's network tests) with its hot senders; else null. {@code seed} draws the random rings.
     */
    public static HpccTrace trace(ExperimentConfig c, Topology t, long seed) {
        if (!c.choice("packet.traffic", TRAFFIC).equals("trace")) {
            return null;
        }
        String p = "packet.trace.";
        alone(c, "a trace");
        HpccTrace.Kernel kernel = PacketBinding.choose(c, p + "kernel", HpccTrace.Kernel.values(), HpccTrace.Kernel::key);
        int hosts = t.hostCount();
        boolean even = c.choice(p + "ranks", List.of("all", "even")).equals("even");
        List<String> senderNames = c.strings(p + "hot-sender-hosts");
        int hot = senderNames.isEmpty() ? c.integer(p + "hot-senders", 0, hosts) : senderNames.size();
        int[] hotSenders = new int[hot];
        boolean[] sending = new boolean[hosts];
        if (!senderNames.isEmpty()) {
            for (int i = 0; i < hot; i++) {
                hotSenders[i] = host(c, t, p + "hot-sender-hosts", i, senderNames.get(i));
            }
        } else if (even) {
            // SC2: the kernel on the even hosts, hot senders among the odd ones, first first
            if (hot > hosts / 2) {
                throw c.error(p + "hot-senders", "at most the " + hosts / 2 + " odd hosts with ranks = even");
            }
            for (int i = 0; i < hot; i++) {
                hotSenders[i] = 2 * i + 1;
            }
        } else {
            // SC3: the last hosts send to the hotspots and run no rank
            for (int i = 0; i < hot; i++) {
                hotSenders[i] = hosts - hot + i;
            }
        }
        for (int h : hotSenders) {
            sending[h] = true;
        }
        List<String> spots = c.strings(p + "hotspots");
        int[] hotspots = new int[spots.size()];
        for (int i = 0; i < hotspots.length; i++) {
            String name = spots.get(i).trim();
            hotspots[i] = name.chars().allMatch(Character::isDigit) && !name.isEmpty() ? Integer.parseInt(name)
                    : host(c, t, p + "hotspots", i, name);
            if (hotspots[i] < 0 || hotspots[i] >= hosts || sending[hotspots[i]]) {
                throw c.error(p + "hotspots", "entry " + i + " (" + hotspots[i] + ") must be a host in 0.." + (hosts - 1)
                        + " that is not a hot sender");
            }
        }
        if (hot > 0 && hotspots.length == 0) {
            throw c.error(p + "hotspots", "hot senders need at least one hotspot");
        }
        // a hotspot only receives: it runs no rank (SC2's host 123 is odd, SC3's are taken out of the kernel)
        boolean[] spot = new boolean[hosts];
        for (int h : hotspots) {
            spot[h] = hot > 0;
        }
        List<String> rankNames = c.strings(p + "rank-hosts");
        int[] ranks;
        if (rankNames.isEmpty()) {
            ranks = java.util.stream.IntStream.range(0, hosts)
                    .filter(h -> (!even || h % 2 == 0) && !sending[h] && !spot[h]).toArray();
        } else {
            // named ranks, one per host (Paper III: HPCC in place of the victim flow H1 -> H4); they may also send hot
            ranks = new int[rankNames.size()];
            boolean[] taken = new boolean[hosts];
            for (int i = 0; i < ranks.length; i++) {
                ranks[i] = host(c, t, p + "rank-hosts", i, rankNames.get(i));
                if (taken[ranks[i]] || spot[ranks[i]]) {
                    throw c.error(p + "rank-hosts", "entry " + i + " (" + rankNames.get(i).trim() + ") is "
                            + (taken[ranks[i]] ? "a second rank on its host" : "a hotspot"));
                }
                taken[ranks[i]] = true;
            }
        }
        if (ranks.length < 2) {
            throw c.error(rankNames.isEmpty() ? p + "hot-senders" : p + "rank-hosts",
                    "leaves fewer than 2 ranks for the kernel");
        }
        int size = PacketBinding.sizeInt(c, p + "message-size", 1, Integer.MAX_VALUE / 2);
        int repetitions = c.integer(p + "repetitions", 1, 1_000_000);
        boolean network = kernel == HpccTrace.Kernel.PINGPONG || kernel == HpccTrace.Kernel.RINGS;
        long start = c.time(p + "start");
        if (start < 0) {
            throw c.error(p + "start", "must be >= 0");
        }
        HpccTrace.NetworkTest test = !network ? null : new HpccTrace.NetworkTest(
                c.integer(p + "loop-length", 1, 1_000_000), c.integer(p + "random-rings", 0, 10_000), seed, start);
        return new HpccTrace(kernel, ranks, size, repetitions, hotSenders, hotspots, c.bool(p + "synchronised"), test);
    }

    /**
     * {@code packet.trace.receive-overhead}: how long after its last awaited receive a rank's send begins (MPI's
     * and the host's software cost per message, not modelled otherwise; D236).
     */
    static long receiveOverhead(ExperimentConfig c) {
        long ps = c.time("packet.trace.receive-overhead");
        if (ps < 0) {
            throw c.error("packet.trace.receive-overhead", "must be >= 0");
        }
        return ps;
    }

    /** Entry {@code i} of the host list {@code key}: a host of the topology, by name. */
    private static int host(ExperimentConfig c, Topology t, String key, int i, String name) {
        return PacketBinding.host(c, t, key, name.trim(), "entry " + i);
    }

    /**
     * With {@code packet.traffic = messages}: the message-level traffic of the hotspot forest of
     * {@code traffic.*} (seed 002 Paper IV) — every host's generator draws a destination per
     * {@code packet.message-size} message at its role's shares of {@code packet.message-rate}; else null.
     */
    public static MessageTraffic messages(ExperimentConfig c, Topology t, long seed) {
        if (!c.choice("packet.traffic", TRAFFIC).equals("messages")) {
            return null;
        }
        PatternKind kind = TrafficBinding.kind(c);
        if (kind != PatternKind.SILENT_FOREST && kind != PatternKind.WINDY_FOREST && kind != PatternKind.MOVING_FOREST) {
            throw c.error("packet.traffic", "messages are drawn by the hotspot forests' generators: traffic.pattern"
                    + " must be silent-forest, windy-forest or moving-forest (got " + kind.key() + ")");
        }
        alone(c, "messages");
        int size = PacketBinding.sizeInt(c, "packet.message-size", 1, Integer.MAX_VALUE / 2);
        long rate = PacketBinding.rate(c, "packet.message-rate");
        if (rate == 0) {
            // the shares apply to what a host may inject: its send rate, else its link
            rate = PacketBinding.rate(c, "packet.hca-send-rate");
            if (rate == 0) {
                rate = t.bandwidthBps(t.hostPort(0));
            }
        }
        HotspotForest forest = TrafficBinding.forest(c, HostGroups.of(t), seed);
        long from = c.time("packet.hotspot-start");
        String until = c.string("packet.hotspot-stop");
        long to = until.equals("never") ? Long.MAX_VALUE : c.time("packet.hotspot-stop");
        if (from < 0) {
            throw c.error("packet.hotspot-start", "must be >= 0");
        }
        if (to <= from) {
            throw c.error("packet.hotspot-stop", "must be after packet.hotspot-start (" + Units.formatTime(from) + ")");
        }
        int buffer = 0;
        if (c.choice("packet.generation", List.of("per-source", "per-destination")).equals("per-destination")) {
            buffer = PacketBinding.sizeInt(c, "packet.generation-buffer", 1, Integer.MAX_VALUE / 2);
            if (buffer < size) {
                throw c.error("packet.generation-buffer", "must hold one message (" + size + " B)");
            }
        }
        return new MessageTraffic(forest, size, rate, c.bool("packet.hotspot-traffic"), seed, from, to, buffer);
    }
}
