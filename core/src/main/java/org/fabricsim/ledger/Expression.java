package org.fabricsim.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabricsim.InputException;

/**
 * How a ledger entry measures its value from runs' {@code summary.json} (docs/REPRODUCTION.md, "Measures"): a small
 * arithmetic over paths into the JSON, so that a derived value (a gain, a ratio, an order of magnitude, where a
 * curve peaks) is computed rather than typed in.
 *
 * <pre>
 *   expr    := or
 *   or      := and ('||' and)*          and := compare ('&amp;&amp;' compare)*
 *   compare := sum (('&lt;' | '&lt;=' | '&gt;' | '&gt;=' | '==' | '!=') sum)?
 *   sum     := product (('+' | '-') product)*      product := unary (('*' | '/') unary)*
 *   unary   := ('-' | '!') unary | primary
 *   primary := NUMBER | '(' expr ')' | NAME '(' expr (',' expr)* ')' | path
 *   path    := ('@' RUN ':')? step ('.' step | '[' INT ']' | '[' '*' ']' | '[' cond (',' cond)* ']')*
 *   cond    := relpath '=' (NUMBER | STRING | WORD)
 * </pre>
 *
 * A path starts in the entry's own run's summary ({@code @RUN:} names another run of the ledger). A step is a key;
 * where a key itself holds dots (a sweep point's {@code settings}), the longest key that matches is taken. A
 * selection ({@code [*]}, {@code [cond, ...]}) keeps every list element that matches, and the rest of the path
 * applies to each: the value is then a list, as it is for a path that ends at a list of numbers. Arithmetic and comparisons apply element by element to lists of one
 * length (or a list and a number); a comparison is 1 (true) or 0. Functions: {@code min max mean sum count first
 * last abs log10 sqrt}, {@code at(list, i)}, {@code argmax(xs, ys)} and {@code argmin(xs, ys)} (the x of the
 * largest/smallest y), {@code all any} (every/some element non-zero), {@code increasing decreasing} (strictly,
 * along the list).
 */
public final class Expression {
    static final Set<String> FUNCTIONS = Set.of("min", "max", "mean", "sum", "count", "first", "last", "abs",
            "log10", "sqrt", "at", "argmax", "argmin", "all", "any", "increasing", "decreasing");
    private final String text;
    private final Node root;

    private Expression(String text, Node root) {
        this.text = text;
        this.root = root;
    }

    /** Parses {@code text}; a mistake is an {@link InputException} saying where in the text. */
    public static Expression parse(String text) {
        ExpressionParser p = new ExpressionParser(text);
        Node n = p.or();
        p.skipSpace();
        if (p.at < text.length()) {
            throw p.error("unexpected '" + text.charAt(p.at) + "'");
        }
        return new Expression(text, n);
    }

    public String text() {
        return text;
    }

    /** The runs this expression reads ({@code null} stands for the entry's own). */
    public Set<String> runs() {
        Set<String> runs = new java.util.TreeSet<>();
        root.runs(runs);
        return runs;
    }

    /**
     * The value over the runs' summaries ({@code null} key: the entry's own run): a number, or a list of numbers.
     * A path that is not in the summary is an {@link InputException} naming it.
     */
    public Value evaluate(Map<String, JsonNode> summaries) {
        return root.eval(summaries);
    }

    @Override
    public String toString() {
        return text;
    }

    /** A number or a list of numbers. */
    public record Value(double number, List<Double> list) {
        static Value of(double d) {
            return new Value(d, null);
        }

        static Value of(List<Double> l) {
            return l.size() == 1 ? of(l.get(0)) : new Value(Double.NaN, List.copyOf(l));
        }

        public boolean isList() {
            return list != null;
        }

        /** The number; a list is a mistake here. */
        public double scalar(String what) {
            if (isList()) {
                throw new InputException(what + " is a list of " + list.size() + " values where one number is needed"
                        + " (select one element, or apply max, min, ...)");
            }
            return number;
        }

        List<Double> elements() {
            return isList() ? list : List.of(number);
        }

        @Override
        public String toString() {
            return isList() ? list.toString() : Double.toString(number);
        }
    }

    interface Node {
        Value eval(Map<String, JsonNode> summaries);

        default void runs(Set<String> into) {
        }
    }

    record Number(double value) implements Node {
        @Override
        public Value eval(Map<String, JsonNode> s) {
            return Value.of(value);
        }
    }

    record Binary(String op, Node left, Node right) implements Node {
        @Override
        public Value eval(Map<String, JsonNode> s) {
            Value a = left.eval(s);
            Value b = right.eval(s);
            if (!a.isList() && !b.isList()) {
                return Value.of(apply(op, a.number(), b.number()));
            }
            List<Double> x = a.elements();
            List<Double> y = b.elements();
            if (x.size() != y.size() && x.size() != 1 && y.size() != 1) {
                throw new InputException("'" + op + "' between lists of " + x.size() + " and " + y.size() + " values");
            }
            int n = Math.max(x.size(), y.size());
            List<Double> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(apply(op, x.get(x.size() == 1 ? 0 : i), y.get(y.size() == 1 ? 0 : i)));
            }
            return new Value(Double.NaN, out);
        }

