package org.fabricsim.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.fabricsim.engine.distributed.ClusterConfig;
import org.fabricsim.engine.distributed.DistributedRun;
import org.fabricsim.engine.distributed.RunResult;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.isolation.IsolationParams;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.run.Deadlock;
import org.fabricsim.ib.run.PacketRun;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.traffic.MessageTraffic;
import org.fabricsim.io.Json;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.io.PacketMetricsFiles;
import org.fabricsim.io.Progress;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.stats.ForestRates;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HotspotForest;
import org.fabricsim.traffic.Collective;
import org.fabricsim.traffic.HpccTrace;

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
        // a distributed run's driver routes nothing itself: it keeps no rows unless it walks whole routes (D201)
        boolean driverOnly = c.string("engine.kind").equals("distributed") && RateRealisationBinding.switchRoutesOnly(c);
        ForwardingTables lft = NetworkBinding.packetRouting(c, topology, driverOnly ? v -> false : null);
        PacketParams params = PacketBinding.params(c);
        AdaptiveRouting adaptive = PacketRoutingBinding.adaptiveRouting(c, topology);
        long end = PacketBinding.endTime(c);
        FlowSchedule schedule = RateRealisationBinding.rated(c, topology, lft, PacketBinding.schedule(c, topology, seed),
                seed);
        RateRealisationBinding.rateRealisation(c); // packet.injection's conflicts surface before anything runs
        RateRealisationBinding.adaptiveRoutes(c); // and packet.routes' (the paths are set up once, for the run)
        MetricsBinding.options(c, end, params); // metrics.* mistakes surface before anything runs
        String engineKind = c.choice("engine.kind", List.of("sequential", "distributed"));
        Map<String, Object> engine = new LinkedHashMap<>();
        PacketMetrics metrics;
        long events;
        long hops;
        long controlHops;
        long injected;
        long delivered;
        long wall;
        Deadlock deadlock;
        if (engineKind.equals("sequential")) {
            Sequential r = sequential(c, seed, topology, lft, adaptive, schedule, end, params,
                    sim -> runSequential(sim, end, topology, context));
            metrics = r.metrics();
            events = r.run().events();
            hops = r.run().packetHops();
            controlHops = r.controlHops();
            injected = r.injected();
            delivered = r.delivered();
            wall = r.run().wallNanos();
            deadlock = r.deadlock();
            engine.put("engine", "sequential");
        } else {
            int parts = c.integer("engine.partitions", 1, topology.nodeCount());
            String method = c.choice("engine.partition-method", List.of("auto", "tree", "multilevel"));
            Partitioning.Split partition;
            try {
                partition = context.partitioning().split(topology, parts, method, seed);
            } catch (IllegalArgumentException e) {
                throw c.error("engine.partition-method", e.getMessage());
            }
            context.console().printf(Locale.ROOT, "packet: %s split into %d logical processes (%s, %d cut cables)%n",
                    topology.name(), parts, partition.method(), partition.cutCables());
            RunResult r;
            try (Progress progress = context.progress("packet " + topology.name() + " to " + Units.formatTime(end)
                    + ", " + parts + " LPs", 100)) {
                long[] shown = {0};
                r = runDistributed(c, PacketModelSpec.of(c), partition, end, reached -> {
                    long percent = reached * 100 / end;
                    progress.stepBy(percent - shown[0]);
                    shown[0] = percent;
                });
                progress.stepBy(100 - shown[0]);
            }
            PacketModelSpec.Merged m = PacketModelSpec.combine((PacketModelSpec.Parts) r.result(), topology,
                    schedule.flows());
            metrics = m.metrics();
            events = m.events();
            hops = m.hops();
            controlHops = m.controlHops();
            injected = m.injected();
            delivered = m.delivered();
            wall = r.wallNanos();
            deadlock = m.deadlock();
            engine.put("engine", "distributed");
            engine.put("logical_processes", parts);
            engine.put("placement", c.string("engine.placement"));
            if (c.string("engine.placement").equals("cluster")) {
                engine.put("channels", c.string("engine.cluster.channels"));
                engine.put("direct_batches", r.directBatches());
            }
            engine.put("partition_method", partition.method());
            engine.put("cut_cables", partition.cutCables());
            engine.put("cross_lp_events", r.realMessages());
            engine.put("null_messages", r.nullMessages());
            engine.put("null_messages_per_cross_lp_event", r.nullPerReal());
            engine.put("batches", r.batches());
            engine.put("steps", r.steps());
            engine.put("global_bound_waves", r.boundWaves());
            engine.put("lp_busy_seconds", java.util.Arrays.stream(r.busyNanos()).mapToDouble(b -> b / 1e9).toArray());
            engine.put("mean_message_latency_ns", r.meanMessageLatencyNanos());
            // coupling factor λ = (lookahead · events per simulated second) / (message latency · events per wall
            // second) (DESIGN.md): how much simulated work one lookahead window holds against what one message
            // costs; well above 1 leaves room for speed-up, below 1 the LPs mostly wait for each other
            double eventsPerSimSecond = events / (end * 1e-12);
            double eventsPerWallSecond = r.wallNanos() == 0 ? 0 : events / (r.wallNanos() * 1e-9);
            double lookaheadS = r.minLookaheadPs() * 1e-12;
            double latencyS = r.meanMessageLatencyNanos() * 1e-9;
            engine.put("min_cut_cable_latency_ps", orNull(partition.minCableLatencyPs()));
            engine.put("min_lookahead_ps", orNull(r.minLookaheadPs()));
            engine.put("coupling_factor", latencyS == 0 || eventsPerWallSecond == 0
                    || r.minLookaheadPs() == Long.MAX_VALUE ? null
                    : lookaheadS * eventsPerSimSecond / (latencyS * eventsPerWallSecond));
        }
        PacketRun run = new PacketRun(events, end, wall, hops, delivered);

        Map<String, Object> summary = summary(topology, lft, params, adaptive, CongestionBinding.congestionControl(c),
                CongestionBinding.isolation(c), MessageTrafficBinding.messages(c, topology, seed),
                MessageTrafficBinding.trace(c, topology, seed),
                MessageTrafficBinding.collective(c, topology), seed, end, schedule, metrics, events, hops, controlHops, injected,
                delivered);
        IngressSummary.add(c, summary, topology, lft, adaptive);
        if (deadlock != null) { // a result like any other: written, then reported (D211)
            summary.put("deadlock", DeadlockReport.summary(deadlock, topology));
        }
        String injection = RateRealisationBinding.rateRealisation(c).word();
        if (!injection.equals("round-robin") || !c.string("packet.rates").equals("given")
                || !c.string("packet.routes").equals("tables")) {
            summary.put("injection", injection); // how the HCAs realised the rates, and where the rates came from
            summary.put("rates", c.string("packet.rates"));
            summary.put("routes", c.string("packet.routes")); // the tables, or paths set up before the run
        }
        Json.write(out.stage("summary.json"), summary);
        PacketMetricsFiles.write(out, metrics, c.bool("output.plots"),
                c.string("packet.title").isEmpty() ? "Throughput, " + topology.name() : c.string("packet.title"));
        MessageTraffic messages = MessageTrafficBinding.messages(c, topology, seed);
        if (messages != null && c.bool("output.plots")) {
            HotspotForest forest = messages.forest();
            PacketMetricsFiles.plotReceiveRates(out.stage("receive-rates.png"), metrics,
                    forest.parameters().hotspotLifetimePs() == 0 ? forest.hotspots(0) : null,
                    "Receive rates, " + topology.name() + " (" + forest.parameters().kind().key() + ")");
        }

        report(context.console(), topology, schedule, run, metrics, (Map<?, ?>) summary.get("collective"), out);
        engine.put("events", events);
        engine.put("events_per_second", Math.round(run.eventsPerSecond()));
        engine.put("event_loop_seconds", run.wallSeconds());
        engine.put("packet_hops", hops);
        engine.put("ns_per_packet_hop", run.nanosPerPacketHop());
        engine.put("peak_heap_mib", peakHeapMib());
        Map<String, Object> recorded = new LinkedHashMap<>();
        recorded.put("outcome", deadlock == null ? DeadlockReport.FINISHED : DeadlockReport.DEADLOCK);
        if (deadlock != null) {
            recorded.put(DeadlockReport.DEADLOCK, DeadlockReport.line(deadlock, topology, lft.algorithm()));
        }
        recorded.put("engine", engine);
        return recorded;
    }

    /** What a sequential run leaves: its measurements, figures and counters. */
    record Sequential(PacketMetrics metrics, PacketRun run, long controlHops, long injected, long delivered,
            Deadlock deadlock) {
    }

    /** Builds and runs the configured packet simulation sequentially; {@code runner} drives it to the end. */
    static Sequential sequential(ExperimentConfig c, long seed, Topology topology, ForwardingTables lft,
            AdaptiveRouting adaptive, FlowSchedule schedule, long end, PacketParams params,
            java.util.function.Function<PacketSimulation, PacketRun> runner) {
        PacketMetrics metrics = MetricsBinding.metrics(c, topology, schedule, end, params, seed);
        MessageTraffic messages = MessageTrafficBinding.messages(c, topology, seed);
        PacketSimulation sim = (messages == null ? PacketSimulation.builder(topology, lft, schedule)
                : PacketSimulation.builder(topology, lft, messages)).params(params).seed(seed)
                .observer(metrics).flowLanes(PacketBinding.flowLanes(c, schedule))
                .queue(PacketBinding.eventQueue(c)).adaptiveRouting(adaptive)
                .congestionControl(CongestionBinding.congestionControl(c)).isolation(CongestionBinding.isolation(c))
                .rateRealisation(RateRealisationBinding.rateRealisation(c))
                .flowPaths(RateRealisationBinding.flowPaths(c, topology, lft, schedule, seed)).build();
        PacketRun run = runner.apply(sim);
        String violation = sim.creditViolation();
        if (violation != null) {
            throw new IllegalStateException("credit loop broken: " + violation);
        }
        return new Sequential(metrics, run, sim.controlHops(), sim.injectedPackets(), sim.deliveredPackets(),
                sim.deadlock());
    }

    /** summary.json of a packet run (docs/OUTPUTS.md): byte-identical for identical input, however it ran. */
    /**
     * With flows that have rates: the measured against the calculated rates over the metrics window, as seed 003
     * Tables 6.3 and 6.4 compare them (spec §6.12): the least measured rate over the least rate (the two may be
     * different flows) and the mean over the mean, among the flows active in the window. A rate is wire bits per
     * second; with payload throughput it is counted as a full packet's payload share. Null without rates.
     */
    static Map<String, Object> rateRealisation(FlowSchedule schedule, PacketMetrics metrics, PacketParams params) {
        long[] rate = schedule.rateBps();
        double share = metrics.options().throughputBasis() == org.fabricsim.stats.ByteBasis.PAYLOAD
                ? (double) params.mtuBytes() / (params.mtuBytes() + params.overheadBytes()) : 1;
        double minMeasured = Double.MAX_VALUE;
        double minRate = Double.MAX_VALUE;
        double measured = 0;
        double calculated = 0;
        int n = 0;
        for (int f = 0; f < rate.length; f++) {
            double g = metrics.flowGbps(f);
            if (rate[f] <= 0 || Double.isNaN(g)) {
                continue;
            }
            double r = rate[f] * share / 1e9;
            minMeasured = Math.min(minMeasured, g);
            minRate = Math.min(minRate, r);
            measured += g;
            calculated += r;
            n++;
        }
        if (n == 0) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("flows", n);
        m.put("min_ratio", minMeasured / minRate);
        m.put("mean_ratio", measured / calculated);
        return m;
    }

    /**
     * An ascending vector read at 0, 0.1, …, 1 of its index range (seed 003 Figs 6.8-b and 6.10-b: the nearest
     * index, spec §7 item 32), as {@code d0} … {@code d100}; null when empty.
     */
    static Map<String, Object> deciles(double[] values) {
        if (values.length == 0) {
            return null;
        }
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        double[] at = org.fabricsim.fluid.RunMetrics.sample(sorted, org.fabricsim.fluid.RunMetrics.DECILES);
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < at.length; i++) {
            m.put("d" + Math.round(org.fabricsim.fluid.RunMetrics.DECILES[i] * 100), at[i]);
        }
        return m;
    }

    /**
     * A phase of equal finite flows started together (seed 003 Figs 6.7 and 6.10, spec §6.6 and §6.10): the time
     * unit is one flow at its source's line rate (AMBIG-18); {@code time_units} is the last completion in those
     * units, and an application's rate is one unit over its own last flow's completion (its slowest flow's
     * normalised rate; flows without an application form one), its time that completion in units (the mean
     * of these is Fig 6.10's "average completion time"). Null unless every flow is sized alike and starts at 0;
     * the completions are null while a flow is unfinished at the end.
     */
    static Map<String, Object> phaseCompletion(Topology topology, FlowSchedule schedule, PacketMetrics metrics) {
        int n = schedule.size();
        if (n == 0) {
            return null;
        }
        long bytes = schedule.bytes()[0];
        for (int f = 0; f < n; f++) {
            if (schedule.bytes()[f] != bytes || bytes <= 0 || bytes == Long.MAX_VALUE || schedule.startPs()[f] != 0
                    || schedule.after()[f] >= 0) {
                return null;
            }
        }
        FlowSet flows = schedule.flows();
        double unitPs = bytes * 8e12 / topology.bandwidthBps(topology.hostPort(flows.src()[0]));
        int apps = 0;
        for (int f = 0; f < n; f++) {
            apps = Math.max(apps, flows.app()[f] + 1);
        }
        apps = Math.max(apps, 1);
        long[] last = new long[apps];
        long end = 0;
        boolean all = true;
        for (int f = 0; f < n; f++) {
            long c = metrics.completionPs(f);
            if (c < 0) {
                all = false;
                continue;
            }
            int a = Math.max(flows.app()[f], 0);
            last[a] = Math.max(last[a], c);
            end = Math.max(end, c);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("unit_us", unitPs / 1e6);
        m.put("applications", apps);
        if (!all) {
            m.put("time_units", null);
            m.put("mean_application_time_units", null);
            m.put("mean_application_rate", null);
            m.put("min_application_rate", null);
            m.put("sorted_application_rate", null);
            return m;
        }
        double sum = 0;
        double time = 0;
        double min = Double.MAX_VALUE;
        double[] rates = new double[apps];
        int counted = 0;
        for (long c : last) {
            if (c > 0) { // an application with no flow (a draw that gave it none) has no rate
                double r = unitPs / c;
                sum += r;
                time += c / unitPs;
                min = Math.min(min, r);
                rates[counted++] = r;
            }
        }
        m.put("time_units", end / unitPs);
        m.put("mean_application_time_units", time / counted);
        m.put("mean_application_rate", sum / counted);
        m.put("min_application_rate", min);
        m.put("sorted_application_rate", deciles(java.util.Arrays.copyOf(rates, counted)));
        return m;
    }

    static Map<String, Object> summary(Topology topology, ForwardingTables lft, PacketParams params,
            AdaptiveRouting adaptive, CcParams cc, IsolationParams isolation, MessageTraffic messages, HpccTrace trace,
            Collective collective, long seed, long end, FlowSchedule schedule,
            PacketMetrics metrics, long events, long hops, long controlHops, long injected, long delivered) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("schema_version", SCHEMA_VERSION);
        summary.put("experiment", "packet");
        summary.put("topology", topology.name());
        summary.put("routing", lft.algorithm());
        if (adaptive.mode() != AdaptiveRouting.Mode.STATIC) {
            summary.put("adaptive_routing", adaptive.describe());
        }
        if (cc != null) {
            summary.put("congestion_control", cc.describe());
        }
        if (isolation != null) {
            summary.put("isolation", isolation.describe(params.queueing(), cc != null));
        }
        summary.put("seed", seed);
        summary.put("end_time_ps", end);
        summary.put("flows", schedule.size());
        // a switch input port's buffer over all its lanes: the organisations' memory cost (seed 002 Papers V, VI)
        summary.put("input_memory_bytes", (long) params.bufferBytes() * (params.queueing() == Queueing.VOQ_NET
                ? topology.hostCount() : params.virtualLanes()));
        if (isolation != null) {
            // and the CAM lines beside it (Paper VI supplement §8's cell count)
            summary.put("input_cam_bytes", isolation.camBytesPerInput(radix(topology), topology.hostCount()));
        }
        summary.put("events", events);
        summary.put("packet_hops", hops);
        summary.put("packets_injected", injected);
        summary.put("packets_delivered", delivered);
        summary.put("packets_in_flight", injected - delivered);
        if (adaptive.mode() != AdaptiveRouting.Mode.STATIC || cc != null || isolation != null) {
            summary.put("control_packet_hops", controlHops);
        }
        summary.put("metrics", PacketMetricsFiles.summary(metrics));
        Map<String, Object> realised = rateRealisation(schedule, metrics, params);
        if (realised != null) {
            summary.put("rate_realisation", realised);
        }
        if (messages == null && trace == null && collective == null) {
            // the flows' rates over the window, sorted and read at tenths (seed 003 Fig 6.8-b); null without any
            summary.put("sorted_flow_gbps", deciles(metrics.activeFlowGbps()));
        }
        Map<String, Object> phase = phaseCompletion(topology, schedule, metrics);
        if (phase != null) {
            summary.put("phase_completion", phase);
        }
        if (messages != null) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("traffic", messages.describe());
            HotspotForest forest = messages.forest();
            m.putAll(ForestRates.of(metrics.receiverGbps(),
                    forest.parameters().hotspotLifetimePs() == 0 ? forest.hotspots(0) : null));
            double capacity = 0;
            for (int h = 0; h < topology.hostCount(); h++) {
                capacity += topology.bandwidthBps(topology.hostPort(h)) / 1e9;
            }
            // what the hosts received against what their links could carry (seed 002 Papers V, VI)
            m.put("normalised_throughput", ((Number) m.get("total_gbps")).doubleValue() / capacity);
            double[] bins = new double[metrics.bins()];
            for (int b = 0; b < bins.length; b++) {
                for (int h = 0; h < topology.hostCount(); h++) {
                    bins[b] += metrics.receiverBinGbps(h, b);
                }
                bins[b] /= capacity;
            }
            m.put("normalised_throughput_bins", bins); // per throughput bin (metrics.bin_width_ps), over time
            summary.put("messages", m);
        }
        if (trace != null) {
            // the kernel's execution time: when the last of its messages was delivered whole (Paper VI's measure)
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kernel", trace.describe());
            int traced = 0;
            long last = 0;
            int done = 0;
            for (int f = 0; f < schedule.size(); f++) {
                if (schedule.bytes()[f] > 0) {
                    traced++;
                    if (metrics.completions(f) > 0) {
                        done++;
                        last = Math.max(last, metrics.completionPs(f));
                    }
                }
            }
            m.put("messages", traced);
            m.put("messages_completed", done);
            m.put("execution_time_us", done == traced ? last / 1e6 : null); // null: not finished by the end
            m.putAll(trace.networkResults(completions(schedule, metrics))); // HPCC's ping-pong and ring figures (Paper III Table III)
            summary.put("trace", m);
        }
        if (collective != null) {
            summary.put("collective", collectiveSummary(collective, schedule, metrics));
        }
        return summary;
    }

    /** The OSU benchmark's figures (seed 004 §IV-C): the ranks' mean time in the collective, per iteration and overall. */
    private static Map<String, Object> collectiveSummary(Collective collective, FlowSchedule schedule,
            PacketMetrics metrics) {
        double[] perIteration = collective.iterationLatenciesUs(completions(schedule, metrics));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", collective.describe());
        int done = 0;
        double sum = 0;
        List<Object> list = new java.util.ArrayList<>();
        for (double l : perIteration) {
            done += Double.isNaN(l) ? 0 : 1;
            sum += l;
            list.add(Double.isNaN(l) ? null : l);
        }
        m.put("iterations_completed", done);
        m.put("latency_us", done == perIteration.length ? sum / done : null); // null: not finished by the end
        m.put("latency_us_per_iteration", list);
        return m;
    }

    /** Per flow: when it was delivered whole, -1 if it was not (what the MPI-like traffics read their figures from). */
    private static long[] completions(FlowSchedule schedule, PacketMetrics metrics) {
        long[] completion = new long[schedule.size()];
        for (int f = 0; f < completion.length; f++) {
            completion[f] = metrics.completions(f) > 0 ? metrics.completionPs(f) : -1;
        }
        return completion;
    }

    /** The most ports any switch has. */
    private static int radix(Topology t) {
        int most = 0;
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            most = Math.max(most, t.ports(v));
        }
        return most;
    }

    private static PacketRun runSequential(PacketSimulation sim, long end, Topology topology, RunContext context) {
        long events = 0;
        long wall = 0;
        long hops = 0;
        long delivered = 0;
        try (Progress progress = context.progress("packet " + topology.name() + " to " + Units.formatTime(end), SLICES)) {
            for (int k = 1; k <= SLICES; k++) {
                PacketRun step = sim.runUntil(k == SLICES ? end : end / SLICES * k);
                events += step.events();
                wall += step.wallNanos();
                hops += step.packetHops();
                delivered += step.packetsDelivered();
                progress.stepBy(1);
            }
        }
        return new PacketRun(events, end, wall, hops, delivered);
    }

    private static RunResult runDistributed(ExperimentConfig c, PacketModelSpec spec, Partitioning.Split partition,
            long end, java.util.function.LongConsumer progress) {
        List<String> wire = PacketModelSpec.WIRE_CLASSES;
        if (c.choice("engine.placement", List.of("in-process", "cluster")).equals("in-process")) {
            return DistributedRun.inProcess(spec, partition.parts(), partition.partOf(), end, wire,
                    c.bool("engine.serialize-locally"), c.bool("engine.global-bound"), progress);
        }
        ClusterSettings cluster = ClusterSettings.of(c);
        cluster.warning().ifPresent(w -> System.err.println("fabricsim: " + w));
        return DistributedRun.onCluster(ClusterConfig.member(cluster.host(), cluster.port(), cluster.seedNodes(), wire,
                cluster.tls()), spec, partition.parts(), partition.partOf(), end, cluster.members(), cluster.expected(),
                cluster.joinTimeout(), c.bool("engine.global-bound"), progress, cluster.directChannels(),
                cluster.driverRunsLps());
    }

    private static void report(PrintStream console, Topology t, FlowSchedule s, PacketRun run, PacketMetrics m,
            Map<?, ?> collective, OutputDirectory out) {
        console.printf(Locale.ROOT, "packet: %s, %d flows, %s simulated: %,d events in %.2f s (%.2f M events/s,"
                + " %.0f ns per packet-hop)%n", t.name(), s.size(), Units.formatTime(run.simulatedPs()), run.events(),
                run.wallSeconds(), run.eventsPerSecond() / 1e6, run.nanosPerPacketHop());
        int shown = m.hasMessageSources() || collective != null ? 0 : Math.min(s.size(), 8);
        if (collective != null) { // a benchmark's figure, not its messages' rates
            Object latency = collective.get("latency_us");
            console.printf(Locale.ROOT, "  %s: %s (summary.json: collective)%n", collective.get("benchmark"), latency == null
                    ? "not finished by the end time" : String.format(Locale.ROOT, "%.1f us per iteration on average",
                    ((Number) latency).doubleValue()));
        }
        if (m.hasMessageSources()) {
            double[] g = m.receiverGbps();
            console.printf(Locale.ROOT, "  %d message sources; receive rate per host %.3f Gbps on average, %.1f Gbps"
                    + " in all (summary.json: messages)%n", s.size(), java.util.Arrays.stream(g).average().orElse(0),
                    java.util.Arrays.stream(g).sum());
        }
        for (int f = 0; f < shown; f++) {
            console.printf(Locale.ROOT, "  flow %-3d %s -> %s  %8.2f Gbps%n", f, t.nodeName(s.flows().src()[f]),
                    t.nodeName(s.flows().dst()[f]), m.flowGbps(f));
        }
        if (shown > 0 && shown < s.size()) {
            console.printf(Locale.ROOT, "  ... %d more flows in flows.arrow%n", s.size() - shown);
        }
        if (m.measuresReorder()) {
            double goodput = java.util.Arrays.stream(m.receiverGoodputGbps()).sum();
            console.printf(Locale.ROOT, "  %,d of %,d packets out of order (OOO/in-order %.4f), goodput %.2f of %.2f"
                    + " Gbps; %,d adaptations%n", m.reorder().outOfOrder(), m.reorder().outOfOrder()
                    + m.reorder().inOrder(), m.reorder().ratio(), goodput, m.aggregateGbps(), m.adaptation().total());
        }
        console.println("  results in " + out.dir().toAbsolutePath());
    }

    /** The JVM's peak heap so far, MiB: the sum of its heap pools' peaks (all parts, when run in one JVM). */
    private static double peakHeapMib() {
        long peak = 0;
        for (java.lang.management.MemoryPoolMXBean pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return Math.round(peak / 1048576.0 * 10) / 10.0;
    }

    /** A time in picoseconds, or null for "none" ({@link Long#MAX_VALUE}: nothing is cut, no channel). */
    private static Long orNull(long ps) {
        return ps == Long.MAX_VALUE ? null : ps;
    }
}
