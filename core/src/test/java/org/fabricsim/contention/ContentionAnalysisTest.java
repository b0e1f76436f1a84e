package org.fabricsim.contention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabricsim.routing.DModK;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.UpDown;
import org.fabricsim.topology.FatTrees;
import org.fabricsim.topology.LinkParams;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.AllToOne;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.RandomFlows;
import org.fabricsim.traffic.RandomPermutation;
import org.fabricsim.traffic.Shift;
import org.fabricsim.traffic.TrialTraffic;
import org.junit.jupiter.api.Test;

class ContentionAnalysisTest {
    private static final Topology TREE4096 = Presets.find("tree4096").build();
    private static final ForwardingTables DMODK4096 = DModK.compute(TREE4096);

    /** Brute force: walk every route switch by switch with maps, then compare with the analysis. */
    private static void assertMatchesBruteForce(ForwardingTables lft, FlowSet flows) {
        Topology t = lft.topology();
        Map<Integer, Integer> load = new HashMap<>();
        List<int[]> paths = new java.util.ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            List<Integer> path = new java.util.ArrayList<>();
            int at = flows.src()[f];
            int link = t.hostPort(at);
            while (true) {
                path.add(link);
                int next = t.peerNode(link);
                if (next == flows.dst()[f]) {
                    break;
                }
                link = t.port(next, lft.port(next, flows.dst()[f]));
            }
            paths.add(path.stream().mapToInt(Integer::intValue).toArray());
            for (int l : path) {
                load.merge(l, 1, Integer::sum);
            }
        }
        int max = 0;
        long sum = 0;
        long traversals = 0;
        for (int[] path : paths) {
            int c = 0;
            for (int l : path) {
                c = Math.max(c, load.get(l));
            }
            max = Math.max(max, c);
            sum += c;
            traversals += path.length;
        }
        ContentionAnalysis analysis = new ContentionAnalysis(lft);
        long[][] counts = new long[analysis.linkClasses().count()][flows.size() + 1];
        TrialContention r = analysis.analyze(flows, analysis.newScratch(), counts, null);
        assertEquals(flows.size(), r.flows());
        assertEquals(max, r.maxContention());
        assertEquals(flows.size() == 0 ? 0.0 : sum / (double) flows.size(), r.meanContention(), 1e-12);
        assertEquals(traversals, r.linkTraversals());
        // per-class histograms count every connected directed link once, with its load
        LinkClasses classes = analysis.linkClasses();
        long[][] expected = new long[classes.count()][flows.size() + 1];
        for (int p = 0; p < t.portCount(); p++) {
            if (t.isConnected(p)) {
                expected[classes.classOf(p)][load.getOrDefault(p, 0)]++;
            }
        }
        for (int c = 0; c < classes.count(); c++) {
            assertArrayEquals(expected[c], counts[c], classes.name(c));
            assertEquals(classes.links(c), java.util.Arrays.stream(counts[c]).sum());
        }
    }

    @Test
    void matchesBruteForceOnTreesAndIrregularRouting() {
        SplittableRandom rng = new SplittableRandom(3);
        HostGroups hosts = HostGroups.of(TREE4096);
        assertMatchesBruteForce(DMODK4096, new RandomPermutation(false).generate(hosts, rng));
        assertMatchesBruteForce(DMODK4096, new RandomFlows(5).generate(hosts, rng));
        Topology modified = FatTrees.modifiedKAryNTree("m", 4, 3, 2, LinkParams.gbps(10, 15));
        ForwardingTables updown = UpDown.compute(modified);
        assertMatchesBruteForce(updown, new RandomFlows(3).generate(HostGroups.of(modified), rng));
        Topology testbed = Presets.find("testbed7").build();
        assertMatchesBruteForce(UpDown.compute(testbed), new AllToOne(4).generate(HostGroups.of(testbed), rng));
    }

    @Test
    void linkClassesOfAThreeLevelTree() {
        LinkClasses c = new ContentionAnalysis(DMODK4096).linkClasses();
        assertEquals(List.of("up-0-1", "down-1-0", "up-1-2", "down-2-1", "up-2-3", "down-3-2"), c.names());
        for (int i = 0; i < c.count(); i++) {
            assertEquals(4096, c.links(i));
        }
        assertTrue(c.isDown(c.names().indexOf("down-3-2")));
    }

    @Test
    void shiftIsContentionFreeAndIncastIsNot() {
        ContentionAnalysis a = new ContentionAnalysis(DMODK4096);
        HostGroups hosts = HostGroups.of(TREE4096);
        TrialContention shift = a.analyze(new Shift(17).generate(hosts, new SplittableRandom(1)), a.newScratch(),
                null, null);
        assertEquals(1, shift.maxContention());
        assertEquals(1.0, shift.meanContention());
        TrialContention incast = a.analyze(new AllToOne(5).generate(hosts, new SplittableRandom(1)), a.newScratch(),
                null, null);
        assertEquals(4095, incast.maxContention());
        assertEquals(4095.0, incast.meanContention());
    }

    /** The aggregate does not depend on how many threads ran which trials. */
    @Test
    void studyIsIndependentOfThreadCount() {
        ContentionAnalysis a = new ContentionAnalysis(DMODK4096);
        TrialTraffic traffic = TrialTraffic.of(new RandomPermutation(false), HostGroups.of(TREE4096), 99);
        ContentionResult one = ContentionStudy.run(a, traffic, 40, 1, x -> { });
        ContentionResult three = ContentionStudy.run(a, traffic, 40, 3, x -> { });
        assertEquals(one.trials().size(), three.trials().size());
        for (int t = 0; t < 40; t++) {
            assertEquals(one.trials().get(t).maxContention(), three.trials().get(t).maxContention());
            assertEquals(one.trials().get(t).meanContention(), three.trials().get(t).meanContention());
            assertArrayEquals(one.trials().get(t).maxLoadByClass(), three.trials().get(t).maxLoadByClass());
        }
        for (int c = 0; c < one.loadCounts().length; c++) {
            assertArrayEquals(one.loadCounts()[c], three.loadCounts()[c]);
        }
        assertArrayEquals(one.flowContentionCounts(), three.flowContentionCounts());
        // every flow is counted once per trial
        long flows = one.trials().stream().mapToLong(TrialContention::flows).sum();
        assertEquals(flows, java.util.Arrays.stream(one.flowContentionCounts()).sum());
    }

    /**
     * seed 003 §6.2 / Fig 6.2-a: over 1000 random permutations on the 16-ary 3-tree with the oblivious
     * baseline, down links never carry two flows and the up-link contention tail "reaches as far as seven
     * flows". The figure's values are not in the text, so the tolerance is one flow either way.
     */
    @Test
    void obliviousBaselineMatchesFig62a() {
        ContentionAnalysis a = new ContentionAnalysis(DMODK4096);
        TrialTraffic traffic = TrialTraffic.of(new RandomPermutation(false), HostGroups.of(TREE4096), 1);
        ContentionResult r = ContentionStudy.run(a, traffic, 1000, Runtime.getRuntime().availableProcessors(),
                x -> { });
        LinkClasses c = r.classes();
        int upTail = 0;
        for (int k = 0; k < c.count(); k++) {
            int maxLoad = r.loadCounts()[k].length - 1;
            if (c.isDown(k)) {
                assertTrue(maxLoad <= 1, c.name(k) + " carries " + maxLoad + " flows");
            } else if (!c.name(k).equals("up-0-1")) {
                upTail = Math.max(upTail, maxLoad);
            }
        }
        assertTrue(upTail >= 6 && upTail <= 8, "up-link tail " + upTail);
    }
}
