package org.fabricsim.traffic;

import static org.fabricsim.traffic.TrafficAsserts.assertInputError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabricsim.traffic.HotspotForest.Role;
import org.junit.jupiter.api.Test;

class HotspotForestTest {
    private static final long MS = 1_000_000_000L; // picoseconds

    private static int[] roleCounts(HotspotForest f) {
        int[] counts = new int[3];
        for (int h = 0; h < f.hostCount(); h++) {
            counts[f.role(h).ordinal()]++;
        }
        return counts;
    }

    @Test
    void silentForestHas80PercentContributorsAnd20PercentVictims() {
        HotspotForest f = new HotspotForest(ForestParameters.silent(8), 648, 1, 0);
        int[] c = roleCounts(f);
        assertEquals(518, c[Role.C.ordinal()]);
        assertEquals(130, c[Role.V.ordinal()]); // round(0.2 × 648)
        assertEquals(0, c[Role.B.ordinal()]);
        assertEquals("silent-forest", f.name());
    }

    @Test
    void windyForestSplitsTheNonBNodes80To20() {
        HotspotForest f = new HotspotForest(ForestParameters.windy(8, 0.25, 0.6), 648, 1, 0);
        int[] c = roleCounts(f);
        assertEquals(162, c[Role.B.ordinal()]); // round(0.25 × 648)
        assertEquals(97, c[Role.V.ordinal()]); // round(0.2 × 486)
        assertEquals(389, c[Role.C.ordinal()]);
        assertEquals("windy-forest", f.name());
        assertEquals("moving-forest",
                new HotspotForest(ForestParameters.moving(8, 0, 0.6, 0, MS), 648, 1, 0).name());
    }

    @Test
    void subsetsAreEvenAndOnlyCAndBNodesBelongToOne() {
        for (double b : new double[] {0.0, 0.25, 0.5, 1.0}) {
            HotspotForest f = new HotspotForest(ForestParameters.windy(8, b, 0.5), 651, 2, 3);
            int[][] perSubset = new int[8][3];
            for (int h = 0; h < 651; h++) {
                int s = f.subsetOf(h);
                if (f.role(h) == Role.V) {
                    assertEquals(-1, s);
                } else {
                    perSubset[s][f.role(h).ordinal()]++;
                }
            }
            assertSpreadAtMostOne(perSubset, Role.C.ordinal());
            assertSpreadAtMostOne(perSubset, Role.B.ordinal());
            int min = Integer.MAX_VALUE;
            int max = 0;
            for (int[] s : perSubset) {
                min = Math.min(min, s[0] + s[2]);
                max = Math.max(max, s[0] + s[2]);
            }
            assertTrue(max - min <= 1, "subset sizes " + min + ".." + max);
        }
    }

