package org.fabricsim.ledger;

import java.util.ArrayList;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.ledger.Expression.Value;

/** The functions of {@link Expression}: aggregates over a list, element-wise maths, and the x of an extreme. */
final class Functions {
    private Functions() {
    }

    static Value apply(String name, List<Value> args) {
        switch (name) {
            case "argmax", "argmin" -> {
                arity(name, args, 2);
                List<Double> xs = args.get(0).elements();
                List<Double> ys = args.get(1).elements();
                if (xs.size() != ys.size() || xs.isEmpty()) {
                    throw new InputException(name + "(xs, ys) needs two lists of one length (got " + xs.size() + " and "
                            + ys.size() + ")");
                }
                int best = 0;
                for (int i = 1; i < ys.size(); i++) {
                    if (name.equals("argmax") ? ys.get(i) > ys.get(best) : ys.get(i) < ys.get(best)) {
                        best = i;
                    }
                }
                return Value.of(xs.get(best));
            }
            case "at" -> {
                arity(name, args, 2);
                List<Double> xs = args.get(0).elements();
                int i = (int) args.get(1).scalar("at's index");
                if (i < 0 || i >= xs.size()) {
                    throw new InputException("at(list, " + i + "): the list has " + xs.size() + " values");
                }
                return Value.of(xs.get(i));
            }
            case "abs", "log10", "sqrt" -> {
                arity(name, args, 1);
                Value v = args.get(0);
                List<Double> out = new ArrayList<>();
                for (double d : v.elements()) {
                    out.add(name.equals("abs") ? Math.abs(d) : name.equals("log10") ? Math.log10(d) : Math.sqrt(d));
                }
                return v.isList() ? new Value(Double.NaN, out) : Value.of(out.get(0));
            }
            case "min", "max", "sum", "mean" -> { // of a list, or of several values: max(a, b)
                List<Double> all = new ArrayList<>();
                args.forEach(v -> all.addAll(v.elements()));
                return Value.of(aggregate(name, all));
            }
            default -> {
                arity(name, args, 1);
                return Value.of(aggregate(name, args.get(0).elements()));
            }
        }
    }

    private static double aggregate(String name, List<Double> xs) {
        switch (name) {
            case "count":
                return xs.size();
            case "first":
                return xs.get(0);
            case "last":
                return xs.get(xs.size() - 1);
            case "increasing":
            case "decreasing":
                for (int i = 1; i < xs.size(); i++) {
                    if (name.equals("increasing") ? xs.get(i) <= xs.get(i - 1) : xs.get(i) >= xs.get(i - 1)) {
                        return 0;
                    }
                }
                return 1;
            case "all":
                return xs.stream().allMatch(d -> d != 0) ? 1 : 0;
            case "any":
                return xs.stream().anyMatch(d -> d != 0) ? 1 : 0;
            default:
                break;
        }
        double acc = name.equals("min") ? Double.POSITIVE_INFINITY : name.equals("max") ? Double.NEGATIVE_INFINITY : 0;
        for (double d : xs) {
            acc = switch (name) {
                case "min" -> Math.min(acc, d);
                case "max" -> Math.max(acc, d);
                default -> acc + d; // sum, mean
            };
        }
        return name.equals("mean") ? acc / xs.size() : acc;
    }

    private static void arity(String name, List<Value> args, int n) {
        if (args.size() != n) {
            throw new InputException(name + " takes " + n + " argument" + (n == 1 ? "" : "s") + ", not " + args.size());
        }
    }
}
