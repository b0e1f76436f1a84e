package org.fabricsim.benchmarks;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigUtil;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.engine.Time;
import org.fabricsim.experiment.CongestionBinding;
import org.fabricsim.experiment.MessageTrafficBinding;
import org.fabricsim.experiment.NetworkBinding;
import org.fabricsim.experiment.PacketBinding;
import org.fabricsim.experiment.PacketRoutingBinding;
import org.fabricsim.experiment.RateRealisationBinding;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.isolation.IsolationParams;
import org.fabricsim.ib.rates.RateRealisation;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.run.PacketRun;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.traffic.MessageTraffic;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;

/**
 * End-to-end packet-level benchmark (issue 5, "Performance"): a topology (default tree648) under one random
 * permutation at full load (every host sends without end at line rate), 2 KiB MTU, the default model
 * (docs/PACKET_MODEL.md), for a simulated time (default 1 ms) after a warm-up run of the same length on a
 * fresh simulation (JIT). Prints events, events/s, packet-hops, ns of wall time per packet-hop and the peak
 * heap. Usage: {@code java -cp benchmarks/target/benchmarks.jar org.fabricsim.benchmarks.PacketEndToEnd
 * [topology] [simulated ms] [repetitions] [key=value ...]}; the settings are configuration keys (e.g.
 * {@code traffic.pattern=silent-forest packet.hca-send-rate=13.5Gbps topology.link-bandwidth=100Gbps}) bound
 * by the code a run binds them with ({@code experiment.NetworkBinding}: the topology with its link bandwidth
 * and latency, the routing; {@code experiment.PacketBinding}: the model, the traffic — message-level
 * included —, fluid rates and paths, injection, adaptive routing, congestion control, isolation, the event
 * queue, the seed); without any, a random permutation under the default model. Every other key is refused
 * with one line rather than ignored ({@link #BOUND}, {@link #REFUSED}): no observer is attached, the run is
 * sequential, the topology is the first argument and the simulated time the second.
 */
public final class PacketEndToEnd {
    /** The keys (and everything under them) the harness binds as a run does. */
    static final List<String> BOUND = List.of("seed", "topology.link-bandwidth", "topology.link-latency", "routing",
            "routing-tables", "traffic", "adaptive", "packet");
    /** Keys under {@link #BOUND} that the harness does not use: the second argument, and a plot's title. */
    static final List<String> REFUSED = List.of("packet.end-time", "packet.title");

    private PacketEndToEnd() {
    }

    /** What the harness runs: exactly what {@code fabricsim simulate} builds from the same settings. */
    record Setup(Topology topology, ForwardingTables lft, FlowSchedule schedule, PacketParams params, Binding binding,
            long end, List<String> settings) {
    }

    /** What a run binds besides the model and the flows. */
    record Binding(MessageTraffic messages, int[] lanes, AdaptiveRouting routing, CcParams cc,
            IsolationParams isolation, RateRealisation injection, FlowRoutes paths, String queue, long seed) {
    }

    /**
     * Binds the arguments {@code [topology] [simulated ms] [repetitions] [key=value ...]} as
     * {@code experiment.PacketExperiment}'s sequential run binds its configuration.
     *
     * @throws InputException one line: a setting the harness does not bind, or the configuration's own mistake
     */
    static Setup bind(String... args) {
        String name = args.length > 0 ? args[0] : "tree648";
        double ms = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
        long end = (long) (ms * Time.MS);
        if (end <= 0) {
            throw new InputException("PacketEndToEnd: the simulated time (second argument, ms) must be positive");
        }
        List<String> given = Arrays.asList(args).subList(Math.min(3, args.length), args.length);
        List<String> settings = new ArrayList<>(List.of("experiment=packet", "topology.name=" + name));
        settings.addAll(given);
        for (String kv : given) {
            refuseUnbound(kv);
        }
        ExperimentConfig c = ExperimentConfig.fromSets(settings, Path.of("."));
        long seed = c.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        // the order and calls of PacketExperiment.run and PacketExperiment.sequential
        Topology t = NetworkBinding.topology(c);
        ForwardingTables lft = NetworkBinding.packetRouting(c, t, null); // D-mod-K computed unless routing-tables = stored
        PacketParams p = PacketBinding.params(c);
        AdaptiveRouting adaptive = PacketRoutingBinding.adaptiveRouting(c, t);
        FlowSchedule s = RateRealisationBinding.rated(c, t, lft, PacketBinding.schedule(c, t, seed), seed);
        RateRealisation injection = RateRealisationBinding.rateRealisation(c);
        FlowRoutes paths = RateRealisationBinding.flowPaths(c, t, lft, s, seed);
        Binding b = new Binding(MessageTrafficBinding.messages(c, t, seed), PacketBinding.flowLanes(c, s), adaptive,
                CongestionBinding.congestionControl(c), CongestionBinding.isolation(c), injection, paths,
                PacketBinding.eventQueue(c), seed);
        return new Setup(t, lft, s, p, b, end, settings);
    }

