package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The distributed engine reproduces the sequential run byte for byte (DESIGN.md, "Determinism"): every
 * packet-level experiment file and random permutations on the production trees, with 1, 2 and 4 LPs in
 * one JVM and 2 LPs in 2 JVMs; LPs that hold only their own switches' stored table rows as well as LPs that
 * compute D-mod-K (D200, D201). Its tests two at a time (D224): a run uses one core for much of its time, and
 * the cross-JVM test mostly waits on its node; the class as a whole runs alone, as the module's others do.
 */
class DistributedSimulateTest {
    /** Files a partitioned run must reproduce exactly (wall-clock and engine figures live in run.json). */
    static final List<String> RESULTS = List.of("summary.json", "flows.arrow", "flow-throughput.arrow", "ports.arrow",
            "receivers.arrow");

    @TempDir
    Path dir;

    /**
     * The scenarios that {@link #twoLpsInTwoJvmsForEveryExperimentAndATree} runs across two JVMs: one of each routing
     * of seed 004 (C1's LFT file, C2's D-mod-K) with and without AR, the degraded 648-host tree, seed 001's
     * permutation sequence and the parking lot. Every message kind of these runs crosses the JVMs; the
     * other files send the same kinds and run with 1, 2 and 4 LPs, 2 of them through Kryo, in
     * {@link #everyPacketExperimentIsReproducedByOneTwoAndFourLps}.
     */
    private static final List<String> ACROSS_JVMS = List.of("ar-c1-s2.conf", "packet-c1-s2.conf", "ar-c2-s5.conf",
            "packet-c2-s5.conf", "packet-tree648-degraded.conf", "packet-seed001-sequence.conf",
            "packet-parking-lot.conf");

    static Stream<Path> experimentFiles() throws IOException {
        Path conf = Path.of(System.getProperty("fabricsim.repoRoot", ".."), "conf", "experiments");
        try (Stream<Path> s = Files.list(conf)) {
            // the seed 004 AR scenarios too (ar-c*); the 1152-host seed 001 files are experiments, not tests
            return s.filter(p -> (p.getFileName().toString().startsWith("packet-")
                    || p.getFileName().toString().startsWith("ar-c")) && !isSweep(p)).sorted().toList().stream();
        }
    }

