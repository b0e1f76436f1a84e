package org.fabricsim.experiment;

import java.nio.file.Path;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.memory.MemoryEstimate;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.TopologySize;

/**
 * The memory a run will need, from its configuration alone (docs/CONFIG.md, "Memory"): the structures that grow
 * with it, each counted from the settings and priced at what it was measured to cost, as the largest the heap
 * holds at once (docs/BENCHMARKS.md, "Memory": minimal heaps found by bisection of -Xmx). An upper-ish bound: the
 * shipped experiments are estimated at 1.0 to 2.5 times their measured need.
 */
public final class RunMemory {
    /** The JVM, the classes and a small run's own objects (a 648-host packet run needs 47 MiB in all). */
    static final long JVM = 48L << 20;
    /** A local Spark session on top of it (not bisected: set above its footprint). */
    static final long SPARK = 160L << 20;
    /** A node of a topology: its name, the name index and the builder's per-node lists. */
    static final long NODE = 450;
    /** A port of a topology: peer, owner, bandwidth and latency, and the builder's copy. */
    static final long PORT = 80;
    /** An entry of a forwarding table (a short per switch and host) and its share of the routing's scratch. */
    static final long TABLE_ENTRY = 3;
    /** A word of computed D-mod-K: an int per level and host (port columns), three per switch (DModKPorts). */
    static final long DMODK_WORD = 4;
    /** The per switch and host state of adaptive routing (EAR's assignment and timestamp, AR groups...). */
    static final long ADAPTIVE_ENTRY = 12;
    /** A port lane's queues, credits and counters. */
    static final long LANE = 96;
    /** A packet of the pool with its event, counted for every packet the buffers can hold. */
    static final long PACKET = 160;
    /** A flow: its schedule, HCA and metrics state and its rows in flows.arrow. */
    static final long FLOW = 1024;
    /**
     * A latency histogram (HdrHistogram with int counts, 2 digits, grown to the largest latency): every receiver,
     * flows ≤ 4096.
     */
    static final long HISTOGRAM = 12 << 10;
    /** A throughput bin of a flow or receiver: the meter's long and its row of flow-throughput.arrow (5 columns). */
    static final long BIN = 100;
    /** An adaptation bin of a switch: the meter's int and its output row. */
    static final long ADAPTATION_BIN = 40;
    /** A contention trial: its result object and its row of contention.arrow. */
    static final long TRIAL = 250;
    /** A sweep's trial row on the driver (a Spark row of boxed values) and in trials.arrow. */
    static final long TRIAL_ROW = 300;

    private RunMemory() {
    }

    /** The estimate for a run of {@code c} in this JVM (contention, packet). */
    public static MemoryEstimate of(ExperimentConfig c) {
        return switch (c.string("experiment")) {
            case "packet" -> packet(c, new MemoryEstimate().add("the JVM and a small run", 1, JVM,
                    "a larger heap"), true);
            case "contention" -> contention(c);
            default -> new MemoryEstimate().add("the JVM", 1, JVM, "a larger heap");
        };
    }

