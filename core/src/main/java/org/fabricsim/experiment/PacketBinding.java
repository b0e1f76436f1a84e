package org.fabricsim.experiment;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.VlArbitration;
import org.fabricsim.ib.traffic.MessageTraffic;
import org.fabricsim.random.Seeds;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.Collective;
import org.fabricsim.traffic.HpccTrace;

/**
 * Binds the {@code packet.*} keys (conf/defaults.conf) to the packet model's parameters, its flow schedule and
 * run length. Every mistake is one line naming the file and key.
 */
public final class PacketBinding {
    static final String FLOWS = "packet.flows";
    static final List<String> FLOW_KEYS = List.of("src", "dst", "start", "stop", "bytes", "rate", "vl", "route");

    private PacketBinding() {
    }

    /** The model's parameters. */
    public static PacketParams params(ExperimentConfig c) {
        int mtu = sizeInt(c, "packet.mtu", 1, 1 << 20);
        int overhead = sizeInt(c, "packet.overhead", 0, 1 << 16);
        int vls = c.integer("packet.virtual-lanes", 1, 16);
        int buffer = sizeInt(c, "packet.buffer", 1, Integer.MAX_VALUE / 2);
        int hcaBuffer = sizeInt(c, "packet.hca-buffer", 1, Integer.MAX_VALUE / 2);
        if (mtu + (long) overhead > 1 << 20) {
            throw c.error("packet.mtu", "mtu + overhead must be at most 1 MiB");
        }
        int unit = sizeInt(c, "packet.credit-unit", 1, 4096);
        int packet = (mtu + overhead + unit - 1) / unit * unit;
        if (buffer < packet) {
            throw c.error("packet.buffer", "must hold one packet of mtu + overhead = " + packet + " B");
        }
        if (hcaBuffer < packet) {
            throw c.error("packet.hca-buffer", "must hold one packet of mtu + overhead = " + packet + " B");
        }
        String q = c.choice("packet.queues", List.of("voq", "fifo", "voq-net"));
        Queueing queueing = q.equals("voq-net") ? Queueing.VOQ_NET : Queueing.valueOf(q.toUpperCase());
        if (queueing == Queueing.VOQ_NET && vls > 1) {
            throw c.error("packet.queues", "voq-net gives every destination its own lane: packet.virtual-lanes must be 1");
        }
        String s = c.string("packet.speedup");
        int speedup = s.equals("unlimited") ? 0 : c.integer("packet.speedup", 1, 1024);
        Arbitration arbitration = Arbitration.of(c.choice("packet.arbitration", List.of("round-robin", "fcfs", "islip")));
        int[][] high = table(c, "packet.vl-arbitration.high", vls);
        int[][] low = table(c, "packet.vl-arbitration.low", vls);
        String limit = c.string("packet.vl-arbitration.high-limit");
        long highLimit = limit.equals("unlimited") ? Long.MAX_VALUE : c.size("packet.vl-arbitration.high-limit");
        if (high[0].length > 0 && low[0].length == 0 && vls > 1) {
            throw c.error("packet.vl-arbitration.low", "a high-priority table needs a low-priority table too");
        }
        long latency = c.time("packet.switch-latency");
        if (latency < 0) {
            throw c.error("packet.switch-latency", "must be >= 0");
        }
        String pacing = pacing(c);
        return new PacketParams(mtu, overhead, vls, buffer, hcaBuffer, unit, queueing, speedup, arbitration,
                new VlArbitration(high[0], high[1], low[0], low[1], highLimit), latency, rate(c, "packet.hca-send-rate"),
                rate(c, "packet.hca-receive-rate"),
                c.choice("packet.cut-through", List.of("from-head", "rate-matched")).equals("rate-matched"),
                pacing.equals("stream"), pacing.equals("messages") ? messageBytes(c) : 0);
    }

    /**
     * {@code packet.flow-pacing}: whether a source hands over whole packets spaced at its rate (packets), makes its
     * bytes at its rate so that they leave as made (stream, D232) — a flow's own rate, and the host's send rate —
     * or hands over messages of {@code packet.pacing-message-size} at once, spaced at its rate (messages, D235).
     * Seed 003's rate realisations pace their packets otherwise and are refused with the last two.
     */
    private static String pacing(ExperimentConfig c) {
        String pacing = c.choice("packet.flow-pacing", List.of("packets", "stream", "messages"));
        if (!pacing.equals("packets") && !c.string("packet.injection").equals("round-robin")) {
            throw c.error("packet.flow-pacing", pacing + " is for flows paced by their rate: packet.injection = "
                    + c.string("packet.injection") + " paces them otherwise");
        }
        return pacing;
    }

