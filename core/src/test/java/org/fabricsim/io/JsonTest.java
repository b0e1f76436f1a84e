package org.fabricsim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonTest {
    @TempDir
    Path tmp;

    record Point(String zeta, double alpha, int[] mid) {
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        Iterator<String> it = node.fieldNames();
        it.forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void exactFormat() {
        Json.Obj tree = Json.object()
                .put("name", "tree648")
                .put("seed", 42L)
                .put("ratio", 0.5)
                .put("ok", true)
                .put("none", null)
                .put("counts", new long[] {0, 3, 1})
                .put("empty", List.of())
                .put("nested", Json.object().put("a", 1).put("b", List.of(Json.object().put("c", "d"))))
                .put("nothing", Json.object());
        String expected = """
                {
                  "name": "tree648",
                  "seed": 42,
                  "ratio": 0.5,
                  "ok": true,
                  "none": null,
                  "counts": [0, 3, 1],
                  "empty": [],
                  "nested": {
                    "a": 1,
                    "b": [
                      {
                        "c": "d"
                      }
                    ]
                  },
                  "nothing": {}
                }
                """;
        assertEquals(expected, Json.format(tree));
    }

    @Test
    void keysKeepInsertionOrderAndRecordsKeepComponentOrder() {
        Json.Obj o = Json.object();
        for (String k : List.of("zebra", "apple", "mango", "banana", "kiwi", "cherry")) {
            o.put(k, k.length());
        }
        JsonNode node = Json.parse(Json.format(o));
        assertEquals(List.of("zebra", "apple", "mango", "banana", "kiwi", "cherry"), keys(node));

        Map<String, Object> m = new LinkedHashMap<>();
        m.put("z", 1);
        m.put("a", 2);
        assertEquals(List.of("z", "a"), keys(Json.parse(Json.format(m))));

        JsonNode p = Json.parse(Json.format(new Point("last", 1.5, new int[] {1, 2})));
        assertEquals(List.of("zeta", "alpha", "mid"), keys(p));
    }

    @Test
    void nanAndInfinityBecomeNull() {
        Json.Obj o = Json.object()
                .put("nan", Double.NaN)
                .put("inf", Double.POSITIVE_INFINITY)
                .put("ninf", Double.NEGATIVE_INFINITY)
                .put("fnan", Float.NaN)
                .put("array", new double[] {1.0, Double.NaN, Double.NEGATIVE_INFINITY})
                .put("farray", new float[] {Float.POSITIVE_INFINITY, 2.5f})
                .put("boxed", List.of(Double.NaN, 2.0))
                .put("record", new Point("p", Double.NaN, new int[0]));
        String text = Json.format(o);
        assertTrue(!text.contains("NaN") && !text.contains("Infinity"), text);
        JsonNode n = Json.parse(text);
        assertTrue(n.get("nan").isNull());
        assertTrue(n.get("inf").isNull());
        assertTrue(n.get("ninf").isNull());
        assertTrue(n.get("fnan").isNull());
        assertEquals("[1.0, null, null]", n.get("array").toString().replace(",", ", "));
        assertTrue(n.get("farray").get(0).isNull());
        assertEquals(2.5, n.get("farray").get(1).doubleValue());
        assertTrue(n.get("boxed").get(0).isNull());
        assertTrue(n.get("record").get("alpha").isNull());
    }

    @Test
    void roundTripThroughAFile() throws IOException {
        Path file = tmp.resolve("summary.json");
        Json.Obj o = Json.object()
                .put("unit", "µs")
                .put("quote", "say \"hi\"\n\ttab")
                .put("big", Long.MAX_VALUE)
                .put("small", 1e-300)
                .put("neg", -0.125)
                .put("started", Instant.parse("2025-01-02T03:04:05.678Z"))
                .put("wall", Duration.ofMillis(1500))
                .put("config", Path.of("conf", "exp.conf"));
        Json.write(file, o);
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertTrue(text.endsWith("}\n"), "trailing newline");
        assertTrue(!text.contains("\r"), "\\n line ends only");
        assertTrue(text.contains("\"unit\": \"µs\""), "UTF-8, not escaped: " + text);

        JsonNode n = Json.read(file);
        assertEquals("µs", n.get("unit").textValue());
        assertEquals("say \"hi\"\n\ttab", n.get("quote").textValue());
        assertEquals(Long.MAX_VALUE, n.get("big").longValue());
        assertEquals(1e-300, n.get("small").doubleValue());
        assertEquals(-0.125, n.get("neg").doubleValue());
        assertEquals("2025-01-02T03:04:05.678Z", n.get("started").textValue());
        assertEquals("PT1.5S", n.get("wall").textValue());
        assertEquals("conf" + java.io.File.separator + "exp.conf", n.get("config").textValue());

        // Writing the same tree again gives the same bytes.
        Path again = tmp.resolve("again.json");
        Json.write(again, o);
        assertEquals(text, Files.readString(again));
    }

    @Test
    void duplicateKeysAreRejected() {
        Json.Obj o = Json.object().put("a", 1);
        assertThrows(IllegalArgumentException.class, () -> o.put("a", 2));
        assertEquals(Map.of("a", 1), o.asMap());
        assertEquals(Map.of("a", 1), Json.object().put("a", 1).putIfNotNull("b", null).asMap());
    }
}
