package org.fabricsim.partitioner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.topology.TopologyBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PartitionersTest {
    private static final Topology TREE648 = Presets.find("tree648").build();
    private static final Topology TREE4096 = Presets.find("tree4096").build();

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void treeMethodKeepsEachLeafWithItsHostsAndCutsOnlyLeafToSpineCables(int parts) {
        Partition p = Partitioners.partition(TREE648, parts, PartitionMethod.TREE, 1);
        int spinesElsewhere = 0;
        for (int host = 0; host < TREE648.hostCount(); host++) {
            assertEquals(p.part(TREE648.leafOf(host)), p.part(host), "host " + host);
        }
        // brute force: count leaf-to-spine cables whose spine sits in another part than the leaf
        for (int node = 0; node < TREE648.nodeCount(); node++) {
            if (TREE648.level(node) != 1) {
                continue;
            }
            for (int lp = 0; lp < TREE648.ports(node); lp++) {
                int gp = TREE648.port(node, lp);
                int peer = TREE648.peerNode(gp);
                if (TREE648.level(peer) == 2 && p.part(peer) != p.part(node)) {
                    spinesElsewhere++;
                }
            }
        }
        PartitionQuality q = PartitionQuality.of(TREE648, p);
        assertEquals(spinesElsewhere, q.cutCables());
        // 18 spines spread in near-equal blocks: a leaf keeps its cables to the spines of its own part
        assertTrue(q.cutCables() >= 36 * 18 * (parts - 1) / parts - 36, "cut " + q.cutCables());
        assertEquals(parts * (parts - 1), q.channels().size(), "every part talks to every other");
        int[] hostsPerPart = q.hosts();
        for (int h : hostsPerPart) {
            assertTrue(Math.abs(h - 648 / parts) <= 18, "hosts per part " + h);
        }
    }

    @Test
    void qualityCountsEveryCutCableOnceAndEveryCutLinkInItsDirection() {
        Partition p = Partitioners.partition(TREE4096, 4, PartitionMethod.MULTILEVEL, 7);
        PartitionQuality q = PartitionQuality.of(TREE4096, p);
        int directed = 0;
        for (int gp = 0; gp < TREE4096.portCount(); gp++) {
            if (TREE4096.isConnected(gp) && p.part(TREE4096.owner(gp)) != p.part(TREE4096.peerNode(gp))) {
                directed++;
            }
        }
        assertEquals(directed, 2 * q.cutCables(), "a cut cable is two directed links");
        assertEquals(directed, q.channels().stream().mapToInt(PartitionQuality.Channel::links).sum());
        long total = java.util.Arrays.stream(Partitioners.nodeLoad(TREE4096)).sum();
        assertEquals(total, java.util.Arrays.stream(q.load()).sum(), "load is conserved");
        for (PartitionQuality.Channel c : q.channels()) {
            assertEquals(TREE4096.latencyPs(0), c.lookaheadPs(), "uniform cables: lookahead = cable latency");
            assertTrue(q.channels().stream().anyMatch(r -> r.from() == c.to() && r.to() == c.from()), "channels pair up");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void multilevelBalancesLoadAndCutsNoMoreThanTheTreeSplit(int parts) {
        for (Topology t : new Topology[] {TREE648, TREE4096}) {
            Partition ml = Partitioners.partition(t, parts, PartitionMethod.MULTILEVEL, 1);
            PartitionQuality q = PartitionQuality.of(t, ml);
            long total = java.util.Arrays.stream(q.load()).sum();
            long avg = (total + parts - 1) / parts;
            long limit = Math.max((long) Math.ceil(avg * (1 + Partitioners.DEFAULT_IMBALANCE)),
                    avg + java.util.Arrays.stream(Partitioners.nodeLoad(t)).max().orElseThrow());
            for (long l : q.load()) {
                assertTrue(l <= limit, t.name() + ": part load " + l + " over the limit " + limit);
            }
            PartitionQuality tree = PartitionQuality.of(t, Partitioners.partition(t, parts, PartitionMethod.TREE, 1));
            assertTrue(q.cutCables() <= tree.cutCables() * 1.1,
                    t.name() + ": multilevel cut " + q.cutCables() + " vs tree cut " + tree.cutCables());
        }
    }

    @Test
    void sameSeedSamePartition() {
        Partition a = Partitioners.partition(TREE4096, 4, PartitionMethod.MULTILEVEL, 42);
        Partition b = Partitioners.partition(TREE4096, 4, PartitionMethod.MULTILEVEL, 42);
        assertArrayEquals(a.partOf(), b.partOf());
    }

    @Test
    void autoUsesTheTreeSplitForFatTreesAndMultilevelOtherwise() {
        assertEquals(Partitioners.partition(TREE648, 4, PartitionMethod.TREE, 3),
                Partitioners.partition(TREE648, 4, PartitionMethod.AUTO, 3));
        Topology fig = Presets.find("fig1-1").build();
        assertEquals(Partitioners.partition(fig, 2, PartitionMethod.MULTILEVEL, 3),
                Partitioners.partition(fig, 2, PartitionMethod.AUTO, 3));
        assertThrows(IllegalArgumentException.class, () -> Partitioners.partition(fig, 2, PartitionMethod.TREE, 3));
    }

    @Test
    void shortCablesAreKeptInsideAPartSoTheLookaheadIsTheLongLatency() {
        // a ring of 8 switches, each with a host: two opposite ring cables are 10x longer than the rest,
        // so the only 2-way split with a cut of 2 cables that keeps the lookahead long cuts exactly those
        TopologyBuilder b = new TopologyBuilder("ring8");
        int[] sw = new int[8];
        for (int i = 0; i < 8; i++) {
            int host = b.addHost("h" + i);
            sw[i] = b.addSwitch("s" + i, 1);
            b.connect(host, 0, sw[i], 0, 10_000_000_000L, 10_000);
        }
        for (int i = 0; i < 8; i++) {
            long latency = (i == 1 || i == 5) ? 100_000 : 10_000;
            b.connect(sw[i], 2, sw[(i + 1) % 8], 1, 10_000_000_000L, latency);
        }
        Topology ring = b.build();
        for (long seed = 1; seed <= 5; seed++) {
            PartitionQuality q = PartitionQuality.of(ring, Partitioners.partition(ring, 2, PartitionMethod.AUTO, seed));
            assertEquals(2, q.cutCables(), "seed " + seed);
            assertEquals(100_000, q.minLookaheadPs(), "seed " + seed);
        }
    }

    @Test
    void rejectsMorePartsThanNodes() {
        Topology fig = Presets.find("fig1-1").build();
        assertThrows(IllegalArgumentException.class, () -> Partitioners.partition(fig, 11, PartitionMethod.AUTO, 1));
        assertEquals(1, Partitioners.partition(fig, 1, PartitionMethod.AUTO, 1).parts());
    }

    @Test
    void generatedTreesOfOtherShapesPartitionToo() {
        Topology t = Topologies.resolve("kary-ntree(4,3)", 0, 0, null);
        PartitionQuality q = PartitionQuality.of(t, Partitioners.partition(t, 4, PartitionMethod.TREE, 1));
        assertEquals(4 * 3, q.channels().size());
        for (int h : q.hosts()) {
            assertEquals(16, h, "a 4-ary 3-tree has 4 pods of 16 hosts");
        }
    }

    @Test
    void tooManyPartsForTheGraphAreRefusedAsBadInput() {
        // 684 nodes coarsen to fewer than 256 vertices: no split uses every part (a stack trace before)
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Partitioners.partition(TREE648, 256, PartitionMethod.AUTO, 1));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("use fewer parts"), e.getMessage());
    }
}
