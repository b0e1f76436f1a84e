package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.Test;

/**
 * A packet sweep's measures read from summary.json as the ledger reads them: dotted paths, list elements, and the
 * sections built as JSON objects (congestion_control).
 */
class PacketSweepKernelTest {
    @Test
    void aMeasureReadsANumberOrAListsElementAndRefusesWhatIsNotThere() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("flow_gbps_values", new double[] {3.5, 4.25, 11.75});
        metrics.put("ranked", Arrays.asList(7L, null));
        metrics.put("flow_gbps", Map.of("max", 11.75));
        metrics.put("congestion_control", Json.object().put("marked_packets", 31671L)); // built as a JSON object
        Map<String, Object> summary = Map.of("metrics", metrics);
        assertEquals(4.25, PacketSweepKernel.value(summary, "metrics.flow_gbps_values[1]"));
        assertEquals(7, PacketSweepKernel.value(summary, "metrics.ranked[0]"));
        assertEquals(0, PacketSweepKernel.value(summary, "metrics.ranked[1]"), "null is 0, as for a plain path");
        assertEquals(11.75, PacketSweepKernel.value(summary, "metrics.flow_gbps.max"));
        assertEquals(31671, PacketSweepKernel.value(summary, "metrics.congestion_control.marked_packets"));
        assertEquals("flow_gbps_values_2_milli", PacketSweepKernel.column("metrics.flow_gbps_values[2]"));
        String[][] bad = {{"metrics.flow_gbps_values[3]", "element 3 of a list of 3"},
            {"metrics.flow_gbps[0]", "not a list"}, {"metrics.no_such[0]", "no 'no_such' there"},
            {"metrics.congestion_control.cnps", "no 'cnps' there"}};
        for (String[] b : bad) {
            InputException e = assertThrows(InputException.class, () -> PacketSweepKernel.value(summary, b[0]));
            assertTrue(e.getMessage().contains(b[1]), e.getMessage());
        }
    }
}
