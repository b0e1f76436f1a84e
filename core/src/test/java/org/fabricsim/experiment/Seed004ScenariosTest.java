package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.topology.Topology;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's stated throughputs that the ib-level tests (Seed004Test, Seed004ArTest) and GivenRoutesTest leave to
 * the ledger, run from the shipped experiment files as a user runs them, shortened where the windows allow: C1
 * scenario 1 at three rates, C2 scenarios 1 and 6, the reverse parking lot of §V on the K = 3 tree (Fig. 16) and
 * as Fig. 17's lanes, and Fig. 1's parking lot. Tolerances are the ledger's (docs/REPRODUCTION.md, seed 004).
 */
class Seed004ScenariosTest {
    /** summary.json's metrics of {@code file} with {@code settings}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> metrics(String file, String... settings) {
        ExperimentConfig c = ExperimentConfig.load(Path.of("..", "conf", "experiments", file), List.of(settings));
        Topology t = NetworkBinding.topology(c);
        long end = PacketBinding.endTime(c);
        return (Map<String, Object>) PacketSweepKernel.summary(c, 1, t, NetworkBinding.routing(c, t),
                PacketRoutingBinding.adaptiveRouting(c, t), PacketBinding.params(c), end, end).get("metrics");
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
