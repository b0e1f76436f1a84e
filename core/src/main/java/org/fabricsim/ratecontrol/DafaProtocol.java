package org.fabricsim.ratecontrol;

import java.util.Arrays;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * DAFA as packets (seed 003 §4.3, Alg 4.13/4.14; spec §4.5): application max-min fair rates computed by a
 * leader — the first top-level switch — with every element running PAFA's worker for its outgoing links. A
 * flow's source announces w_f and its application along the path (the true W̃_l^a); once every announcement is
 * back (the barrier, free here: the thesis leaves its 10-20 µs out of T) the last source sends a trigger to the
 * leader, which starts a round. Each AFA iteration is two PIF waves over the whole network (Segall: a wave
 * floods from the leader, the first sender is an element's parent, an element reports to its parent once it
 * has heard from every neighbour): the rate collection phase takes B (the applications bottlenecked last
 * iteration) down and min δ_l = c_l / W_l up; the distribution phase takes Δ̄ down, every link subtracts Δ̄·W_l,
 * and saturated links send their active applications A_l up. When no weight is left the leader floods the
 * rates r̄(a) and each source sets r(f) = r̄(a)·w_f. A forward is processed like a control packet at the
 * receiving input; a feedback takes the aggregation's extra time too (the thesis: T_c = T_d + 200 ns).
 *
 * <p>State (§4.7): per link c_l, W_l, W_l^a and A_l (as flags per application using the link) and the true
 * W̃_l^a; per element its round, its wave's parent and count, its min δ or union of B_l; the leader ρ, B, r̄(a).
 * The sets of applications a packet carries (|A| bits) are read from the sender's state.
 */
final class DafaProtocol implements RateProtocol {
    static final int ANNOUNCE = 0;
    static final int TRIGGER = 1;
    static final int COLLECT = 2; // rate collection phase, forward
    static final int DISTRIBUTE_DELTA = 3; // rate distribution phase, forward
    static final int FEEDBACK = 4;
    static final int RATES = 5; // the final r̄(a), flooded
    private static final double NONE = Double.POSITIVE_INFINITY;

    private final ControlPlane plane;
    private final Topology topology;
    private final double[] weight;
    private final int[] app;
    private final int apps;
    private final int words;
    private final double epsilon;
    private final long forwardPs;
    private final long feedbackPs;
    private final RateLog log;
    // per link: its applications, CSR; W̃_l^a, W_l^a, a ∈ A_l; and c_l, W_l
    private final int[] linkStart;
    private final int[] linkApp;
    private final double[] trueWeight;
    private final double[] weightOf;
    private final boolean[] active;
    private final double[] free;
    private final double[] linkWeight;
    // per element
    private final int[] round;
    private final int[] wave;
    private final int[] parent;
    private final int[] heard;
    private final int[] degree;
    private final double[] least;
    private final long[][] union;
    private final int[] towardLeader;
    // the leader
    private final int leader;
    private int leaderRound;
    private int seq;
    private int phase;
    private double rho;
    private final long[] bottlenecked;
    private final double[] appRate;
    private long triggeredPs;
    private int pendingAnnouncements;

