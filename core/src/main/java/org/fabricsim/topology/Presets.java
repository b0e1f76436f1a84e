package org.fabricsim.topology;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The named topologies of the papers. Each is built from its host-link parameters; links that the
 * paper makes faster keep their ratio (testbed7's inter-switch link is twice the host link), so a
 * bandwidth override scales the whole preset. Port numbering is documented in docs/TOPOLOGIES.md.
 */
public final class Presets {
    /** One preset: its name, what it is, where it comes from, and its default host link. */
    public record Preset(String name, String description, LinkParams defaultLink,
            Function<LinkParams, Topology> factory) {
        public Topology build(LinkParams hostLink) {
            return factory.apply(hostLink);
        }

        public Topology build() {
            return factory.apply(defaultLink);
        }
    }

    private static final Map<String, Preset> PRESETS = new LinkedHashMap<>();

    static {
        add("tree648", "XGFT(2;18,36;1,18): 648 hosts, 36 leaves, 18 spines of 36-port switches"
                + " (Sun DS 648, seed 002 Paper IV); DDR 20 Gbps", LinkParams.gbps(20, 10),
                l -> FatTrees.xgft("tree648", new int[] {18, 36}, new int[] {1, 18}, l));
        add("tree4096", "16-ary 3-tree: 4096 hosts, 3 x 256 switches (seed 003 ch. 6); 10 Gbps, 15 ns (Table 6.2)",
                LinkParams.gbps(10, 15), l -> FatTrees.kAryNTree("tree4096", 16, 3, l));
        add("xgft1152-rnb", "XGFT(2;24,48;1,24): folded CLOS(24,48,24), 1152 hosts, rearrangeably non-blocking"
                + " (seed 001 §V-C); 40 Gbps", LinkParams.gbps(40, 10),
                l -> FatTrees.xgft("xgft1152-rnb", new int[] {24, 48}, new int[] {1, 24}, l));
        add("xgft1152-snb", "XGFT(2;24,48;1,48): folded CLOS(24,48,48), 1152 hosts, strictly non-blocking"
                + " (seed 001 §V-C); 40 Gbps", LinkParams.gbps(40, 10),
                l -> FatTrees.xgft("xgft1152-snb", new int[] {24, 48}, new int[] {1, 48}, l));
        add("c1", "seed 004 configuration C1: SW1 (A, B, C) and SW2 (D, E, F) joined by two parallel links"
                + " L1, L2; HDR 200 Gbps", LinkParams.gbps(200, 10), Presets::c1);
        add("c2", "seed 004 configuration C2: 2-level fat tree, 4 leaves x 3 hosts, 2 roots (3:2 oversubscribed),"
                + " hosts named by their LIDs; HDR 200 Gbps", LinkParams.gbps(200, 10), l -> c2(l, "c2", 1));
        add("c2-4l", "seed 004 §IV-C's 4L: C2 with two more parallel links between the leaf and root switches (two"
                + " cables from each leaf to each root, 4 uplinks for 3 hosts), names as c2; HDR 200 Gbps",
                LinkParams.gbps(200, 10), l -> c2(l, "c2-4l", 2));
        add("testbed7", "seed 002 test bed: S1 (H1-H3) and S2 (H4-H7), inter-switch link at twice the host-link"
                + " rate; DDR 20 Gbps hosts, 40 Gbps S1-S2", LinkParams.gbps(20, 10), Presets::testbed7);
        add("fig1-1", "seed 003 Fig 1.1: sw1 (s1-s4) -> sw2 (s5, s6, d1, d2); one victim link sw1-sw2;"
                + " 10 Gbps", LinkParams.gbps(10, 10), Presets::fig11);
    }

    private Presets() {
    }

    private static void add(String name, String description, LinkParams link, Function<LinkParams, Topology> f) {
        PRESETS.put(name, new Preset(name, description, link, f));
    }

    /** The preset with this name, or null. */
    public static Preset find(String name) {
        return PRESETS.get(name);
    }

    public static List<Preset> all() {
        return List.copyOf(PRESETS.values());
    }

    public static List<String> names() {
        return List.copyOf(PRESETS.keySet());
    }

    /** seed 004 §III-A: ports 0-2 to the hosts, ports 3 and 4 are L1 and L2. */
    private static Topology c1(LinkParams l) {
        TopologyBuilder b = new TopologyBuilder("c1");
        String[] hosts = {"A", "B", "C", "D", "E", "F"};
        for (String h : hosts) {
            b.addHost(h);
        }
        int sw1 = b.addSwitch("SW1");
        int sw2 = b.addSwitch("SW2");
        for (int i = 0; i < 3; i++) {
            b.connect(i, 0, sw1, i, l.bandwidthBps(), l.latencyPs());
            b.connect(3 + i, 0, sw2, i, l.bandwidthBps(), l.latencyPs());
        }
        b.connect(sw1, 3, sw2, 3, l.bandwidthBps(), l.latencyPs()); // L1
        b.connect(sw1, 4, sw2, 4, l.bandwidthBps(), l.latencyPs()); // L2
        return b.build();
    }

    /**
     * seed 004 §III-B, XGFT(2;3,4;1,2). Names follow the paper's LIDs where the text gives them (digest A.2);
     * x1 and x2 are the two hosts whose LIDs are not given, sw-root2 and sw-leaf4 the switches whose LIDs
     * are not given. The host order is chosen so that D-mod-K reproduces the stated DR facts: every flow
     * to node 4 crosses root sw6, and 39 -> 28 crosses the other root. {@code parallel} cables join each leaf
     * to each root (§IV-C's 4L: 2).
     */
    private static Topology c2(LinkParams l, String name, int parallel) {
        String[] hosts = {"n1", "n2", "n3", "n4", "n5", "n13", "n37", "x1", "n39", "n31", "n28", "x2"};
        String[] leaves = {"sw8", "sw7", "sw14", "sw-leaf4"};
        String[] roots = {"sw-root2", "sw6"};
        return FatTrees.pgft(name, new int[] {3, 4}, new int[] {1, 2}, new int[] {1, parallel}, 0, l,
                (level, index) -> level == 0 ? hosts[index] : level == 1 ? leaves[index] : roots[index]);
    }

    /** seed 002 §2.3 / Paper III Fig. 4: S1 ports 0-2 to H1-H3, S2 ports 0-3 to H4-H7, S1:3 -- S2:4. */
    private static Topology testbed7(LinkParams l) {
        TopologyBuilder b = new TopologyBuilder("testbed7");
        for (int i = 1; i <= 7; i++) {
            b.addHost("H" + i);
        }
        int s1 = b.addSwitch("S1");
        int s2 = b.addSwitch("S2");
        for (int i = 0; i < 3; i++) {
            b.connect(i, 0, s1, i, l.bandwidthBps(), l.latencyPs());
        }
        for (int i = 0; i < 4; i++) {
            b.connect(3 + i, 0, s2, i, l.bandwidthBps(), l.latencyPs());
        }
        b.connect(s1, 3, s2, 4, 2 * l.bandwidthBps(), l.latencyPs());
        return b.build();
    }

    /** seed 003 Fig 1.1 (spec §1.6): sw1 ports 0-3 to s1-s4; sw2 ports 0-3 to s5, s6, d1, d2; sw1:4 -- sw2:4. */
    private static Topology fig11(LinkParams l) {
        TopologyBuilder b = new TopologyBuilder("fig1-1");
        String[] hosts = {"s1", "s2", "s3", "s4", "s5", "s6", "d1", "d2"};
        for (String h : hosts) {
            b.addHost(h);
        }
        int sw1 = b.addSwitch("sw1");
        int sw2 = b.addSwitch("sw2");
        for (int i = 0; i < 4; i++) {
            b.connect(i, 0, sw1, i, l.bandwidthBps(), l.latencyPs());
            b.connect(4 + i, 0, sw2, i, l.bandwidthBps(), l.latencyPs());
        }
        b.connect(sw1, 4, sw2, 4, l.bandwidthBps(), l.latencyPs());
        return b.build();
    }
}
