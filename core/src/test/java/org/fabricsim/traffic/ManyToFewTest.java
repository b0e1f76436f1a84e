package org.fabricsim.traffic;

import static org.fabricsim.traffic.TrafficAsserts.assertInputError;
import static org.fabricsim.traffic.TrafficAsserts.inDegrees;
import static org.fabricsim.traffic.TrafficAsserts.outDegrees;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Random flows, all-to-one and hotspots. */
class ManyToFewTest {

    @Test
    void randomFlowsSendOneToMaxFlowsPerSourceNeverToItself() {
        int n = 20;
        int max = 4;
        SplittableRandom rng = new SplittableRandom(3);
        int[] countSeen = new int[max + 1];
        int[] dstCount = new int[n];
        int total = 0;
        for (int t = 0; t < 500; t++) {
            FlowSet f = new RandomFlows(max).generate(HostGroups.contiguous(4, 5), rng);
            int[] out = outDegrees(f, n);
            for (int h = 0; h < n; h++) {
                assertTrue(out[h] >= 1 && out[h] <= max, "host " + h + " sends " + out[h]);
                countSeen[out[h]]++;
            }
            for (int i = 0; i < f.size(); i++) {
                assertNotEquals(f.src()[i], f.dst()[i]);
                assertEquals(1.0, f.weight()[i]);
                dstCount[f.dst()[i]]++;
            }
            total += f.size();
        }
        for (int k = 1; k <= max; k++) {
            // 10000 draws of n_f, 2500 expected per value
            assertTrue(countSeen[k] > 2200 && countSeen[k] < 2800, "n_f = " + k + ": " + countSeen[k]);
        }
        for (int d = 0; d < n; d++) {
            double expected = (double) total / n;
            assertTrue(Math.abs(dstCount[d] - expected) < 0.1 * expected, "destination " + d + ": " + dstCount[d]);
        }
    }

    @Test
    void randomFlowsValidation() {
        assertInputError("traffic.max-flows must be at least 1 (got 0)", () -> new RandomFlows(0));
        assertInputError("random-flows", () -> new RandomFlows(2).generate(HostGroups.contiguous(1, 1),
                new SplittableRandom(0)));
        FlowSet two = new RandomFlows(1).generate(HostGroups.contiguous(1, 2), new SplittableRandom(0));
        assertEquals(FlowSet.of(new int[] {0, 1}, new int[] {1, 0}), two);
    }

    @Test
    void allToOneSendsFromEveryOtherHost() {
        FlowSet f = new AllToOne(3).generate(HostGroups.contiguous(2, 4), null);
        assertEquals(7, f.size());
        int[] out = outDegrees(f, 8);
        for (int h = 0; h < 8; h++) {
            assertEquals(h == 3 ? 0 : 1, out[h]);
        }
        assertEquals(7, inDegrees(f, 8)[3]);
        assertInputError("traffic.destination", () -> new AllToOne(-1));
        var e = assertInputError("traffic.destination",
                () -> new AllToOne(8).generate(HostGroups.contiguous(2, 4), null));
        assertTrue(e.getMessage().contains("between 0 and 7"), e.getMessage());
    }

    @Test
    void hotspotsReceiveEvenlyFromRandomNonHotspotSenders() {
        int n = 40;
        HostGroups hosts = HostGroups.contiguous(5, 8);
        SplittableRandom rng = new SplittableRandom(8);
        int[] timesHotspot = new int[n];
        for (int t = 0; t < 400; t++) {
            FlowSet f = new Hotspots(4, 0.5).generate(hosts, rng);
            assertEquals(18, f.size()); // round(0.5 × 36)
            int[] in = inDegrees(f, n);
            int[] out = outDegrees(f, n);
            int hotspots = 0;
            for (int h = 0; h < n; h++) {
                if (in[h] > 0) {
                    hotspots++;
                    timesHotspot[h]++;
                    assertTrue(in[h] == 4 || in[h] == 5, "hotspot " + h + " receives " + in[h]);
                    assertEquals(0, out[h], "hotspots do not send");
                }
                assertTrue(out[h] <= 1);
            }
            assertEquals(4, hotspots);
        }
        for (int h = 0; h < n; h++) {
            // 400 × 4 / 40 = 40 expected
            assertTrue(timesHotspot[h] > 15 && timesHotspot[h] < 70, "host " + h + ": " + timesHotspot[h]);
        }
        FlowSet all = new Hotspots(3, 1.0).generate(hosts, rng);
        assertEquals(37, all.size());
    }

    @Test
    void hotspotsValidation() {
        assertInputError("traffic.hotspots must be at least 1 (got 0)", () -> new Hotspots(0, 0.5));
        assertInputError("traffic.hotspot-senders", () -> new Hotspots(2, 0.0));
        assertInputError("traffic.hotspot-senders", () -> new Hotspots(2, 1.5));
        assertInputError("traffic.hotspot-senders", () -> new Hotspots(2, Double.NaN));
        assertInputError("traffic.hotspots", () -> new Hotspots(8, 0.5).generate(HostGroups.contiguous(2, 4),
                new SplittableRandom(0)));
    }
}
