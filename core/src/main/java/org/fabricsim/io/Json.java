package org.fabricsim.io;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * JSON output ({@code run.json}, {@code summary.json}) and input for tests and tools.
 *
 * <p>{@link #write} accepts an ordered tree of {@link Obj} (see {@link #object()}), {@link Map}s,
 * {@link java.util.List}s, records, arrays, strings, numbers, booleans, {@code null},
 * {@code java.time} values (ISO-8601 strings) and {@link Path}s (plain strings). The output is
 * deterministic: UTF-8, two-space indentation, {@code \n} line ends, a trailing newline, object
 * keys in insertion order (records: component order). Pass ordered maps ({@code LinkedHashMap},
 * {@code TreeMap}, {@link Obj}), never a {@code HashMap}, where the key order matters to a reader.
 * Arrays whose elements are all scalars are written on one line; other arrays one element per
 * line.
 *
 * <p>JSON has no NaN or infinity: {@code NaN}, {@code +Infinity} and {@code -Infinity} (double or
 * float, boxed or in arrays) are written as {@code null}.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(nonFiniteAsNull())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .build();

    private static final String INDENT = "  ";

    private Json() {
    }

    /** A new, empty ordered JSON object. */
    public static Obj object() {
        return new Obj();
    }

    /**
     * Writes {@code value} to {@code file} (created or truncated), formatted as described in the
     * class comment. Usually {@code file} is {@link OutputDirectory#stage(String)}.
     */
    public static void write(Path file, Object value) throws IOException {
        Files.write(file, format(value).getBytes(StandardCharsets.UTF_8));
    }

    /** The text {@link #write} would write, including the trailing newline. */
    public static String format(Object value) {
        JsonNode tree = MAPPER.valueToTree(value);
        StringBuilder out = new StringBuilder(256);
        emit(tree, 0, out);
        return out.append('\n').toString();
    }

    /** Reads a JSON file into a Jackson tree (for tests and tools). */
    public static JsonNode read(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    /** Parses JSON text into a Jackson tree. */
    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Ordered object builder

    /**
     * An ordered JSON object under construction: {@code Json.object().put("a", 1).put("b", x)}.
     * Keys keep insertion order; putting the same key twice is a programming error.
     */
    public static final class Obj {
        private final LinkedHashMap<String, Object> map = new LinkedHashMap<>();

        private Obj() {
        }

        /**
         * Adds {@code key} with {@code value} (anything {@link Json#write} accepts).
         *
         * @throws IllegalArgumentException if {@code key} is already present
         */
        public Obj put(String key, Object value) {
            Objects.requireNonNull(key, "key");
            if (map.containsKey(key)) {
                throw new IllegalArgumentException("duplicate JSON key: " + key);
            }
            map.put(key, value);
            return this;
        }

        /** Adds {@code key} only if {@code value} is not null. */
        public Obj putIfNotNull(String key, Object value) {
            return value == null ? this : put(key, value);
        }

        /** A read-only view of the entries, in insertion order. */
        @JsonValue
        public Map<String, Object> asMap() {
            return Collections.unmodifiableMap(map);
        }

        @Override
        public String toString() {
            return format(this).strip();
        }
    }

    // ---------------------------------------------------------------------------------------
    // Emitter: a small deterministic pretty printer over the Jackson tree

    private static void emit(JsonNode node, int depth, StringBuilder out) {
        if (node.isObject()) {
            if (node.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append("{\n");
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                indent(depth + 1, out);
                quote(e.getKey(), out);
                out.append(": ");
                emit(e.getValue(), depth + 1, out);
                out.append(it.hasNext() ? ",\n" : "\n");
            }
            indent(depth, out);
            out.append('}');
        } else if (node.isArray()) {
            if (node.isEmpty()) {
                out.append("[]");
                return;
            }
            boolean flat = true;
            for (JsonNode element : node) {
                if (element.isContainerNode()) {
                    flat = false;
                    break;
                }
            }
            if (flat) {
                out.append('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) {
                        out.append(", ");
                    }
                    scalar(node.get(i), out);
                }
                out.append(']');
            } else {
                out.append("[\n");
                for (int i = 0; i < node.size(); i++) {
                    indent(depth + 1, out);
                    emit(node.get(i), depth + 1, out);
                    out.append(i + 1 < node.size() ? ",\n" : "\n");
                }
                indent(depth, out);
                out.append(']');
            }
        } else {
            scalar(node, out);
        }
    }

    private static void scalar(JsonNode node, StringBuilder out) {
        if (node.isNull() || node.isMissingNode()) {
            out.append("null");
        } else if (node.isTextual()) {
            quote(node.textValue(), out);
        } else if (node.isBoolean()) {
            out.append(node.booleanValue());
        } else if (node.isFloat()) {
            float f = node.floatValue();
            out.append(Float.isFinite(f) ? Float.toString(f) : "null");
        } else if (node.isDouble()) {
            double d = node.doubleValue();
            out.append(Double.isFinite(d) ? Double.toString(d) : "null");
        } else if (node.isNumber()) {
            out.append(node.numberValue().toString()); // integral or BigDecimal
        } else if (node.isBinary()) {
            quote(node.asText(), out); // base64, as Jackson writes it
        } else {
            // POJO nodes and other exotic nodes: let Jackson render them.
            try {
                out.append(MAPPER.writeValueAsString(node));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        JsonStringEncoder.getInstance().quoteAsString(s, out);
        out.append('"');
    }

    private static void indent(int depth, StringBuilder out) {
        for (int i = 0; i < depth; i++) {
            out.append(INDENT);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Serializers: NaN and infinities as null; Path as its plain string

    private static SimpleModule nonFiniteAsNull() {
        SimpleModule m = new SimpleModule("fabricsim-json");
        m.addSerializer(Double.class, new DoubleSer(Double.class));
        m.addSerializer(double.class, new DoubleSer(double.class));
        m.addSerializer(Float.class, new FloatSer(Float.class));
        m.addSerializer(float.class, new FloatSer(float.class));
        m.addSerializer(double[].class, new StdSerializer<>(double[].class) {
            @Override
            public void serialize(double[] v, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeStartArray(v, v.length);
                for (double d : v) {
                    writeDouble(d, g);
                }
                g.writeEndArray();
            }
        });
        m.addSerializer(float[].class, new StdSerializer<>(float[].class) {
            @Override
            public void serialize(float[] v, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeStartArray(v, v.length);
                for (float f : v) {
                    writeFloat(f, g);
                }
                g.writeEndArray();
            }
        });
        m.addSerializer(Path.class, new StdSerializer<>(Path.class) {
            @Override
            public void serialize(Path v, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeString(v.toString());
            }
        });
        return m;
    }

    private static void writeDouble(double d, JsonGenerator g) throws IOException {
        if (Double.isFinite(d)) {
            g.writeNumber(d);
        } else {
            g.writeNull();
        }
    }

    private static void writeFloat(float f, JsonGenerator g) throws IOException {
        if (Float.isFinite(f)) {
            g.writeNumber(f);
        } else {
            g.writeNull();
        }
    }

    private static final class DoubleSer extends StdSerializer<Double> {
        private static final long serialVersionUID = 1L;

        DoubleSer(Class<Double> t) {
            super(t);
        }

        @Override
        public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
            writeDouble(v, g);
        }
    }

    private static final class FloatSer extends StdSerializer<Float> {
        private static final long serialVersionUID = 1L;

        FloatSer(Class<Float> t) {
            super(t);
        }

        @Override
        public void serialize(Float v, JsonGenerator g, SerializerProvider p) throws IOException {
            writeFloat(v, g);
        }
    }
}