    /** Refuses, in one line, a {@code key=value} whose key is not under {@link #BOUND} or is (under) {@link #REFUSED}. */
    static void refuseUnbound(String kv) {
        String key = kv.substring(0, Math.max(0, kv.indexOf('='))).trim(); // as ExperimentConfig reads a setting
        List<String> path;
        try {
            path = ConfigUtil.splitPath(key);
        } catch (ConfigException e) {
            throw new InputException("PacketEndToEnd: '" + kv + "' is not a key=value setting");
        }
        boolean bound = BOUND.stream().anyMatch(b -> startsWith(path, ConfigUtil.splitPath(b)));
        // a refused key, or an object that holds one (packet = {end-time = ...})
        boolean refused = REFUSED.stream().map(ConfigUtil::splitPath)
                .anyMatch(r -> startsWith(path, r) || startsWith(r, path));
        if (!bound || refused) {
            throw new InputException("PacketEndToEnd: " + kv + " is not bound here (it binds seed, routing, "
                    + "topology.link-bandwidth, topology.link-latency, traffic.*, adaptive.* and packet.* but "
                    + "packet.end-time and packet.title, as a sequential run without observer; the topology is the "
                    + "first argument, the simulated ms the second)");
        }
    }

    private static boolean startsWith(List<String> path, List<String> prefix) {
        return path.size() >= prefix.size() && path.subList(0, prefix.size()).equals(prefix);
    }

    public static void main(String[] args) {
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Setup setup;
        try {
            setup = bind(args);
        } catch (InputException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Topology t = setup.topology();
        ForwardingTables lft = setup.lft();
        FlowSchedule s = setup.schedule();
        PacketParams p = setup.params();
        Binding b = setup.binding();
        long end = setup.end();
        FlowSet flows = s.flows();
        System.out.printf("%s: %d hosts, %d switches, %d flows, %s, %.3f ms simulated, settings %s%n", t.name(),
                t.hostCount(), t.switchCount(), flows.size(), p, end / (double) Time.MS, setup.settings());
        PacketSimulation warmUp = builder(t, lft, s, p, b).build();
        PacketRun first = warmUp.runUntil(end);
        // what the events per packet-hop are (issue 36); every run of these settings has the same
        StringBuilder kinds = new StringBuilder();
        double hops = Math.max(1, first.packetHops());
        warmUp.eventsByKind().forEach((kind, n) -> kinds.append(String.format(" %s %.3f", kind, n / hops)));
        System.out.printf("events per packet-hop %.3f:%s%n", first.events() / hops, kinds);
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < reps; i++) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            PacketRun run = run(t, lft, s, p, b, end);
            double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
            // CPU time of this thread is less disturbed than wall time on a shared machine
            System.out.printf("run %d: %d events in %.3f s wall (%.3f s CPU) = %.2f M events/s; %d packet-hops,"
                    + " %.1f ns/hop (%.1f CPU); %d packets delivered%n", i, run.events(), run.wallSeconds(), cpu,
                    run.eventsPerSecond() / 1e6, run.packetHops(), run.nanosPerPacketHop(),
                    cpu * 1e9 / run.packetHops(), run.packetsDelivered());
        }
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("peak heap (sum of pool peaks): %.1f MiB%n", peak / 1048576.0);
    }

    private static PacketRun run(Topology t, ForwardingTables lft, FlowSchedule s, PacketParams p, Binding b, long end) {
        return builder(t, lft, s, p, b).build().runUntil(end);
    }

    /** The simulation a run of these settings builds (its event queue: the binding's kind). */
    static PacketSimulation.Builder builder(Topology t, ForwardingTables lft, FlowSchedule s, PacketParams p,
            Binding b) {
        return (b.messages() == null ? PacketSimulation.builder(t, lft, s)
                : PacketSimulation.builder(t, lft, b.messages())).params(p).seed(b.seed()).flowLanes(b.lanes())
                .adaptiveRouting(b.routing()).congestionControl(b.cc()).isolation(b.isolation()).queue(b.queue())
                .rateRealisation(b.injection()).flowPaths(b.paths());
    }
}