    private static long messageBytes(ExperimentConfig c) {
        long bytes = c.size("packet.pacing-message-size");
        if (bytes < 1) {
            throw c.error("packet.pacing-message-size", "must be at least 1 byte with packet.flow-pacing = messages");
        }
        return bytes;
    }

    /** Simulated time to run, picoseconds. */
    public static long endTime(ExperimentConfig c) {
        long t = c.time("packet.end-time");
        if (t <= 0) {
            throw c.error("packet.end-time", "must be positive");
        }
        return t;
    }

    /** The event queue implementation. */
    public static String eventQueue(ExperimentConfig c) {
        return c.choice("packet.event-queue", EventQueue.kinds());
    }

    /**
     * The flows: the explicit {@code packet.flows} when given (hosts by name); else, with
     * {@code packet.permutation-sequence} = k &gt; 0, seed 001 §V-C: every host sends {@code packet.flow-size}
     * bytes to each destination of k random permutations in turn, asynchronously; else trial 0 of the traffic
     * pattern, every flow from time 0 with {@code packet.flow-size} and {@code packet.flow-rate}.
     */
    public static FlowSchedule schedule(ExperimentConfig c, Topology t, long seed) {
        MessageTraffic messages = MessageTrafficBinding.messages(c, t, seed);
        if (messages != null) {
            return messages.schedule();
        }
        HpccTrace trace = MessageTrafficBinding.trace(c, t, seed);
        if (trace != null) {
            return trace.schedule().withReceiveDelay(MessageTrafficBinding.receiveOverhead(c));
        }
        Collective collective = MessageTrafficBinding.collective(c, t);
        if (collective != null) {
            return collective.schedule();
        }
        long size = flowSize(c);
        if (!c.elements(FLOWS, FLOW_KEYS).isEmpty()) {
            return explicit(c, t);
        }
        int sequence = c.integer("packet.permutation-sequence", 0, 1_000_000);
        if (sequence > 0) {
            return permutationSequence(c, t, seed, sequence);
        }
        FlowSet flows = TrafficBinding.bind(c, HostGroups.of(t), seed).flows(0);
        FlowSchedule s = FlowSchedule.always(flows);
        Arrays.fill(s.bytes(), size);
        Arrays.fill(s.rateBps(), rate(c, "packet.flow-rate"));
        return s;
    }

    private static FlowSchedule permutationSequence(ExperimentConfig c, Topology t, long seed, int k) {
        long bytes = flowSize(c);
        if (bytes == 0) {
            throw c.error("packet.flow-size", "a permutation sequence needs the bytes of each message (S > 0)");
        }
        FlowSchedule s = FlowSchedule.permutationSequence(permutations(c, t, seed, k), bytes);
        Arrays.fill(s.rateBps(), rate(c, "packet.flow-rate"));
        return s;
    }

    /**
     * The k random permutations of seed 001 §V-C's traffic, drawn from the seed's traffic stream; derangements
     * (no host maps to itself) with {@code traffic.derangement}.
     */
    private static int[][] permutations(ExperimentConfig c, Topology t, long seed, int k) {
        HostGroups hosts = HostGroups.of(t);
        java.util.SplittableRandom random = Seeds.stream(seed, 0,
                Seeds.Purpose.TRAFFIC);
        var pattern = new org.fabricsim.traffic.RandomPermutation(c.bool("traffic.derangement"));
        int[][] perms = new int[k][];
        for (int p = 0; p < k; p++) {
            FlowSet draw = pattern.generate(hosts, random);
            perms[p] = new int[t.hostCount()];
            for (int h = 0; h < perms[p].length; h++) {
                perms[p][h] = h; // a host the permutation maps to itself sends nothing in that step
            }
            for (int i = 0; i < draw.size(); i++) {
                perms[p][draw.src()[i]] = draw.dst()[i];
            }
        }
        return perms;
    }

    /**
     * With {@code packet.permutation-sequence} = k &gt; 0 (and no explicit flows): the permutation (0 … k − 1)
     * each flow of {@link #schedule} belongs to; else null.
     */
    public static int[] permutationOf(ExperimentConfig c, Topology t, long seed) {
        if (!c.elements(FLOWS, FLOW_KEYS).isEmpty()) {
            return null;
        }
        int k = c.integer("packet.permutation-sequence", 0, 1_000_000);
        return k > 0 ? FlowSchedule.permutationIndices(permutations(c, t, seed, k)) : null;
    }

