package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.kryo5.Kryo;
import com.esotericsoftware.kryo.kryo5.io.Input;
import com.esotericsoftware.kryo.kryo5.io.Output;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.engine.distributed.LpModel;
import org.fabricsim.engine.distributed.RemoteEvents;
import org.fabricsim.ib.run.PacketLp;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/** A part's measurements cross the wire in runs and come back as they were (issue 16). */
class PartMetricsTest {
    @Test
    void aPartsMeasurementsComeBackWholeThroughRunsOfBoundedSize() {
        ExperimentConfig c = ExperimentConfig.fromSets(List.of("experiment=packet", "topology.name=tree648",
                "traffic.pattern=random-permutation", "seed=3", "packet.end-time=3us", "metrics.bin-width=100ns"),
                Path.of("."));
        Topology t = NetworkBinding.topology(c);
        LpModel lp = PacketModelSpec.of(c).build(0, 2, ModelFootprint.partOf(t, 2));
        lp.runBefore(3_000_000, new RemoteEvents(2, PacketLp.PAYLOAD_WORDS));
        PacketModelSpec.Part sent = (PacketModelSpec.Part) lp.result();

        Kryo wire = new Kryo();
        wire.register(PartMetrics.class);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Output out = new Output(bytes, 4096)) {
            wire.writeObject(out, sent.metrics());
        }
        PartMetrics received = wire.readObject(new Input(bytes.toByteArray()), PartMetrics.class);
        // three runs at least (the receivers' latency histograms, which D231 leaves to the flows, no longer travel)
        assertTrue(received.encodedBytes() > 2 * PartMetrics.RUN_BYTES,
                "the test's encoding spans several runs: " + received.encodedBytes());

        FlowSet flows = PacketBinding.schedule(c, t, 3).flows();
        PacketMetrics back = received.decode(t, flows);
        // encoded again, the decoded measurements are the sent ones byte for byte
        assertArrayEquals(encoding(sent.metrics()), encoding(new PartMetrics(back)));
    }

    private static byte[] encoding(PartMetrics m) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Output out = new Output(bytes, 4096)) {
            m.write(null, out);
        }
        return bytes.toByteArray();
    }
}
