package org.fabricsim.experiment;

import com.esotericsoftware.kryo.kryo5.Kryo;
import com.esotericsoftware.kryo.kryo5.Serializer;
import com.esotericsoftware.kryo.kryo5.io.Input;
import com.esotericsoftware.kryo.kryo5.io.Output;
import com.esotericsoftware.kryo.kryo5.objenesis.strategy.StdInstantiatorStrategy;
import com.esotericsoftware.kryo.kryo5.util.DefaultInstantiatorStrategy;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.engine.distributed.LpModel;
import org.fabricsim.engine.distributed.ModelSpec;
import org.fabricsim.engine.distributed.WireMessage;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.run.Deadlock;
import org.fabricsim.ib.run.PacketLp;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;

/**
 * A packet-level run as the distributed engine builds it: the driver's resolved configuration, from which
 * every member rebuilds the same topology, routes and flow schedule and simulates its part. Each part
 * reports its measurements ({@link PacketMetrics}, observing only its own elements) and counters; merged,
 * they are what the sequential run measures.
 *
 * @param configJson the resolved configuration ({@link ExperimentConfig#toJson()})
 * @param baseDir where relative paths in it point (the same path must exist on every member)
 * @param source the experiment file, for messages
 */
record PacketModelSpec(String configJson, String baseDir, String source) implements ModelSpec {
    /** The classes a packet-level run sends between members, in protocol order. */
    static final List<String> WIRE_CLASSES = List.of(PacketModelSpec.class.getName(), Part.class.getName(),
            Part[].class.getName(), PartMetrics.class.getName(), PacketLp.Stall.class.getName());

    /** One part's report: its measurements, encoded as the report is written, and its counters. */
    record Part(PartMetrics metrics, long events, long hops, long controlHops, long injected, long delivered,
            PacketLp.Stall stall) implements WireMessage {
    }

    /** The parts' reports in LP order, as the coordinator hands them back. */
    record Parts(Part[] parts) implements WireMessage {
    }

    /** Everything parts report, merged. */
    record Merged(PacketMetrics metrics, long events, long hops, long controlHops, long injected, long delivered,
            Deadlock deadlock) {
    }

    static PacketModelSpec of(ExperimentConfig c) {
        return new PacketModelSpec(c.toJson(), c.baseDir().toString(), c.source());
    }

    @Override
    public LpModel build(int lp, int parts, int[] partOf) {
        ExperimentConfig c = ExperimentConfig.fromJson(configJson, Path.of(baseDir), source);
        long seed = c.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        // the topology, schedule and lanes (and tables alike for every part) once per JVM for all its LPs (D207)
        SharedNetwork shared = SharedNetwork.of(configJson, Path.of(baseDir), c, seed);
        Topology t = shared.topology();
        // stored tables: only this part's switches' rows when nothing here walks whole routes (D201)
        ForwardingTables lft = shared.tablesFor(c, v -> partOf[v] == lp);
        PacketParams params = PacketBinding.params(c);
        FlowSchedule schedule = shared.schedule();
        PacketMetrics metrics = MetricsBinding.metrics(c, t, schedule, PacketBinding.endTime(c), params, seed);
        return new PacketLp(t, lft, schedule, MessageTrafficBinding.messages(c, t, seed), shared.flowLanes(), params,
                PacketRoutingBinding.adaptiveRouting(c), CongestionBinding.congestionControl(c),
                CongestionBinding.isolation(c), seed, metrics, PacketBinding.eventQueue(c), lp, partOf,
                part -> report(shared, metrics, part));
    }

    /**
     * A part's report. {@code held}: the run's shared structures, unused here but captured by the LP's report
     * function, which lives as long as the LP: the JVM's map holds them only weakly, and this keeps them there
     * for the run's other LPs while this one runs.
     */
    private static Part report(SharedNetwork held, PacketMetrics metrics, PacketLp part) {
        return new Part(new PartMetrics(metrics), part.events(), part.hops(), part.controlHops(),
                part.injectedPackets(), part.deliveredPackets(), part.stall());
    }

    @Override
    public int payloadWords() {
        return PacketLp.PAYLOAD_WORDS;
    }

    /**
     * Only collects: decoding the measurements needs the topology and flows, which the driver already has
     * ({@link #combine}), so they are not built a second time here.
     */
    @Override
    public WireMessage merge(WireMessage[] results) {
        Part[] parts = new Part[results.length];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = (Part) results[i];
        }
        return new Parts(parts);
    }

    /**
     * The parts' measurements merged into the sequential run's, and their counters summed. Each part is let go
     * of once merged (its entry in {@code reports} becomes null), so that the driver does not hold every part's
     * encoding beside the merged measurements while it writes them (issue 16).
     */
    static Merged combine(Parts reports, Topology topology, FlowSet flows) {
        PacketMetrics metrics = null;
        long events = 0;
        long hops = 0;
        long controlHops = 0;
        long injected = 0;
        long delivered = 0;
        Part[] parts = reports.parts();
        PacketLp.Stall[] stalls = new PacketLp.Stall[parts.length];
        for (int i = 0; i < parts.length; i++) {
            Part p = parts[i];
            stalls[i] = p.stall();
            parts[i] = null;
            PacketMetrics pm = p.metrics().decode(topology, flows);
            if (metrics == null) {
                metrics = pm;
            } else {
                metrics.merge(pm);
            }
            events += p.events();
            hops += p.hops();
            controlHops += p.controlHops();
            injected += p.injected();
            delivered += p.delivered();
        }
        return new Merged(metrics, events, hops, controlHops, injected, delivered, PacketLp.Stall.merge(stalls));
    }

    // The measurements are an object graph (histograms, meters); they cross the wire once per run, so a
    // general Kryo without registration carries them inside the registered Part. The topology and flows
    // they refer to do not travel: the receiver rebuilds them from the configuration and puts them back.
    static Kryo graphKryo(Topology topology, FlowSet flows) {
        Kryo k = new Kryo();
        k.setRegistrationRequired(false);
        k.setReferences(true);
        k.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        k.register(Topology.class, new Known<>(topology));
        k.register(FlowSet.class, new Known<>(flows));
        return k;
    }

    /** Writes nothing; reads back the instance the receiver already has. */
    private static final class Known<T> extends Serializer<T> {
        private final T instance;

        Known(T instance) {
            this.instance = instance;
        }

        @Override
        public void write(Kryo kryo, Output output, T object) {
        }

        @Override
        public T read(Kryo kryo, Input input, Class<? extends T> type) {
            return instance;
        }
    }
}