    DafaProtocol(ControlPlane plane, FlowSet flows, double epsilon, long aggregationExtraPs, RateLog log) {
        this.plane = plane;
        this.topology = plane.topology();
        this.weight = flows.weight();
        this.app = flows.app();
        int most = -1;
        for (int a : app) {
            if (a < 0) {
                throw new IllegalArgumentException("DAFA needs every flow in an application");
            }
            most = Math.max(most, a);
        }
        this.apps = most + 1;
        this.words = (apps + 63) / 64;
        this.epsilon = epsilon;
        this.forwardPs = plane.timing().controlProcessingPs();
        this.feedbackPs = forwardPs + aggregationExtraPs;
        this.log = log;
        int links = topology.portCount();
        FlowRoutes paths = plane.paths();
        // the applications on each link, as the announcements will find them
        boolean[][] uses = new boolean[links][];
        int[] count = new int[links];
        for (int f = 0; f < paths.flows(); f++) {
            for (int l : paths.path(f)) {
                if (uses[l] == null) {
                    uses[l] = new boolean[apps];
                }
                if (!uses[l][app[f]]) {
                    uses[l][app[f]] = true;
                    count[l]++;
                }
            }
        }
        linkStart = new int[links + 1];
        for (int l = 0; l < links; l++) {
            linkStart[l + 1] = linkStart[l] + count[l];
        }
        linkApp = new int[linkStart[links]];
        for (int l = 0; l < links; l++) {
            int at = linkStart[l];
            for (int a = 0; uses[l] != null && a < apps; a++) {
                if (uses[l][a]) {
                    linkApp[at++] = a;
                }
            }
        }
        trueWeight = new double[linkApp.length];
        weightOf = new double[linkApp.length];
        active = new boolean[linkApp.length];
        free = new double[links];
        linkWeight = new double[links];
        int nodes = topology.nodeCount();
        round = new int[nodes];
        wave = new int[nodes];
        Arrays.fill(wave, -1);
        parent = new int[nodes];
        heard = new int[nodes];
        degree = new int[nodes];
        least = new double[nodes];
        union = new long[nodes][words];
        for (int v = 0; v < nodes; v++) {
            for (int i = 0; i < topology.ports(v); i++) {
                if (topology.isConnected(topology.port(v, i))) {
                    degree[v]++;
                }
            }
        }
        LeaderTree tree = new LeaderTree(topology);
        leader = tree.leader;
        towardLeader = tree.towardLeader;
        bottlenecked = new long[words];
        appRate = new double[apps];
    }

    /** When the last round's trigger reached the leader: its calculation counts from then. */
    @Override
    public long originPs() {
        return triggeredPs;
    }

    // ----------------------------------------------------------------------------------------------------
    // the sources: announcements, the barrier, the trigger

    @Override
    public void start(long t, int f) {
        pendingAnnouncements++;
        int pk = plane.packet(f, ANNOUNCE);
        plane.a(pk, weight[f]);
        log.sent(t, f);
        plane.send(t, pk);
    }

    @Override
    public void atLink(int pk, int l) {
        int a = app[plane.flow(pk)];
        for (int e = linkStart[l]; e < linkStart[l + 1]; e++) {
            if (linkApp[e] == a) {
                trueWeight[e] += plane.a(pk); // W̃_l^a
                return;
            }
        }
        throw new IllegalStateException("link " + l + " does not carry application " + a);
    }

    @Override
    public void returned(long t, int pk) {
        if (--pendingAnnouncements == 0) { // the barrier: every announcement is back
            int host = plane.source(plane.flow(pk));
            send(t, host, towardLeader[host], TRIGGER, 0, forwardPs);
        }
    }

    @Override
    public void timer(long t, int f, int kind) {
        throw new IllegalStateException("DAFA sets no timers");
    }

    private void send(long t, int from, int port, int op, double value, long processingPs) {
        int pk = plane.packet(0, op);
        plane.round(pk, round[from]);
        plane.a(pk, value);
        plane.b(pk, seq);
        plane.c(pk, from);
        plane.message(t, port, pk, processingPs);
    }

    // ----------------------------------------------------------------------------------------------------
    // the elements

    /** A new round at {@code node}: its links start AFA afresh from the true weights (Alg 4.14). */
    private void enter(int node, int r) {
        round[node] = r;
        wave[node] = -1;
        for (int i = 0; i < topology.ports(node); i++) {
            int l = topology.port(node, i);
            free[l] = 1;
            linkWeight[l] = 0;
            for (int e = linkStart[l]; e < linkStart[l + 1]; e++) {
                weightOf[e] = trueWeight[e];
                active[e] = trueWeight[e] > 0;
            }
        }
    }

    @Override
    public void message(long t, int node, int in, int pk) {
        int op = plane.op(pk);
        int r = plane.round(pk);
        if (op == TRIGGER) {
            plane.done(pk);
            if (node == leader) {
                trigger(t);
            } else {
                send(t, node, towardLeader[node], TRIGGER, 0, forwardPs);
            }
            return;
        }
        int s = (int) plane.b(pk);
        double value = plane.a(pk);
        int sender = (int) plane.c(pk);
        plane.done(pk);
        if (r < round[node]) {
            return; // an old round's
        }
        if (r > round[node]) {
            enter(node, r);
        }
        if (op == FEEDBACK) {
            if (s != wave[node]) {
                return;
            }
            if (phase == COLLECT) {
                least[node] = Math.min(least[node], value);
            } else {
                for (int w = 0; w < words; w++) {
                    union[node][w] |= union[sender][w]; // the child's B_l, as its packet carries them
                }
            }
            heard(t, node);
            return;
        }
        if (wave[node] == s) {
            heard(t, node); // a neighbour's own forward of this wave
            return;
        }
        wave[node] = s;
        parent[node] = in;
        heard[node] = 0;
        work(t, node, op, value);
        for (int i = 0; i < topology.ports(node); i++) {
            int port = topology.port(node, i);
            if (port != in && topology.isConnected(port)) {
                send(t, node, port, op, value, forwardPs);
            }
        }
        heard(t, node); // the parent's
    }

