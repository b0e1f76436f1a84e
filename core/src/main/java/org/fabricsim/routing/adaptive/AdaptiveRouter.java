package org.fabricsim.routing.adaptive;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabricsim.routing.DModK;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.adaptive.AdaptiveOptions.HopScope;
import org.fabricsim.routing.adaptive.AdaptiveOptions.SetupOrder;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * Adaptive flow routing at the flow level (seed 003 ch. 3 and §6.2; spec-adaptive-routing §3): every flow's
 * route set-up packet p_s travels from its source to its destination; at each switch the port selector picks
 * the output among the ERT's default and alternate ports by the flow counters, the route cache of the input
 * port remembers a choice other than the default port, and the chosen output's counter goes up. The routes
 * come out as {@link FlowRoutes}.
 *
 * <p>The hop budget of the horizontal policies travels in p_s (seed 003 §3.2.2): it is armed with i at the
 * first horizontal hop, decremented after every horizontal hop, and once at 0 the selector may only choose
 * the default port; per level (the default) it is re-armed when the flow descends.
 *
 * <p>One router per thread: it owns the switch state (counters, caches) of the last {@link #route} call, and
 * nothing on the per-hop path allocates.
 */
public final class AdaptiveRouter {
    private static final int NOT_ARMED = -1;

    private final Topology topology;
    private final ExtendedRoutingTable ert;
    private final AdaptiveOptions options;
    private final PortSelector selector;
    private final RouteCache cache;
    private final boolean[] horizontal;
    private final boolean[] down;
    private final int maxSteps;

    // per-flow set-up state of the current call
    private int[] node = new int[0];
    private int[] inPort = new int[0];
    private int[] budget = new int[0];
    private int[] order = new int[0];
    // start jitter: start rounds of the flows in start order, that order, and the draws by flow
    private int[] start = new int[0];
    private int[] startOrder = new int[0];
    private int[] drawnStart = new int[0];
    // the hops in the order they were taken: (flow, link)
    private int[] logFlow = new int[1024];
    private int[] logLink = new int[1024];
    private int logSize;
    private int horizontalHops;

    public AdaptiveRouter(ExtendedRoutingTable ert, AdaptiveOptions options) {
        this.topology = ert.topology();
        this.ert = ert;
        this.options = options;
        this.selector = new PortSelector(ert, new InputFilters(ert, options.policy()), options.ties());
        this.cache = new RouteCache(topology.portCount(), options.cacheCapacity());
        this.horizontal = new boolean[topology.portCount()];
        this.down = new boolean[topology.portCount()];
        for (int p = 0; p < topology.portCount(); p++) {
            int peer = topology.peerNode(p);
            if (peer >= 0) {
                int from = topology.level(topology.owner(p));
                int to = topology.level(peer);
                horizontal[p] = from == to;
                down[p] = to < from;
            }
        }
        // a path is acyclic: no switch twice, plus the two host links
        this.maxSteps = topology.switchCount() + 2;
    }

    /** Adaptive routing on a generated fat tree with D-mod-K default ports (the Gómez et al. baseline, spec §2.5). */
    public static AdaptiveRouter dModK(Topology t, AdaptiveOptions options) {
        return new AdaptiveRouter(ExtendedRoutingTable.forFatTree(t, DModK.forwarding(t)), options);
    }

    public Topology topology() {
        return topology;
    }

    public AdaptiveOptions options() {
        return options;
    }

    /**
     * Sets up the routes of {@code flows} on empty switches (counters and caches cleared first), in the order
     * the options give, drawing the order and the tie-breaks from {@code rng}.
     */
    public FlowRoutes route(FlowSet flows, SplittableRandom rng) {
        int n = reset(flows);
        if (options.order() == SetupOrder.SEQUENTIAL) {
            shuffle(order, n, rng);
            return sequentially(flows, order, rng);
        }
        int[] dst = flows.dst();
        int jitter = options.startJitter();
        int waiting = 0; // flows whose set-up starts later: startOrder[next .. waiting)
        int active = n;
        if (jitter > 0) {
            sortByStart(n, jitter, rng);
            active = 0;
            waiting = n;
        }
        int round = 0;
        int next = 0; // next waiting flow, index into starts
        while (active > 0 || next < waiting) {
            while (next < waiting && start[next] <= round) {
                order[active++] = startOrder[next++];
            }
            shuffle(order, active, rng);
            int kept = 0;
            for (int i = 0; i < active; i++) {
                int f = order[i];
                step(f, dst[f], rng);
                if (node[f] != dst[f]) {
                    order[kept++] = f;
                }
            }
            active = kept;
            checkSteps(active > 0 ? order[0] : 0, ++round - jitter, flows);
        }
        return compact(n);
    }

    /** Draws every flow's start round in 0 … jitter; startOrder lists the flows by start round (counting sort). */
    private void sortByStart(int n, int jitter, SplittableRandom rng) {
        if (start.length < n) {
            start = new int[n];
            startOrder = new int[n];
        }
        int[] count = new int[jitter + 2];
        int[] drawn = drawScratch(n);
        for (int f = 0; f < n; f++) {
            drawn[f] = rng.nextInt(jitter + 1);
            count[drawn[f] + 1]++;
        }
        for (int r = 0; r <= jitter; r++) {
            count[r + 1] += count[r];
        }
        for (int f = 0; f < n; f++) {
            int at = count[drawn[f]]++;
            startOrder[at] = f;
            start[at] = drawn[f];
        }
    }

    private int[] drawScratch(int n) {
        if (drawnStart.length < n) {
            drawnStart = new int[n];
        }
        return drawnStart;
    }

    /** Sets up the flows one after another in the given order (tests give their own), on empty switches. */
    FlowRoutes routeInOrder(FlowSet flows, int[] flowOrder, SplittableRandom rng) {
        reset(flows);
        return sequentially(flows, flowOrder, rng);
    }

    private FlowRoutes sequentially(FlowSet flows, int[] flowOrder, SplittableRandom rng) {
        int n = flows.size();
        int[] dst = flows.dst();
        for (int i = 0; i < n; i++) {
            int f = flowOrder[i];
            int steps = 0;
            while (node[f] != dst[f]) {
                step(f, dst[f], rng);
                checkSteps(f, ++steps, flows);
            }
        }
        return compact(n);
    }

    private int reset(FlowSet flows) {
        int n = flows.size();
        Arrays.fill(selector.flowCounts(), 0);
        cache.clear();
        if (node.length < n) {
            node = new int[n];
            inPort = new int[n];
            budget = new int[n];
            order = new int[n];
        }
        logSize = 0;
        horizontalHops = 0;
        int[] src = flows.src();
        for (int f = 0; f < n; f++) {
            node[f] = src[f];
            inPort[f] = -1;
            budget[f] = NOT_ARMED;
            order[f] = f;
        }
        return n;
    }

    /** One hop of flow f's set-up packet. */
    private void step(int f, int dst, SplittableRandom rng) {
        int at = node[f];
        int link;
        if (topology.isHost(at)) {
            link = topology.hostPort(at);
            selector.flowCounts()[link]++;
        } else {
            long hop = setupHop(at, inPort[f], f, dst, budget[f], rng);
            link = topology.port(at, (int) (hop >>> 32));
            budget[f] = (int) hop;
        }
        if (logSize == logFlow.length) {
            logFlow = Arrays.copyOf(logFlow, 2 * logSize);
            logLink = Arrays.copyOf(logLink, 2 * logSize);
        }
        logFlow[logSize] = f;
        logLink[logSize++] = link;
        inPort[f] = topology.peerPort(link);
        node[f] = topology.peerNode(link);
    }

    private void checkSteps(int f, int steps, FlowSet flows) {
        if (steps > maxSteps) {
            throw new IllegalStateException("route set-up " + topology.nodeName(flows.src()[f]) + " -> "
                    + topology.nodeName(flows.dst()[f]) + " exceeds " + maxSteps + " hops (a loop?)");
        }
    }

    /** The log of hops, grouped by flow in the order taken: a counting sort, stable. */
    private FlowRoutes compact(int n) {
        int[] start = new int[n + 1];
        for (int i = 0; i < logSize; i++) {
            start[logFlow[i] + 1]++;
        }
        for (int f = 0; f < n; f++) {
            start[f + 1] += start[f];
        }
        int[] fill = Arrays.copyOf(start, n);
        int[] links = new int[logSize];
        for (int i = 0; i < logSize; i++) {
            links[fill[logFlow[i]]++] = logLink[i];
        }
        return new FlowRoutes(start, links);
    }

    private static void shuffle(int[] a, int n, SplittableRandom rng) {
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** The flow counter of a directed link after the last {@link #route} call (= flows set up through it). */
    public int flowCount(int globalPort) {
        return selector.flowCounts()[globalPort];
    }

    /** Horizontal hops taken by all flows of the last {@link #route} call. */
    public int horizontalHops() {
        return horizontalHops;
    }

    /** Route-cache entries of an input port after the last call. */
    public int cacheEntries(int inGlobal) {
        return cache.entries(inGlobal);
    }

    /** The hop budget of a set-up packet that has not moved horizontally yet at this level (spec §3.6). */
    public static final int BUDGET_NOT_ARMED = NOT_ARMED;

    /**
     * One hop of a route set-up packet (spec §3.2), as a switch's port selector takes it: flow {@code flow}'s
     * packet towards {@code dst} arrived at {@code switchNode} on global port {@code inGlobal} with hop
     * budget {@code budget} ({@link #BUDGET_NOT_ARMED} at first). Picks the least loaded allowed port (the
     * default port on ties), caches it for the input unless it is the default port or the cache is full,
     * counts the flow on the chosen output. Returns the local output port in the high 32 bits and the
     * packet's budget after this hop in the low 32 bits. Reads and writes only this switch's ports, so a
     * packet-level switch can run it for itself.
     */
    public long setupHop(int switchNode, int inGlobal, int flow, int dst, int budget, SplittableRandom rng) {
        boolean mayMove = budget == NOT_ARMED ? options.horizontalHops() > 0 : budget > 0;
        int dp = ert.defaultPort(switchNode, dst);
        int out = selector.select(switchNode, inGlobal, dst, dp, mayMove, horizontal, rng);
        if (out != dp && !cache.insert(inGlobal, flow, out)) {
            out = dp; // full cache: the default port, no entry (spec §3.2 step 3)
        }
        int link = topology.port(switchNode, out);
        int after = budget;
        if (horizontal[link]) {
            after = (budget == NOT_ARMED ? options.horizontalHops() : budget) - 1;
            horizontalHops++;
        } else if (down[link] && options.hopScope() == HopScope.PER_LEVEL) {
            after = NOT_ARMED;
        }
        selector.flowCounts()[link]++;
        return ((long) out << 32) | (after & 0xFFFFFFFFL);
    }

    /**
     * One hop of a route tear-down packet (spec §3.4): it leaves like a data packet (the returned local
     * port), erases its cache entry at this input and uncounts the flow on that output.
     */
    public int teardownHop(int switchNode, int inGlobal, int flow, int dst) {
        int out = dataPort(flow, switchNode, inGlobal, dst);
        cache.remove(inGlobal, flow);
        selector.flowCounts()[topology.port(switchNode, out)]--;
        return out;
    }

    /** The ERT's default port (local) of {@code switchNode} towards {@code dst}: the return path of control packets. */
    public int defaultPort(int switchNode, int dst) {
        return ert.defaultPort(switchNode, dst);
    }

    /**
     * Data forwarding (spec §3.3): the local output port of a data packet of flow {@code flow} towards
     * {@code dst} arriving at {@code switchNode} on global port {@code inGlobal} — the cached port on a hit,
     * else the default port.
     */
    public int dataPort(int flow, int switchNode, int inGlobal, int dst) {
        int cached = cache.lookup(inGlobal, flow);
        return cached >= 0 ? cached : ert.defaultPort(switchNode, dst);
    }

    /**
     * Route tear-down of one flow (spec §3.4): its p_t follows the route like a data packet, erases the cache
     * entries and decrements the counters.
     */
    public void tearDown(int flow, FlowRoutes routes) {
        for (int i = routes.start()[flow]; i < routes.start()[flow + 1]; i++) {
            int link = routes.links()[i];
            if (i > routes.start()[flow]) {
                cache.remove(topology.peerPort(routes.links()[i - 1]), flow);
            }
            selector.flowCounts()[link]--;
        }
    }
}
