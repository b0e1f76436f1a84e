package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;

/**
 * A flow's own ports ({@code packet.flows}' {@code route}, D220) on seed 004's C1 scenario 3 under DR: with the
 * tables (D over L1, E over L2) the inter-switch links carry 100 % of their capacity's share the paper counts;
 * with B -> E sent over L1 beside A -> D (case 2), 75 %, every flow at half of a host link.
 */
class GivenRoutesTest {
    private static Map<String, Object> metrics(String flows) {
        return Seed004ScenariosTest.metrics("packet-c1-s3.conf", "packet.end-time=60us", "metrics.window-start=20us",
                "packet.flows=" + flows);
    }

    @SuppressWarnings("unchecked")
    private static double interSwitchShare(Map<String, Object> m) {
        // both directions' links: the two used ones carry the flows, so 2 x the mean is their share of 2 links
        Map<String, Object> horizontal = (Map<String, Object>) ((Map<String, Object>) m.get("utilisation"))
                .get("horizontal-1");
        return 2 * ((Number) horizontal.get("mean")).doubleValue();
    }

    @Test
    void sendingOneFlowToEOverTheOtherLinkUsesThreeQuartersOfTheInterSwitchBandwidth() {
        double tables = interSwitchShare(metrics("[{src=A,dst=D},{src=B,dst=E},{src=C,dst=E}]"));
        Map<String, Object> m = metrics("[{src=A,dst=D},{src=B,dst=E,route=\"SW1:3\"},{src=C,dst=E}]");
        assertEquals(1.00, tables, 0.02, "case 1: E's flows share L2, D's has L1");
        assertEquals(0.75, interSwitchShare(m), 0.02, "case 2: seed 004 §IV-A, \"the same ... as AR (75%)\"");
        for (double gbps : (double[]) m.get("flow_gbps_values")) {
            assertEquals(94, gbps, 0.02 * 94, "each flow at half of a host link");
        }
    }

    @Test
    void aRouteThatLeadsAstrayOrIsNotCrossedIsRefusedByItsFlow() {
        String astray = assertThrows(InputException.class,
                () -> metrics("[{src=A,dst=D},{src=B,dst=E,route=\"SW2:0\"}]")).getMessage();
        assertEquals(true, astray.contains("flow 1 (B -> E): route does not reach E"), astray);
        String elsewhere = assertThrows(InputException.class,
                () -> metrics("[{src=A,dst=B,route=\"SW2:0\"}]")).getMessage();
        assertEquals(true, elsewhere.contains("flow 0 (A -> B): route names SW2, which the flow's path does not cross"),
                elsewhere);
    }
}