    /** A packet-sweep file (its points run as packet runs in CliTest and the scenario digests). */
    private static boolean isSweep(Path conf) {
        try {
            return Files.readString(conf).lines().anyMatch(l -> l.replace(" ", "").equals("experiment=packet-sweep"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Path simulate(Path conf, String name, String... settings) {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("simulate", conf.toString(), "--out", out.toString(), "--progress",
                "off"));
        for (String s : settings) {
            args.add("--set");
            args.add(s);
        }
        CliTest.Result r = fabricsim(args.toArray(String[]::new));
        assertEquals(0, r.status(), name + ": " + r.err());
        return out;
    }

    private static void assertSameResults(Path expected, Path actual, String what) throws IOException {
        for (String f : RESULTS) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(f)), Files.readAllBytes(actual.resolve(f)),
                    what + ": " + f + " differs from the sequential run");
        }
    }

    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest
    @MethodSource("experimentFiles")
    void everyPacketExperimentIsReproducedByOneTwoAndFourLps(Path conf) throws IOException {
        // the 648-host trees for a quarter of their millisecond: half a million packet-hops, each LP's share of
        // them crossing the cut many times over; the 7-host testbed for 1 of its 5 ms (some 10 000 packets through
        // its rate-limited HCAs); the other files are short or small
        String name = conf.getFileName().toString();
        String[] end = name.startsWith("packet-tree648") ? new String[] {"packet.end-time=250us"}
                : name.startsWith("packet-testbed7") ? new String[] {"packet.end-time=1ms"}
                // seed 004's OSU collectives: two iterations of 64 KiB blocks, rendezvous and barrier included
                : name.endsWith("-osu.conf") ? new String[] {"packet.collective.message-size=64KiB",
                    "packet.collective.iterations=1", "packet.collective.skip=1"} : new String[0];
        Path seq = simulate(conf, "seq", concat(end, "engine.kind=sequential"));
        for (int parts : new int[] {1, 2, 4}) {
            // 2 LPs push every message through Kryo, as if they were in different JVMs; 2 and 4 LPs hold stored
            // tables, only their own switches' rows, against the sequential run's computed D-mod-K (D200, D201)
            Path d = simulate(conf, "lps-" + parts, concat(end, "engine.kind=distributed", "engine.partitions=" + parts,
                    "engine.serialize-locally=" + (parts == 2), "routing-tables=" + (parts == 1 ? "auto" : "stored")));
            assertSameResults(seq, d, conf.getFileName() + ", " + parts + " LPs");
        }
    }

    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"ear", "circuits"})
    void seed001TrafficUnderAdaptiveRoutingIsReproducedByTwoLps(String mode) throws IOException {
        Path conf = Path.of(System.getProperty("fabricsim.repoRoot", ".."), "conf", "experiments",
                "packet-seed001-sequence.conf");
        String[] common = {"packet.adaptive-routing.mode=" + mode, "packet.end-time=40us", "packet.flow-rate=10Gbps"};
        Path seq = simulate(conf, "seq-" + mode, concat(common, "engine.kind=sequential"));
        Path two = simulate(conf, "two-" + mode, concat(common, "engine.kind=distributed", "engine.partitions=2",
                "engine.serialize-locally=true", "routing-tables=stored")); // whole stored tables in every LP
        assertSameResults(seq, two, mode + ", 2 LPs");
        for (String f : List.of("reorder.arrow", "adaptations.arrow", "permutations.arrow")) {
            assertArrayEquals(Files.readAllBytes(seq.resolve(f)), Files.readAllBytes(two.resolve(f)), mode + ": " + f);
        }
        // two runs that never adapt agree trivially: EAR's switches must have moved destinations (seed 001 §IV;
        // docs/OUTPUTS.md, adaptation.adaptations); circuits report no adaptations (a set-up choosing a port is
        // not one), so there the route set-ups must have crossed links (seed 003 §3.2; control_packet_hops)
        String summary = Files.readString(seq.resolve("summary.json"));
        String key = mode.equals("ear") ? "adaptations" : "setup";
        assertTrue(number(summary, key) > 0, mode + ": no " + key);
    }

    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"silent-forest", "moving-forest", "voq-net", "ecocc",
        "ccfit"})
    void messageLevelForestsWithCongestionControlAreReproducedByTwoLps(String pattern) throws IOException {
        // seed 002 Paper IV's generators (per-host destination streams) with CNPs, CCTIs and timers per host;
        // and a burst into VOQnet switches (a lane per destination) on a 64-host tree; and into EcoCC's (hot
        // queues, CAM lines, allocations, Stop/Go on their own lane, per-destination generation queues)
        Path conf = Path.of(System.getProperty("fabricsim.repoRoot", ".."), "conf", "experiments",
                "cc-silent-forest.conf");
        boolean isolation = pattern.equals("ecocc") || pattern.equals("ccfit");
        boolean net = pattern.equals("voq-net") || isolation;
        String[] common = {"traffic.pattern=" + (net ? "silent-forest" : pattern), "traffic.b-fraction=0.5",
                "traffic.p=0.6", "traffic.hotspot-lifetime=100us", "packet.end-time=300us", "metrics.window-start=0s"};
        if (net) {
            common = concat(common, "topology.name=kary-ntree(4,3)", "traffic.hotspots=2",
                    "packet.hotspot-start=100us", "packet.hotspot-stop=200us");
            common = concat(common, isolation
                    ? new String[] {"packet.isolation.enabled=true", "packet.generation=per-destination",
                        "packet.cc.timer=8us", "packet.queues=" + (pattern.equals("ccfit") ? "fifo" : "voq")}
                    : new String[] {"packet.queues=voq-net"});
        }
        Path seq = simulate(conf, "seq-" + pattern, concat(common, "engine.kind=sequential"));
        Path two = simulate(conf, "two-" + pattern, concat(common, "engine.kind=distributed", "engine.partitions=2",
                "engine.serialize-locally=true", "routing-tables=stored")); // each LP its own rows
        assertSameResults(seq, two, pattern + ", 2 LPs");
        for (String f : isolation ? List.of("ccti.arrow", "receiver-throughput.arrow", "isolation.arrow")
                : List.of("ccti.arrow", "receiver-throughput.arrow")) {
            assertArrayEquals(Files.readAllBytes(seq.resolve(f)), Files.readAllBytes(two.resolve(f)), pattern + ": " + f);
        }
        // the key is written even when no CNP moved: CC was at work only if CNPs crossed links and throttled a
        // traced source (docs/OUTPUTS.md: control_packet_hops, congestion_control.traced_ccti_max; digest §1.4)
        String summary = Files.readString(seq.resolve("summary.json"));
        assertTrue(number(summary, "control_packet_hops") > 0, pattern + ": no CNP crossed a link");
        assertTrue(number(summary, "traced_ccti_max") > 0, pattern + ": no traced CCTI rose above 0");
        if (isolation) {
            var used = java.util.regex.Pattern.compile("\"hot_queues_in_use_mean\": ([0-9.]+)")
                    .matcher(Files.readString(seq.resolve("summary.json")));
            assertTrue(used.find() && Double.parseDouble(used.group(1)) > 0, "the burst is isolated in hot queues");
        }
    }

    static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void randomPermutationsOnTheProductionTreesWithOneTwoAndFourLps() throws IOException {
        for (String tree : new String[] {"tree648", "tree4096"}) {
            Path conf = dir.resolve(tree + ".conf");
            Files.writeString(conf, "experiment = packet\ntopology.name = " + tree
                    + "\ntraffic.pattern = random-permutation\npacket.end-time = 5us\n");
            Path seq = simulate(conf, tree + "-seq");
            assertSameResults(seq, simulate(conf, tree + "-stored", "routing-tables=stored"),
                    tree + ", stored D-mod-K tables against computed");
            for (int parts : new int[] {1, 2, 4}) {
                Path d = simulate(conf, tree + "-" + parts, "engine.kind=distributed", "engine.partitions=" + parts,
                        "routing-tables=" + (parts == 2 ? "stored" : "computed"));
                assertSameResults(seq, d, tree + ", " + parts + " LPs");
                String run = Files.readString(d.resolve("run.json"));
                assertTrue(run.contains("\"logical_processes\": " + parts), run);
                if (parts > 1) {
                    // heads set the packet model's lookahead here: the cable plus the 100 ns switch latency (a
                    // credit's, the cable plus a 2 KiB packet's serialisation, is longer)
                    assertEquals(number(run, "min_cut_cable_latency_ps") + 100_000, number(run, "min_lookahead_ps"),
                            tree + ", " + parts + " LPs");
                }
            }
        }
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void twoLpsInTwoJvmsForEveryExperimentAndATree() throws Exception {
        // one node JVM that seeds its own cluster and stays; every run's driver joins it as the second member
        int nodePort = freePort();
        String seed = "pekko://fabricsim@127.0.0.1:" + nodePort;
        Process node = new ProcessBuilder(CliTest.fabricsimCommand("node", "--port", String.valueOf(nodePort),
                "--seed-nodes", seed))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            // the first driver joins only once the node listens: on a loaded machine the node's JVM may take
            // longer to start than the driver's join attempts, which Pekko then reports in a WARN line
            awaitListening(nodePort, node);
            Path tree = dir.resolve("k4.conf");
            Files.writeString(tree, "experiment = packet\ntopology.name = \"kary-ntree(4,3)\"\n"
                    + "traffic.pattern = random-permutation\npacket.end-time = 50us\n");
            List<Path> files = new ArrayList<>(experimentFiles().filter(p -> ACROSS_JVMS.contains(p.getFileName()
                    .toString())).toList());
            assertEquals(ACROSS_JVMS.size(), files.size(), "every file of ACROSS_JVMS exists");
            files.add(tree);
            for (Path conf : files) {
                String name = conf.getFileName().toString();
                // a short run each: messages between JVMs are slow (docs/DISTRIBUTED.md) and the test suite is not
                String end = "packet.end-time=100us";
                Path seq = simulate(conf, name + "-seq", "engine.kind=sequential", end);
                Path two = simulate(conf, name + "-2jvms", "engine.kind=distributed", "engine.placement=cluster",
                        "engine.cluster.port=" + freePort(), "engine.cluster.seed-nodes=[\"" + seed + "\"]",
                        "engine.cluster.members=2", end);
                assertSameResults(seq, two, name + ", 2 LPs in 2 JVMs");
                assertTrue(Files.readString(two.resolve("run.json")).contains("\"placement\": \"cluster\""));
            }
        } finally {
            node.destroyForcibly();
        }
    }

    /** The integer after {@code "key": } in a JSON text. */
    private static long number(String json, String key) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + key + "\": (\\d+)").matcher(json);
        assertTrue(m.find(), key + " in " + json);
        return Long.parseLong(m.group(1));
    }

    /** Waits (at most a minute) until something accepts connections on {@code port}; fails if the node ends. */
    private static void awaitListening(int port, Process node) throws InterruptedException {
        long until = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < until) {
            assertTrue(node.isAlive(), "the node runs");
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the node does not listen on " + port + " within a minute");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