    /** The VL of every flow: explicit flows' {@code vl}, else 0. */
    public static int[] flowLanes(ExperimentConfig c, FlowSchedule s) {
        int[] vl = new int[s.size()];
        int n = c.elements(FLOWS, FLOW_KEYS).size();
        int vls = c.integer("packet.virtual-lanes", 1, 16);
        for (int i = 0; i < n; i++) {
            String v = c.elementSettings(FLOWS, i, List.of()).getOrDefault("vl", "0");
            try {
                vl[i] = Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
                throw c.error(FLOWS, "flow " + i + ": vl '" + v + "' is not a whole number");
            }
            if (vl[i] < 0 || vl[i] >= vls) {
                throw c.error(FLOWS, "flow " + i + ": vl " + vl[i] + " is not in 0.." + (vls - 1));
            }
        }
        return vl;
    }

    private static FlowSchedule explicit(ExperimentConfig c, Topology t) {
        int n = c.elements(FLOWS, FLOW_KEYS).size();
        int[] src = new int[n];
        int[] dst = new int[n];
        long[] start = new long[n];
        long[] stop = new long[n];
        long[] bytes = new long[n];
        long[] rate = new long[n];
        int[] after = new int[n];
        Arrays.fill(after, -1);
        for (int i = 0; i < n; i++) {
            Map<String, String> e = c.elementSettings(FLOWS, i, List.of());
            String where = "flow " + i + ": ";
            src[i] = host(c, t, e.get("src"), where + "src");
            dst[i] = host(c, t, e.get("dst"), where + "dst");
            if (src[i] == dst[i]) {
                throw c.error(FLOWS, where + "src and dst are the same host");
            }
            try {
                start[i] = Units.time(e.getOrDefault("start", "0s"));
                String st = e.getOrDefault("stop", "never");
                stop[i] = st.equals("never") ? FlowSchedule.NEVER : Units.time(st);
                bytes[i] = Units.size(e.getOrDefault("bytes", "0B"));
                String r = e.getOrDefault("rate", "line");
                rate[i] = r.equals("line") ? 0 : Units.bandwidth(r);
            } catch (InputException ex) {
                throw c.error(FLOWS, where + ex.getMessage());
            }
            if (bytes[i] < 0) {
                throw c.error(FLOWS, named(where, e) + "bytes must be >= 0 (0 = without end), got " + e.get("bytes"));
            }
            if (rate[i] <= 0 && !e.getOrDefault("rate", "line").equals("line")) {
                throw c.error(FLOWS, named(where, e) + "rate must be positive (or line), got " + e.get("rate"));
            }
            if (start[i] < 0 || stop[i] < start[i]) {
                throw c.error(FLOWS, where + "needs 0 <= start <= stop");
            }
        }
        return new FlowSchedule(FlowSet.of(src, dst), start, stop, bytes, rate, after);
    }

    /** "flow i (src -> dst): ", the flow's index and its hosts. */
    private static String named(String where, Map<String, String> flow) {
        return where.substring(0, where.length() - 2) + " (" + flow.get("src") + " -> " + flow.get("dst") + "): ";
    }

    /** {@code packet.flow-size}: the bytes of each flow, 0 = without end; a negative size is refused. */
    private static long flowSize(ExperimentConfig c) {
        long bytes = c.size("packet.flow-size");
        if (bytes < 0) {
            throw c.error("packet.flow-size", "must be >= 0 (0 = without end), got " + c.string("packet.flow-size"));
        }
        return bytes;
    }

    private static int host(ExperimentConfig c, Topology t, String name, String what) {
        return host(c, t, FLOWS, name, what);
    }

    /** Host {@code name} of {@code t}, named in {@code key} as {@code what}; a missing or unknown name is refused. */
    static int host(ExperimentConfig c, Topology t, String key, String name, String what) {
        if (name == null) {
            throw c.error(key, what + " is missing");
        }
        int node = t.findNode(name);
        if (node < 0 || !t.isHost(node)) {
            throw c.error(key, what + " '" + name + "' is not a host of topology " + t.name());
        }
        return node;
    }

    static int sizeInt(ExperimentConfig c, String key, int min, int max) {
        long v = c.size(key);
        if (v < min || v > max) {
            throw c.error(key, "must be in [" + min + ", " + max + "] bytes (got " + v + ")");
        }
        return (int) v;
    }

    static long rate(ExperimentConfig c, String key) {
        if (c.string(key).equals("line")) {
            return 0;
        }
        long r = c.bandwidth(key);
        if (r <= 0) {
            throw c.error(key, "must be positive (or line)");
        }
        return r;
    }

    private static int[][] table(ExperimentConfig c, String key, int vls) {
        try {
            return VlArbitration.parseTable(c.string(key), vls);
        } catch (IllegalArgumentException e) {
            throw c.error(key, e.getMessage());
        }
    }
    static <E> E choose(ExperimentConfig c, String key, E[] values, java.util.function.Function<E, String> name) {
        List<String> names = Arrays.stream(values).map(name).toList();
        return values[names.indexOf(c.choice(key, names))];
    }
}
