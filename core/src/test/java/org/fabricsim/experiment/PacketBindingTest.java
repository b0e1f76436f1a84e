package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.ib.Arbitration;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.Queueing;
import org.fabricsim.ib.ar.ArGrouping;
import org.fabricsim.ib.ar.ArSelection;
import org.fabricsim.ib.ar.EarParams;
import org.fabricsim.ib.circuits.CircuitParams;
import org.fabricsim.ib.isolation.IsolationParams;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.HpccTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PacketBindingTest {
    @TempDir
    Path dir;

    ExperimentConfig config(String text) throws IOException {
        Path f = dir.resolve("p.conf");
        Files.writeString(f, "topology.name = testbed7\n" + text);
        return ExperimentConfig.load(f, List.of());
    }

    @Test
    void defaultsConfBindsToTheDefaultParameters() throws IOException {
        assertEquals(PacketParams.defaults(), PacketBinding.params(config("")));
        assertEquals(1_000_000_000L, PacketBinding.endTime(config("")));
        assertEquals("calendar", PacketBinding.eventQueue(config("")));
    }

    @Test
    void theAdaptiveRoutingKeysBindAndBadOnesAreRefusedByName() throws IOException {
        assertEquals(AdaptiveRouting.STATIC, PacketRoutingBinding.adaptiveRouting(config("")));
        AdaptiveRouting r = PacketRoutingBinding.adaptiveRouting(config("packet.adaptive-routing { mode = ear, groups = lag,"
                + " select = most-credits, ear { threshold = 4KiB, timer = 3us, sampling = 0.25, request-size = 16B,"
                + " swap = false, growth-weight = 2 }, circuits { control-size = 64B, ack-size = 16B, control-buffer = 512B, cache = 7 } }"));
        assertEquals(AdaptiveRouting.Mode.EAR, r.mode());
        assertEquals(ArGrouping.LAG, r.grouping());
        assertEquals(ArSelection.MOST_CREDITS, r.selection());
        assertEquals(new EarParams(4096, 3_000_000, 0.25, 16, false, 2), r.ear());
        assertEquals(new CircuitParams(64, 16, 512, 7), r.circuits());
        InputException zero = assertThrows(InputException.class,
                () -> PacketRoutingBinding.adaptiveRouting(config("packet.adaptive-routing.ear.sampling = 0")));
        assertTrue(zero.getMessage().contains("packet.adaptive-routing.ear.sampling"), zero.getMessage());
        InputException small = assertThrows(InputException.class, () -> PacketRoutingBinding.adaptiveRouting(
                config("packet.adaptive-routing.circuits.control-buffer = 16B")));
        assertTrue(small.getMessage().contains("circuits.control-buffer"), small.getMessage());
        // testbed7 is no generated fat tree: circuits cannot find alternate ports there
        ExperimentConfig c = config("packet.adaptive-routing.mode = circuits");
        Topology t = Topologies.resolve("testbed7", 0, 0, null);
        InputException tree = assertThrows(InputException.class, () -> PacketRoutingBinding.adaptiveRouting(c, t));
        assertTrue(tree.getMessage().contains("packet.adaptive-routing.mode"), tree.getMessage());
    }

    @Test
    void aTraceBindsItsRanksAndHotSendersAndRefusesWhatCannotBe() throws IOException {
        Topology t = Topologies.resolve("kary-ntree(4,2)", 0, 0, null); // 16 hosts
        assertEquals(null, MessageTrafficBinding.trace(config(""), t, 1));
        // SC2: the kernel on the even hosts, the first 4 odd hosts to host 9
        HpccTrace sc2 = MessageTrafficBinding.trace(config("packet.traffic = trace\npacket.trace { kernel = mpifft, ranks = even,"
                + " hot-senders = 4, hotspots = [9] }"), t, 1);
        assertArrayEquals(new int[] {0, 2, 4, 6, 8, 10, 12, 14}, sc2.rankHosts());
        assertArrayEquals(new int[] {1, 3, 5, 7}, sc2.hotSenders());
        // SC3: the last hosts send to the hotspots and run no rank
        HpccTrace sc3 = MessageTrafficBinding.trace(config("packet.traffic = trace\npacket.trace { hot-senders = 4,"
                + " hotspots = [0, 5] }"), t, 1);
        assertEquals(10, sc3.rankHosts().length); // nor do the hotspots 0 and 5
        assertEquals(1, sc3.rankHosts()[0]);
        assertArrayEquals(new int[] {12, 13, 14, 15}, sc3.hotSenders());
        String[][] bad = {
            {"packet.trace { ranks = even, hot-senders = 9, hotspots = [0] }", "packet.trace.hot-senders"},
            {"packet.trace { hot-senders = 15, hotspots = [0] }", "packet.trace.hot-senders"},
            {"packet.trace { hot-senders = 2, hotspots = [15] }", "packet.trace.hotspots"},
            {"packet.trace { hot-senders = 2 }", "packet.trace.hotspots"},
            {"packet.trace { hot-senders = 2, hotspots = [x] }", "packet.trace.hotspots"},
            {"packet.trace.kernel = hpl", "packet.trace.kernel"},
            {"packet.permutation-sequence = 2", "packet.traffic"},
        };
        for (String[] b : bad) {
            InputException e = assertThrows(InputException.class, () -> MessageTrafficBinding.trace(
                    config("packet.traffic = trace\n" + b[0]), t, 1));
            assertTrue(e.getMessage().contains(b[1]), b[0] + ": " + e.getMessage());
        }
    }

    /** D236: Paper III's HPCC tests name their ranks, hot senders and hotspot; bad names get one line each. */
    @Test
    void hpccNetworkTestsNameTheirHostsAndRefuseWhatCannotBe() throws IOException {
        Topology t = Topologies.resolve("testbed7", 0, 0, null);
        String hpcc = "packet.traffic = trace\npacket.trace { kernel = rings, rank-hosts = [H4, H1], "
                + "hot-sender-hosts = [H2, H1], hotspots = [H5], loop-length = 3, random-rings = 4, start = 2ms }\n";
        HpccTrace trace = MessageTrafficBinding.trace(config(hpcc), t, 9);
        assertArrayEquals(new int[] {t.findNode("H4"), t.findNode("H1")}, trace.rankHosts());
        assertArrayEquals(new int[] {t.findNode("H2"), t.findNode("H1")}, trace.hotSenders(), "a rank may send hot");
        assertArrayEquals(new int[] {t.findNode("H5")}, trace.hotspots());
        assertEquals(new HpccTrace.NetworkTest(3, 4, 9, 2_000_000_000L), trace.test());
        assertEquals(null, MessageTrafficBinding.trace(config("packet.traffic = trace"), t, 9).test(),
                "the execution-time kernels have no test counts");
        String[][] bad = {
            {"packet.trace.rank-hosts = [H1, H9]", "packet.trace.rank-hosts: entry 1 'H9' is not a host"},
            {"packet.trace.rank-hosts = [H1, H1]", "second rank on its host"},
            {"packet.trace.rank-hosts = [H5, H1]", "a hotspot"},
            {"packet.trace.rank-hosts = [H1]", "fewer than 2 ranks"},
            {"packet.trace.hot-sender-hosts = [S1]", "packet.trace.hot-sender-hosts: entry 0 'S1' is not a host"},
            {"packet.trace.hotspots = [H2]", "packet.trace.hotspots"},
            {"packet.trace.start = -1ms", "packet.trace.start"},
            {"packet.trace.receive-overhead = -1ns", "packet.trace.receive-overhead"},
        };
        for (String[] b : bad) {
            InputException e = assertThrows(InputException.class, () -> {
                ExperimentConfig c = config(hpcc + b[0]);
                MessageTrafficBinding.trace(c, t, 9);
                MessageTrafficBinding.receiveOverhead(c);
            });
            assertTrue(e.getMessage().contains(b[1]), b[0] + ": " + e.getMessage());
        }
    }

    @Test
    void isolationIsOffByDefaultBindsPaperVIsEcoCcAndRefusesWhatItIsNotBuiltForByName() throws IOException {
        assertEquals(null, CongestionBinding.isolation(config("")));
        // VOQ switches with throttling: EcoCC, no hot queue at the root; without: HFDI, with one
        assertEquals(IsolationParams.ECOCC, CongestionBinding.isolation(config(
                "packet.isolation.enabled = true\npacket.cc.enabled = true")));
        assertTrue(CongestionBinding.isolation(config("packet.isolation.enabled = true")).rootQueue());
        IsolationParams ccfit = CongestionBinding.isolation(config("packet.queues = fifo\npacket.cc.enabled = true\n"
                + "packet.isolation { enabled = true, hot-queues = 3, detect = 16KiB, stop = 20KiB, go = 8KiB,"
                + " mark-high = 8KiB, mark-low = 4KiB, destinations = 8, notification-size = 32B, control-buffer = 2KiB }"));
        assertEquals(new IsolationParams(3, true, 16384, 20480, 8192, 8192, 4096, 8, 32, 2048), ccfit);
        String[][] bad = {
            {"packet.queues = voq-net", "packet.isolation.enabled"},
            {"packet.virtual-lanes = 2", "packet.isolation.enabled"},
            {"packet.adaptive-routing.mode = ear", "packet.isolation.enabled"},
            {"packet.queues = fifo\npacket.isolation.root-queue = false", "packet.isolation.root-queue"},
            {"packet.isolation.go = 12KiB", "packet.isolation.go"},
            {"packet.isolation.mark-low = 64KiB", "packet.isolation.mark-low"},
            {"packet.isolation.control-buffer = 16B", "packet.isolation.control-buffer"},
            {"packet.isolation.hot-queues = 0", "packet.isolation.hot-queues"},
        };
        for (String[] b : bad) {
            InputException e = assertThrows(InputException.class, () -> CongestionBinding.isolation(
                    config("packet.isolation.enabled = true\n" + b[0])));
            assertTrue(e.getMessage().contains(b[1]), b[0] + ": " + e.getMessage());
        }
    }

    @Test
    void congestionControlIsOffByDefaultBindsPaperIIIsTableIAndRefusesBadValuesByName() throws IOException {
        assertEquals(null, CongestionBinding.congestionControl(config("")));
        assertEquals(CcParams.DEFAULTS, CongestionBinding.congestionControl(config("packet.cc.enabled = true")));
        CcParams p = CongestionBinding.congestionControl(config("packet.cc { enabled = true, threshold = 9,"
                + " threshold-unit = 2KiB, evaluation = per-voq, hysteresis = 4KiB, victim-mask = false, packet-size = 0, marking-rate = 10,"
                + " cct-coefficient = 1ns, cct-entries = 256, ccti-increase = 2, ccti-limit = 200, ccti-min = 3,"
                + " timer = 1500us, timer-per = port-sl, level = sl, cnp-size = 32B }"));
        assertEquals(new CcParams(9, 2048, CcParams.Evaluation.PER_VOQ, 4096, false, 0, 10, 1000, 256, 2, 200, 3,
                1_500_000_000L, false, true, 32), p);
        CcParams table = CongestionBinding.congestionControl(config("packet.cc { enabled = true, cct = [0us, 1us, 2.5us,"
                + " 10us], ccti-limit = 3 }"));
        CcParams acked = CongestionBinding.congestionControl(config("packet.cc { enabled = true, becn-every = 64KiB }"));
        assertEquals(65536, acked.becnEveryBytes());
        assertTrue(acked.describe().endsWith("BECN on the acknowledgement of every 65536 B)"), acked.describe());
        assertTrue(CcParams.DEFAULTS.describe().endsWith("QP level)"), "a CNP per marked packet says nothing new");
        InputException refused = assertThrows(InputException.class, () -> CongestionBinding.congestionControl(
                config("packet.traffic = messages\npacket.cc { enabled = true, becn-every = 64KiB }")));
        assertTrue(refused.getMessage().contains("packet.cc.becn-every"), refused.getMessage());
        assertEquals(4, table.cctEntries());
        assertArrayEquals(new long[] {0, 1_000_000, 2_500_000, 10_000_000}, table.cctTablePs());
        assertTrue(table.describe().contains("CCT table of 4 entries up to 10us"), table.describe());
        for (String bad : new String[] {"cct = [1us, 0us]", "cct = [1us, soon]", "cct = [0us, 1us]"}) {
            // falling, not a time, and a table shorter than the default CCTI_Limit (127)
            InputException e = assertThrows(InputException.class, () -> CongestionBinding.congestionControl(
                    config("packet.cc { enabled = true, " + bad + " }")));
            assertTrue(e.getMessage().contains("packet.cc."), bad + ": " + e.getMessage());
        }
        InputException order = assertThrows(InputException.class, () -> CongestionBinding.congestionControl(
                config("packet.cc { enabled = true, ccti-min = 100, ccti-limit = 50 }")));
        assertTrue(order.getMessage().contains("packet.cc.ccti-min"), order.getMessage());
        InputException stuck = assertThrows(InputException.class, () -> CongestionBinding.congestionControl(
                config("packet.cc { enabled = true, threshold = 12, threshold-unit = buffer, hysteresis = 8KiB }")));
        assertTrue(stuck.getMessage().contains("packet.cc.hysteresis"), stuck.getMessage());
        InputException both = assertThrows(InputException.class, () -> CongestionBinding.congestionControl(
                config("packet.cc.enabled = true\npacket.adaptive-routing.mode = ear")));
        assertTrue(both.getMessage().contains("packet.cc.enabled"), both.getMessage());
    }

    @Test
    void everyKeyIsBound() throws IOException {
        PacketParams p = PacketBinding.params(config("packet { mtu = 4KiB, overhead = 26B, virtual-lanes = 4,"
                + " buffer = 64KiB, hca-buffer = 16KiB, credit-unit = 1B, queues = fifo, speedup = 2,"
                + " arbitration = fcfs, switch-latency = 50ns, hca-send-rate = 13.5Gbps, hca-receive-rate = 13.6Gbps,"
                + " vl-arbitration { high = \"3:4\", low = \"0:8, 1:4\", high-limit = 4KiB } }"));
        assertEquals(4096, p.mtuBytes());
        assertEquals(26, p.overheadBytes());
        assertEquals(4, p.virtualLanes());
        assertEquals(65536, p.bufferBytes());
        assertEquals(16384, p.hcaBufferBytes());
        assertEquals(1, p.creditBytes());
        assertEquals(Queueing.FIFO, p.queueing());
        assertEquals(2, p.speedup());
        assertEquals(Arbitration.FCFS, p.arbitration());
        assertEquals(50_000, p.switchLatencyPs());
        assertEquals(13_500_000_000L, p.hcaSendRateBps());
        assertEquals(13_600_000_000L, p.hcaReceiveRateBps());
        assertArrayEquals(new int[] {3}, p.vlArbitration().highVl());
        assertArrayEquals(new int[] {8, 4}, p.vlArbitration().lowWeight());
        assertEquals(4096, p.vlArbitration().highLimitBytes());
        assertFalse(p.streamedPacing());
        assertTrue(PacketBinding.params(config("packet.flow-pacing = stream")).streamedPacing());
        assertEquals(0, p.pacingMessageBytes());
        assertEquals(32 * 1024, PacketBinding.params(config("packet.flow-pacing = messages")).pacingMessageBytes());
        assertEquals(0, PacketBinding.params(config("packet.pacing-message-size = 8KiB")).pacingMessageBytes(),
                "the size counts only with messages");
    }

    @Test
    void explicitFlowsByHostName() throws IOException {
        ExperimentConfig c = config("packet.virtual-lanes = 2\npacket.flows = [\n"
                + "  { src = H1, dst = H4 }\n"
                + "  { src = H2, dst = H5, start = 1ms, stop = 3ms, bytes = 64KiB, rate = 5Gbps, vl = 1 }\n]\n");
        Topology t = Topologies.resolve("testbed7", 0, 0, null);
        FlowSchedule s = PacketBinding.schedule(c, t, 1);
        assertEquals(2, s.size());
        assertEquals(t.node("H2"), s.flows().src()[1]);
        assertEquals(t.node("H5"), s.flows().dst()[1]);
        assertEquals(1_000_000_000L, s.startPs()[1]);
        assertEquals(3_000_000_000L, s.stopPs()[1]);
        assertEquals(FlowSchedule.NEVER, s.stopPs()[0]);
        assertEquals(65536, s.bytes()[1]);
        assertEquals(5_000_000_000L, s.rateBps()[1]);
        assertArrayEquals(new int[] {0, 1}, PacketBinding.flowLanes(c, s));
    }

    @Test
    void withoutFlowsTheTrafficPatternGivesTheFlows() throws IOException {
        ExperimentConfig c = config("traffic.pattern = shift\npacket.flow-size = 1MiB\n");
        FlowSchedule s = PacketBinding.schedule(c, Topologies.resolve("testbed7", 0, 0, null), 1);
        assertEquals(7, s.size());
        assertEquals(1 << 20, s.bytes()[3]);
    }

    String error(String text) {
        return assertThrows(InputException.class, () -> {
            ExperimentConfig c = config(text);
            PacketBinding.params(c);
            PacketBinding.endTime(c);
            PacketBinding.schedule(c, Topologies.resolve("testbed7", 0, 0, null), 1);
        }).getMessage();
    }

    @Test
    void mistakesAreOneLineNamingTheKey() {
        String[][] cases = {
            {"packet.queues = lifo\n", "packet.queues"},
            {"packet.speedup = 0\n", "packet.speedup"},
            {"packet.buffer = 1KiB\n", "packet.buffer"},
            {"packet.mtu = 2 parsecs\n", "packet.mtu"},
            {"packet.vl-arbitration.low = \"5:3\"\n", "packet.vl-arbitration.low"},
            {"packet.hca-send-rate = -1Gbps\n", "packet.hca-send-rate"},
            {"packet.end-time = 0s\n", "packet.end-time"},
            {"packet.flows = [ { src = H9, dst = H1 } ]\n", "packet.flows"},
            {"packet.flows = [ { src = H1, dst = H2, strat = 1s } ]\n", "strat"},
            {"packet.flow-pacing = flits\n", "packet.flow-pacing"},
            {"packet.flow-pacing = stream\npacket.injection = periodic-selection\n", "packet.flow-pacing"},
            {"packet.flow-pacing = messages\npacket.injection = periodic-selection\n", "packet.flow-pacing"},
            {"packet.flow-pacing = messages\npacket.pacing-message-size = 0B\n", "packet.pacing-message-size"},
        };
        for (String[] c : cases) {
            String msg = error(c[0]);
            assertTrue(msg.contains(c[1]), c[0] + " -> " + msg);
            assertFalse(msg.contains("\n"), msg);
        }
    }

    @Test
    void aPermutationSequenceChainsEachHostsMessages() throws IOException {
        ExperimentConfig c = config("packet.permutation-sequence = 3\npacket.flow-size = 64KiB\n");
        FlowSchedule s = PacketBinding.schedule(c, NetworkBinding.topology(c), 1);
        int hosts = NetworkBinding.topology(c).hostCount();
        int[] last = new int[hosts];
        java.util.Arrays.fill(last, -1);
        int[] messages = new int[hosts];
        for (int f = 0; f < s.size(); f++) {
            int src = s.flows().src()[f];
            assertEquals(65536, s.bytes()[f]);
            assertTrue(s.flows().dst()[f] != src, "no message to itself");
            // seed 001 §V-C: a host's messages follow each other, the first starts at once
            assertEquals(last[src], s.after()[f], "flow " + f);
            last[src] = f;
            messages[src]++;
        }
        for (int h = 0; h < hosts; h++) {
            assertTrue(messages[h] <= 3, "at most one message per permutation");
        }
        assertEquals(s.size(), PacketBinding.schedule(c, NetworkBinding.topology(c), 1).size(), "same seed");
        InputException e = assertThrows(InputException.class, () -> PacketBinding.schedule(
                config("packet.permutation-sequence = 2\n"), NetworkBinding.topology(c), 1));
        assertTrue(e.getMessage().contains("packet.flow-size"), e.getMessage());
    }

    @Test
    void withDerangementsEveryHostSendsInEveryPermutationOfTheSequence() throws IOException {
        // seed 001 §V-C: "each host sends data to a single random destination" — no step skipped (D124)
        ExperimentConfig c = config("packet.permutation-sequence = 20\npacket.flow-size = 64KiB\n"
                + "traffic.derangement = true\n");
        int hosts = NetworkBinding.topology(c).hostCount();
        FlowSchedule s = PacketBinding.schedule(c, NetworkBinding.topology(c), 1);
        assertEquals(20 * hosts, s.size(), "one message per host and permutation");
        int[] of = PacketBinding.permutationOf(c, NetworkBinding.topology(c), 1);
        for (int f = 0; f < s.size(); f++) {
            assertEquals(f / hosts, of[f], "flow " + f + "'s permutation");
        }
        // without, a permutation of these hosts fixes one on average: 20 of them leave some host out
        ExperimentConfig plain = config("packet.permutation-sequence = 20\npacket.flow-size = 64KiB\n");
        assertTrue(PacketBinding.schedule(plain, NetworkBinding.topology(plain), 1).size() < 20 * hosts);
    }

    @Test
    void eachFlowOfAPermutationSequenceKnowsItsPermutationEvenWhenAHostSkipsOne() throws IOException {
        // host 2 is fixed by permutation 0 and host 0 by permutation 1: host 0's second message is in permutation
        // 2, not 1, so a flow's depth in its host's chain is not its permutation
        int[][] perms = {{1, 0, 2}, {0, 2, 1}, {2, 0, 1}};
        assertArrayEquals(new int[] {0, 0, 1, 1, 2, 2, 2}, FlowSchedule.permutationIndices(perms));
        FlowSchedule hand = FlowSchedule.permutationSequence(perms, 1000);
        assertEquals(7, hand.size());
        assertEquals(0, hand.flows().src()[4]);
        assertEquals(0, hand.after()[4], "host 0's second message follows its first");

        ExperimentConfig c = config("packet.permutation-sequence = 4\npacket.flow-size = 4KiB\n");
        Topology t = NetworkBinding.topology(c);
        for (long seed = 1; seed <= 5; seed++) {
            FlowSchedule s = PacketBinding.schedule(c, t, seed);
            int[] of = PacketBinding.permutationOf(c, t, seed);
            assertEquals(s.size(), of.length);
            for (int f = 0; f < s.size(); f++) {
                assertTrue(f == 0 || of[f] >= of[f - 1], "flows are made permutation by permutation");
                if (s.after()[f] >= 0) {
                    assertTrue(of[s.after()[f]] < of[f], "a host's next message is in a later permutation");
                }
            }
            assertEquals(3, of[of.length - 1]);
        }
        assertEquals(null, PacketBinding.permutationOf(config(""), t, 1), "a traffic pattern");
        assertEquals(null, PacketBinding.permutationOf(config("packet.permutation-sequence = 2\n"
                + "packet.flow-size = 4KiB\npacket.flows = [ { src = H1, dst = H2 } ]\n"), t, 1),
                "explicit flows take precedence");
    }

    @Test
    void metricsReorderIsOnUnderAutoExactlyWhenTheSwitchesRouteAdaptively() throws IOException {
        PacketParams p = PacketParams.defaults();
        assertFalse(MetricsBinding.options(config(""), 1_000_000_000L, p).reorder(), "static: off");
        assertTrue(MetricsBinding.options(config("packet.adaptive-routing.mode = ear\n"), 1_000_000_000L, p).reorder());
        assertTrue(MetricsBinding.options(config("packet.adaptive-routing.mode = groups\n"), 1_000_000_000L, p)
                .reorder());
        assertTrue(MetricsBinding.options(config("metrics.reorder = on\n"), 1_000_000_000L, p).reorder());
        assertFalse(MetricsBinding.options(config("packet.adaptive-routing.mode = ear\nmetrics.reorder = off\n"),
                1_000_000_000L, p).reorder());
        assertEquals(10_000_000L, MetricsBinding.options(config(""), 1_000_000_000L, p).adaptationBinPs());
        assertEquals(5_000_000L, MetricsBinding.options(config("metrics.adaptation-bin-width = 5us\n"),
                1_000_000_000L, p).adaptationBinPs());
        for (String[] c : new String[][] {{"metrics.reorder = maybe\n", "metrics.reorder"},
            {"metrics.adaptation-bin-width = 0s\n", "metrics.adaptation-bin-width"}}) {
            InputException e = assertThrows(InputException.class, () -> MetricsBinding.options(config(c[0]),
                    1_000_000_000L, p));
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
    }

    @Test
    void ratesComeFromTheFluidLevelAndTheirRealisationIsRefusedWhereItIsNotBuilt() throws IOException {
        // Fig 1.1's flows: FFA gives each a quarter of the 10 Gbps links (spec §1.6)
        ExperimentConfig c = config("topology.name = fig1-1\npacket { rates = ffa, injection = periodic-selection,"
                + " flows = [ { src = s1, dst = d1 }, { src = s2, dst = d1 }, { src = s3, dst = d2 },"
                + " { src = s4, dst = d2 }, { src = s5, dst = d2 }, { src = s6, dst = d2 } ] }");
        Topology t = NetworkBinding.topology(c);
        var lft = NetworkBinding.routing(c, t);
        FlowSchedule s = RateRealisationBinding.rated(c, t, lft, PacketBinding.schedule(c, t, 1), 1);
        for (long r : s.rateBps()) {
            assertEquals(2_500_000_000L, r);
        }
        assertEquals(org.fabricsim.ib.rates.RateRealisation.PERIODIC_SELECTION, RateRealisationBinding.rateRealisation(c));
        // SAA weighs flows by their sizes: a flow without one is named
        InputException sizes = assertThrows(InputException.class, () -> RateRealisationBinding.rated(config(
                "topology.name = fig1-1\npacket { rates = saa, flows = [ { src = s1, dst = d1 } ] }"), t, lft,
                PacketBinding.schedule(c, t, 1), 1));
        assertTrue(sizes.getMessage().contains("packet.rates") && sizes.getMessage().contains("flow 0"),
                sizes.getMessage());
        // PS with congestion control or message traffic is not built: one line naming both keys
        for (String conflict : new String[] {"packet.cc.enabled = true", "engine.kind = distributed"}) {
            InputException e = assertThrows(InputException.class, () -> RateRealisationBinding.rateRealisation(config(
                    "packet.injection = shaped-virtual-clock\n" + conflict)));
            assertTrue(e.getMessage().contains("packet.injection") && e.getMessage().contains(conflict.split(" ")[0]),
                    e.getMessage());
        }
    }
}
