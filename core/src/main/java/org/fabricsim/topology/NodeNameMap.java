package org.fabricsim.topology;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.files.ReadFailure;

/**
 * The node name map of infiniband-diags ({@code --node-name-map}, opensm's {@code ib-node-name-map}): user
 * friendly names for nodes, looked up by node GUID.
 *
 * <pre>
 * # comment
 * 0x0002c90300a1b2c0 "leaf-01"
 * 0x0002c90300a1b2d0 spine-01        # the name may also be unquoted, up to a '#'
 * </pre>
 *
 * The GUID is read as C's {@code strtoull(.., 0)} reads it, as infiniband-diags does: {@code 0x} hexadecimal,
 * a leading 0 octal, otherwise decimal. The name is the text up to the next {@code "} or {@code #}. Unlike
 * infiniband-diags, which keeps the first of two lines for one GUID silently, a GUID mapped twice or a line
 * without a name is an error naming the file and line: the map decides node names, so a typo should not
 * pass unseen.
 */
public final class NodeNameMap {
    private static final NodeNameMap NONE = new NodeNameMap(Map.of());

    private final Map<Long, String> names;

    private NodeNameMap(Map<Long, String> names) {
        this.names = names;
    }

    /** The empty map: every node is named by its description. */
    public static NodeNameMap none() {
        return NONE;
    }

    /** The name mapped to a node GUID, or null. */
    public String name(long guid) {
        return names.get(guid);
    }

    public int size() {
        return names.size();
    }

    public static NodeNameMap read(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(file.toString(), in);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read node name map (" + ReadFailure.reason(e) + ")", e);
        }
    }

    public static NodeNameMap parse(String fileName, Reader in) throws IOException {
        BufferedReader r = in instanceof BufferedReader br ? br : new BufferedReader(in);
        Map<Long, String> names = new HashMap<>();
        Map<Long, Integer> lineOf = new HashMap<>();
        int lineNo = 0;
        String line;
        while ((line = r.readLine()) != null) {
            lineNo++;
            String text = line.strip();
            if (lineNo == 1 && text.startsWith("\uFEFF")) {
                text = text.substring(1).strip();
            }
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            String where = fileName + ":" + lineNo;
            int end = 0;
            while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && text.charAt(end) != '#') {
                end++;
            }
            long guid = guid(text.substring(0, end), where);
            String name = nameAfter(text.substring(end));
            if (name.isEmpty()) {
                throw new InputException(where + ": GUID " + IbSubnet.hex(guid) + " has no name (a line is"
                        + " '<guid> \"<name>\"')");
            }
            Integer first = lineOf.putIfAbsent(guid, lineNo);
            if (first != null) {
                throw new InputException(where + ": GUID " + IbSubnet.hex(guid) + " is mapped twice (first on line "
                        + first + ")");
            }
            names.put(guid, name);
        }
        return new NodeNameMap(Map.copyOf(names));
    }

    /** As strtoull(text, &end, 0): the whole word must be the number. */
    private static long guid(String word, String where) {
        String digits = word;
        int radix = 10;
        if (word.startsWith("0x") || word.startsWith("0X")) {
            digits = word.substring(2);
            radix = 16;
        } else if (word.length() > 1 && word.startsWith("0")) {
            digits = word.substring(1);
            radix = 8;
        }
        try {
            if (digits.isEmpty() || digits.startsWith("+") || digits.startsWith("-")) {
                throw new NumberFormatException();
            }
            return Long.parseUnsignedLong(digits, radix);
        } catch (NumberFormatException e) {
            throw new InputException(where + ": bad GUID '" + word + "' (expected e.g. 0x0002c90300a1b2c0 followed by"
                    + " a name)");
        }
    }

    /** The text after the GUID up to the next quote or '#' (strtok(p, "\"#") in infiniband-diags), stripped. */
    private static String nameAfter(String rest) {
        String s = rest.strip();
        if (s.startsWith("#")) {
            return ""; // "<guid> # comment"
        }
        while (s.startsWith("\"")) {
            s = s.substring(1);
        }
        int end = 0;
        while (end < s.length() && s.charAt(end) != '"' && s.charAt(end) != '#') {
            end++;
        }
        return s.substring(0, end).strip();
    }
}