    /**
     * A sweep: the driver's plan and trial rows, and {@code concurrentTasks} tasks in this JVM (local Spark: its
     * cores; 0 for a cluster, whose executors have heaps of their own), each with every point's network (the
     * kernels travel with each task) and, for packet sweeps, the largest point's packet run.
     */
    public static MemoryEstimate sweep(ExperimentConfig c, int concurrentTasks) {
        MemoryEstimate m = new MemoryEstimate().add("the JVM and a local Spark session", 1, JVM + SPARK,
                "a larger heap");
        List<ExperimentConfig> points = c.elements("sweep.points", List.of("x"));
        if (points.isEmpty() && !c.isSet("topology.name")) {
            return m; // SweepPlans says what is missing
        }
        if (points.isEmpty()) {
            points = List.of(c);
        }
        long batches = c.integer("sweep.max-batches", 1, 1_000_000);
        long batch = c.integer("sweep.batch-size", 1, 100_000_000);
        m.add(points.size() + " points × up to " + batches + " batches of " + batch + " trial rows",
                (double) points.size() * batches * batch, TRIAL_ROW, "a smaller sweep.batch-size or sweep.max-batches");
        double networks = 0;
        MemoryEstimate largest = null;
        for (ExperimentConfig p : points) {
            TopologySize n = size(p);
            networks += n.nodes() * (double) NODE + n.ports() * (double) PORT
                    + n.switches() * (double) n.hosts() * TABLE_ENTRY;
            if (c.string("experiment").equals("packet-sweep")) {
                MemoryEstimate run = packet(p, new MemoryEstimate(), false);
                largest = largest == null || run.bytes() > largest.bytes() ? run : largest;
            }
        }
        int tasks = Math.max(1, concurrentTasks);
        m.add(tasks + " task" + (tasks == 1 ? "" : "s") + " at once, each with the " + points.size()
                + " points' networks and tables", tasks, networks, "fewer or smaller sweep.points, or fewer cores"
                + " (--master local[N])");
        if (largest != null && concurrentTasks > 0) {
            MemoryEstimate.Item most = largest.largest();
            m.add(tasks + " packet run" + (tasks == 1 ? "" : "s") + " at once (most of each for " + most.what() + ")",
                    tasks, largest.bytes(), most.remedy() + " of the largest point, or fewer cores (--master local[N])");
        }
        return m;
    }

    /**
     * {@code fabricsim topology}: the topology, and its forwarding tables when they are computed
     * ({@code tables}: --lft, --lft-dump, --check).
     */
    public static MemoryEstimate topology(String spec, long bandwidthBps, long latencyPs, Path baseDir, boolean tables) {
        TopologySize n = Topologies.size(spec, bandwidthBps, latencyPs, baseDir);
        MemoryEstimate m = new MemoryEstimate().add("the JVM", 1, JVM, "a larger heap");
        network(m, n, tables ? TABLE_ENTRY : 0, "a smaller --topology");
        return m;
    }

    private static MemoryEstimate contention(ExperimentConfig c) {
        MemoryEstimate m = new MemoryEstimate().add("the JVM", 1, JVM, "a larger heap");
        TopologySize n = size(c);
        network(m, n, TABLE_ENTRY, "a smaller topology.name");
        long trials = c.integer("trials", 1, 100_000_000);
        m.add(trials + " trials' results", trials, TRIAL, "fewer trials");
        int threads = c.integer("threads", 0, 4096);
        int workers = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
        m.add(workers + " workers' flows and link loads", workers, n.hosts() * 64.0 + n.ports() * 8.0,
                "fewer threads");
        return m;
    }

