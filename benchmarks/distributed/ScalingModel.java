import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scaling model of the distributed packet engine (docs/DISTRIBUTED.md, "Beyond this machine: a scaling model";
 * docs/BENCHMARKS.md, "A model of the speed-up beyond this machine"). JDK 17 alone, no dependencies:
 *
 * <pre>
 *   java benchmarks/distributed/ScalingModel.java [INPUTS.txt [BENCHMARKS.txt]]
 * </pre>
 *
 * INPUTS (default benchmarks/distributed/scaling-inputs.txt, written by scaling-inputs.sh): the partitions of each
 * tree into 2 ... 256 parts and the counts of sequential and partitioned runs. BENCHMARKS (default
 * benchmarks/distributed/scaling-benchmarks.txt): the wall times of docs/BENCHMARKS.md it is fitted on and checked
 * against. Prints Markdown: the fitted constants, the check against this machine, and the prediction for clusters.
 *
 * <p>The model. A partitioned run advances in rounds: every LP runs the events of one lookahead window, sends its
 * batches and promises, and waits for its neighbours' before the next window. The time of a run of N LPs on C cores is
 *
 * <pre>
 *   T = beta * W' / N  +  R * (L + d * c)                                   N &lt;= C
 *   T = max(that, beta_C * W' / C  +  R * ceil(N/C) * d * c)                N &gt; C (LPs share cores; waits overlap work)
 *   W' = W + X * s          (W: the sequential run's wall time, X: cross-LP events, s: extra work per cross-LP event)
 *   beta = imbalance of the partition * imbalance of a round (the busiest LP, or core, of a round sets its pace)
 * </pre>
 *
 * with R the rounds, L the time from one LP's last send of a round to its neighbour running again (message latency
 * and wake-up), d the channels into the busiest LP (each brings one batch per round, each batch one step) and c the
 * cost of one such batch. A round's imbalance: events come in clumps of phi (fitted), a core gets a Poisson number of
 * clumps with mean mu = events per core per round / phi, and the busiest of k cores has E[max of k Poisson(mu)].
 */
public final class ScalingModel {
    private static final int[] CORES = {16, 64, 256};
    private static final double[] LATENCIES_US = {5, 50, 250};
    private static final String[] TREES = {"tree4096", "xgft11664", "xgft65536"};
    private static final Map<String, String> LABEL = Map.of("tree648", "tree648 (648 hosts)",
            "tree4096", "tree4096 (4 096 hosts)", "xgft11664", "xgft(3;18,18,36;1,18,18) (11 664 hosts)",
            "xgft65536", "xgft(3;32,32,64;1,32,32) (65 536 hosts)");

    /** One line of an input file: its kind and its KEY=VALUE words. */
    record Rec(String kind, Map<String, String> v) {
        String s(String k) {
            String x = v.get(k);
            if (x == null) {
                throw new IllegalArgumentException(kind + " " + v + ": no " + k);
            }
            return x;
        }

        double d(String k) {
            return Double.parseDouble(s(k));
        }

        boolean has(String k) {
            return v.containsKey(k) && !v.get(k).equals("-");
        }
    }

    /** A partition of a tree: what `fabricsim partition` prints. */
    record Part(String method, double imbalance, int cut, int cables, int channels, double lookaheadNs, int maxIn,
            int shortChannels) {
    }

    /** Constants fitted on this machine (tree4096) or given. */
    record Fit(double phi, double sIn, double sX, double h, double lEff, double c, double l0, double sT) {
    }

    final List<Rec> inputs;
    final List<Rec> bench;

    ScalingModel(List<Rec> inputs, List<Rec> bench) {
        this.inputs = inputs;
        this.bench = bench;
    }

