package org.fabricsim.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.engine.Time;
import org.fabricsim.experiment.PacketBinding;
import org.fabricsim.ib.AdaptiveRouting;
import org.fabricsim.ib.CcParams;
import org.fabricsim.ib.IsolationParams;
import org.fabricsim.ib.MessageTraffic;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.PacketRun;
import org.fabricsim.ib.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
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
 * {@code traffic.pattern=silent-forest packet.hca-send-rate=13.5Gbps}) bound as a run would bind them
 * ({@code experiment.PacketBinding}: the model, the traffic — message-level included —, adaptive routing,
 * congestion control, the event queue, the seed); without any, a random permutation under the default model.
 * No observer is attached, so {@code metrics.*}, {@code engine.*} and {@code output.*} keys are refused
 * rather than ignored.
 */
public final class PacketEndToEnd {
    private PacketEndToEnd() {
    }

    public static void main(String[] args) {
        String name = args.length > 0 ? args[0] : "tree648";
        double ms = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        long end = (long) (ms * Time.MS);
        Topology t = Topologies.resolve(name, 0, 0, null);
        ForwardingTables lft = Routings.compute("auto", t, null);
        List<String> settings = new ArrayList<>(List.of("experiment=packet", "topology.name=" + name));
        settings.addAll(Arrays.asList(args).subList(Math.min(3, args.length), args.length));
        for (String kv : settings) {
            if (kv.startsWith("metrics.") || kv.startsWith("engine.") || kv.startsWith("output.")
                    || kv.startsWith("routing") || kv.startsWith("topology.") && !kv.equals("topology.name=" + name)) {
                System.err.println("PacketEndToEnd: " + kv + " is not bound here (sequential, no observer; the"
                        + " topology is the first argument, routed by its default tables)");
                System.exit(2);
            }
        }
        ExperimentConfig c = ExperimentConfig.fromSets(settings, Path.of("."));
        long seed = c.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        FlowSchedule s = PacketBinding.schedule(c, t, seed);
        PacketParams p = PacketBinding.params(c);
        Binding b = new Binding(PacketBinding.messages(c, t, seed), PacketBinding.flowLanes(c, s),
                PacketBinding.adaptiveRouting(c, t), PacketBinding.congestionControl(c), PacketBinding.isolation(c),
                PacketBinding.eventQueue(c), seed);
        FlowSet flows = s.flows();
        System.out.printf("%s: %d hosts, %d switches, %d flows, %s, %.3f ms simulated, settings %s%n", name,
                t.hostCount(), t.switchCount(), flows.size(), p, ms, settings);
        run(t, lft, s, p, b, end); // warm-up
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

    /** What a run binds besides the model and the flows. */
    private record Binding(MessageTraffic messages, int[] lanes, AdaptiveRouting routing, CcParams cc,
            IsolationParams isolation, String queue, long seed) {
    }

    private static PacketRun run(Topology t, ForwardingTables lft, FlowSchedule s, PacketParams p, Binding b, long end) {
        PacketSimulation sim = (b.messages() == null ? PacketSimulation.builder(t, lft, s)
                : PacketSimulation.builder(t, lft, b.messages())).params(p).seed(b.seed()).flowLanes(b.lanes())
                .adaptiveRouting(b.routing()).congestionControl(b.cc()).isolation(b.isolation()).queue(b.queue())
                .build();
        PacketRun run = sim.runUntil(end);
        return run;
    }
}
