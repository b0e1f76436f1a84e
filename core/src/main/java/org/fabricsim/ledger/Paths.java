package org.fabricsim.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Following the key steps of a path into a JSON object, where a key may itself hold dots (a sweep point's
 * {@code settings} are keyed by the configuration key, {@code "packet.cc.enabled"}): the longest run of steps whose
 * names, joined by dots, is a key of the object is taken.
 */
final class Paths {
    private Paths() {
    }

    /** How many key steps from {@code i} name one key of {@code node} (the most that do), or -1 if none does. */
    static int take(JsonNode node, List<Expression.Step> steps, int i) {
        if (!node.isObject()) {
            return -1;
        }
        int end = i;
        while (end < steps.size() && steps.get(end) instanceof Expression.Key) {
            end++;
        }
        for (int j = end; j > i; j--) {
            if (node.has(joined(steps, i, j))) {
                return j - i;
            }
        }
        return -1;
    }

    /** The value the {@code taken} key steps from {@code i} name. */
    static JsonNode follow(JsonNode node, List<Expression.Step> steps, int i, int taken) {
        return node.get(joined(steps, i, i + taken));
    }

    private static String joined(List<Expression.Step> steps, int from, int to) {
        StringBuilder b = new StringBuilder();
        for (int k = from; k < to; k++) {
            if (k > from) {
                b.append('.');
            }
            b.append(((Expression.Key) steps.get(k)).name());
        }
        return b.toString();
    }
}