        private static double apply(String op, double a, double b) {
            return switch (op) {
                case "+" -> a + b;
                case "-" -> a - b;
                case "*" -> a * b;
                case "/" -> a / b;
                case "<" -> a < b ? 1 : 0;
                case "<=" -> a <= b ? 1 : 0;
                case ">" -> a > b ? 1 : 0;
                case ">=" -> a >= b ? 1 : 0;
                case "==" -> a == b ? 1 : 0;
                case "!=" -> a != b ? 1 : 0;
                case "&&" -> a != 0 && b != 0 ? 1 : 0;
                case "||" -> a != 0 || b != 0 ? 1 : 0;
                default -> throw new IllegalStateException(op);
            };
        }

        @Override
        public void runs(Set<String> into) {
            left.runs(into);
            right.runs(into);
        }
    }

    record Unary(char op, Node operand) implements Node {
        @Override
        public Value eval(Map<String, JsonNode> s) {
            Value v = operand.eval(s);
            List<Double> out = new ArrayList<>();
            for (double d : v.elements()) {
                out.add(op == '-' ? -d : d == 0 ? 1.0 : 0.0);
            }
            return v.isList() ? new Value(Double.NaN, out) : Value.of(out.get(0));
        }

        @Override
        public void runs(Set<String> into) {
            operand.runs(into);
        }
    }

    record Call(String name, List<Node> args) implements Node {
        @Override
        public Value eval(Map<String, JsonNode> s) {
            List<Value> v = new ArrayList<>();
            for (Node a : args) {
                v.add(a.eval(s));
            }
            return Functions.apply(name, v);
        }

        @Override
        public void runs(Set<String> into) {
            args.forEach(a -> a.runs(into));
        }
    }

    record PathNode(String run, List<Step> steps, String text) implements Node {
        @Override
        public Value eval(Map<String, JsonNode> s) {
            JsonNode root = s.get(run);
            if (root == null) {
                throw new InputException("no summary of run " + (run == null ? "(the entry's own)" : "'" + run + "'"));
            }
            List<Double> out = new ArrayList<>();
            collect(root, 0, out);
            if (out.isEmpty()) {
                throw new InputException("'" + text + "' selects nothing in summary.json");
            }
            return Value.of(out); // one element selected is that number
        }

        private void collect(JsonNode node, int i, List<Double> out) {
            if (i == steps.size() && node.isArray()) {
                for (JsonNode e : node) { // a list of numbers, whole
                    collect(e, i, out);
                }
                return;
            }
            if (i == steps.size()) {
                if (!node.isNumber() && !node.isBoolean()) {
                    throw new InputException("'" + text + "' is " + (node.isNull() ? "null" : "not a number")
                            + " in summary.json");
                }
                out.add(node.isBoolean() ? (node.booleanValue() ? 1.0 : 0.0) : node.doubleValue());
                return;
            }
            Step step = steps.get(i);
            if (step instanceof Key k) {
                int taken = Paths.take(node, steps, i);
                if (taken < 0) {
                    throw new InputException("'" + text + "': no key '" + k.name() + "' in summary.json");
                }
                collect(Paths.follow(node, steps, i, taken), i + taken, out);
            } else if (step instanceof Index ix) {
                if (!node.isArray() || ix.index() >= node.size()) {
                    throw new InputException("'" + text + "': no element " + ix.index() + " in summary.json");
                }
                collect(node.get(ix.index()), i + 1, out);
            } else {
                Select sel = (Select) step;
                if (!node.isArray()) {
                    throw new InputException("'" + text + "': a selection applies to a list");
                }
                for (JsonNode e : node) {
                    if (sel.matches(e)) {
                        collect(e, i + 1, out);
                    }
                }
            }
        }

        @Override
        public void runs(Set<String> into) {
            into.add(run == null ? "" : run);
        }
    }

    sealed interface Step permits Key, Index, Select {
    }

    record Key(String name) implements Step {
    }

    record Index(int index) implements Step {
    }

    /** A selection of list elements: all of them (no condition), or those where every condition holds. */
    record Select(List<Condition> conditions) implements Step {
        boolean matches(JsonNode e) {
            for (Condition c : conditions) {
                if (!c.matches(e)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** {@code path = value}: the element's value at a relative path equals a number or a string. */
    record Condition(List<Step> path, String value) {
        boolean matches(JsonNode e) {
            JsonNode n = e;
            for (int i = 0; i < path.size(); ) {
                int taken = Paths.take(n, path, i);
                if (taken < 0) {
                    return false;
                }
                n = Paths.follow(n, path, i, taken);
                i += taken;
            }
            if (n.isNumber()) {
                try {
                    return n.doubleValue() == Double.parseDouble(value);
                } catch (NumberFormatException x) {
                    return false;
                }
            }
            return n.asText().equals(value);
        }
    }
}