    private static void assertSpreadAtMostOne(int[][] perSubset, int role) {
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int[] s : perSubset) {
            min = Math.min(min, s[role]);
            max = Math.max(max, s[role]);
        }
        assertTrue(max - min <= 1, "role " + role + ": " + min + ".." + max);
    }

    @Test
    void rolesArePlacedAtRandomPerTrial() {
        HotspotForest a = new HotspotForest(ForestParameters.silent(8), 100, 1, 0);
        HotspotForest b = new HotspotForest(ForestParameters.silent(8), 100, 1, 1);
        HotspotForest a2 = new HotspotForest(ForestParameters.silent(8), 100, 1, 0);
        boolean differ = false;
        for (int h = 0; h < 100; h++) {
            differ |= a.role(h) != b.role(h);
            assertEquals(a.role(h), a2.role(h));
            assertEquals(a.subsetOf(h), a2.subsetOf(h));
        }
        assertTrue(differ);
    }

    @Test
    void noNodeIsEverItsOwnHotspot() {
        HotspotForest f = new HotspotForest(ForestParameters.moving(8, 0.5, 0.2, 0.5, MS), 64, 4, 0);
        for (long slot = 0; slot < 200; slot++) {
            int[] hotspots = f.hotspots(slot);
            assertEquals(8, java.util.Arrays.stream(hotspots).distinct().count());
            for (int h = 0; h < 64; h++) {
                int t = f.hotspotOf(h, slot);
                assertNotEquals(h, t);
                if (f.role(h) == Role.V) {
                    assertEquals(-1, t);
                } else {
                    assertTrue(f.isHotspot(t, slot));
                }
            }
        }
    }

    @Test
    void aNodeWhoseSubsetHotspotIsItselfUsesTheNextSubsetsHotspot() {
        // 4 C nodes, 3 hotspots: some slot soon makes a node the hotspot of its own subset.
        HotspotForest f = new HotspotForest(ForestParameters.moving(3, 0, 0, 1, MS), 4, 5, 0);
        int found = 0;
        for (long slot = 0; slot < 100; slot++) {
            for (int h = 0; h < 4; h++) {
                int s = f.subsetOf(h);
                if (f.hotspot(s, slot) == h) {
                    found++;
                    assertEquals(f.hotspot((s + 1) % 3, slot), f.hotspotOf(h, slot));
                } else {
                    assertEquals(f.hotspot(s, slot), f.hotspotOf(h, slot));
                }
            }
        }
        assertTrue(found > 0);
    }

    @Test
    void withOneHotspotTheHotspotItselfFallsSilent() {
        // All 10 hosts are C nodes, so the single hotspot is a C node of the only subset.
        HotspotForest f = new HotspotForest(new ForestParameters(1, 0, 0, 1, 0), 10, 6, 0);
        int hotspot = f.hotspot(0, 0);
        assertEquals(-1, f.hotspotOf(hotspot, 0));
        FlowSet snap = f.snapshot(0, new SplittableRandom(1));
        assertEquals(9, snap.size());
        for (int i = 0; i < snap.size(); i++) {
            assertNotEquals(hotspot, snap.src()[i]);
            assertEquals(hotspot, snap.dst()[i]);
        }
    }

    @Test
    void slotsAreIndependentOfEachOther() {
        ForestParameters moving = ForestParameters.moving(8, 0, 0.2, 1, 2 * MS);
        HotspotForest direct = new HotspotForest(moving, 648, 9, 2);
        HotspotForest sequential = new HotspotForest(moving, 648, 9, 2);
        for (long slot = 0; slot < 5; slot++) {
            sequential.hotspots(slot);
        }
        assertArrayEquals(direct.hotspots(5), sequential.hotspots(5));
        boolean moved = false;
        for (long slot = 1; slot < 10; slot++) {
            moved |= !java.util.Arrays.equals(direct.hotspots(0), direct.hotspots(slot));
        }
        assertTrue(moved, "moving hotspots must move");
        assertEquals(0, direct.slotAt(0));
        assertEquals(0, direct.slotAt(2 * MS - 1));
        assertEquals(1, direct.slotAt(2 * MS));
        assertEquals(50, direct.slotAt(100 * MS));
    }

    @Test
    void staticForestsKeepTheirHotspots() {
        HotspotForest f = new HotspotForest(ForestParameters.windy(8, 0.5, 0.3), 648, 9, 2);
        assertEquals(0, f.slotAt(500 * MS));
        assertArrayEquals(f.hotspots(0), f.hotspots(7));
    }

    @Test
    void snapshotFollowsTheNodeRoles() {
        double p = 0.6;
        HotspotForest f = new HotspotForest(new ForestParameters(8, 0.3, 0.4, p, MS), 200, 3, 1);
        long slot = 3;
        FlowSet snap = f.snapshot(slot, new SplittableRandom(2));
        int[] flowsOf = new int[200];
        double[] weightOf = new double[200];
        for (int i = 0; i < snap.size(); i++) {
            int s = snap.src()[i];
            int d = snap.dst()[i];
            double w = snap.weight()[i];
            assertNotEquals(s, d);
            assertEquals(-1, snap.app()[i]);
            flowsOf[s]++;
            weightOf[s] += w;
            switch (f.role(s)) {
                case C -> {
                    assertEquals(f.hotspotOf(s, slot), d);
                    assertEquals(1.0, w);
                }
                case V -> assertEquals(1.0, w);
                case B -> {
                    if (w == p) {
                        assertEquals(f.hotspotOf(s, slot), d);
                    } else {
                        assertEquals(1 - p, w, 1e-15);
                    }
                }
                default -> throw new AssertionError();
            }
        }
        for (int h = 0; h < 200; h++) {
            assertEquals(f.role(h) == Role.B ? 2 : 1, flowsOf[h], "host " + h);
            assertEquals(1.0, weightOf[h], 1e-12);
        }
        assertEquals(f.snapshot(0, new SplittableRandom(2)), f.generate(HostGroups.contiguous(10, 20),
                new SplittableRandom(2)));
    }

    @Test
    void bNodesWithPZeroOrOneSendASingleFlow() {
        for (double p : new double[] {0.0, 1.0}) {
            HotspotForest f = new HotspotForest(ForestParameters.windy(4, 1.0, p), 50, 3, 1);
            FlowSet snap = f.snapshot(0, new SplittableRandom(2));
            assertEquals(50, snap.size());
            int toHotspots = 0;
            for (int i = 0; i < snap.size(); i++) {
                assertEquals(1.0, snap.weight()[i]);
                toHotspots += snap.dst()[i] == f.hotspotOf(snap.src()[i], 0) ? 1 : 0;
            }
            if (p == 1.0) {
                assertEquals(50, toHotspots);
            } else {
                assertTrue(toHotspots < 25, "uniform destinations rarely hit the own hotspot: " + toHotspots);
            }
        }
    }

    @Test
    void badParametersNameTheirKeys() {
        assertInputError("traffic.hotspots", () -> ForestParameters.silent(0));
        assertInputError("traffic.b-fraction", () -> ForestParameters.windy(8, 1.5, 0.5));
        assertInputError("traffic.b-fraction", () -> ForestParameters.windy(8, -0.1, 0.5));
        assertInputError("traffic.p", () -> ForestParameters.windy(8, 0.5, 1.01));
        assertInputError("traffic.p", () -> ForestParameters.windy(8, 0.5, Double.NaN));
        assertInputError("traffic.v-fraction", () -> new ForestParameters(8, 0, -1, 0.5, 0));
        assertInputError("traffic.hotspot-lifetime", () -> new ForestParameters(8, 0, 0.2, 0.5, -1));
        assertInputError("traffic.hotspot-lifetime must be at least 1", () -> ForestParameters.moving(8, 0, 0.2, 1, 0));
        assertInputError("traffic.hotspots must be at most 6", () -> new HotspotForest(ForestParameters.silent(8), 6, 0, 0));
        assertInputError("silent-forest", () -> new HotspotForest(ForestParameters.silent(1), 1, 0, 0));
        assertFalse(new HotspotForest(ForestParameters.silent(6), 6, 0, 0).hotspotOf(0, 0) == 0);
    }
}