    /** A packet run's structures added to {@code m}; {@code outputs}: with the output tables written at the end. */
    private static MemoryEstimate packet(ExperimentConfig c, MemoryEstimate m, boolean outputs) {
        TopologySize n = size(c);
        PacketParams p = PacketBinding.params(c);
        boolean adaptive = PacketRoutingBinding.adaptiveRouting(c).mode() != AdaptiveRouting.Mode.STATIC;
        network(m, n, 0, "a smaller topology.name");
        packetTables(c, m, n);
        if (adaptive) {
            m.add("adaptive routing's state (" + n.switches() + " switches × " + n.hosts() + " hosts)",
                    (double) n.switches() * n.hosts(), ADAPTIVE_ENTRY, "a smaller topology.name");
        }
        // voq-net: a lane per destination host sharing one buffer of packet.buffer; else a buffer per VL
        boolean voqNet = p.queueing() == Queueing.VOQ_NET;
        long lanes = voqNet ? n.hosts() : p.virtualLanes();
        long packet = p.mtuBytes() + (long) p.overheadBytes();
        long held = (p.bufferBytes() + packet - 1) / packet * (voqNet ? 1 : lanes);
        // a port's state (D193) and the packets its buffers hold live in the LP that owns it: a cluster's driver
        // holds its share
        double share = lpShare(c);
        if (share > 0) { // a driver that runs no LP holds no port
            m.add(n.ports() + " ports × " + lanes + " lanes, buffers for " + held + " packets each"
                    + (share < 1 ? " (" + Math.round(share * 100) + " % of them in this JVM)" : ""), n.ports(),
                    share * (lanes * (double) LANE + held * PACKET), voqNet ? "packet.queues = voq"
                            : "fewer packet.virtual-lanes or a smaller packet.buffer");
        }
        long flows = flows(c, n);
        int sequence = c.integer("packet.permutation-sequence", 0, 1_000_000);
        String fewer = sequence > 0 ? "fewer packet.permutation-sequence" : "fewer flows";
        MetricsOptions o = MetricsBinding.options(c, PacketBinding.endTime(c), p);
        int histograms = o.maxLatencyHistograms();
        m.add(flows + " flows" + (sequence > 0 ? " (" + n.hosts() + " hosts × " + sequence + " permutations)" : ""),
                flows, FLOW + (flows <= histograms ? HISTOGRAM : 0), fewer);
        if (n.hosts() <= histograms) {
            m.add(n.hosts() + " receivers' latency histograms", n.hosts(), HISTOGRAM,
                    "a smaller topology.name or a lower metrics.max-latency-histograms");
        }
        long bins = bins(o.windowPs(), o.binWidthPs());
        double perBin = outputs ? BIN : Long.BYTES;
        m.add("throughput bins (" + flows + " flows × " + bins + " bins of " + org.fabricsim.config.Units.formatTime(
                o.binWidthPs()) + ")", (double) flows * bins, perBin, (sequence > 0 ? fewer + ", " : "")
                + "a coarser metrics.bin-width or a shorter metrics window");
        if (c.string("packet.traffic").equals("messages")) {
            m.add("receive-rate bins (" + n.hosts() + " hosts × " + bins + " bins)", (double) n.hosts() * bins, perBin,
                    "a coarser metrics.bin-width");
        }
        if (o.reorder()) {
            long a = bins(o.windowPs(), o.adaptationBinPs());
            m.add("adaptation bins (" + n.switches() + " switches × " + a + " bins)", (double) n.switches() * a,
                    outputs ? ADAPTATION_BIN : Integer.BYTES, "a coarser metrics.adaptation-bin-width");
        }
        if (c.string("engine.kind").equals("distributed") && c.string("engine.placement").equals("in-process")) {
            long parts = c.integer("engine.partitions", 1, Integer.MAX_VALUE);
            // every logical process holds the bins of the flows its hosts receive; merged at the end
            m.add(parts + " logical processes' metrics (" + flows + " flows × " + bins + " bins in all)",
                    (double) flows * bins, Long.BYTES, "a coarser metrics.bin-width or fewer engine.partitions");
        }
        return m;
    }

    /**
     * A packet run's forwarding (issue 16, D200–D202): D-mod-K computed holds per-level port columns and no table;
     * stored tables hold every row in a sequential run, and in a distributed run the rows this JVM's logical
     * processes own (in-process: all of them, once; a cluster's driver: its share of the LPs) when nothing walks
     * whole routes, else a whole table in the driver and in each of its LPs.
     */
    private static void packetTables(ExperimentConfig c, MemoryEstimate m, TopologySize n) {
        String routing = c.string("routing").trim();
        boolean dModK = routing.equals("dmodk") || routing.equals("auto") && n.isFatTree();
        if (dModK && NetworkBinding.computesDModK(c)) {
            m.add("D-mod-K's ports, computed (" + n.treeLevels() + " levels × " + n.hosts() + " hosts, "
                    + n.switches() + " switches; no tables)", n.treeLevels() * (double) n.hosts() + 3.0 * n.switches(),
                    DMODK_WORD, "a smaller topology.name");
            return;
        }
        double rows = n.switches();
        String held = "";
        if (c.string("engine.kind").equals("distributed")) {
            long parts = c.integer("engine.partitions", 1, Integer.MAX_VALUE);
            long here = lpsHere(c);
            if (RateRealisationBinding.switchRoutesOnly(c)) {
                if (here == 0) {
                    return; // a driver that runs no LP holds no row
                }
                rows = n.switches() * lpShare(c);
                held = here == parts ? ", each LP its own rows" : ", the rows of " + here + " of " + parts + " LPs";
            } else {
                rows = n.switches() * (double) (1 + here);
                held = ", whole in the driver" + (here > 0 ? " and in each of " + here + " LPs" : "");
            }
        }
        m.add("forwarding tables (" + n.switches() + " switches × " + n.hosts() + " hosts" + held + ")",
                rows * n.hosts(), TABLE_ENTRY, dModK ? "routing-tables = computed" : "a smaller topology.name");
    }

