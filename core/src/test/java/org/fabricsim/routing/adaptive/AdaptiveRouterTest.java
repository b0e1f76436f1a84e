package org.fabricsim.routing.adaptive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.routing.DModK;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.adaptive.AdaptiveOptions.HopScope;
import org.fabricsim.routing.adaptive.AdaptiveOptions.Policy;
import org.fabricsim.routing.adaptive.AdaptiveOptions.SetupOrder;
import org.fabricsim.routing.adaptive.AdaptiveOptions.Ties;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.RandomFlows;
import org.fabricsim.traffic.RandomPermutation;
import org.junit.jupiter.api.Test;

class AdaptiveRouterTest {
    private static final List<String> TREES = List.of("mkary-ntree(4,3,2)", "mkary-ntree(4,3,0)", "mkary-ntree(3,3,1)",
            "mkary-ntree(6,2,3)", "mkary-ntree(2,4,2)");
    private static final int[] HOPS = {0, 1, 2, AdaptiveOptions.UNLIMITED};

    private static List<AdaptiveOptions> allOptions() {
        List<AdaptiveOptions> out = new ArrayList<>();
        for (Policy p : Policy.values()) {
            for (int i : HOPS) {
                for (HopScope s : HopScope.values()) {
                    for (SetupOrder o : SetupOrder.values()) {
                        for (Ties t : Ties.values()) {
                            out.add(new AdaptiveOptions(p, i, s, o, t, AdaptiveOptions.UNLIMITED));
                            if (o == SetupOrder.INTERLEAVED) {
                                out.add(new AdaptiveOptions(p, i, s, o, t, AdaptiveOptions.UNLIMITED, 3));
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    private static FlowSet permutation(Topology t, long trial) {
        return new RandomPermutation(false).generate(HostGroups.of(t), Seeds.stream(7, trial, Purpose.TRAFFIC));
    }

    private static FlowSet manyFlows(Topology t, long trial) {
        return new RandomFlows(4).generate(HostGroups.of(t), Seeds.stream(7, trial, Purpose.TRAFFIC));
    }

    @Test
    void everyRouteIsValidMinimalInOneDirectionPerLevelAndWithinItsHopBudget() {
        for (String spec : TREES) {
            Topology t = Topologies.resolve(spec, 0, 0, null);
            ForwardingTables dmodk = DModK.compute(t);
            for (AdaptiveOptions o : allOptions()) {
                AdaptiveRouter router = AdaptiveRouter.dModK(t, o);
                for (int trial = 0; trial < 2; trial++) {
                    FlowSet flows = trial == 0 ? permutation(t, trial) : manyFlows(t, trial);
                    FlowRoutes r = router.route(flows, Seeds.stream(3, trial, Purpose.ROUTING));
                    assertEquals(flows.size(), r.flows());
                    int[] onLink = new int[t.portCount()];
                    for (int f = 0; f < flows.size(); f++) {
                        checkRoute(t, dmodk, o, flows.src()[f], flows.dst()[f], r.path(f), spec + " " + o);
                        for (int link : r.path(f)) {
                            onLink[link]++;
                        }
                    }
                    for (int p = 0; p < t.portCount(); p++) {
                        assertEquals(onLink[p], router.flowCount(p), "counter of port " + p + " " + spec + " " + o);
                    }
                }
            }
        }
    }

    /** Connected, from src to dst, no switch twice, up then (horizontal|down)*, as many up hops as D-mod-K. */
    private static void checkRoute(Topology t, ForwardingTables dmodk, AdaptiveOptions o, int src, int dst, int[] path,
            String what) {
        FatTree tree = t.fatTree().orElseThrow();
        int w = tree.horizontalWidth();
        assertEquals(t.hostPort(src), path[0], what);
        assertEquals(dst, t.peerNode(path[path.length - 1]), what);
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        boolean descending = false;
        int ups = 0;
        int runLength = 0;
        int total = 0;
        int runDirection = 0;
        for (int i = 0; i < path.length; i++) {
            if (i > 0) {
                assertEquals(t.peerNode(path[i - 1]), t.owner(path[i]), what + ": links not consecutive");
            }
            int from = t.owner(path[i]);
            int to = t.peerNode(path[i]);
            assertTrue(to >= 0, what);
            assertTrue(seen.add(from), what + ": a switch twice");
            int lf = t.level(from);
            int lt = t.level(to);
            if (lt > lf) {
                assertFalse(descending, what + ": up after turning");
                ups++;
            } else {
                descending = true;
            }
            if (lt == lf) {
                int local = t.localPort(path[i]);
                int hb = tree.horizontalBase(lf);
                int direction = local < hb + w ? -1 : 1;
                if (runLength == 0) {
                    if (o.policy() == Policy.FORCED_DIR) {
                        long size = tree.logicalNodeSize(lf);
                        long position = tree.indexInLevel(from) % size;
                        assertEquals(2 * position < size ? 1 : -1, direction, what + ": ForcedDir direction");
                    }
                    runDirection = direction;
                }
                assertEquals(runDirection, direction, what + ": two directions at one level");
                runLength++;
                total++;
                int budget = o.hopScope() == HopScope.PER_LEVEL ? runLength : total;
                assertTrue(budget <= o.horizontalHops(), what + ": hop budget exceeded");
            } else {
                runLength = 0;
            }
        }
        int[] reference = new int[t.switchCount() + 1];
        int len = dmodk.route(src, dst, reference);
        int refUps = 0;
        for (int i = 0; i < len; i++) {
            refUps += t.level(t.peerNode(reference[i])) > t.level(t.owner(reference[i])) ? 1 : 0;
        }
        assertEquals(refUps, ups, what + ": not minimal");
    }

    @Test
    void sequentialSetUpsEqualAnIndependentReadingOfTheRules() {
        for (String spec : TREES) {
            Topology t = Topologies.resolve(spec, 0, 0, null);
            ForwardingTables dmodk = DModK.compute(t);
            for (Policy p : Policy.values()) {
                for (int hops : HOPS) {
                    for (HopScope scope : HopScope.values()) {
                        AdaptiveOptions o = new AdaptiveOptions(p, hops, scope, SetupOrder.SEQUENTIAL, Ties.LOWEST,
                                AdaptiveOptions.UNLIMITED);
                        AdaptiveRouter router = AdaptiveRouter.dModK(t, o);
                        FlowSet flows = manyFlows(t, hops);
                        int[] order = new int[flows.size()];
                        for (int i = 0; i < order.length; i++) {
                            order[i] = order.length - 1 - i;
                        }
                        FlowRoutes r = router.routeInOrder(flows, order, new SplittableRandom(1));
                        int[][] expected = reference(t, dmodk, o, flows, order);
                        for (int f = 0; f < flows.size(); f++) {
                            assertArrayEquals(expected[f], r.path(f), spec + " " + o + " flow " + f);
                        }
                    }
                }
            }
        }
    }

    /**
     * Spec §3.6 read directly from the tree's labels (no ERT, filters or selector): ascend on the least loaded
     * up port, descend on the down port unless an allowed horizontal port has strictly fewer flows; the
     * default port wins ties, then the lowest port number.
     */
    private static int[][] reference(Topology t, ForwardingTables dmodk, AdaptiveOptions o, FlowSet flows,
            int[] order) {
        FatTree tree = t.fatTree().orElseThrow();
        int w = tree.horizontalWidth();
        int[] count = new int[t.portCount()];
        int[][] paths = new int[flows.size()][];
        for (int f : order) {
            int dst = flows.dst()[f];
            List<Integer> path = new ArrayList<>();
            int link = t.hostPort(flows.src()[f]);
            int budget = -1;
            while (true) {
                path.add(link);
                count[link]++;
                int node = t.peerNode(link);
                if (node == dst) {
                    break;
                }
                int in = t.localPort(t.peerPort(link));
                int l = tree.levelOf(node);
                int index = tree.indexInLevel(node);
                int dp = dmodk.port(node, dst);
                List<Integer> candidates = new ArrayList<>();
                if (!tree.isAncestor(l, index, dst)) {
                    for (int p = tree.downPorts(l); p < tree.horizontalBase(l); p++) {
                        candidates.add(p);
                    }
                } else if (l >= 2 && w > 0 && (budget == -1 ? o.horizontalHops() > 0 : budget > 0)) {
                    int hb = tree.horizontalBase(l);
                    boolean left;
                    boolean right;
                    if (in >= hb) {
                        right = in < hb + w; // came from the left neighbour
                        left = !right;
                    } else if (o.policy() == Policy.FORCED_DIR) {
                        long size = tree.logicalNodeSize(l);
                        right = 2 * (index % size) < size;
                        left = !right;
                    } else {
                        left = right = true;
                    }
                    for (int q = 0; q < w; q++) {
                        if (left) {
                            candidates.add(hb + q);
                        }
                    }
                    for (int q = 0; q < w; q++) {
                        if (right) {
                            candidates.add(hb + w + q);
                        }
                    }
                }
                int best = dp;
                for (int c : candidates) {
                    int g = t.port(node, c);
                    if (t.isConnected(g) && count[g] < count[t.port(node, best)]) {
                        best = c;
                    }
                }
                link = t.port(node, best);
                int next = t.peerNode(link);
                if (t.level(next) == l) {
                    budget = (budget == -1 ? o.horizontalHops() : budget) - 1;
                } else if (t.level(next) < l && o.hopScope() == HopScope.PER_LEVEL) {
                    budget = -1;
                }
            }
            paths[f] = path.stream().mapToInt(Integer::intValue).toArray();
        }
        return paths;
    }

    @Test
    void theDefaultPortWinsTiesSoTheFirstFlowTakesTheObliviousRoute() {
        Topology t = Topologies.resolve("mkary-ntree(4,3,2)", 0, 0, null);
        ForwardingTables dmodk = DModK.compute(t);
        for (Ties ties : Ties.values()) {
            AdaptiveRouter router = AdaptiveRouter.dModK(t, AdaptiveOptions.DEFAULT.withTies(ties));
            for (int s = 0; s < t.hostCount(); s++) {
                for (int d = 0; d < t.hostCount(); d++) {
                    if (s != d) {
                        FlowSet one = FlowSet.of(new int[] {s}, new int[] {d});
                        FlowRoutes r = router.route(one, new SplittableRandom(s * 100 + d));
                        assertArrayEquals(FlowRoutes.of(t, dmodk, one).path(0), r.path(0), s + "->" + d);
                    }
                }
            }
        }
    }

    @Test
    void anEmptyRouteCacheForcesTheDefaultPortAndCapacityIsRespected() {
        Topology t = Topologies.resolve("mkary-ntree(4,3,2)", 0, 0, null);
        FlowSet flows = manyFlows(t, 5);
        FlowRoutes oblivious = FlowRoutes.of(t, DModK.compute(t), flows);
        AdaptiveRouter none = AdaptiveRouter.dModK(t, AdaptiveOptions.DEFAULT.withCacheCapacity(0));
        FlowRoutes r = none.route(flows, new SplittableRandom(5));
        assertArrayEquals(oblivious.links(), r.links());
        for (int capacity : new int[] {1, 2}) {
            AdaptiveRouter small = AdaptiveRouter.dModK(t, AdaptiveOptions.DEFAULT.withCacheCapacity(capacity));
            FlowRoutes rs = small.route(flows, new SplittableRandom(5));
            int max = 0;
            for (int p = 0; p < t.portCount(); p++) {
                assertTrue(small.cacheEntries(p) <= capacity);
                max = Math.max(max, small.cacheEntries(p));
            }
            assertEquals(capacity, max, "the cache of some port fills up");
            assertFalse(java.util.Arrays.equals(oblivious.links(), rs.links()));
        }
    }

    @Test
    void dataPacketsFollowTheSetUpRouteAndTearDownEmptiesEverySwitch() {
        Topology t = Topologies.resolve("mkary-ntree(4,3,2)", 0, 0, null);
        FlowSet flows = manyFlows(t, 9);
        AdaptiveRouter router = AdaptiveRouter.dModK(t, AdaptiveOptions.DEFAULT.withPolicy(Policy.FREE_DIR, 3));
        FlowRoutes r = router.route(flows, new SplittableRandom(9));
        assertTrue(router.horizontalHops() > 0, "the case exercises horizontal moves");
        for (int f = 0; f < flows.size(); f++) {
            int[] path = r.path(f);
            for (int i = 1; i < path.length; i++) {
                int sw = t.peerNode(path[i - 1]);
                int out = router.dataPort(f, sw, t.peerPort(path[i - 1]), flows.dst()[f]);
                assertEquals(path[i], t.port(sw, out), "flow " + f + " hop " + i);
            }
        }
        for (int f = 0; f < flows.size(); f++) {
            router.tearDown(f, r);
        }
        for (int p = 0; p < t.portCount(); p++) {
            assertEquals(0, router.flowCount(p));
            assertEquals(0, router.cacheEntries(p));
        }
    }

    @Test
    void theSameSeedGivesTheSameRoutesAndAnotherSeedOthers() {
        Topology t = Topologies.resolve("mkary-ntree(4,3,2)", 0, 0, null);
        FlowSet flows = permutation(t, 1);
        for (AdaptiveOptions o : List.of(AdaptiveOptions.DEFAULT, AdaptiveOptions.DEFAULT.withStartJitter(5),
                AdaptiveOptions.DEFAULT.withOrder(SetupOrder.SEQUENTIAL))) {
            FlowRoutes a = AdaptiveRouter.dModK(t, o).route(flows, Seeds.stream(1, 0, Purpose.ROUTING));
            AdaptiveRouter reused = AdaptiveRouter.dModK(t, o);
            reused.route(manyFlows(t, 2), Seeds.stream(2, 0, Purpose.ROUTING)); // state of an earlier trial
            FlowRoutes b = reused.route(flows, Seeds.stream(1, 0, Purpose.ROUTING));
            assertArrayEquals(a.start(), b.start());
            assertArrayEquals(a.links(), b.links());
            FlowRoutes c = reused.route(flows, Seeds.stream(2, 0, Purpose.ROUTING));
            assertFalse(java.util.Arrays.equals(a.links(), c.links()), o.toString());
        }
    }
}
