package org.fabricsim.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.PacketRun;
import org.fabricsim.ib.PacketSimulation;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.io.PacketMetricsFiles;
import org.fabricsim.io.Progress;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * {@code experiment = packet}: one packet-level run of {@code packet.end-time}, measured by
 * {@link PacketMetrics}. Writes {@code summary.json} (the measurements; byte-identical for identical
 * input), the Arrow tables and the throughput plot of {@link PacketMetricsFiles}; the engine's figures
 * (events, events/s, wall time, ns per packet-hop) go to {@code run.json}.
 */
final class PacketExperiment implements Experiment {
    static final String SCHEMA_VERSION = "1";
    /** Progress steps: the run advances in this many slices of simulated time. */
    private static final int SLICES = 100;

    @Override
    public String name() {
        return "packet";
    }

    @Override
    public Map<String, Object> run(ExperimentConfig c, OutputDirectory out, RunContext context) throws IOException {
        long seed = c.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        Topology topology = NetworkBinding.topology(c);
        ForwardingTables lft = NetworkBinding.routing(c, topology);
        PacketParams params = PacketBinding.params(c);
        long end = PacketBinding.endTime(c);
        FlowSchedule schedule = PacketBinding.schedule(c, topology, seed);
        MetricsOptions options = MetricsBinding.options(c, end, params);
        PacketMetrics metrics = new PacketMetrics(topology, schedule.flows(), options)
                .flowTimes(schedule.startPs(), schedule.stopPs());
        PacketSimulation sim = PacketSimulation.builder(topology, lft, schedule).params(params).seed(seed)
                .observer(metrics).flowLanes(PacketBinding.flowLanes(c, schedule))
                .queue(PacketBinding.eventQueue(c)).build();

        long events = 0;
        long wall = 0;
        long hops = 0;
        long delivered = 0;
        try (Progress progress = context.progress("packet " + topology.name() + " to " + Units.formatTime(end), SLICES)) {
            for (int k = 1; k <= SLICES; k++) {
                PacketRun step = sim.runUntil(end / SLICES * k + (k == SLICES ? end % SLICES : 0));
                events += step.events();
                wall += step.wallNanos();
                hops += step.packetHops();
                delivered += step.packetsDelivered();
                progress.stepBy(1);
            }
        }
        PacketRun run = new PacketRun(events, end, wall, hops, delivered);
        String violation = sim.creditViolation();
        if (violation != null) {
            throw new IllegalStateException("credit loop broken: " + violation);
        }

        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("schema_version", SCHEMA_VERSION);
        summary.put("experiment", name());
        summary.put("topology", topology.name());
        summary.put("routing", lft.algorithm());
        summary.put("seed", seed);
        summary.put("end_time_ps", end);
        summary.put("flows", schedule.size());
        summary.put("events", events);
        summary.put("packet_hops", hops);
        summary.put("packets_injected", sim.injectedPackets());
        summary.put("packets_delivered", sim.deliveredPackets());
        summary.put("packets_in_flight", sim.packetsInFlight());
        summary.putAll(PacketMetricsFiles.summary(metrics));
        Json.write(out.stage("summary.json"), summary);
        PacketMetricsFiles.write(out, metrics, c.bool("output.plots"),
                c.string("packet.title").isEmpty() ? "Throughput, " + topology.name() : c.string("packet.title"));

        report(context.console(), topology, schedule, run, metrics, out);
        Map<String, Object> engine = new LinkedHashMap<>();
        engine.put("engine", "sequential");
        engine.put("events", events);
        engine.put("events_per_second", Math.round(run.eventsPerSecond()));
        engine.put("event_loop_seconds", run.wallSeconds());
        engine.put("packet_hops", hops);
        engine.put("ns_per_packet_hop", run.nanosPerPacketHop());
        return Map.of("engine", engine);
    }

    private static void report(PrintStream console, Topology t, FlowSchedule s, PacketRun run, PacketMetrics m,
            OutputDirectory out) {
        console.printf(Locale.ROOT, "packet: %s, %d flows, %s simulated: %,d events in %.2f s (%.2f M events/s,"
                + " %.0f ns per packet-hop)%n", t.name(), s.size(), Units.formatTime(run.simulatedPs()), run.events(),
                run.wallSeconds(), run.eventsPerSecond() / 1e6, run.nanosPerPacketHop());
        int shown = Math.min(s.size(), 8);
        for (int f = 0; f < shown; f++) {
            console.printf(Locale.ROOT, "  flow %-3d %s -> %s  %8.2f Gbps%n", f, t.nodeName(s.flows().src()[f]),
                    t.nodeName(s.flows().dst()[f]), m.flowGbps(f));
        }
        if (shown < s.size()) {
            console.printf(Locale.ROOT, "  ... %d more flows in flows.arrow%n", s.size() - shown);
        }
        console.println("  results in " + out.dir().toAbsolutePath());
    }
}