    /**
     * The LPs of a distributed run in this JVM: all in process, a cluster driver's share (LP k on member k mod
     * members), none for a driver that runs no LP (engine.cluster.driver-runs-lps = false, D206).
     */
    private static long lpsHere(ExperimentConfig c) {
        long parts = c.integer("engine.partitions", 1, Integer.MAX_VALUE);
        if (c.string("engine.placement").equals("in-process")) {
            return parts;
        }
        if (!c.bool("engine.cluster.driver-runs-lps")) {
            return 0;
        }
        long members = c.isList("engine.cluster.members") ? c.strings("engine.cluster.members").size() + 1
                : c.integer("engine.cluster.members", 1, 10_000);
        return (parts + members - 1) / members;
    }

    /** The share of the network whose per-part state this JVM holds: 1 but for a cluster's driver. */
    private static double lpShare(ExperimentConfig c) {
        if (!c.string("engine.kind").equals("distributed")) {
            return 1;
        }
        return lpsHere(c) / (double) c.integer("engine.partitions", 1, Integer.MAX_VALUE);
    }

    /** The topology and its tables ({@code entry} bytes per switch and host; 0: none). */
    private static void network(MemoryEstimate m, TopologySize n, long entry, String smaller) {
        m.add("the topology (" + n.hosts() + " hosts, " + n.switches() + " switches, " + n.ports() + " ports)",
                n.nodes(), NODE, smaller);
        m.add("the topology's ports", n.ports(), PORT, smaller);
        if (entry > 0) {
            m.add("forwarding tables (" + n.switches() + " switches × " + n.hosts() + " hosts)",
                    (double) n.switches() * n.hosts(), entry, smaller);
        }
    }

    /** Flows of a packet run, at most: explicit ones, hosts × permutations, hosts × max-flows, or one per host. */
    private static long flows(ExperimentConfig c, TopologySize n) {
        int explicit = c.elements(PacketBinding.FLOWS, PacketBinding.FLOW_KEYS).size();
        if (explicit > 0) {
            return explicit;
        }
        int sequence = c.integer("packet.permutation-sequence", 0, 1_000_000);
        if (sequence > 0) {
            return n.hosts() * sequence;
        }
        if (c.string("packet.traffic").equals("flows") && c.string("traffic.pattern").equals("random-flows")) {
            return n.hosts() * c.integer("traffic.max-flows", 1, 1000);
        }
        return n.hosts();
    }

    private static TopologySize size(ExperimentConfig c) {
        long bandwidth = c.string("topology.link-bandwidth").equals("default") ? 0 : c.bandwidth("topology.link-bandwidth");
        long latency = c.string("topology.link-latency").equals("default") ? 0 : c.time("topology.link-latency");
        String name = c.string("topology.name"); // a missing key says so itself, as in NetworkBinding
        try {
            return Topologies.size(name, Math.max(0, bandwidth), Math.max(0, latency), c.baseDir());
        } catch (InputException e) {
            throw c.errorAt("topology.name", e);
        }
    }

    /** ⌈window / width⌉ without the int limit of {@link MetricsOptions#bins()}. */
    private static long bins(long windowPs, long widthPs) {
        return (windowPs - 1) / widthPs + 1;
    }
}
