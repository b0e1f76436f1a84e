package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's stated throughputs that the ib-level tests (Seed004Test, Seed004ArTest) and GivenRoutesTest leave to
 * the ledger, run from the shipped experiment files as a user runs them, shortened where the windows allow: C1
 * scenario 1 at three rates and with a second flow, C1 scenario 2 without the flow from A, C2 scenarios 1 and 6,
 * the reverse parking lot of §V on the K = 3 tree (Fig. 16, and §V's rule with three and four remote flows) and
 * as Fig. 17's lanes, and Fig. 1's parking lot. Tolerances are the ledger's (docs/REPRODUCTION.md, seed 004).
 */
class Seed004ScenariosTest {
    /** summary.json's metrics of {@code file} with {@code settings}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> metrics(String file, String... settings) {
        return (Map<String, Object>) ShippedRuns.summary(file, settings).get("metrics");
    }

    static double[] gbps(Map<String, Object> m) {
        return (double[]) m.get("flow_gbps_values");
    }

    static double share(Map<String, Object> m, int flow) {
        return gbps(m)[flow] / ((Number) m.get("aggregate_gbps")).doubleValue();
    }

    @Test
    void c1Scenario1GivesTheFlowItsRateUnderDrAndArAlike() {
        // Fig. 4: "virtually no difference" between DR and AR at 20, 80 and 200 Gbps (188 at the line rate)
        for (String rate : new String[] {"20Gbps", "80Gbps", "line"}) {
            String flow = "packet.flows=[{src=A,dst=D,rate=" + rate + "}]";
            double dr = gbps(metrics("packet-c1-s1.conf", flow, "packet.end-time=60us"))[0];
            double ar = gbps(metrics("ar-c1-s1.conf", flow, "packet.end-time=60us"))[0];
            double expected = rate.equals("line") ? 188 : Double.parseDouble(rate.replace("Gbps", "")) * 188 / 200;
            assertEquals(expected, dr, 0.02 * expected, rate + ", DR");
            assertEquals(dr, ar, 0.01 * dr, rate + ": AR as DR");
        }
    }

    @Test
    void c1Scenario1WithASecondFlowKeepsItsRateUnlessDrSharesALink() {
        // §IV-A: B -> E beside A -> D; AR "evenly distributes" and per flow "remain as in Figure 4"; DR the same when
        // SW1's table puts D and E on separate links, "halved" when on one (conf/lft/c1-seed004-one-link.lft)
        String two = "packet.flows=[{src=A,dst=D},{src=B,dst=E}]";
        double[] ar = gbps(metrics("ar-c1-s1.conf", two, "packet.end-time=60us"));
        double[] apart = gbps(metrics("packet-c1-s1.conf", two, "packet.end-time=60us"));
        double[] shared = gbps(metrics("packet-c1-s1.conf", two, "packet.end-time=60us",
                "routing=\"file:../lft/c1-seed004-one-link.lft\""));
        for (int f = 0; f < 2; f++) {
            assertEquals(188, ar[f], 0.01 * 188, "AR, flow " + f);
            assertEquals(188, apart[f], 0.01 * 188, "DR on separate links, flow " + f);
        }
        assertEquals(94, (shared[0] + shared[1]) / 2, 0.02 * 94, "DR on one link: halved");
    }

    @Test
    void c1Scenario2WithoutTheFlowFromAArDoublesDr() {
        // §IV-A: without A, DR still puts B -> E and C -> F on L2; AR uses L1 and L2: twice the total
        String bc = "packet.flows=[{src=B,dst=E},{src=C,dst=F}]";
        double dr = ((Number) metrics("packet-c1-s2.conf", bc, "packet.end-time=60us").get("aggregate_gbps"))
                .doubleValue();
        double ar = ((Number) metrics("ar-c1-s2.conf", bc, "packet.end-time=60us").get("aggregate_gbps"))
                .doubleValue();
        assertEquals(2, ar / dr, 0.02 * 2);
    }

    @Test
    void c2Scenario1TheHotReceiversLinkLimitsTheThreeFlowsUnderDrAndAr() {
        for (String file : new String[] {"packet-c2-s1.conf", "ar-c2-s1.conf"}) {
            Map<String, Object> m = metrics(file, "packet.end-time=60us", "metrics.window-start=20us");
            assertEquals(188, ((Number) m.get("aggregate_gbps")).doubleValue(), 0.01 * 188, file);
        }
    }

    @Test
    void c2Scenario6FlowsAgainstTheCongestionKeepFullBandwidth() {
        // 13 -> 3 from 100 us and 5 -> 31 from 200 us: "full bandwidth" under DR and AR, 188 Gbps
        for (String file : new String[] {"packet-c2-s6.conf", "ar-c2-s6.conf"}) {
            double[] g = gbps(metrics(file, "metrics.window-start=220us", "packet.end-time=260us"));
            assertEquals(188, g[3], 0.01 * 188, file + ": 13 -> 3");
            assertEquals(188, g[4], 0.01 * 188, file + ": 5 -> 31");
        }
    }

    @Test
    void theReverseParkingLotGivesTheRemoteFlowItsLanesShare() {
        // Fig. 16 on XGFT(2;3,6;1,3): the remote flow on K = 3 root ports, the local one on 1: 3/4 against 1/4
        Map<String, Object> k3 = metrics("ar-rlft-k3.conf", "packet.end-time=50us", "metrics.window-start=10us");
        assertEquals(0.75, share(k3, 1), 0.05 * 0.75, "remote");
        assertEquals(0.25, share(k3, 0), 0.05 * 0.25, "local");
        // §V's rule on the same tree: with F_remote = K = 3 (110-150 us) remote and local flows share evenly; with a
        // fourth remote flow (160-200 us) the local flow gets 1/N = 1/4 of the egress port
        // (the fourth remote flow starts at 150 us: NaN, no delivery in the window)
        double[] even = gbps(metrics("ar-rlft-k3.conf", "packet.end-time=150us", "metrics.window-start=110us"));
        double[] active = java.util.Arrays.stream(even).filter(Double::isFinite).toArray();
        assertEquals(4, active.length, "the local flow and three remote ones: " + java.util.Arrays.toString(even));
        double min = java.util.Arrays.stream(active).min().orElseThrow();
        double max = java.util.Arrays.stream(active).max().orElseThrow();
        assertTrue(min / max >= 0.95, "F_remote = K: even within 5 %: " + java.util.Arrays.toString(even));
        Map<String, Object> four = metrics("ar-rlft-k3.conf", "metrics.window-start=160us");
        assertEquals(0.25, share(four, 0), 0.05 * 0.25, "F_remote = K + 1: the local flow's 1/4");
        // Fig. 17 as lanes (the ledger's reading of the figure): blue 7/16, red 3/16, yellow 1/8, green 1/4
        Map<String, Object> lanes = metrics("ar-reverse-parking-lot.conf");
        double[] expected = {7 / 16.0, 3 / 16.0, 1 / 8.0, 1 / 4.0};
        for (int f = 0; f < 4; f++) {
            assertEquals(expected[f], share(lanes, f), 0.05 * expected[f], "Fig. 17 flow " + f);
        }
    }

    @Test
    void theParkingLotHalvesTheShareAtEveryMerge() {
        // Fig. 1: green 1/2, yellow 1/4, red and blue 1/8 each
        Map<String, Object> m = metrics("packet-parking-lot.conf", "packet.end-time=120us");
        double[] expected = {1 / 8.0, 1 / 8.0, 1 / 4.0, 1 / 2.0};
        for (int f = 0; f < 4; f++) {
            assertEquals(expected[f], share(m, f), 0.05 * expected[f], "flow " + f);
        }
    }
}
