package org.fabricsim.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.fabricsim.topology.TopologyBuilder;
import org.fabricsim.topology.TopologyFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UpDownTest {
    @ParameterizedTest
    @ValueSource(strings = {"c1", "c2", "testbed7", "fig1-1", "tree648"})
    void presetsAreRoutedDeadlockFree(String preset) {
        ForwardingTables lft = UpDown.compute(Presets.find(preset).build());
        lft.validate();
        assertAcyclicChannelDependencies(lft);
    }

    /** Deadlock freedom by Dally–Seitz: the channel dependency graph of all routes has no cycle. */
    @Test
    void randomIrregularTopologiesAreRoutedDeadlockFree() {
        SplittableRandom rng = new SplittableRandom(7);
        for (int trial = 0; trial < 40; trial++) {
            Topology t = randomTopology(rng, 3 + rng.nextInt(14), 1 + rng.nextInt(20));
            ForwardingTables lft = UpDown.compute(t);
            lft.validate();
            assertAcyclicChannelDependencies(lft);
        }
    }

    /** On a fat tree up*&#47;down* is minimal: every route is as short as D-mod-K's. */
    @Test
    void fatTreeRoutesAreMinimal() {
        Topology t = Presets.find("tree648").build();
        ForwardingTables updown = UpDown.compute(t);
        ForwardingTables dmodk = DModK.compute(t);
        int[] a = new int[updown.maxRouteLength()];
        int[] b = new int[dmodk.maxRouteLength()];
        for (int s = 0; s < t.hostCount(); s++) {
            for (int d = 0; d < t.hostCount(); d++) {
                assertEquals(dmodk.route(s, d, b), updown.route(s, d, a));
            }
        }
    }

    /** Min-hop balancing: each leaf spreads the remote destinations evenly over its up ports. */
    @Test
    void destinationsAreBalancedOverEqualPorts() {
        Topology t = Presets.find("tree648").build();
        ForwardingTables lft = UpDown.compute(t);
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            if (t.level(v) != 1) {
                continue;
            }
            int[] perPort = new int[t.ports(v)];
            for (int d = 0; d < t.hostCount(); d++) {
                perPort[lft.port(v, d)]++;
            }
            for (int p = 18; p < 36; p++) {
                assertEquals((648 - 18) / 18, perPort[p], "leaf " + t.nodeName(v) + " up port " + p);
            }
        }
    }

    /**
     * A fat tree without its generator structure (as read from a topology file) routed by up*&#47;down*:
     * counting only the ports routes really cross makes every level turn alike for a destination, so the
     * routes converge like D-mod-K's and keep its property of one destination per down link (on the
     * two-level tree the tables are D-mod-K's exactly).
     */
    @ParameterizedTest
    @ValueSource(strings = {"tree648", "tree4096"})
    void fatTreesWithoutStructureRouteLikeDModK(String preset) {
        Topology tree = Presets.find(preset).build();
        Topology plain = TopologyFile.parse("t.topo", new java.io.StringReader(text(tree)));
        assertTrue(plain.fatTree().isEmpty());
        ForwardingTables updown = UpDown.compute(plain);
        if (preset.equals("tree648")) {
            assertTrue(LftFile.sameEntries(updown, DModK.compute(tree)));
        }
        int[] destinationOf = new int[plain.portCount()];
        java.util.Arrays.fill(destinationOf, -1);
        for (int d = 0; d < plain.hostCount(); d++) {
            for (int leaf = plain.hostCount(); leaf < plain.nodeCount(); leaf++) {
                if (plain.level(leaf) != 1) {
                    continue;
                }
                int v = leaf;
                while (v != d) {
                    int gp = plain.port(v, updown.port(v, d));
                    int next = plain.peerNode(gp);
                    if (plain.level(next) < plain.level(v)) {
                        assertTrue(destinationOf[gp] < 0 || destinationOf[gp] == d,
                                "down link shared by " + destinationOf[gp] + " and " + d);
                        destinationOf[gp] = d;
                    }
                    v = next;
                }
            }
        }
    }

    private static String text(Topology t) {
        java.io.StringWriter w = new java.io.StringWriter();
        try {
            TopologyFile.write(t, w);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return w.toString();
    }

    static void assertAcyclicChannelDependencies(ForwardingTables lft) {
        Topology t = lft.topology();
        List<Set<Integer>> next = new ArrayList<>();
        for (int p = 0; p < t.portCount(); p++) {
            next.add(new HashSet<>());
        }
        int[] path = new int[lft.maxRouteLength()];
        for (int s = 0; s < t.hostCount(); s++) {
            for (int d = 0; d < t.hostCount(); d++) {
                int n = lft.route(s, d, path);
                for (int i = 0; i + 1 < n; i++) {
                    next.get(path[i]).add(path[i + 1]);
                }
            }
        }
        byte[] state = new byte[t.portCount()];
        for (int p = 0; p < t.portCount(); p++) {
            if (state[p] == 0) {
                dfs(p, next, state);
            }
        }
    }

    private static void dfs(int p, List<Set<Integer>> next, byte[] state) {
        state[p] = 1;
        for (int q : next.get(p)) {
            if (state[q] == 1) {
                throw new AssertionError("channel dependency cycle through port " + q);
            }
            if (state[q] == 0) {
                dfs(q, next, state);
            }
        }
        state[p] = 2;
    }

    /** A random connected switch graph (spanning tree plus extra cables, some parallel) with hosts. */
    static Topology randomTopology(SplittableRandom rng, int switches, int hosts) {
        TopologyBuilder b = new TopologyBuilder("random");
        int[] hostIds = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            hostIds[h] = b.addHost("h" + h);
        }
        int[] sw = new int[switches];
        int[] nextPort = new int[switches];
        for (int s = 0; s < switches; s++) {
            sw[s] = b.addSwitch("s" + s);
        }
        long bw = 10_000_000_000L;
        for (int s = 1; s < switches; s++) {
            int parent = rng.nextInt(s);
            b.connect(sw[s], nextPort[s]++, sw[parent], nextPort[parent]++, bw, 1000);
        }
        int extra = rng.nextInt(switches + 1);
        for (int e = 0; e < extra; e++) {
            int x = rng.nextInt(switches);
            int y = rng.nextInt(switches);
            if (x != y) {
                b.connect(sw[x], nextPort[x]++, sw[y], nextPort[y]++, bw, 1000);
            }
        }
        for (int h = 0; h < hosts; h++) {
            int s = rng.nextInt(switches);
            b.connect(hostIds[h], 0, sw[s], nextPort[s]++, bw, 1000);
        }
        return b.build();
    }
}
