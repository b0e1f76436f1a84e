package org.fabricsim.experiment;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.PacketRun;
import org.fabricsim.ib.PacketSimulation;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.io.PacketMetricsFiles;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.stats.ByteBasis;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;

/**
 * {@code experiment = packet}: one packet-level run (docs/PACKET_MODEL.md) of the topology, routing and flows
 * the configuration names, to {@code packet.end-time}; writes the packet metrics files
 * ({@link PacketMetricsFiles}) and {@code summary.json} with the engine's figures beside the metrics.
 */
final class PacketExperiment implements Experiment {
    @Override
    public String name() {
        return "packet";
    }

    @Override
    public void run(ExperimentConfig c, OutputDirectory out, RunContext context) throws IOException {
        long seed = c.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        Topology topology = NetworkBinding.topology(c);
        ForwardingTables lft = NetworkBinding.routing(c, topology);
        PacketParams params = PacketBinding.params(c);
        long end = PacketBinding.endTime(c);
        FlowSchedule schedule = PacketBinding.schedule(c, topology, seed);
        int[] lanes = PacketBinding.flowLanes(c, schedule);
        MetricsOptions options = MetricsOptions.until(end).withVirtualLanes(params.virtualLanes())
                .withBytes(ByteBasis.PAYLOAD, ByteBasis.WIRE, params.overheadBytes());
        PacketMetrics metrics = new PacketMetrics(topology, schedule.flows(), options)
                .flowTimes(schedule.startPs(), schedule.stopPs());
        PacketSimulation sim = PacketSimulation.builder(topology, lft, schedule).params(params).seed(seed)
                .flowLanes(lanes).queue(PacketBinding.eventQueue(c)).observer(metrics).build();
        PacketRun run = sim.runUntil(end);

        Map<String, Object> engine = new LinkedHashMap<>();
        engine.put("simulated_ps", end);
        engine.put("events", run.events());
        engine.put("events_per_second", run.eventsPerSecond());
        engine.put("wall_seconds", run.wallSeconds());
        engine.put("packet_hops", run.packetHops());
        engine.put("ns_per_packet_hop", run.nanosPerPacketHop());
        engine.put("packets_injected", sim.injectedPackets());
        engine.put("packets_delivered", sim.deliveredPackets());
        engine.put("packets_in_flight", sim.packetsInFlight());
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("topology", topology.name());
        summary.put("routing", lft.describe());
        summary.put("flows", schedule.size());
        summary.put("engine", engine);
        summary.put("metrics", PacketMetricsFiles.summary(metrics));
        org.fabricsim.io.Json.write(out.stage("summary.json"), summary);
        PacketMetricsFiles.write(out, metrics, c.bool("output.plots"), topology.name() + ", " + schedule.size()
                + " flows");
        context.console().printf("packet: %s, %d flows, %s simulated: %d events in %.2f s (%.2f M events/s,"
                + " %.0f ns per packet-hop); %d packets delivered%n", topology.name(), schedule.size(),
                Units.formatTime(end), run.events(), run.wallSeconds(), run.eventsPerSecond() / 1e6,
                run.nanosPerPacketHop(), sim.deliveredPackets());
    }
}
