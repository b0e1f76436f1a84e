package org.fabricsim.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.Test;

/** The ledger's measures over summary.json, each checked against the value worked out by hand. */
class ExpressionTest {
    /** A packet run's and a sweep's summary, cut down to what the measures read. */
    private static final JsonNode RUN = Json.parse("""
            {"metrics": {"aggregate_gbps": 375.0, "flow_gbps": {"mean": 125.0, "min": 93.75},
             "flow_gbps_values": [187.5, 93.75, 93.75], "completed": true, "nothing": null}}""");
    private static final JsonNode SWEEP = Json.parse("""
            {"points": [
              {"index": 0, "x": 0, "label": "a", "settings": {"packet.cc.enabled": "false", "traffic.p": "0.0"},
               "columns": {"gain": {"mean": 1.0}}},
              {"index": 1, "x": 30, "label": "b", "settings": {"packet.cc.enabled": "false", "traffic.p": "0.3"},
               "columns": {"gain": {"mean": 2.0}}},
              {"index": 2, "x": 0, "label": "c", "settings": {"packet.cc.enabled": "true", "traffic.p": "0.0"},
               "columns": {"gain": {"mean": 4.0}}},
              {"index": 3, "x": 30, "label": "d", "settings": {"packet.cc.enabled": "true", "traffic.p": "0.3"},
               "columns": {"gain": {"mean": 10.0}}}]}""");

    private static double eval(String text) {
        Map<String, JsonNode> s = new HashMap<>();
        s.put(null, RUN);
        s.put("sweep", SWEEP);
        return Expression.parse(text).evaluate(s).scalar("test");
    }

    @Test
    void pathsListElementsAndArithmeticWithPrecedence() {
        assertEquals(375.0, eval("metrics.aggregate_gbps"));
        assertEquals(93.75, eval("metrics.flow_gbps_values[2]"));
        assertEquals(187.5 + 93.75 * 2, eval("metrics.flow_gbps_values[0] + metrics.flow_gbps_values[1] * 2"));
        assertEquals((187.5 + 93.75) * 2, eval("(metrics.flow_gbps_values[0] + metrics.flow_gbps_values[1]) * 2"));
        assertEquals(-2.5, eval("-5 / 2"));
        assertEquals(1.5e-3, eval("1.5e-3"));
        assertEquals(1.0, eval("metrics.completed"));
    }

    @Test
    void selectionsGiveListsThatFunctionsAndElementWiseArithmeticReduce() {
        assertEquals(4.0, eval("count(@sweep:points[*].x)"));
        assertEquals(10.0, eval("@sweep:points[settings.packet.cc.enabled=true, x=30].columns.gain.mean"));
        assertEquals(4.0, eval("@sweep:points[label=c].columns.gain.mean"));
        // the gain of CC per p, then where it peaks: (4/1 at p = 0, 10/2 at p = 30) -> 30
        assertEquals(30.0, eval("argmax(@sweep:points[settings.packet.cc.enabled=true].x,"
                + " @sweep:points[settings.packet.cc.enabled=true].columns.gain.mean"
                + " / @sweep:points[settings.packet.cc.enabled=false].columns.gain.mean)"));
        assertEquals(0.0, eval("argmin(@sweep:points[*].x, @sweep:points[*].columns.gain.mean)"));
        assertEquals(17.0, eval("sum(@sweep:points[*].columns.gain.mean)"));
        assertEquals(4.25, eval("mean(@sweep:points[*].columns.gain.mean)"));
        assertEquals(1.0, eval("min(@sweep:points[*].columns.gain.mean)"));
        assertEquals(187.5, eval("max(metrics.flow_gbps.min, metrics.flow_gbps_values[0], 3)"));
        assertEquals(1.0, eval("min(@sweep:points[*].columns.gain.mean, 7)"));
        assertEquals(10.0, eval("last(@sweep:points[*].columns.gain.mean)"));
        assertEquals(2.0, eval("at(@sweep:points[*].columns.gain.mean, 1)"));
        assertEquals(1.0, eval("increasing(@sweep:points[*].columns.gain.mean)"));
        assertEquals(0.0, eval("decreasing(@sweep:points[*].columns.gain.mean)"));
        assertEquals(1.0, eval("log10(@sweep:points[label=d].columns.gain.mean)"));
    }

    @Test
    void comparisonsAndLogicAreOneOrZero() {
        assertEquals(1.0, eval("metrics.flow_gbps.min < metrics.flow_gbps.mean && 2 >= 2"));
        assertEquals(0.0, eval("metrics.flow_gbps.min > metrics.flow_gbps.mean || 1 != 1"));
        assertEquals(1.0, eval("!(1 == 2)"));
        assertEquals(1.0, eval("all(@sweep:points[*].columns.gain.mean > 0)"));
        assertEquals(0.0, eval("any(@sweep:points[*].columns.gain.mean > 10)"));
    }

    @Test
    void aPathNotInTheSummaryOrAListWhereANumberIsNeededIsOneLine() {
        InputException e = assertThrows(InputException.class, () -> eval("metrics.no_such_key"));
        assertTrue(e.getMessage().contains("no key 'no_such_key'"), e.getMessage());
        e = assertThrows(InputException.class, () -> eval("metrics.flow_gbps_values[7]"));
        assertTrue(e.getMessage().contains("no element 7"), e.getMessage());
        e = assertThrows(InputException.class, () -> eval("metrics.nothing"));
        assertTrue(e.getMessage().contains("null"), e.getMessage());
        e = assertThrows(InputException.class, () -> eval("@sweep:points[*].x"));
        assertTrue(e.getMessage().contains("list of 4 values"), e.getMessage());
        e = assertThrows(InputException.class, () -> eval("@sweep:points[label=zz].x"));
        assertTrue(e.getMessage().contains("selects nothing"), e.getMessage());
        e = assertThrows(InputException.class, () -> eval("@elsewhere:metrics.aggregate_gbps"));
        assertTrue(e.getMessage().contains("no summary of run 'elsewhere'"), e.getMessage());
    }

    @Test
    void aMalformedMeasureNamesThePlace() {
        InputException e = assertThrows(InputException.class, () -> Expression.parse("metrics.a +"));
        assertTrue(e.getMessage().contains("at 12"), e.getMessage());
        e = assertThrows(InputException.class, () -> Expression.parse("max(metrics.a"));
        assertTrue(e.getMessage().contains("')' expected"), e.getMessage());
        e = assertThrows(InputException.class, () -> Expression.parse("metrics.a ]"));
        assertTrue(e.getMessage().contains("unexpected ']'"), e.getMessage());
        e = assertThrows(InputException.class, () -> eval("argmax(metrics.flow_gbps_values, @sweep:points[*].x)"));
        assertTrue(e.getMessage().contains("one length"), e.getMessage());
    }

    @Test
    void theRunsAMeasureReadsAreListed() {
        assertEquals(List.of("", "sweep", "x"),
                List.copyOf(Expression.parse("metrics.a / @sweep:points[0].x + @x:y").runs()));
    }
}
