package org.fabricsim.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.experiment.NetworkBinding;
import org.fabricsim.experiment.PacketBinding;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.junit.jupiter.api.Test;

/** Issue 17: the harness binds its settings as {@code fabricsim simulate} does, or refuses them in one line. */
class PacketEndToEndTest {
    private static final long GBPS = 1_000_000_000L;
    private static final long US = 1_000_000L; // ps

    @Test
    void linkOverridesBuildTheTopologyOfARun() {
        List<String> sets = List.of("topology.link-bandwidth=100Gbps", "topology.link-latency=1us");
        PacketEndToEnd.Setup setup = PacketEndToEnd.bind("tree648", "0.01", "1", sets.get(0), sets.get(1));
        // the topology `fabricsim simulate --set ...` builds (PacketExperiment.run: NetworkBinding.topology)
        ExperimentConfig c = ExperimentConfig.fromSets(List.of("experiment=packet", "topology.name=tree648",
                sets.get(0), sets.get(1)), Path.of("."));
        Topology run = NetworkBinding.topology(c);
        Topology t = setup.topology();
        assertEquals(run.name(), t.name());
        assertEquals(run.nodeCount(), t.nodeCount());
        assertEquals(run.portCount(), t.portCount());
        int connected = 0;
        for (int p = 0; p < t.portCount(); p++) {
            assertEquals(run.peerPort(p), t.peerPort(p), "peer of port " + p);
            assertEquals(run.bandwidthBps(p), t.bandwidthBps(p), "bandwidth of port " + p);
            assertEquals(run.latencyPs(p), t.latencyPs(p), "latency of port " + p);
            if (t.isConnected(p)) {
                // tree648 is uniform: every cable at the asked-for figures, not the generator's 40 Gbit/s, 10 ns
                assertEquals(100 * GBPS, t.bandwidthBps(p), "bandwidth of port " + p);
                assertEquals(US, t.latencyPs(p), "latency of port " + p);
                connected++;
            }
        }
        assertTrue(connected > 0);
        assertEquals(PacketBinding.params(c), setup.params());
    }

    @Test
    void withoutOverridesThePresetsOwnLinks() {
        Topology t = PacketEndToEnd.bind("tree648", "0.01", "1").topology();
        Topology preset = Topologies.resolve("tree648", 0, 0, null);
        for (int p = 0; p < t.portCount(); p++) {
            assertEquals(preset.bandwidthBps(p), t.bandwidthBps(p), "bandwidth of port " + p);
            assertEquals(preset.latencyPs(p), t.latencyPs(p), "latency of port " + p);
        }
        assertEquals(20 * GBPS, t.bandwidthBps(t.hostPort(0))); // tree648's own (docs/TOPOLOGY_FORMAT.md presets)
        assertEquals(10_000L, t.latencyPs(t.hostPort(0)));
    }

    @Test
    void boundSettingsReachTheRun() {
        PacketEndToEnd.Setup s = PacketEndToEnd.bind("tree648", "0.01", "1", "packet.mtu=4KiB", "seed=7",
                "routing=updown", "packet.event-queue=heap2");
        assertEquals(4096, s.params().mtuBytes());
        assertEquals(7, s.binding().seed());
        assertEquals("heap2", s.binding().queue());
        assertEquals(10_000_000L, s.end()); // 0.01 ms in ps
    }

    @Test
    void dModKIsComputedAsASimulateRunHoldsItUnlessStoredIsAsked() {
        // simulate computes D-mod-K's ports by default (routing-tables = auto, D200): so must the harness, or it
        // measures a table's cache misses that the run does not have
        assertTrue(PacketEndToEnd.bind("tree648", "0.01", "1").lft().isComputed());
        assertFalse(PacketEndToEnd.bind("tree648", "0.01", "1", "routing-tables=stored").lft().isComputed());
    }

    @Test
    void settingsTheHarnessDoesNotUseAreRefusedInOneLine() {
        for (String kv : List.of("packet.end-time=2ms", "packet.title=x", " packet.end-time = 2ms",
                "packet={end-time=2ms}", "topology.name=tree4096", "output.plots=false", "engine.kind=distributed",
                "metrics.window-start=0s", "trials=5", "experiment=contention")) {
            InputException e = assertThrows(InputException.class,
                    () -> PacketEndToEnd.bind("tree648", "0.01", "1", kv), kv);
            assertTrue(e.getMessage().startsWith("PacketEndToEnd: "), e.getMessage());
            assertTrue(e.getMessage().contains(kv), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