    /** What {@code node} computes for its own links when a wave first reaches it. */
    private void work(long t, int node, int op, double value) {
        if (op == COLLECT) {
            double d = NONE;
            for (int i = 0; i < topology.ports(node); i++) {
                int l = topology.port(node, i);
                double w = 0;
                for (int e = linkStart[l]; e < linkStart[l + 1]; e++) {
                    if (active[e] && (bottlenecked[linkApp[e] >>> 6] & 1L << linkApp[e]) != 0) {
                        active[e] = false; // 2.1: a ∈ B leaves A_l, W_l^a ← 0
                        weightOf[e] = 0;
                    }
                    w += active[e] ? weightOf[e] : 0;
                }
                linkWeight[l] = w;
                if (w > epsilon) {
                    d = Math.min(d, free[l] / w); // δ_l
                }
            }
            least[node] = d;
        } else if (op == DISTRIBUTE_DELTA) {
            Arrays.fill(union[node], 0);
            for (int i = 0; i < topology.ports(node); i++) {
                int l = topology.port(node, i);
                if (linkWeight[l] <= epsilon) {
                    continue;
                }
                free[l] -= value * linkWeight[l];
                if (free[l] <= epsilon) { // 8.3: a saturated link reports its active applications
                    for (int e = linkStart[l]; e < linkStart[l + 1]; e++) {
                        if (active[e]) {
                            union[node][linkApp[e] >>> 6] |= 1L << linkApp[e];
                        }
                    }
                }
            }
        } else if (op == RATES && topology.isHost(node)) {
            for (int i = plane.firstFlow(node); i < plane.firstFlow(node + 1); i++) {
                int f = plane.hostFlow(i);
                log.set(t, f, appRate[app[f]] * weight[f]); // r(f) = r̄(a)·w_f
                log.settled(t, f);
            }
        }
    }

    /** {@code node} has heard from one more neighbour: once from all, it reports to its parent. */
    private void heard(long t, int node) {
        if (++heard[node] < degree[node] || phase == RATES) {
            return;
        }
        if (node == leader) {
            waveDone(t);
        } else {
            send(t, node, parent[node], FEEDBACK, least[node], feedbackPs);
        }
    }

    // ----------------------------------------------------------------------------------------------------
    // the leader (Alg 4.13's loop, Alg 4.14's rounds)

    private void trigger(long t) {
        triggeredPs = t;
        enter(leader, ++leaderRound);
        rho = 0;
        Arrays.fill(bottlenecked, 0);
        Arrays.fill(appRate, 0);
        startWave(t, COLLECT, 0);
    }

    private void startWave(long t, int op, double value) {
        phase = op;
        wave[leader] = ++seq;
        heard[leader] = 0;
        work(t, leader, op, value);
        for (int i = 0; i < topology.ports(leader); i++) {
            int port = topology.port(leader, i);
            if (topology.isConnected(port)) {
                send(t, leader, port, op, value, forwardPs);
            }
        }
    }

    private void waveDone(long t) {
        if (phase == COLLECT) {
            double d = least[leader];
            if (d == NONE) {
                startWave(t, RATES, 0); // no weight left anywhere: distribute r̄(a)
                return;
            }
            rho += d;
            startWave(t, DISTRIBUTE_DELTA, d);
        } else {
            System.arraycopy(union[leader], 0, bottlenecked, 0, words);
            for (int a = 0; a < apps; a++) {
                if ((bottlenecked[a >>> 6] & 1L << a) != 0) {
                    appRate[a] = rho; // 11: r̄(a) ← ρ
                }
            }
            startWave(t, COLLECT, 0);
        }
    }
}
