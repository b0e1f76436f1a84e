package org.fabricsim.experiment;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.fluid.FluidProblem;
import org.fabricsim.fluid.RouteSources;
import org.fabricsim.fluid.RateAlgorithm;
import org.fabricsim.fluid.RateCalculator;
import org.fabricsim.fluid.RateOptions;
import org.fabricsim.fluid.StaticRoutes;
import org.fabricsim.ib.AdaptiveRouting;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.CcParams;
import org.fabricsim.ib.CircuitParams;
import org.fabricsim.ib.EarParams;
import org.fabricsim.ib.IsolationParams;
import org.fabricsim.ib.MessageTraffic;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.RateRealisation;
import org.fabricsim.ib.VlArbitration;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.HotspotForest;
import org.fabricsim.traffic.HpccTrace;
import org.fabricsim.traffic.PatternKind;

/**
 * Binds the {@code packet.*} keys (conf/defaults.conf) to the packet model's parameters, its flow schedule and
 * run length. Every mistake is one line naming the file and key.
 */
public final class PacketBinding {
    static final String FLOWS = "packet.flows";
    static final List<String> FLOW_KEYS = List.of("src", "dst", "start", "stop", "bytes", "rate", "vl");

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
        return new PacketParams(mtu, overhead, vls, buffer, hcaBuffer, unit, queueing, speedup, arbitration,
                new VlArbitration(high[0], high[1], low[0], low[1], highLimit), latency, rate(c, "packet.hca-send-rate"),
                rate(c, "packet.hca-receive-rate"));
    }

    /** The switches' routing: the forwarding tables alone, or an adaptive routing on top of them. */
    public static AdaptiveRouting adaptiveRouting(ExperimentConfig c) {
        String p = "packet.adaptive-routing.";
        AdaptiveRouting.Mode mode = choose(c, p + "mode", AdaptiveRouting.Mode.values(), AdaptiveRouting.Mode::key);
        AdaptiveRouting.Grouping grouping = choose(c, p + "groups", AdaptiveRouting.Grouping.values(),
                AdaptiveRouting.Grouping::key);
        AdaptiveRouting.Selection selection = choose(c, p + "select", AdaptiveRouting.Selection.values(),
                AdaptiveRouting.Selection::key);
        int threshold = sizeInt(c, p + "ear.threshold", 1, Integer.MAX_VALUE / 2);
        long timer = c.time(p + "ear.timer");
        if (timer < 0) {
            throw c.error(p + "ear.timer", "must be >= 0");
        }
        double sampling = c.number(p + "ear.sampling", 0.0, 1.0);
        if (sampling <= 0) {
            throw c.error(p + "ear.sampling", "must be in (0, 1]: a probability that can draw (got " + sampling + ")");
        }
        int request = sizeInt(c, p + "ear.request-size", 1, 1 << 16);
        boolean swap = c.bool(p + "ear.swap");
        int control = sizeInt(c, p + "circuits.control-size", 1, 1 << 16);
        int ack = sizeInt(c, p + "circuits.ack-size", 1, 1 << 16);
        int buffer = sizeInt(c, p + "circuits.control-buffer", 1, Integer.MAX_VALUE / 2);
        if (buffer < Math.max(control, ack)) {
            throw c.error(p + "circuits.control-buffer", "must hold one control packet (" + Math.max(control, ack)
                    + " B)");
        }
        String cache = c.string(p + "circuits.cache");
        int entries = cache.equals("unlimited") ? CircuitParams.UNLIMITED
                : c.integer(p + "circuits.cache", 0, Integer.MAX_VALUE - 1);
        return new AdaptiveRouting(mode, grouping, selection, new EarParams(threshold, timer, sampling, request, swap),
                new CircuitParams(control, ack, buffer, entries));
    }

    /** InfiniBand congestion control ({@code packet.cc}), or null when it is off. */
    public static CcParams congestionControl(ExperimentConfig c) {
        String p = "packet.cc.";
        if (!c.bool(p + "enabled")) {
            return null;
        }
        if (adaptiveRouting(c).mode() != AdaptiveRouting.Mode.STATIC) {
            throw c.error(p + "enabled", "congestion control with packet.adaptive-routing.mode other than static is"
                    + " not built yet");
        }
        CcParams.Evaluation evaluation = choose(c, p + "evaluation", CcParams.Evaluation.values(),
                CcParams.Evaluation::key);
        long timer = c.time(p + "timer");
        long coefficient = c.time(p + "cct-coefficient");
        if (timer <= 0) {
            throw c.error(p + "timer", "must be positive");
        }
        if (coefficient < 0) {
            throw c.error(p + "cct-coefficient", "must be >= 0");
        }
        List<String> cct = c.strings(p + "cct");
        long[] table = null;
        int entries;
        if (cct.isEmpty()) {
            entries = c.integer(p + "cct-entries", 128, 1 << 16);
        } else {
            table = new long[cct.size()];
            for (int i = 0; i < table.length; i++) {
                try {
                    table[i] = Units.time(cct.get(i).trim());
                } catch (InputException e) {
                    throw c.error(p + "cct", "entry " + i + " '" + cct.get(i).trim() + "' is not a time (e.g. 1.5us)");
                }
                if (table[i] < 0 || (i > 0 && table[i] < table[i - 1])) {
                    throw c.error(p + "cct", "entry " + i + " must be >= 0 and not below entry " + (i - 1)
                            + " (a higher index throttles more)");
                }
            }
            entries = table.length;
            if (entries > 1 << 16) {
                throw c.error(p + "cct", "at most 65536 entries");
            }
        }
        int min = c.integer(p + "ccti-min", 0, entries - 1);
        int limit = c.integer(p + "ccti-limit", 0, entries - 1);
        if (min > limit) {
            throw c.error(p + "ccti-min", "must be at most ccti-limit (" + limit + ")");
        }
        int threshold = c.integer(p + "threshold", 0, 15);
        int unit = c.string(p + "threshold-unit").equals("buffer") ? 0
                : sizeInt(c, p + "threshold-unit", 1, Integer.MAX_VALUE / 16);
        int hysteresis = sizeInt(c, p + "hysteresis", 0, Integer.MAX_VALUE / 2);
        long upper = unit == 0 ? (long) sizeInt(c, "packet.buffer", 1, Integer.MAX_VALUE / 2) * (16 - threshold) / 16
                : (long) (16 - threshold) * unit;
        if (threshold > 0 && hysteresis > 0 && hysteresis >= upper) {
            throw c.error(p + "hysteresis", "must be below the threshold's fill (" + upper + " B of packet.buffer at"
                    + " weight " + threshold + "): a congested port would never leave the state");
        }
        return new CcParams(threshold, unit, evaluation, hysteresis, c.bool(p + "victim-mask"),
                c.integer(p + "packet-size", 0, 1 << 16), c.number(p + "marking-rate", 0, 1 << 20), coefficient,
                entries, c.integer(p + "ccti-increase", 0, entries), limit, min, timer,
                c.choice(p + "timer-per", List.of("ccti", "port-sl")).equals("ccti"),
                c.choice(p + "level", List.of("qp", "sl")).equals("sl"), sizeInt(c, p + "cnp-size", 1, 1 << 16), table);
    }

    /**
     * Congested-flow isolation ({@code packet.isolation}), or null when it is off: HFDI / EcoCC on VOQ switches,
     * FBICM / CCFIT on FIFO ones, throttled when {@code packet.cc} is on.
     */
    public static IsolationParams isolation(ExperimentConfig c) {
        String p = "packet.isolation.";
        if (!c.bool(p + "enabled")) {
            return null;
        }
        String queues = c.string("packet.queues");
        if (queues.equals("voq-net")) {
            throw c.error(p + "enabled", "isolation's hot queues sit beside voq or fifo queues; voq-net needs none");
        }
        if (c.integer("packet.virtual-lanes", 1, 16) > 1) {
            throw c.error(p + "enabled", "isolation is built for one data lane: packet.virtual-lanes must be 1");
        }
        if (adaptiveRouting(c).mode() != AdaptiveRouting.Mode.STATIC) {
            throw c.error(p + "enabled", "isolation assumes destination-based static routing (seed 002 §5):"
                    + " packet.adaptive-routing.mode must be static");
        }
        String root = c.choice(p + "root-queue", List.of("auto", "true", "false"));
        boolean voq = queues.equals("voq");
        boolean rootQueue = root.equals("auto") ? !(voq && c.bool("packet.cc.enabled")) : root.equals("true");
        if (!voq && !rootQueue) {
            throw c.error(p + "root-queue", "an input-queued (fifo) switch isolates a root in a hot queue: it must be"
                    + " auto or true");
        }
        int detect = sizeInt(c, p + "detect", 1, Integer.MAX_VALUE / 2);
        int stop = sizeInt(c, p + "stop", 1, Integer.MAX_VALUE / 2);
        int go = sizeInt(c, p + "go", 0, Integer.MAX_VALUE / 2);
        if (go >= stop) {
            throw c.error(p + "go", "must be below packet.isolation.stop (" + stop + " B)");
        }
        int high = sizeInt(c, p + "mark-high", 1, Integer.MAX_VALUE / 2);
        int low = sizeInt(c, p + "mark-low", 0, Integer.MAX_VALUE / 2);
        if (low >= high) {
            throw c.error(p + "mark-low", "must be below packet.isolation.mark-high (" + high + " B)");
        }
        int note = sizeInt(c, p + "notification-size", 1, 1 << 16);
        int buffer = sizeInt(c, p + "control-buffer", 1, Integer.MAX_VALUE / 2);
        if (buffer < note) {
            throw c.error(p + "control-buffer", "must hold one notification (" + note + " B)");
        }
        return new IsolationParams(c.integer(p + "hot-queues", 1, 64), rootQueue, detect, stop, go, high, low,
                c.integer(p + "destinations", 1, 1 << 16), note, buffer, c.bool(p + "root-yields"));
    }

    /** Refuses a routing the topology cannot carry, naming the key (circuits need a generated fat tree). */
    public static AdaptiveRouting adaptiveRouting(ExperimentConfig c, Topology t) {
        AdaptiveRouting r = adaptiveRouting(c);
        if (r.mode() != AdaptiveRouting.Mode.STATIC && c.string("packet.queues").equals("voq-net")) {
            throw c.error("packet.queues", "voq-net keeps a lane per destination along its static route: it is not"
                    + " combined with packet.adaptive-routing.mode " + r.mode().key());
        }
        if (r.mode() == AdaptiveRouting.Mode.CIRCUITS && t.fatTree().isEmpty()) {
            throw c.error("packet.adaptive-routing.mode", "circuits need a generated fat tree (kary-ntree,"
                    + " mkary-ntree, xgft, pgft, clos or a tree preset); topology " + t.name() + " is not one");
        }
        return r;
    }

    private static <E> E choose(ExperimentConfig c, String key, E[] values, java.util.function.Function<E, String> name) {
        List<String> names = Arrays.stream(values).map(name).toList();
        return values[names.indexOf(c.choice(key, names))];
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
        MessageTraffic messages = messages(c, t, seed);
        if (messages != null) {
            return messages.schedule();
        }
        HpccTrace trace = trace(c, t);
        if (trace != null) {
            return trace.schedule();
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

    /**
     * How the HCAs realise their flows' rates ({@code packet.injection}, seed 003 ch. 5); anything the chosen
     * realisation is not built with is refused with its key.
     */
    public static RateRealisation rateRealisation(ExperimentConfig c) {
        var r = RateRealisation.of(c.choice("packet.injection",
                List.of("round-robin", "periodic-selection", "shaped-virtual-clock")));
        if (r == RateRealisation.ROUND_ROBIN) {
            return r;
        }
        refuseRateConflicts(c, "packet.injection", r.word());
        return r;
    }

    /** Rate realisation and paths set up before the run are built for plain flows, sequentially. */
    private static void refuseRateConflicts(ExperimentConfig c, String key, String what) {
        String why = !c.string("packet.traffic").equals("flows") ? "packet.traffic"
                : c.bool("packet.cc.enabled") ? "packet.cc.enabled"
                : c.bool("packet.isolation.enabled") ? "packet.isolation.enabled"
                : adaptiveRouting(c).mode() != AdaptiveRouting.Mode.STATIC ? "packet.adaptive-routing.mode"
                : c.string("engine.kind").equals("distributed") ? "engine.kind" : null;
        if (why != null) {
            throw c.error(key, what + " is built for flows on static routes, sequentially, without congestion"
                    + " control or isolation: " + why + " conflicts");
        }
    }

    /**
     * Whether the run looks up ports only at the switches that forward (static switch routing, the given rates,
     * routes by the tables): then a logical process needs only its own switches' table rows. Adaptive switch
     * routings fill per-switch state from every switch's row, and fluid rates walk every flow's whole route
     * (docs/DISTRIBUTED.md, "What each LP holds").
     */
    public static boolean switchRoutesOnly(ExperimentConfig c) {
        return adaptiveRouting(c).mode() == AdaptiveRouting.Mode.STATIC && c.string("packet.rates").equals("given")
                && c.string("packet.routes").equals("tables");
    }

    /** Whether {@code packet.routes = adaptive}; a combination it is not built for is refused by its key. */
    public static boolean adaptiveRoutes(ExperimentConfig c) {
        if (c.choice("packet.routes", List.of("tables", "adaptive")).equals("tables")) {
            return false;
        }
        refuseRateConflicts(c, "packet.routes", "adaptive");
        return true;
    }

    /**
     * The flows' paths with {@code packet.routes = adaptive}: seed 003's adaptive flow routing (the
     * {@code adaptive.*} options) set up at the fluid level before the run, as the thesis does (routes first);
     * the packets then follow them. {@code tables}: null, the forwarding tables route.
     */
    public static FlowRoutes flowPaths(ExperimentConfig c, Topology t, FlowSchedule s, long seed) {
        if (!adaptiveRoutes(c)) {
            return null;
        }
        return RouteSources.of("adaptive", t, c.baseDir(), AdaptiveRoutingBinding.options(c))
                .routes(s.flows(), Seeds.stream(seed, 0, Seeds.Purpose.ROUTING));
    }

    /**
     * The schedule with its flows' rates from the fluid level when {@code packet.rates} names an algorithm (seed
     * 003 ch. 4 on the routes the run's packets take, {@link #flowPaths} or the tables; unit = the links' bandwidth, which must be one for all): SAA,
     * SAA-M and AFA weigh a flow by its size, FFA weighs every flow 1. {@code given}: as it is.
     */
    public static FlowSchedule rated(ExperimentConfig c, Topology t, ForwardingTables lft, FlowSchedule s, long seed) {
        String key = c.choice("packet.rates", List.of("given", "saa", "saa-m", "ffa", "afa"));
        if (key.equals("given")) {
            return s;
        }
        var algorithm = RateAlgorithm.byKey(key);
        long bandwidth = t.bandwidthBps(0);
        for (int p = 0; p < t.portCount(); p++) {
            if (t.bandwidthBps(p) != bandwidth && t.peerPort(p) >= 0) {
                throw c.error("packet.rates", "the fluid rates are fractions of one link bandwidth; topology "
                        + t.name() + " mixes " + bandwidth + " and " + t.bandwidthBps(p) + " bit/s");
            }
        }
        FlowSet flows = s.flows();
        double[] weight = flows.weight().clone();
        if (algorithm != RateAlgorithm.FFA) {
            for (int f = 0; f < s.size(); f++) {
                if (s.bytes()[f] <= 0) {
                    throw c.error("packet.rates", key + " weighs a flow by its size: flow " + f + " has none (bytes)");
                }
                weight[f] = s.bytes()[f];
            }
        }
        FlowSet weighted = new FlowSet(flows.src(), flows.dst(), weight, flows.app());
        FlowRoutes paths = flowPaths(c, t, s, seed); // the routes the packets will take
        var problem = paths != null ? FluidProblem.of(paths, weighted, t.portCount())
                : FluidProblem.of(t, new StaticRoutes(lft), weighted, Seeds.stream(seed, 0, Seeds.Purpose.ROUTING));
        double[] rate = new RateCalculator().calculate(problem,
                RateOptions.of(algorithm), Seeds.stream(seed, 0, Seeds.Purpose.FLUID)).rate();
        long[] bps = s.rateBps().clone();
        for (int f = 0; f < bps.length; f++) {
            bps[f] = Math.max(1, Math.round(rate[f] * bandwidth));
        }
        return new FlowSchedule(flows, s.startPs(), s.stopPs(), s.bytes(), bps, s.after());
    }

    /**
     * With {@code packet.traffic = trace}: an HPCC kernel's messages ({@code packet.trace.*}, seed 002 Paper VI's
     * SC1–SC3) with its hot senders; else null.
     */
    public static HpccTrace trace(ExperimentConfig c, Topology t) {
        if (!c.choice("packet.traffic", List.of("flows", "messages", "trace")).equals("trace")) {
            return null;
        }
        String p = "packet.trace.";
        if (!c.elements(FLOWS, FLOW_KEYS).isEmpty() || c.integer("packet.permutation-sequence", 0, 1_000_000) > 0) {
            throw c.error("packet.traffic", "a trace replaces packet.flows and packet.permutation-sequence: give one");
        }
        HpccTrace.Kernel kernel = choose(c, p + "kernel", HpccTrace.Kernel.values(), HpccTrace.Kernel::key);
        int hosts = t.hostCount();
        boolean even = c.choice(p + "ranks", List.of("all", "even")).equals("even");
        int hot = c.integer(p + "hot-senders", 0, hosts);
        int[] hotSenders = new int[hot];
        boolean[] sending = new boolean[hosts];
        if (even) {
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
            try {
                hotspots[i] = Integer.parseInt(spots.get(i).trim());
            } catch (NumberFormatException e) {
                throw c.error(p + "hotspots", "entry " + i + " '" + spots.get(i).trim() + "' is not a host index");
            }
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
        int[] ranks = java.util.stream.IntStream.range(0, hosts)
                .filter(h -> (!even || h % 2 == 0) && !sending[h] && !spot[h]).toArray();
        if (ranks.length < 2) {
            throw c.error(p + "hot-senders", "leaves fewer than 2 ranks for the kernel");
        }
        return new HpccTrace(kernel, ranks, sizeInt(c, p + "message-size", 1, Integer.MAX_VALUE / 2),
                c.integer(p + "repetitions", 1, 1_000_000), hotSenders, hotspots);
    }

    /**
     * With {@code packet.traffic = messages}: the message-level traffic of the hotspot forest of
     * {@code traffic.*} (seed 002 Paper IV) — every host's generator draws a destination per
     * {@code packet.message-size} message at its role's shares of {@code packet.message-rate}; else null.
     */
    public static MessageTraffic messages(ExperimentConfig c, Topology t, long seed) {
        if (!c.choice("packet.traffic", List.of("flows", "messages", "trace")).equals("messages")) {
            return null;
        }
        PatternKind kind = TrafficBinding.kind(c);
        if (kind != PatternKind.SILENT_FOREST && kind != PatternKind.WINDY_FOREST && kind != PatternKind.MOVING_FOREST) {
            throw c.error("packet.traffic", "messages are drawn by the hotspot forests' generators: traffic.pattern"
                    + " must be silent-forest, windy-forest or moving-forest (got " + kind.key() + ")");
        }
        if (!c.elements(FLOWS, FLOW_KEYS).isEmpty() || c.integer("packet.permutation-sequence", 0, 1_000_000) > 0) {
            throw c.error("packet.traffic", "messages replace packet.flows and packet.permutation-sequence: give one");
        }
        int size = sizeInt(c, "packet.message-size", 1, Integer.MAX_VALUE / 2);
        long rate = rate(c, "packet.message-rate");
        if (rate == 0) {
            // the shares apply to what a host may inject: its send rate, else its link
            rate = rate(c, "packet.hca-send-rate");
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
            buffer = sizeInt(c, "packet.generation-buffer", 1, Integer.MAX_VALUE / 2);
            if (buffer < size) {
                throw c.error("packet.generation-buffer", "must hold one message (" + size + " B)");
            }
        }
        return new MessageTraffic(forest, size, rate, c.bool("packet.hotspot-traffic"), seed, from, to, buffer);
    }

    private static FlowSchedule permutationSequence(ExperimentConfig c, Topology t, long seed, int k) {
        long bytes = flowSize(c);
        if (bytes == 0) {
            throw c.error("packet.flow-size", "a permutation sequence needs the bytes of each message (S > 0)");
        }
        FlowSchedule s = FlowSchedule.permutationSequence(permutations(t, seed, k), bytes);
        Arrays.fill(s.rateBps(), rate(c, "packet.flow-rate"));
        return s;
    }

    /** The k random permutations of seed 001 §V-C's traffic, drawn from the seed's traffic stream. */
    private static int[][] permutations(Topology t, long seed, int k) {
        HostGroups hosts = HostGroups.of(t);
        java.util.SplittableRandom random = Seeds.stream(seed, 0,
                Seeds.Purpose.TRAFFIC);
        int[][] perms = new int[k][];
        for (int p = 0; p < k; p++) {
            FlowSet draw = new org.fabricsim.traffic.RandomPermutation(false).generate(hosts, random);
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
        return k > 0 ? FlowSchedule.permutationIndices(permutations(t, seed, k)) : null;
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
        if (name == null) {
            throw c.error(FLOWS, what + " is missing");
        }
        int node = t.findNode(name);
        if (node < 0 || !t.isHost(node)) {
            throw c.error(FLOWS, what + " '" + name + "' is not a host of topology " + t.name());
        }
        return node;
    }

    private static int sizeInt(ExperimentConfig c, String key, int min, int max) {
        long v = c.size(key);
        if (v < min || v > max) {
            throw c.error(key, "must be in [" + min + ", " + max + "] bytes (got " + v + ")");
        }
        return (int) v;
    }

    private static long rate(ExperimentConfig c, String key) {
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
}