    static List<Rec> read(Path p) throws IOException {
        List<Rec> out = new ArrayList<>();
        for (String line : Files.readAllLines(p)) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] w = line.split("\\s+");
            Map<String, String> v = new LinkedHashMap<>();
            for (int i = 1; i < w.length; i++) {
                int eq = w[i].indexOf('=');
                if (eq > 0) {
                    v.put(w[i].substring(0, eq), w[i].substring(eq + 1));
                }
            }
            out.add(new Rec(w[0], v));
        }
        return out;
    }

    // ---------------------------------------------------------------- the imbalance of a round

    /** ln(n!) (Stirling's series beyond 20, exact below). */
    static double logFactorial(long n) {
        if (n < 20) {
            double f = 0;
            for (int i = 2; i <= n; i++) {
                f += Math.log(i);
            }
            return f;
        }
        double x = n;
        return x * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI * x) + 1 / (12 * x) - 1 / (360 * x * x * x);
    }

    /** E[max of k independent Poisson(mu)] = sum over j >= 0 of 1 - F(j)^k. */
    static double expectedMaxPoisson(int k, double mu) {
        if (mu <= 0) {
            return 0;
        }
        double sd = Math.sqrt(mu);
        long lo = Math.max(0, (long) Math.floor(mu - 14 * sd - 20));
        long hi = (long) Math.ceil(mu + 14 * sd + 40 + 3 * Math.log(k + 1.0) * (1 + sd));
        double sum = lo; // below lo, F(j) < 1e-40: each term counts as 1
        double cdf = 0;
        for (long j = lo; j <= hi; j++) {
            cdf = Math.min(1, cdf + Math.exp(j * Math.log(mu) - mu - logFactorial(j)));
            sum += 1 - Math.pow(cdf, k);
        }
        return sum;
    }

    /** The busiest of k cores over the mean, when each gets a Poisson(mu) number of clumps. */
    static double roundImbalance(int k, double mu) {
        if (k <= 1) {
            return 1;
        }
        if (mu <= 0) {
            return k;
        }
        return Math.min(k, expectedMaxPoisson(k, mu) / mu);
    }

    /** The clump size phi that gives a round imbalance of {@code beta} to k cores of n events each. */
    static double fitClump(int k, double n, double beta) {
        double lo = 1e-6;
        double hi = n;
        for (int i = 0; i < 200; i++) {
            double mid = Math.sqrt(lo * hi);
            if (roundImbalance(k, n / mid) < beta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.sqrt(lo * hi);
    }

    /**
     * Wall time of a partitioned run: {@code w} sequential seconds, {@code x} cross-LP events costing {@code s} each,
     * {@code rounds} rounds of {@code events}, N LPs on {@code cores} cores, partition imbalance {@code partImb},
     * {@code d} channels into the busiest LP, {@code latency} seconds and {@code c} seconds per batch.
     */
    static double wall(double w, double x, double s, double rounds, double events, int n, int cores, double partImb,
            double phi, int d, double latency, double c) {
        int perCore = (n + cores - 1) / cores;
        double betaLp = partImb * roundImbalance(n, events / rounds / n / phi);
        // the critical path: each round the busiest LP's window, then the wait for its neighbours' batches
        double path = betaLp * (w + x * s) / n + rounds * (latency + d * c);
        if (perCore == 1) {
            return path;
        }
        // more LPs than cores: a core runs its LPs' windows one after the other, and while one LP waits another works
        double betaCore = partImb * roundImbalance(cores, events / rounds / cores / phi);
        return Math.max(path, betaCore * (w + x * s) * perCore / n + rounds * perCore * d * c);
    }

    // ---------------------------------------------------------------- inputs

    Rec one(List<Rec> list, String kind, String... kv) {
        for (Rec r : list) {
            boolean ok = r.kind().equals(kind);
            for (int i = 0; ok && i < kv.length; i += 2) {
                ok = kv[i + 1].equals(r.v().get(kv[i]));
            }
            if (ok) {
                return r;
            }
        }
        return null;
    }

    Rec need(List<Rec> list, String kind, String... kv) {
        Rec r = one(list, kind, kv);
        if (r == null) {
            throw new IllegalArgumentException("no " + kind + " record with " + String.join(" ", kv));
        }
        return r;
    }

    Part part(String tree, int parts) {
        Rec r = one(inputs, "part", "topology", tree, "parts", Integer.toString(parts));
        if (r == null) {
            return null;
        }
        return new Part(r.s("method"), r.d("imbalance"), (int) r.d("cut"), (int) r.d("cables"), (int) r.d("channels"),
                r.d("min_lookahead_ns"), (int) r.d("max_in_channels"), (int) r.d("short_channels"));
    }

    /** The sequential run of a tree: events and simulated microseconds. */
    Rec seq(String tree) {
        return need(inputs, "run", "topology", tree, "engine", "seq");
    }

    static double micros(String end) {
        if (end.endsWith("us")) {
            return Double.parseDouble(end.substring(0, end.length() - 2));
        }
        if (end.endsWith("ms")) {
            return 1000 * Double.parseDouble(end.substring(0, end.length() - 2));
        }
        throw new IllegalArgumentException("end time " + end + ": us or ms expected");
    }

    /** The partitioned run of a tree with n LPs at the benchmark length (global bound off, as the benchmarks were). */
    Rec check(String tree, int n) {
        return need(inputs, "run", "topology", tree, "engine", "lp", "lps", Integer.toString(n), "bound", "false");
    }

    double benchWall(String tree, String engine) {
        return need(bench, "bench", "topology", tree, "engine", engine).d("wall_s");
    }

    /** Rounds of a benchmark run: its steps over the channels (each channel brings one batch, one step, a round). */
    double benchRounds(String tree, String engine, int n) {
        Rec b = need(bench, "bench", "topology", tree, "engine", engine);
        if (b.has("steps")) {
            return b.d("steps") / part(tree, n).channels();
        }
        Rec r = check(tree, n);
        return r.d("batches") / part(tree, n).channels();
    }

    Fit fit() {
        String t = "tree4096";
        double w = benchWall(t, "seq");
        double events = seq(t).d("events");
        Rec lp2 = need(bench, "bench", "topology", t, "engine", "lp2");
        Rec jvm2 = need(bench, "bench", "topology", t, "engine", "jvm2");
        double x = check(t, 2).d("cross");
        // below 0 when the parts' smaller working sets run faster than the whole (each core its own cache): the
        // model then charges nothing rather than a gain per crossing event
        double sIn = Math.max(0, (lp2.d("busy_sum_s") - w) / x);
        double sX = (jvm2.d("busy_sum_s") - w) / x;
        double share = need(bench, "trace", "topology", t).d("window_imbalance_share");
        double r2 = benchRounds(t, "lp2", 2);
        double beta2 = 1 + share * lp2.d("wall_s") / (lp2.d("busy_sum_s") / 2);
        double phi = fitClump(2, events / r2 / 2, beta2);
        double c = need(bench, "message").d("cost_us") * 1e-6;
        double h = (lp2.d("wall_s") - beta2 * (w + x * sIn) / 2) / r2;
        double rj = benchRounds(t, "jvm2", 2);
        double lEff = (jvm2.d("wall_s") - beta2 * (w + x * sX) / 2) / rj;
        // across JVMs the wait of a round = the channels' idle one-way time + the round's batch through them
        double l0 = need(bench, "transport").d("rtt_us") / 2 * 1e-6;
        double sT = (lEff - l0) / (x / rj / 2); // 2 LPs: 2 channels, x / rounds / 2 events per batch
        return new Fit(phi, sIn, sX, h, lEff, c, l0, sT);
    }

    // ---------------------------------------------------------------- output

    static String f(String fmt, Object... a) {
        return String.format(Locale.ROOT, fmt, a);
    }

    void printFit(Fit fit) {
        Rec transport = need(bench, "transport");
        System.out.println("Fitted on tree4096 (2 LPs in one JVM, 2 LPs in 2 JVMs, the per-step trace) or given:");
        System.out.println();
        System.out.println("| constant | value | from |");
        System.out.println("|---|---|---|");
        Rec seq = need(bench, "bench", "topology", "tree4096", "engine", "seq");
        Rec lp2 = need(bench, "bench", "topology", "tree4096", "engine", "lp2");
        System.out.println(f("| extra work per cross-LP event, one JVM (s_in) | %.0f ns | busy times of 2 LPs against the sequential run"
                + " (%.2f s against %.2f s; never below 0) |", fit.sIn() * 1e9, lp2.d("busy_sum_s"), seq.d("wall_s")));
        System.out.println(f("| extra work per cross-LP event, across JVMs (s_x) | %.0f ns | busy times of 2 JVMs against the sequential run |", fit.sX() * 1e9));
        System.out.println(f("| events per clump (phi) | %.1f | a round's imbalance of 2 LPs = the trace's 6 %% of the wall |", fit.phi()));
        System.out.println(f("| hand-over per round, one JVM (h) | %.0f us | wall of 2 LPs |", fit.h() * 1e6));
        System.out.println(f("| wait per round, 2 JVMs (L_eff) | %.0f us | wall of 2 JVMs |", fit.lEff() * 1e6));
        System.out.println(f("| of which the idle one-way time between JVMs (L_0) | %.0f us | %s: half the median round trip |",
                fit.l0() * 1e6, transport.s("from")));
        System.out.println(f("| and per event of the round's batch (s_t) | %.2f us | (L_eff - L_0) / events per batch (%.0f) |", fit.sT() * 1e6,
                (fit.lEff() - fit.l0()) / fit.sT()));
        System.out.println(f("| cost of one batch (c) | %.2f us | tree648, 8 LPs, light load: cores x wall / steps (an upper bound) |", fit.c() * 1e6));
        System.out.println();
    }

    void printCheck(Fit fit) {
        System.out.println("Check on this machine (2 cores): wall of the event loop, docs/BENCHMARKS.md medians against the model"
                + " (fitted on the rows marked *):");
        System.out.println();
        System.out.println("| tree | engine | rounds | cross-LP events | measured wall (s) | model (s) | error | measured speed-up"
                + " | model | measured wait per round (us) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (String t : new String[] {"tree4096", "tree648", "xgft11664"}) {
            double w = benchWall(t, "seq");
            double events = seq(t).d("events");
            for (String e : new String[] {"lp2", "lp4", "jvm2"}) {
                int n = e.equals("lp4") ? 4 : 2;
                Part p = part(t, n);
                double rounds = benchRounds(t, e, n);
                double x = check(t, n).d("cross");
                boolean jvms = e.equals("jvm2");
                // h and L_eff were fitted with the one batch per round of 2 LPs in them
                double latency = (jvms ? fit.l0() + x / rounds / p.channels() * fit.sT() : fit.h()) - fit.c();
                double model = wall(w, x, jvms ? fit.sX() : fit.sIn(), rounds, events, n, 2, p.imbalance(), fit.phi(),
                        p.maxIn(), latency, fit.c());
                double measured = benchWall(t, e);
                boolean fitted = t.equals("tree4096") && !e.equals("lp4");
                // what the measured wall leaves per round once the model's work is taken off (its L + d * c)
                double work = wall(w, x, jvms ? fit.sX() : fit.sIn(), rounds, events, n, 2, p.imbalance(), fit.phi(), 0, 0, 0);
                System.out.println(f("| %s | %s%s | %.0f | %.2f M | %.3f | %.3f | %+.0f %% | %.2f | %.2f | %s |", t,
                        e.equals("jvm2") ? "2 LPs, 2 JVMs" : n + " LPs, one JVM", fitted ? " *" : "", rounds, x / 1e6,
                        measured, model, 100 * (model / measured - 1), w / measured, w / model,
                        n > 2 ? "—" : f("%.0f", (measured - work) / rounds * 1e6)));
            }
        }
        System.out.println();
    }

    /** Counts: rounds per simulated microsecond and cross-LP events per cut cable, measured at 2 ... 64 LPs. */
    void printCounts() {
        System.out.println("Counts of the partitioned runs in one JVM (exact, whatever the machine; global bound on unless"
                + " marked off): rounds = batches / channels, rho = rounds x lookahead / simulated time:");
        System.out.println();
        System.out.println("| tree | LPs | partition | lookahead (ns) | rounds per us | rho | cross-LP events per cut cable per us | null msgs / cross-LP event |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (Rec r : inputs) {
            if (!r.kind().equals("run") || !r.s("engine").equals("lp")) {
                continue;
            }
            String t = r.s("topology");
            int n = (int) r.d("lps");
            Part p = part(t, n);
            double us = micros(r.s("end"));
            double rounds = r.d("batches") / p.channels() / us;
            System.out.println(f("| %s | %d%s | %s, %d channels | %.0f | %.2f | %.2f | %.3f | %.3f |", t, n,
                    r.s("bound").equals("false") ? " (off)" : "", p.method(), p.channels(), r.d("min_lookahead_ps") / 1000,
                    rounds, rounds * r.d("min_lookahead_ps") / 1e6, r.d("cross") / r.d("cut") / us, r.d("nulls") / r.d("cross")));
        }
        System.out.println();
    }

    /**
     * rho for N >= 3 LPs: the mean over a tree's runs (all trees' when {@code tree} is null) with a lookahead of the
     * class asked for, from the runs with the global bound (the default) when there are any, else from those without.
     */
    double rho(String tree, boolean shortLookahead) {
        for (String bound : new String[] {"true", "false"}) {
            double sum = 0;
            int count = 0;
            for (Rec r : inputs) {
                if (r.kind().equals("run") && r.s("engine").equals("lp") && r.s("bound").equals(bound)
                        && (tree == null || r.s("topology").equals(tree)) && r.d("lps") >= 3
                        && (r.d("min_lookahead_ps") <= 10_000) == shortLookahead) {
                    Part p = part(r.s("topology"), (int) r.d("lps"));
                    sum += r.d("batches") / p.channels() / micros(r.s("end")) * r.d("min_lookahead_ps") / 1e6;
                    count++;
                }
            }
            if (count > 0) {
                return sum / count;
            }
        }
        return Double.NaN;
    }

    /** Cross-LP events per cut cable per simulated microsecond: the tree's 4-LP run, or scaled from a like tree. */
    double crossPerCable(String tree) {
        Rec r = one(inputs, "run", "topology", tree, "engine", "lp", "lps", "4");
        if (r != null) {
            return r.d("cross") / r.d("cut") / micros(r.s("end"));
        }
        // a tree not run partitioned: the 11 664-host tree's figure, scaled by events per cable
        double base = crossPerCable("xgft11664");
        return base * eventsPerCable(tree) / eventsPerCable("xgft11664");
    }

    double eventsPerCable(String tree) {
        Rec s = seq(tree);
        return s.d("events") / micros(s.s("end")) / part(tree, 2).cables();
    }

    void printPrediction(Fit fit) {
        double rhoShort = rho("tree648", true);
        System.out.println(f("Prediction: one LP per core, N = cores; L = one-way latency of a round's last message, wake-up"
                + " included; c = %.2f us per batch, s_x = %.0f ns per cross-LP event (both measured here, upper bounds);"
                + " s_t = %.2f us per event of a round's batch;"
                + " rounds = rho x simulated time / lookahead (rho from the runs above: the tree's own for a long lookahead,"
                + " tree648's 64 LPs, %.2f, for a 10 ns one):", fit.c() * 1e6, fit.sX() * 1e9, fit.sT() * 1e6, rhoShort));
        System.out.println();
        StringBuilder head = new StringBuilder("| tree | cores | partition | channels into the busiest LP | lookahead (ns)"
                + " | events per LP per round | round imbalance | per round (us): work + d*c + batch*s_t |");
        StringBuilder rule = new StringBuilder("|---|---|---|---|---|---|---|---|");
        for (double l : LATENCIES_US) {
            head.append(f(" speed-up, L = %.0f us |", l));
            rule.append("---|");
        }
        head.append(f(" L = %.0f us, transport off the LPs' cores (s_in, no s_t) | the same, rounds balanced |", LATENCIES_US[0]));
        rule.append("---|---|");
        System.out.println(head);
        System.out.println(rule);
        for (String t : TREES) {
            Rec s = seq(t);
            double us = micros(s.s("end"));
            double eventsUs = s.d("events") / us;
            double wUs = sequentialSecondsPerMicro(t);
            double rhoLong = Double.isNaN(rho(t, false)) ? rho(null, false) : rho(t, false);
            for (int cores : CORES) {
                Part p = part(t, cores);
                if (p == null) {
                    continue;
                }
                boolean shortLa = p.lookaheadNs() <= 10;
                List<double[]> variants = new ArrayList<>();
                variants.add(new double[] {p.lookaheadNs(), shortLa ? rhoShort : rhoLong});
                if (shortLa) {
                    variants.add(new double[] {110, rhoLong}); // hosts kept with their leaf switch
                }
                for (double[] v : variants) {
                    double la = v[0];
                    double roundsUs = v[1] * 1000 / la;
                    double xUs = crossPerCable(t) * p.cut();
                    double perRound = eventsUs / roundsUs / cores;
                    double beta = roundImbalance(cores, perRound / fit.phi());
                    double work = p.imbalance() * beta * (wUs + xUs * fit.sX()) / cores / roundsUs;
                    StringBuilder row = new StringBuilder(f("| %s | %d | %s%s, %.0f %% cut | %d | %.0f | %.0f | %.2f x %.2f | %.0f + %.0f + %.0f |",
                            t, cores, p.method(), v == variants.get(0) ? "" : ", hosts kept with their leaf (assumed)",
                            100.0 * p.cut() / p.cables(), p.maxIn(), la, perRound, p.imbalance(), beta, work * 1e6,
                            p.maxIn() * fit.c() * 1e6, xUs / roundsUs / p.channels() * fit.sT() * 1e6));
                    double batch = xUs / roundsUs / p.channels() * fit.sT(); // the round's batch through the transport
                    for (double l : LATENCIES_US) {
                        double tUs = wall(wUs, xUs, fit.sX(), roundsUs, eventsUs, cores, cores, p.imbalance(), fit.phi(),
                                p.maxIn(), l * 1e-6 + batch, fit.c());
                        row.append(f(" **%.1f** |", wUs / tUs));
                    }
                    double lean = wall(wUs, xUs, fit.sIn(), roundsUs, eventsUs, cores, cores, p.imbalance(), fit.phi(),
                            p.maxIn(), LATENCIES_US[0] * 1e-6, fit.c());
                    double balanced = p.imbalance() * (wUs + xUs * fit.sIn()) / cores
                            + roundsUs * (LATENCIES_US[0] * 1e-6 + p.maxIn() * fit.c());
                    row.append(f(" %.1f | %.1f |", wUs / lean, wUs / balanced));
                    System.out.println(row);
                }
            }
        }
        System.out.println();
        System.out.println("Per simulated microsecond at full load, sequential seconds, events, rho (long lookahead) and"
                + " cross-LP events per cut cable: " + String.join("; ", java.util.Arrays.stream(TREES).map(t -> f(
                        "%s %.4f s, %.1f k events, rho %.2f, %.2f", t, sequentialSecondsPerMicro(t),
                        seq(t).d("events") / micros(seq(t).s("end")) / 1000,
                        Double.isNaN(rho(t, false)) ? rho(null, false) : rho(t, false), crossPerCable(t))).toList()) + ".");
    }

    /** The sequential wall per simulated microsecond: docs/BENCHMARKS.md's median, else the inputs' run. */
    double sequentialSecondsPerMicro(String tree) {
        Rec s = seq(tree);
        Rec b = one(bench, "bench", "topology", tree, "engine", "seq");
        return (b != null ? b.d("wall_s") : s.d("wall_s")) / micros(s.s("end"));
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of("benchmarks", "distributed");
        Path inputs = args.length > 0 ? Path.of(args[0]) : dir.resolve("scaling-inputs.txt");
        Path bench = args.length > 1 ? Path.of(args[1]) : dir.resolve("scaling-benchmarks.txt");
        ScalingModel m = new ScalingModel(read(inputs), read(bench));
        Fit fit = m.fit();
        m.printFit(fit);
        m.printCheck(fit);
        m.printCounts();
        m.printPrediction(fit);
    }
}
