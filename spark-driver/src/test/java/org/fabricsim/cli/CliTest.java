package org.fabricsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.fabricsim.spark.MasterUrl;
import org.fabricsim.spark.SparkSessions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as a user meets it; {@link #fabricsim} also serves the other packages' tests. One Spark
 * session on the default master for the class: every sweep borrows it (as it would a notebook's) rather than
 * starting and stopping one of its own.
 */
public class CliTest {
    @TempDir
    Path dir;

    private static SparkSessions.Handle spark;

    @BeforeAll
    static void startSpark() {
        spark = SparkSessions.start(MasterUrl.resolve(null));
    }

    @AfterAll
    static void stopSpark() {
        spark.close();
    }

    /** A command's exit status and what it printed. */
    public record Result(int status, String out, String err) {
    }

    /** Runs {@code fabricsim ARGS} in this JVM. */
    public static Result fabricsim(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The command line of {@code fabricsim ARGS} in a JVM of its own, with {@link #childJvmFlags}. */
    static java.util.List<String> fabricsimCommand(String... args) {
        java.util.List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(childJvmFlags());
        command.addAll(java.util.List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(java.util.List.of(args));
        return command;
    }

    /**
     * The flags of a test's child JVM (a node, a driver, a Spark daemon): those the build gives tests, and the
     * client compiler only. A child runs for seconds, mostly code that runs once (class loading, Pekko's and
     * Spark's start, a short simulation): C2's compilations of it cost a 2-core machine more CPU than they save
     * (about half of a short run's CPU time). The parallel collector, as the test JVMs' own (pom.xml,
     * fabricsim.test.gc): less CPU than G1 for JVMs of seconds. Results depend on neither.
     */
    public static java.util.List<String> childJvmFlags() {
        java.util.List<String> flags = new java.util.ArrayList<>();
        java.util.Arrays.stream(System.getProperty("fabricsim.jvmFlags", "").trim().split("\\s+"))
                .filter(f -> !f.isEmpty()).forEach(flags::add);
        flags.add("-XX:TieredStopAtLevel=1");
        flags.add("-XX:+UseParallelGC");
        return flags;
    }

    /** A user mistake: status 2 and exactly one line on stderr, which contains {@code expected}. */
    static void assertBadInput(String expected, String... args) {
        Result r = fabricsim(args);
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().startsWith("fabricsim: "), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void helpAndVersion() {
        Result help = fabricsim("--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("contention"));
        assertEquals(0, fabricsim("--version").status());
    }

    @Test
    void simulateRunsAPacketExperimentFile() throws java.io.IOException {
        Path out = dir.resolve("sim");
        Result r = fabricsim("simulate", Path.of("..", "conf", "experiments", "packet-c2-s5.conf").toString(),
                "--set", "output.plots=false", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("M events/s"), r.out());
        assertTrue(java.nio.file.Files.exists(out.resolve("flows.arrow")));
        assertTrue(java.nio.file.Files.exists(out.resolve("run.json")));
    }

    @Test
    void unknownPreset() {
        assertBadInput("--topology tree649: unknown topology 'tree649'", "contention", "--topology", "tree649", "--out",
                dir.resolve("o").toString());
        assertBadInput("unknown topology 'tree649'", "topology", "--topology", "tree649");
    }

    @Test
    void badUnit() {
        assertBadInput("bad bandwidth '40Gbs'", "contention", "--topology", "tree648", "--set",
                "topology.link-bandwidth=40Gbs", "--out", dir.resolve("o").toString());
        assertBadInput("bad time '10 parsecs'", "topology", "--topology", "tree648", "--link-latency", "10 parsecs");
    }

    @Test
    void missingKey() throws IOException {
        Path conf = dir.resolve("no-topology.conf");
        Files.writeString(conf, "experiment = contention\ntrials = 5\n");
        assertBadInput("missing key 'topology.name'", "run", conf.toString(), "--out", dir.resolve("o").toString());
        Path noExperiment = dir.resolve("no-experiment.conf");
        Files.writeString(noExperiment, "trials = 5\n");
        assertBadInput("missing key 'experiment'", "run", noExperiment.toString(), "--out",
                dir.resolve("o").toString());
    }

    @Test
    void malformedTopologyFile() throws IOException {
        Path topo = dir.resolve("bad.topo");
        Files.writeString(topo, "host h1 h2\nswitch s1\nlink h1 s1:0\nlink h2 s9:1\n");
        assertBadInput("bad.topo:4:", "topology", "--topology", topo.toString());
        Path conf = dir.resolve("x.conf");
        Files.writeString(conf, "experiment = contention\ntopology.name = bad.topo\n");
        assertBadInput("bad.topo:4:", "run", conf.toString(), "--out", dir.resolve("o").toString());
    }

    @Test
    void outOfRangeParameter() {
        assertBadInput("--trials 0: trials: must be in [1, 100000000] (got 0)", "contention", "--topology", "tree648",
                "--trials", "0", "--out", dir.resolve("o").toString());
        assertBadInput("traffic.max-flows: must be in [1, 1000] (got -2)", "contention", "--topology", "tree648",
                "--pattern", "random-flows", "--set", "traffic.max-flows=-2", "--out", dir.resolve("o").toString());
        assertBadInput("unknown key 'traffic.maxflows'", "contention", "--topology", "tree648", "--set",
                "traffic.maxflows=2", "--out", dir.resolve("o").toString());
    }

    @Test
    void badOptionsAreOneLineToo() {
        assertBadInput("Unknown options: '--trails'", "contention", "--topology", "tree648", "--trails", "3",
                "--out", dir.resolve("o").toString());
        assertBadInput("Missing required option: '--out=DIR'", "contention", "--topology", "tree648");
        assertBadInput("--progress must be on, off or auto", "contention", "--topology", "tree648", "--progress",
                "loud", "--out", dir.resolve("o").toString());
    }

    @Test
    void unwritableResultsAreOneLineWithStatusOne() throws IOException {
        Path out = dir.resolve("blocked");
        Files.createDirectories(out.resolve("summary.json").resolve("x"));
        Result r = fabricsim("contention", "--topology", "tree648", "--trials", "2", "--out", out.toString());
        assertEquals(1, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("cannot write results"), r.err());
        assertBadInput("--routing dmodk is only used with --lft", "topology", "--topology", "tree648", "--routing",
                "dmodk");
    }

    @Test
    void contentionCommandWritesItsResults() throws IOException {
        Path out = dir.resolve("c");
        Result r = fabricsim("contention", "--topology", "tree4096", "--routing", "dmodk", "--pattern",
                "random-permutation", "--trials", "20", "--seed", "1", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("max contention"), r.out());
        for (String f : new String[] {"run.json", "summary.json", "contention.arrow", "link_loads.arrow",
            "max_contention.png", "link_loads.png"}) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"trials\": 20"), summary);
        assertTrue(summary.contains("\"max_contention_mean\""));
        assertTrue(summary.contains("\"mean_contention_mean\""));
    }

    @Test
    void topologyCommandDescribesAndExports() throws IOException {
        Path dot = dir.resolve("t.dot");
        Path lft = dir.resolve("t.lft");
        Path topo = dir.resolve("t.topo");
        Result r = fabricsim("topology", "--topology", "tree648", "--dot", dot.toString(), "--lft", lft.toString(),
                "--write", topo.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("hosts     648"), r.out());
        assertTrue(r.out().contains("bisection 324 links"), r.out());
        assertTrue(Files.readString(dot).startsWith("graph") || Files.readString(dot).contains("graph "));
        assertTrue(Files.readString(lft).startsWith("# fabricsim forwarding tables"));
        // the written file describes the same network
        Result again = fabricsim("topology", "--topology", topo.toString());
        assertEquals(0, again.status(), again.err());
        assertTrue(again.out().contains("bisection 324 links"));
        assertEquals(0, fabricsim("topology", "--list").status());
    }

    @Test
    void topologyCommandImportsAndExportsIbnetdiscoverAndLftDumps() throws IOException {
        Path ibnd = dir.resolve("fabric.ibnd");
        Path dump = dir.resolve("fabric.dump");
        Result r = fabricsim("topology", "--topology", "kary-ntree(4,3)", "--ibnetdiscover", ibnd.toString(),
                "--lft-dump", dump.toString(), "--routing", "dmodk");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("wrote " + ibnd + " (ibnetdiscover output)"), r.out());
        assertTrue(r.out().contains("wrote " + dump + " (dmodk, LFT dump)"), r.out());
        assertTrue(Files.readString(ibnd).contains("\nSwitch\t8 \"S-"), Files.readString(ibnd));
        assertTrue(Files.readString(dump).startsWith("Unicast lids [0x0-0x70] of switch Lid 65 guid "));
        // read back: the same network, routed by the dump
        Path lft = dir.resolve("back.lft");
        Result back = fabricsim("topology", "--topology", ibnd.toString(), "--routing", "lft-dump:" + dump,
                "--lft", lft.toString());
        assertEquals(0, back.status(), back.err());
        assertTrue(back.out().contains("hosts     64"), back.out());
        assertTrue(back.out().contains("wrote " + lft + " (lft-dump)"), back.out());
        // and an experiment runs on it
        Result run = fabricsim("contention", "--topology", "ibnet:" + ibnd, "--routing", "lft-dump:" + dump,
                "--trials", "2", "--out", dir.resolve("c").toString());
        assertEquals(0, run.status(), run.err());
        // a node name map renames by GUID
        Path map = dir.resolve("names.map");
        Files.writeString(map, "0xfab0000000000010 \"first host\"\n");
        Result named = fabricsim("topology", "--topology", ibnd.toString(), "--node-name-map", map.toString(),
                "--write", dir.resolve("named.topo").toString());
        assertEquals(0, named.status(), named.err());
        assertTrue(Files.readString(dir.resolve("named.topo")).contains("host first_host "));
    }

    @Test
    void badIbnetdiscoverOutputIsOneLineWithItsLine() throws IOException {
        Path bad = dir.resolve("bad.ibnd");
        Files.writeString(bad, "vendid=0x2c9\nSwitch\t36 \"S-0002c90300a1b2c0\"\t\t# \"leaf\" enhanced port 0 lid 3"
                + " lmc 0\n[37]\t\"H-0002c90300c0ffe0\"[1](2c90300c0ffe1) \t\t# \"node01\" lid 5 4xQDR\n");
        assertBadInput("bad.ibnd:3: port 37 of S-0002c90300a1b2c0 does not exist: its Switch line (line 2) gives 36"
                + " ports", "topology", "--topology", bad.toString());
        Path map = dir.resolve("names.map");
        Files.writeString(map, "0x0002c90300a1b2c0 leaf-01\n");
        assertBadInput("a node name map applies to ibnetdiscover output only", "topology", "--topology", "tree648",
                "--node-name-map", map.toString());
        Files.writeString(map, "0x0002c90300a1b2c0\n");
        assertBadInput("names.map:1: GUID 0x0002c90300a1b2c0 has no name", "topology", "--topology", bad.toString(),
                "--node-name-map", map.toString());
        assertBadInput("cannot be written as ibnetdiscover output", "topology", "--topology", "kary-ntree(2,2)",
                "--link-bandwidth", "13.5Gbps", "--ibnetdiscover", dir.resolve("x.ibnd").toString());
        assertBadInput("--routing dmodk is only used with --lft FILE, --lft-dump FILE or --check", "topology", "--topology",
                "tree648", "--routing", "dmodk");
    }

    /**
     * Every experiment file in conf/experiments is valid and runs (with few trials). The files run two at a time,
     * as two users' commands in one JVM would (each run has its own output streams and directory; sweeps share the
     * class's Spark session): most are one-threaded packet runs, and the second core would otherwise idle.
     */
    @Test
    void shippedExperimentFilesRun() throws Exception {
        Path experiments = Path.of(System.getProperty("fabricsim.repoRoot"), "conf", "experiments");
        List<Path> confs;
        try (Stream<Path> files = Files.list(experiments)) {
            confs = files.filter(f -> f.toString().endsWith(".conf")).sorted().toList();
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<Result>> runs = new java.util.ArrayList<>();
            for (Path conf : confs) {
                String[] args = shippedFileArgs(conf);
                runs.add(pool.submit(() -> fabricsim(args)));
            }
            for (int i = 0; i < confs.size(); i++) {
                Result r = runs.get(i).get();
                assertEquals(0, r.status(), confs.get(i) + ": " + r.err());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** {@code fabricsim run CONF} with the settings that make a shipped file's run short (its keys unchanged). */
    private String[] shippedFileArgs(Path conf) throws IOException {
        // contention files: 2 trials; sweeps: one small batch per point with a low iteration cap; the
        // 1152-host seed 001 files (minutes each): their keys on a 32-host tree and one permutation
        boolean seed001 = conf.getFileName().toString().startsWith("ar-seed001");
        List<String> args = new java.util.ArrayList<>(List.of("run", conf.toString(), "--set", "trials=2",
                "--set", "output.plots=false", "--set", "sweep.batch-size=" + (seed001 ? 1 : 5), "--set",
                "sweep.min-batches=1", "--set", "sweep.max-batches=1", "--set", "convergence.max-iterations=200",
                "--progress", "off", "--out", dir.resolve(conf.getFileName().toString()).toString()));
        if (seed001) {
            args.addAll(List.of("--set", "topology.name=xgft(2;4,8;1,4)", "--set",
                    "packet.permutation-sequence=1"));
        }
        boolean trace = Files.readString(conf).contains("traffic = trace");
        if (trace) {
            // the HPCC traces' hot senders and hotspots are hosts of network #2: its 256 hosts, 20 us, one bin
            args.addAll(List.of("--set", "packet.end-time=20us", "--set", "metrics.bin-width=20us", "--set",
                    "sweep.batch-size=1"));
        } else if (conf.getFileName().toString().startsWith("isolation-ccfit-case")
                && Files.readString(conf).contains("flows = [")) {
            // Paper V's cases #1-#3 name their hosts (7 and 8 of them): their own networks, for 1 ms, measured from 0
            args.addAll(List.of("--set", "packet.end-time=1ms", "--set", "metrics.window-start=0s"));
        } else if (conf.getFileName().toString().startsWith("isolation-")) {
            // seed 002 Papers V-VI's bursts on up to 256 hosts: their keys on 16 hosts, into the burst
            args.addAll(List.of("--set", "packet.end-time=1200us", "--set", "metrics.window-start=0s", "--set",
                    "sweep.batch-size=1", "--set", "topology.name=kary-ntree(4,2)"));
            if (conf.getFileName().toString().endsWith("-windows.conf")) {
                // Table 3's windows: their points measure the burst, [1, 2) ms
                args.addAll(List.of("--set", "packet.end-time=2ms"));
            }
        }
        if (Files.readString(conf).contains("traffic = collective")) {
            // seed 004's OSU collectives: 12 iterations of 1 MiB (a sweep's points may set the size): one iteration
            args.addAll(List.of("--set", "packet.collective.message-size=64KiB", "--set",
                    "packet.collective.iterations=1", "--set", "packet.collective.skip=0"));
        }
        if (conf.getFileName().toString().equals("adaptive-fig6-2.conf")) {
            // permutations on the 16-ary 3-tree's 4096 hosts: its keys on the 8-ary 3-tree, one permutation
            args.addAll(List.of("--set", "topology.name=kary-ntree(8,3)", "--set", "sweep.batch-size=1"));
        }
        if (conf.getFileName().toString().equals("adaptive-fig6-4.conf")) {
            // its points name their 4096-host trees: one permutation on each
            args.addAll(List.of("--set", "sweep.batch-size=1"));
        }
        if (conf.getFileName().toString().matches("rates-fig6-(7|8|10)\\.conf")) {
            // seed 003's rate schemes on 4096 hosts, 5 runs per point: on the 512 of the modified 8-ary
            // 3-tree (Fig 6.10's fragmented applications: 4 of 128 hosts)
            args.addAll(List.of("--set", "topology.name=mkary-ntree(8,3,2)", "--set", "traffic.applications=4"));
        }
        if (conf.getFileName().toString().startsWith("rates-table")) {
            // seed 003's realisation tables: 20 points x 5 runs on 512 hosts; their keys on 16, for 20 us
            args.addAll(List.of("--set", "topology.name=kary-ntree(4,2)", "--set", "packet.end-time=20us",
                    "--set", "metrics.window-start=0s", "--set", "sweep.batch-size=1"));
        }
        if (conf.getFileName().toString().startsWith("rates-packet-")) {
            // seed 003 Figs 6.7, 6.8, 6.10 at the packet level: 25-30 points x 5 runs on 512 hosts; their
            // keys on the modified 4-ary 2-tree (16 hosts, one application of all 16), for 20 us
            args.addAll(List.of("--set", "topology.name=mkary-ntree(4,2,2)", "--set", "packet.end-time=20us",
                    "--set", "metrics.window-start=0s", "--set", "sweep.batch-size=1", "--set",
                    "packet.flow-size=8KiB", "--set", "traffic.applications=1", "--set",
                    "traffic.application-size=16"));
        }
        if (conf.getFileName().toString().startsWith("rates-protocols-")) {
            // seed 003 §6.8-6.11's protocols on 4096 hosts, 10-50 runs per point: one run on 512 hosts
            // (Fig 6.11's applications of 128: 4 of them)
            args.addAll(List.of("--set", "topology.name=mkary-ntree(8,3,2)", "--set", "sweep.batch-size=1",
                    "--set", "traffic.applications=4"));
        }
        if (conf.getFileName().toString().startsWith("cc-")) {
            // seed 002's CC files run 0.2 s phases and 648-host forests (minutes as sweeps): their keys
            // for 2 ms; the forests on a 32-host tree with 2 hotspots for 300 us, past the first hotspots'
            // onset (their points are many: 88 in the windy one)
            boolean forest = Files.readString(conf).contains("forest");
            args.addAll(List.of("--set", "packet.end-time=" + (forest ? "300us" : "2ms"), "--set",
                    "metrics.window-start=0s", "--set", "sweep.batch-size=1"));
            if (forest) {
                args.addAll(List.of("--set", "topology.name=xgft(2;4,8;1,4)", "--set", "traffic.hotspots=2"));
            }
        }
        return args.toArray(String[]::new);
    }

    /** Issue 17's bad values: status 2, exactly this one line on stderr, nothing on stdout, no --out directory. */
    void assertRefused(String line, Path out, String... args) {
        Result r = fabricsim(args);
        assertEquals(2, r.status(), r.err());
        assertEquals("fabricsim: " + line + "\n", r.err().replace("\r\n", "\n"));
        assertFalse(r.err().contains("\tat "), "no stack trace");
        if (out != null) {
            assertFalse(Files.exists(out), "nothing in --out");
        }
    }

    static String experiment(String name) {
        return Path.of("..", "conf", "experiments", name).toString();
    }

    @Test
    void aNegativeFlowSizeIsRefusedByItsKey() {
        Path out = dir.resolve("o");
        assertRefused("--set packet.flow-size=-1B: packet.flow-size: must be >= 0 (0 = without end), got -1B", out,
                "run", experiment("packet-tree648.conf"), "--set", "packet.flow-size=-1B", "--out", out.toString());
        assertRefused("--set packet.flow-size=-100KiB: packet.flow-size: must be >= 0 (0 = without end), got -100KiB",
                out, "run", experiment("packet-fig1-1.conf"), "--set", "packet.flow-size=-100KiB", "--out",
                out.toString());
    }

    @Test
    void aNegativeOrZeroBytesOrRateOfAnExplicitFlowIsRefusedByTheFlow() throws IOException {
        Path out = dir.resolve("o");
        String conf = Files.readString(Path.of(experiment("packet-fig1-1.conf"))).replace("{ src = s3, dst = d2 }",
                "{ src = s3, dst = d2, %s }");
        Path bytes = dir.resolve("bytes.conf");
        Files.writeString(bytes, conf.formatted("bytes = -1KiB"));
        assertRefused(bytes + ":11: packet.flows: flow 2 (s3 -> d2): bytes must be >= 0 (0 = without end), got -1KiB",
                out, "run", bytes.toString(), "--out", out.toString());
        Path negative = dir.resolve("negative.conf");
        Files.writeString(negative, conf.formatted("rate = -5Gbps"));
        assertRefused(negative + ":11: packet.flows: flow 2 (s3 -> d2): rate must be positive (or line), got -5Gbps",
                out, "run", negative.toString(), "--out", out.toString());
        Path zero = dir.resolve("zero.conf");
        Files.writeString(zero, conf.formatted("rate = 0Gbps"));
        assertRefused(zero + ":11: packet.flows: flow 2 (s3 -> d2): rate must be positive (or line), got 0Gbps",
                out, "run", zero.toString(), "--out", out.toString());
    }

    @Test
    void aWriteFailureNamesTheOperatingSystemsReason() throws IOException {
        Path file = dir.resolve("file");
        Files.writeString(file, "x");
        Path out = file.resolve("sub");
        Result r = fabricsim("contention", "--topology", "tree648", "--trials", "2", "--out", out.toString());
        assertEquals(1, r.status(), r.err());
        assertEquals("fabricsim: cannot write results to " + out + ": " + out + ": Not a directory\n", r.err());
        Result onFile = fabricsim("contention", "--topology", "tree648", "--trials", "2", "--out", file.toString());
        assertEquals(1, onFile.status(), onFile.err());
        assertEquals("fabricsim: cannot write results to " + file + ": " + file.toAbsolutePath()
                + ": Not a directory\n", onFile.err());
        assertEquals("x", Files.readString(file));
    }

    @Test
    void withoutArgumentsTheUsageAndStatusTwo() {
        Result r = fabricsim();
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().startsWith("Usage: fabricsim "), r.err());
        assertEquals("", r.out());
    }

    @Test
    void smallMistakesSayWhatIsWrong() throws IOException {
        assertRefused("topology 'xgft(2;18,36;1': malformed generator expression (expected name(arguments) with"
                + " balanced parentheses, e.g. xgft(2;18,36;1,18))", null, "topology", "--topology", "xgft(2;18,36;1");
        Path out = dir.resolve("o");
        assertRefused(dir + ": is a directory, not an experiment file", out, "run", dir.toString(), "--out",
                out.toString());
        Path sweep = dir.resolve("sweep.conf");
        Files.writeString(sweep, "experiment = convergence\nsweep.points = []\n");
        assertRefused(sweep + ":2: sweep.points: is empty, and without points the file itself is the one point: it"
                + " needs a topology.name", out, "sweep", sweep.toString(), "--out", out.toString());
    }
}
