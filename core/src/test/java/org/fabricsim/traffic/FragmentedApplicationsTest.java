package org.fabricsim.traffic;

import static org.fabricsim.traffic.TrafficAsserts.assertInputError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FragmentedApplicationsTest {

    @ParameterizedTest(name = "frag-coeff {0}")
    @ValueSource(ints = {1, 2, 4, 32, 128})
    void defaultPlacementGivesEachApplicationFragCoeffContiguousGroups(int fragCoeff) {
        FragmentedApplications pattern = FragmentedApplications.withDefaults(fragCoeff);
        ApplicationPlacement placement = pattern.place(4096, new SplittableRandom(fragCoeff));
        int[] appOf = placement.applicationOf();
        int groupSize = 128 / fragCoeff;
        int[] groupsPerApp = new int[32];
        int[] hostsPerApp = new int[32];
        for (int first = 0; first < 4096; first += groupSize) {
            int app = appOf[first];
            assertTrue(app >= 0 && app < 32);
            for (int h = first; h < first + groupSize; h++) {
                assertEquals(app, appOf[h], "group starting at " + first + " must be one application");
                hostsPerApp[app]++;
            }
            groupsPerApp[app]++;
        }
        for (int a = 0; a < 32; a++) {
            assertEquals(128, hostsPerApp[a]);
            assertEquals(fragCoeff, groupsPerApp[a]);
            assertEquals(128, placement.hostsOf(a).length);
        }
    }

    @Test
    void placementIsRandom() {
        FragmentedApplications pattern = FragmentedApplications.withDefaults(4);
        assertNotEquals(pattern.place(4096, new SplittableRandom(1)), pattern.place(4096, new SplittableRandom(2)));
    }

    @Test
    void flowsStayInsideTheirApplicationAndFormPaPermutations() {
        FragmentedApplications pattern = new FragmentedApplications(5, 12, 3, 2, 4);
        int n = 70; // hosts 60..69 run no application
        SplittableRandom rng = new SplittableRandom(5);
        boolean[] pSeen = new boolean[5];
        for (int t = 0; t < 100; t++) {
            ApplicationPlacement placement = pattern.place(n, rng);
            FlowSet f = pattern.flows(placement, rng);
            int[] out = new int[n];
            int[] in = new int[n];
            for (int i = 0; i < f.size(); i++) {
                int a = f.app()[i];
                assertEquals(a, placement.applicationOf()[f.src()[i]]);
                assertEquals(a, placement.applicationOf()[f.dst()[i]]);
                assertEquals(1.0, f.weight()[i]);
                out[f.src()[i]]++;
                in[f.dst()[i]]++;
            }
            for (int h = 60; h < n; h++) {
                assertEquals(-1, placement.applicationOf()[h]);
                assertEquals(0, out[h] + in[h]);
            }
            for (int a = 0; a < 5; a++) {
                int most = 0;
                for (int h : placement.hostsOf(a)) {
                    // P_a permutations: out = in = P_a minus the host's dropped self-flows
                    assertEquals(out[h], in[h]);
                    assertTrue(out[h] <= 4);
                    most = Math.max(most, out[h]);
                }
                assertTrue(most >= 2, "at least min-permutations flows for some host of app " + a);
                pSeen[most] = true;
            }
        }
        assertTrue(pSeen[2] && pSeen[3] && pSeen[4], "P_a takes every value in [2, 4]");
    }

    /**
     * Each application's number of permutations: the most flows any of its hosts sends (a host sends P_a less
     * its dropped self-flows, and that all of an application's hosts lose one is vanishingly rare).
     */
    private static int[] permutationsPerApplication(int applications, int hosts, FlowSet f) {
        int[] out = new int[hosts];
        int[] p = new int[applications];
        for (int i = 0; i < f.size(); i++) {
            int a = f.app()[i];
            p[a] = Math.max(p[a], ++out[f.src()[i]]);
        }
        return p;
    }

    @Test
    void drawnOncePerRunEveryApplicationSendsAlikeAndTheDrawStillVaries() {
        FragmentedApplications perRun = new FragmentedApplications(32, 16, 4, 1, 5,
                FragmentedApplications.PermutationDraw.PER_RUN);
        FragmentedApplications perApp = new FragmentedApplications(32, 16, 4, 1, 5);
        SplittableRandom rng = new SplittableRandom(3);
        boolean[] seen = new boolean[6];
        int unequalPerApp = 0;
        for (int t = 0; t < 60; t++) {
            ApplicationPlacement placement = perRun.place(512, rng);
            int[] p = permutationsPerApplication(32, 512, perRun.flows(placement, rng));
            for (int a = 1; a < p.length; a++) {
                assertEquals(p[0], p[a], "per run: application " + a + " sends as many permutations as 0");
            }
            seen[p[0]] = true;
            int[] q = permutationsPerApplication(32, 512, perApp.flows(placement, rng));
            unequalPerApp += java.util.Arrays.stream(q).distinct().count() > 1 ? 1 : 0;
        }
        assertTrue(seen[1] && seen[2] && seen[3] && seen[4] && seen[5], "the run's P takes every value in [1, 5]");
        // 32 applications agreeing by chance: 5^-31 per run
        assertEquals(60, unequalPerApp, "per application: the applications differ");
    }

    @Test
    void generateIsPlaceThenFlows() {
        FragmentedApplications pattern = new FragmentedApplications(4, 16, 4, 1, 5);
        HostGroups hosts = HostGroups.contiguous(8, 8);
        SplittableRandom rng = new SplittableRandom(12);
        FlowSet expected = pattern.flows(pattern.place(64, rng), rng);
        assertEquals(expected, pattern.generate(hosts, new SplittableRandom(12)));
    }

    @Test
    void badParametersNameTheirKeys() {
        assertInputError("traffic.applications", () -> new FragmentedApplications(0, 128, 1, 1, 5));
        assertInputError("traffic.application-size", () -> new FragmentedApplications(32, 0, 1, 1, 5));
        assertInputError("traffic.frag-coeff", () -> new FragmentedApplications(32, 128, 0, 1, 5));
        assertInputError("traffic.frag-coeff must divide", () -> new FragmentedApplications(32, 128, 3, 1, 5));
        assertInputError("traffic.min-permutations", () -> new FragmentedApplications(32, 128, 4, 0, 5));
        assertInputError("traffic.max-permutations", () -> new FragmentedApplications(32, 128, 4, 3, 2));
        var e = assertInputError("traffic.application-size",
                () -> FragmentedApplications.withDefaults(4).generate(HostGroups.contiguous(36, 18), new SplittableRandom(0)));
        assertTrue(e.getMessage().contains("648"), e.getMessage());
    }
}
