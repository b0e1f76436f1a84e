package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import org.fabricsim.io.Json;
import org.junit.jupiter.api.Test;

/**
 * What makes a configuration another sweep's on resume (D234): any key whose value changed, or that was set and
 * is gone; but not a key fabricsim gained since the sweep started, while it holds its default.
 */
class SweepRecordTest {
    private static JsonNode json(String s) {
        return Json.parse(s);
    }

    private static final JsonNode DEFAULTS = json("{\"packet\": {\"mtu\": 2048, \"flow-pacing\": \"packets\"}}");

    @Test
    void aKeyAddedSinceAtItsDefaultIsTheSameSweep() {
        JsonNode then = json("{\"packet\": {\"mtu\": 4096}}");
        assertNull(SweepRecord.firstDifference(then,
                json("{\"packet\": {\"mtu\": 4096, \"flow-pacing\": \"packets\"}}"), DEFAULTS));
    }

    @Test
    void aKeyAddedSinceAwayFromItsDefaultAChangedOneAndALostOneAreNot() {
        JsonNode then = json("{\"packet\": {\"mtu\": 4096}}");
        assertEquals("packet.flow-pacing: not set then, stream now", SweepRecord.firstDifference(then,
                json("{\"packet\": {\"mtu\": 4096, \"flow-pacing\": \"stream\"}}"), DEFAULTS));
        assertEquals("packet.mtu: 4096 then, 2048 now", SweepRecord.firstDifference(then,
                json("{\"packet\": {\"mtu\": 2048}}"), DEFAULTS));
        assertEquals("packet.mtu: 4096 then, not set now", SweepRecord.firstDifference(then,
                json("{\"packet\": {}}"), DEFAULTS));
    }
}
