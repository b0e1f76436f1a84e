package org.fabricsim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.fabricsim.io.Json;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.TopologyReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * A short showcase of every finished capability. Each capability that lands adds its step here, so a new
 * user sees in a minute what fabricsim does and where its results go.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "A short showcase of every finished capability; results under --out.")
final class DemoCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "demo-out",
            description = "Where the demo writes its results. Default: ${DEFAULT-VALUE}.")
    Path out;

    @Option(names = "--trials", paramLabel = "N", defaultValue = "1000",
            description = "Traffic draws per contention study. Default: ${DEFAULT-VALUE}.")
    int trials;

    @Mixin
    Settings settings;

    @Override
    public Integer call() {
        main.out.println("fabricsim demo: topologies, static routing, contention analysis, convergence of adaptive"
                + " routing, adaptive flow routing, explicit rates, the packet level, partitioned simulation, and the"
                + " reproduction ledger, and a fabric that deadlocks");
        main.out.println();
        step("1. The 648-node two-level fat tree of seed 002 (XGFT(2;18,36;1,18))");
        TopologyReport.describe(Presets.find("tree648").build()).forEach(main.out::println);

        step("2. Contention of D-mod-K routing under random permutations on tree648");
        contention("contention-tree648", "tree648", "random-permutation");

        step("3. The same on the 4096-node 16-ary 3-tree of seed 003 (cf. Fig 6.2-a: no contention on down"
                + " links, an up-link tail of about seven flows)");
        contention("contention-tree4096", "tree4096", "random-permutation");

        step("4. Seed 001's 'worst' permutations on tree648: every leaf receives from 18 different leaves");
        contention("contention-tree648-worst", "tree648", "worst-permutation");

        step("5. Convergence of distributed adaptive routing (seed 001 Fig 8(a), small): the Algorithm 3 Monte"
                + " Carlo on Spark (local), batches until the mean moves < 1%, beside the Markov models");
        sweep("demo-convergence.conf", "convergence-fig8a-small");
        main.out.println();

        step("6. Adaptive flow routing against oblivious D-mod-K (seed 003 Fig 6.4, small): maximum contention of"
                + " 200 random permutations on the modified 8-ary 3-tree, horizontal width 0, 1, 2");
        Path adaptive = sweep("demo-adaptive.conf", "adaptive-fig6-4-small");
        table(adaptive, List.of("oblivious_max_contention", "adaptive_max_contention"), 1);

        step("7. Explicit rates (seed 003 ch. 4, 6): one permutation on the 16-ary 3-tree, 10 runs; mean flow rate"
                + " of FFA, SAA+AR and FFA+AR over SAA's (static routes), per run");
        Path rates = sweep("demo-rates.conf", "rates-small");
        table(rates, List.of("saa_mean_rate_ppm", "ffa_mean_rate_ratio_ppm", "saa_ar_mean_rate_ratio_ppm",
                "ffa_ar_mean_rate_ratio_ppm"), 1e-6);

        step("8. Packet level (seed 002 Paper III scenario 1, no congestion control, 1 ms phases): a victim flow"
                + " and four flows added one per phase towards one hot host; credits, head-of-line blocking, the"
                + " staircase of throughputs (throughput.png)");
        sweep("packet-testbed7-s1.conf", "packet-testbed7-s1");
        main.out.println();

        step("9. The same simulator partitioned: tree648, a random permutation at full load, 20 us, run"
                + " sequentially and as 2 logical processes (conservative null messages over Pekko)");
        Path seq = packet("packet-tree648-sequential", "engine.kind=sequential");
        Path two = packet("packet-tree648-2lps", "engine.kind=distributed", "engine.partitions=2");
        main.out.println(sameResults(seq, two)
                ? "   identical results: summary.json and every Arrow table are byte for byte the sequential run's"
                : "   RESULTS DIFFER from the sequential run (a bug: please report it)");
        JsonNode e2 = json(two.resolve("run.json")).get("engine");
        main.out.printf(Locale.ROOT, "   2 LPs: lookahead %s (the cut cables alone: %s), %d cross-LP events, %.3f null"
                + " messages per cross-LP event; speed-ups in docs/BENCHMARKS.md%n",
                Units.formatTime(e2.get("min_lookahead_ps").asLong()),
                Units.formatTime(e2.get("min_cut_cable_latency_ps").asLong()), e2.get("cross_lp_events").asLong(),
                e2.get("null_messages_per_cross_lp_event").asDouble());
        Path four = packet("packet-tree648-4lps", "engine.kind=distributed", "engine.partitions=4");
        JsonNode e4 = json(four.resolve("run.json")).get("engine");
        long waves = e4.get("global_bound_waves").asLong();
        main.out.printf(Locale.ROOT, "   4 LPs: %s; %.3f null messages per cross-LP event; %s (docs/DISTRIBUTED.md)%n",
                sameResults(seq, four) ? "identical results" : "RESULTS DIFFER (a bug: please report it)",
                e4.get("null_messages_per_cross_lp_event").asDouble(), waves > 0 ? waves
                + " waves of the coordinator's global bound crossed idle stretches" : "at full load no idle stretch"
                + " was long enough for the coordinator's global bound (it pays at light load)");
        main.out.println();

        step("10. Adaptive routing in the packet model, seed 004 C1 scenario 2: three flows over two parallel"
                + " 200 Gbps links, deterministic routing (paper: 188 / 94 / 94 Gbps) against InfiniBand AR with a LAG"
                + " group, every packet sprayed over both links (paper: 125 / 125 / 125 Gbps); then an MPI"
                + " collective as traffic on C2");
        sweep("packet-c1-s2.conf", "packet-c1-s2-dr");
        sweep("ar-c1-s2.conf", "packet-c1-s2-ar");
        // seed 004 §IV-C: the OSU all-to-all as traffic, ranks waiting for their receives (D219)
        double[] latency = new double[2];
        String[] osu = {"packet-c2-osu", "ar-c2-osu"};
        for (int k = 0; k < 2; k++) {
            // 256 KiB blocks, two iterations: a large message, quickly
            latency[k] = json(sweep(osu[k] + ".conf", osu[k], "packet.collective.message-size=256KiB",
                    "packet.collective.iterations=2", "packet.collective.skip=0").resolve("summary.json"))
                    .get("collective").get("latency_us").asDouble();
        }
        main.out.printf(Locale.ROOT, "   OSU all-to-all on C2 (seed 004 §IV-C, 12 ranks, 256 KiB blocks): DR %.1f us, AR %.1f us,"
                + " %.0f %% lower (paper: about 20 %% for large messages)%n", latency[0], latency[1],
                100 * (1 - latency[1] / latency[0]));
        main.out.println();

        step("11. Seed 001's distributed adaptive routing (explicit adaptation requests) on XGFT(2;8,16;1,8), 40 Gbps"
                + " links, each host sending 256 KiB to each destination of 3 random permutations: below half the"
                + " link rate it converges, at the full rate it keeps moving flows and reorders packets; seed 003's"
                + " virtual circuits deliver everything in order (adaptations.png, reorder.arrow)");
        main.out.println("   routing     flow rate  adaptations  convergence (mean / max)  out-of-order/in-order  Gbps per receiver");
        for (String[] run : List.of(new String[] {"ear", "19.2Gbps"}, new String[] {"ear", "40Gbps"},
                new String[] {"circuits", "40Gbps"})) {
            Path dir = sequence001("packet-seed001-" + run[0] + "-" + run[1], run[0], run[1]);
            JsonNode m = json(dir.resolve("summary.json")).get("metrics");
            JsonNode a = m.get("adaptation");
            JsonNode r = m.get("reorder");
            main.out.printf(Locale.ROOT, "   %-10s %10s %12d %14.1f / %5.1f us %22.4f %18.1f%n", run[0], run[1],
                    a.get("adaptations").asLong(), a.get("convergence_us").get("mean").asDouble(),
                    a.get("convergence_us").get("max").asDouble(), r.get("ooo_ratio").asDouble(),
                    r.get("avg_of_avg_gbps").asDouble());
        }
        main.out.println("   (seed 001 Table II on 1152 hosts: docs/ADAPTIVE_ROUTING.md; conf/experiments/ar-seed001-*.conf)");
        main.out.println();

        step("12. InfiniBand congestion control (seed 002 Paper III scenario 1, 40 ms phases): the victim H1->H4 and"
                + " the four contributors to H5 in the last phase (paper: with CC the victim stays at about 13 Gbps and"
                + " the contributors share H5 equally), CC off against on (ccti.png, throughput.png)");
        Path[] testbed = new Path[2];
        for (int on = 0; on < 2; on++) {
            testbed[on] = file("cc-testbed-s1.conf", "cc-testbed-s1-" + (on == 1 ? "on" : "off"),
                    "packet.cc.enabled=" + (on == 1), "metrics.window-start=180ms");
        }
        main.out.println("   flow        CC off   CC on  (Gbps, 180-200 ms)");
        JsonNode[] values = {json(testbed[0].resolve("summary.json")).get("metrics").get("flow_gbps_values"),
            json(testbed[1].resolve("summary.json")).get("metrics").get("flow_gbps_values")};
        String[] names = {"H1->H4", "H2->H5", "H3->H5", "H6->H5", "H7->H5"};
        for (int f = 0; f < names.length; f++) {
            main.out.printf(Locale.ROOT, "   %-10s %7.2f %7.2f%n", names[f], values[0].get(f).asDouble(),
                    values[1].get(f).asDouble());
        }
        // Paper III §VI: HPCC's ping-pong in place of the victim (cc-testbed-hpcc.conf, D236)
        String[][] columns = {{"idle", "packet.trace.hot-sender-hosts=[]"}, {"CC off", "packet.cc.enabled=false"},
            {"CC on", "packet.cc.enabled=true"}};
        StringBuilder hpcc = new StringBuilder("   HPCC ping-pong latency H1<->H4 (paper 1.68 / 12.39 / 1.73 us):");
        for (String[] column : columns) {
            Path run = file("cc-testbed-hpcc.conf", "cc-testbed-hpcc-" + column[0].replace(' ', '-').toLowerCase(
                    Locale.ROOT), column[1]);
            hpcc.append(String.format(Locale.ROOT, " %s %.2f", column[0], json(run.resolve("summary.json"))
                    .get("trace").get("latency_us").get("avg").asDouble()));
        }
        main.out.println(hpcc.append(" us"));
        main.out.println();

        step("13. Congestion control at the message level (seed 002 Paper IV silent forest on the 648-node tree,"
                + " 10 ms): 80 % of the hosts send to 8 hotspots, 20 % draw a destination per 4 KiB message; receive"
                + " rates 5-10 ms (paper, steady state: others 0.168 -> 2.246 Gbps, hotspots 13.6 -> 13.3)");
        Path[] forest = new Path[2];
        for (int on = 0; on < 2; on++) {
            forest[on] = file("cc-silent-forest.conf", "cc-silent-forest-" + (on == 1 ? "on" : "off"),
                    "packet.cc.enabled=" + (on == 1), "packet.end-time=10ms", "metrics.window-start=5ms");
        }
        main.out.println("   CC     hotspots  others  total (Gbps)");
        for (int on = 0; on < 2; on++) {
            JsonNode m = json(forest[on].resolve("summary.json")).get("messages");
            main.out.printf(Locale.ROOT, "   %-5s %9.2f %7.2f %7.1f%n", on == 1 ? "on" : "off",
                    m.get("hotspot_receive_gbps").asDouble(), m.get("non_hotspot_receive_gbps").asDouble(),
                    m.get("total_gbps").asDouble());
        }
        main.out.println("   (0.5 s on tree648, the windy forest and moving trees: docs/CONGESTION_CONTROL.md)");
        main.out.println();

        step("14. Congested-flow isolation (seed 002 Paper VI pattern #2 on network #1, the 64-host 4-ary 3-tree at"
                + " 40 Gbps: 25 % of the hosts burst to 4 hotspots in [1, 2) ms): 1VL, IB-ITh, HFDI and EcoCC on one plot"
                + " (isolation.png; paper, Table 3: EcoCC gains 58 % over 1VL, 55 % over IB-ITh, 29 % over HFDI)");
        String[][] organisations = {{"1VL"}, {"IB-ITh", "packet.cc.enabled=true"},
            {"HFDI", "packet.isolation.enabled=true"}, {"EcoCC", "packet.isolation.enabled=true", "packet.cc.enabled=true"}};
        List<org.fabricsim.io.Plots.Line> lines = new ArrayList<>();
        main.out.println("   organisation  normalised throughput 1-3 ms   mean hot queues in use");
        for (String[] o : organisations) {
            List<String> keys = new ArrayList<>(List.of("experiment=packet", "label=" + o[0], "traffic.v-fraction=0.75",
                    "traffic.hotspots=4", "packet.queues=voq", "packet.speedup=unlimited"));
            keys.addAll(List.of(o).subList(1, o.length));
            Path run = file("isolation-ecocc-net1.conf", "isolation-net1-" + o[0].toLowerCase(Locale.ROOT),
                    keys.toArray(String[]::new));
            JsonNode summary = json(run.resolve("summary.json"));
            JsonNode m = summary.get("messages");
            JsonNode iso = summary.get("metrics").get("isolation");
            main.out.printf(Locale.ROOT, "   %-12s %14.3f %26s%n", o[0], m.get("normalised_throughput").asDouble(),
                    iso == null ? "-" : String.format(Locale.ROOT, "%.1f", iso.get("hot_queues_in_use_mean")
                            .asDouble()));
            JsonNode bins = m.get("normalised_throughput_bins");
            long start = summary.get("metrics").get("window_start_ps").asLong();
            long width = summary.get("metrics").get("bin_width_ps").asLong();
            double[] x = new double[bins.size()];
            double[] y = new double[bins.size()];
            for (int b = 0; b < x.length; b++) {
                x[b] = (start + (b + 1) * width) / 1e9;
                y[b] = bins.get(b).asDouble();
            }
            lines.add(new org.fabricsim.io.Plots.Line(o[0], x, y));
        }
        try {
            org.fabricsim.io.Plots.lines(out.resolve("isolation.png"), new org.fabricsim.io.Plots.Labels(
                    "Pattern #2 on network #1 (4 hotspots, burst 1-2 ms)", "time (ms)", "normalised throughput"),
                    lines, 0.0);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        main.out.println("   (all organisations, patterns and networks, and the table beside Paper VI's:"
                + " docs/CONGESTION_CONTROL.md)");
        main.out.println();

        step("15. Rates realised at the sources (seed 003 Fig 1.1, six flows of one unit): no rate control (NC)"
                + " against FFA's rates realised by Periodic Selection (thesis: completion 5 against 4 time units)");
        Path[] fig11 = {file("rates-fig1-1-ps.conf", "fig1-1-nc", "packet.injection=round-robin", "packet.rates=given"),
            file("rates-fig1-1-ps.conf", "fig1-1-ps")};
        main.out.println("   scheme        completion (us)   time units");
        double[] done = new double[2];
        double overhead = 0;
        for (int r = 0; r < 2; r++) {
            JsonNode m = json(fig11[r].resolve("summary.json")).get("metrics");
            done[r] = m.get("completion_time_us").get("max").asDouble();
            overhead = m.get("packet_overhead_bytes").asDouble();
        }
        // a time unit: one flow (1 MiB in 512 packets of 2 KiB) at the 10 Gbps line rate
        double unit = ((1 << 20) + 512 * overhead) * 8 / 10e9 * 1e6;
        main.out.printf(Locale.ROOT, "   %-12s %16.1f %12.2f%n", "NC", done[0], done[0] / unit);
        main.out.printf(Locale.ROOT, "   %-12s %16.1f %12.2f%n", "FFA by PS", done[1], done[1] / unit);
        main.out.println("   (Periodic Selection and Shaped Virtual Clock: docs/RATES.md, at the packet level)");
        main.out.println();

        step("16. The distributed rate protocols as control packets (seed 003 §4, Table 6.2's timing): SAA, SAA-M and"
                + " DFFA on the modified 8-ary 3-tree, 1-3 endless flows per source; mean calculation time (us),"
                + " control packets per flow to its final rate, and the largest distance from the fluid answer");
        Path protocols = sweep("demo-protocols.conf", "protocols-small");
        table(protocols, List.of("saa_calc_mean_ns", "saa_m_calc_mean_ns", "saa_m_packets_mean_milli",
                "dffa_calc_mean_ns", "dffa_packets_mean_milli", "dffa_error_ppb"), 1e-3);
        main.out.println("   (error: ppm of a link's capacity; Figs 6.9, 6.11 and §6.8 at 4096 hosts: docs/RATES.md)");
        main.out.println();

        step("17. The fabric a user has (ibnetdiscover output, conf/topologies/tree648-degraded.ibnd): a 648-host tree"
                + " that lost a spine and four cables, imported and set against the nearest fat tree");
        Path ibnd = conf("topologies", "tree648-degraded.ibnd");
        for (String line : org.fabricsim.topology.TopologyReport.describe(
                org.fabricsim.topology.Topologies.resolve(ibnd.toString(), 0, 0, null))) {
            main.out.println("   " + line);
        }
        main.out.println("   (import, export and tables: docs/TOPOLOGY_FORMAT.md, docs/ROUTING.md)");
        main.out.println();

        step("18. Runs that let no one in and fail early: cluster keys made, a node JVM over TLS with mutual"
                + " authentication, the same tree648 run over 2 JVMs; and a run too big for the heap refused before it starts");
        secureCluster(seq);
        try {
            org.fabricsim.experiment.RunMemory.topology("xgft(2;4096,4000;1,4000)", 0, 0, null, false).requireFits();
            main.out.println("   (this heap holds even xgft(2;4096,4000;1,4000))");
        } catch (org.fabricsim.InputException e) {
            main.out.println("   fabricsim topology --topology 'xgft(2;4096,4000;1,4000)': " + e.getMessage());
        }
        main.out.println("   (sweeps resume after a crash or Ctrl-C: fabricsim sweep --resume DIR; Spark with"
                + " authentication and encryption: docs/SPARK.md)");
        main.out.println();

        step("19. Every published number in one checked ledger (conf/ledger/, docs/REPRODUCTION.md): the quick tier of"
                + " fabricsim reproduce, each verdict computed from the numbers and the entry's stated tolerance");
        reproduce();
        main.out.println();

        step("20. A fabric that deadlocks says so: the 5-switch ring of conf/topologies/ring5.topo under min-hop routing"
                + " (topology --check: MAY DEADLOCK), shift-2 traffic, 4 KiB buffers; the run names its credit cycle"
                + " (one line on stderr, exit status 4 from simulate); up*/down* on the same ring runs to its end");
        deadlock();
        main.out.println();

        main.out.println("Results (summary.json, *.arrow, *.png, run.json) are in " + out.toAbsolutePath());
        return 0;
    }

    /** Step 19: {@code fabricsim reproduce --tier quick}, its counts per seed. */
    private void reproduce() {
        ReproduceCommand r = new ReproduceCommand();
        r.main = new Main(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        r.tier = "quick";
        r.progress = settings.progress; // picocli's default is not set on a command made here
        r.out = out.resolve("reproduce");
        try {
            r.call();
            for (String line : java.nio.file.Files.readAllLines(r.out.resolve("REPRODUCTION.md"))) {
                if (line.startsWith("| ") && !line.startsWith("| entry")) {
                    main.out.println("   " + line.replaceAll("\\[(\\d+)\\]\\(#seed-\\d+\\)", "$1"));
                }
                if (line.startsWith("## Seed")) {
                    break; // the counts; the entries are in the report
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        main.out.println("   (the report: " + r.out.resolve("REPRODUCTION.md") + "; the standard tier: docs/REPRODUCTION.md)");
        reproduceKeptFullTier();
    }

    /** A path under the configuration directory (conf/ of the checkout, as the launcher names it). */
    private static Path conf(String... parts) {
        return Path.of(System.getProperty("fabricsim.conf", "conf"), parts);
    }

    /** Step 19, continued: the full tier's verdicts from the runs kept in the repository ({@code --kept}). */
    private void reproduceKeptFullTier() {
        Path store = conf().toAbsolutePath().getParent()
                .resolve("benchmarks/ledger-full/runs");
        if (!java.nio.file.Files.isDirectory(store)) {
            return; // not a checkout of the repository
        }
        ReproduceCommand r = new ReproduceCommand();
        r.main = new Main(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        r.tier = "full";
        r.keptOnly = true;
        r.progress = settings.progress;
        r.out = out.resolve("reproduce-full");
        r.runsDir = store;
        try {
            r.call();
            JsonNode report = Json.read(r.out.resolve("reproduction.json"));
            JsonNode c = report.path("counts");
            main.out.printf("   the full tier (the papers' own size), judged from the %d runs kept in"
                    + " benchmarks/ledger-full without running them (reproduce --kept): %d reproduced, %d partly,"
                    + " %d not reproduced%n", report.path("runs").asInt(), c.path("reproduced").asInt(),
                    c.path("partly").asInt(), c.path("not_reproduced").asInt());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        main.out.println("   (docs/REPRODUCTION-FULL.md)");
    }

    /** Step 18: keys, a TLS node in a JVM of its own, the run over it against the sequential {@code seq}. */
    private void secureCluster(Path seq) {
        Path keys = out.resolve("cluster-keys");
        try {
            if (!java.nio.file.Files.exists(keys.resolve(org.fabricsim.engine.distributed.ClusterKeys.KEY_STORE))) {
                org.fabricsim.engine.distributed.ClusterKeys.create(keys, 30);
            }
            int port;
            try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
                port = s.getLocalPort();
            }
            String seed = "pekko://fabricsim@127.0.0.1:" + port;
            List<String> tls = List.of("--tls-key-store", keys.resolve("cluster-keystore.p12").toString(),
                    "--tls-trust-store", keys.resolve("cluster-truststore.p12").toString(), "--tls-password-file",
                    keys.resolve("cluster.password").toString());
            List<String> command = new ArrayList<>(NodesCommand.javaCommand(null));
            command.addAll(List.of("node", "--port", String.valueOf(port), "--seed-nodes", seed));
            command.addAll(tls);
            Process node = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                main.out.println("   keys in " + keys + "; a node over TLS at 127.0.0.1:" + port);
                Path two = packet("packet-tree648-2jvms-tls", "engine.kind=distributed", "engine.partitions=2",
                        "engine.placement=cluster", "engine.cluster.port=0",
                        "engine.cluster.seed-nodes=[\"" + seed + "\"]",
                        "engine.cluster.members=[\"127.0.0.1:" + port + "\"]",
                        "engine.cluster.tls.key-store=" + keys.resolve("cluster-keystore.p12"),
                        "engine.cluster.tls.trust-store=" + keys.resolve("cluster-truststore.p12"),
                        "engine.cluster.tls.password-file=" + keys.resolve("cluster.password"));
                main.out.println(sameResults(seq, two)
                        ? "   2 JVMs over TLS: identical results to the sequential run; a member without the keys is"
                        + " refused, one nobody listed makes the run refuse (docs/DISTRIBUTED.md, \"Security\")"
                        : "   RESULTS DIFFER from the sequential run (a bug: please report it)");
            } finally {
                node.destroy();
                node.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Path packet(String dir, String... engine) {
        List<String> keys = new ArrayList<>(List.of("experiment=packet", "topology.name=tree648",
                "traffic.pattern=random-permutation", "packet.end-time=20us", "seed=1"));
        keys.addAll(List.of(engine));
        keys.addAll(settings.settings);
        Path to = out.resolve(dir);
        settings.run(main, ExperimentConfig.fromSets(keys, Path.of("").toAbsolutePath()), to, List.of("demo"));
        return to;
    }

    /** Seed 001 V-C traffic on a 128-host folded Clos under {@code mode} at {@code rate}. */
    private Path sequence001(String dir, String mode, String rate) {
        List<String> keys = new ArrayList<>(List.of("experiment=packet", "topology.name=xgft(2;8,16;1,8)",
                "topology.link-bandwidth=40Gbps", "routing=dmodk", "packet.overhead=26B",
                "packet.permutation-sequence=3", "packet.flow-size=256KiB", "packet.flow-rate=" + rate,
                "packet.end-time=" + (rate.equals("40Gbps") ? "200us" : "330us"), "metrics.window-end="
                + (rate.equals("40Gbps") ? "150us" : "300us"), "packet.adaptive-routing.mode=" + mode,
                "metrics.reorder=on", "seed=1"));
        keys.addAll(settings.settings);
        Path to = out.resolve(dir);
        settings.run(main, ExperimentConfig.fromSets(keys, Path.of("").toAbsolutePath()), to, List.of("demo"));
        return to;
    }

    private static boolean sameResults(Path a, Path b) {
        try {
            for (String f : List.of("summary.json", "flows.arrow", "flow-throughput.arrow", "ports.arrow",
                    "receivers.arrow")) {
                if (java.nio.file.Files.mismatch(a.resolve(f), b.resolve(f)) != -1) {
                    return false;
                }
            }
            return true;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Runs an experiment file with some keys set into {@code dir} under --out and returns where it wrote. */
    private Path file(String file, String dir, String... keys) {
        Path conf = conf("experiments", file);
        List<String> all = new ArrayList<>(List.of(keys));
        all.addAll(settings.settings);
        Path to = out.resolve(dir);
        settings.run(main, ExperimentConfig.load(conf, all), to, List.of("demo"));
        return to;
    }

    /** Runs a shipped experiment file with {@code extra} settings (the user's --set after them). */
    private Path sweep(String file, String dir, String... extra) {
        Path conf = conf("experiments", file);
        List<String> keys = new ArrayList<>(List.of(extra));
        keys.addAll(settings.settings);
        Path to = out.resolve(dir);
        settings.run(main, ExperimentConfig.load(conf, keys), to, List.of("demo"));
        return to;
    }

    /** Prints the means of some columns of a sweep's summary.json, one line per point. */
    private void table(Path dir, List<String> columns, double scale) {
        JsonNode points = json(dir.resolve("summary.json")).get("points");
        StringBuilder head = new StringBuilder(String.format("   %-8s", "x"));
        // shown scaled: ppm as plain values, and (scale 1e-3) ns as us, thousandths as units, ppb as ppm
        columns.forEach(c -> head.append(String.format(" %28s", c.replace("_ppm", "").replace("_ns", "_us")
                .replace("_milli", "").replace("_ppb", "_ppm"))));
        main.out.println(head);
        for (JsonNode p : points) {
            StringBuilder line = new StringBuilder(String.format("   %-8s", p.get("x").asText()));
            for (String c : columns) {
                line.append(String.format(" %28.3f", p.get("columns").get(c).get("mean").asDouble() * scale));
            }
            main.out.println(line);
        }
        main.out.println();
    }

    /** Step 20: the ring under min-hop routing (a credit-loop deadlock, D211) and under up*&#47;down* (none). */
    private void deadlock() {
        Path topologies = conf("topologies").toAbsolutePath();
        for (String routing : List.of("minhop", "updown")) {
            List<String> keys = new ArrayList<>(List.of("experiment=packet", "topology.name=ring5.topo",
                    "routing=" + routing, "traffic.pattern=shift", "traffic.shift=2", "packet.buffer=4KiB",
                    "packet.end-time=200us"));
            keys.addAll(settings.settings);
            Path to = out.resolve("deadlock-" + routing);
            settings.run(main, ExperimentConfig.fromSets(keys, topologies), to, List.of("demo"));
            JsonNode d = json(to.resolve("summary.json")).get("deadlock");
            List<String> ports = new ArrayList<>();
            if (d != null) {
                d.get("ports").forEach(p -> ports.add(p.asText()));
            }
            main.out.println("   " + routing + ": " + (d == null ? "ran its 200 us, no deadlock"
                    : String.format(Locale.ROOT, "deadlocked at %.4f us, %d packets held, credit cycle %s -> %s",
                            d.get("time_ps").asLong() / 1e6, d.get("packets").asInt(), String.join(" -> ", ports),
                            ports.get(0))));
        }
        main.out.println("   (docs/PACKET_MODEL.md, \"Deadlock\"; docs/OUTPUTS.md, exit status)");
    }

    /** A run's JSON file, read for the demo's tables (an unreadable one ends the demo). */
    private static JsonNode json(Path file) {
        try {
            return Json.read(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void step(String title) {
        main.out.println("== " + title);
    }

    private void contention(String dir, String topology, String pattern) {
        List<String> keys = new ArrayList<>(List.of("experiment=contention", "topology.name=" + topology,
                "traffic.pattern=" + pattern, "trials=" + trials, "seed=1"));
        keys.addAll(settings.settings);
        settings.run(main, ExperimentConfig.fromSets(keys, Path.of("").toAbsolutePath()), out.resolve(dir),
                List.of("demo"));
        main.out.println();
    }
}
