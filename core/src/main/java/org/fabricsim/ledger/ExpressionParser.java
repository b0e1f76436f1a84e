package org.fabricsim.ledger;

import java.util.ArrayList;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.ledger.Expression.Node;

/** A recursive-descent parser of {@link Expression}'s grammar; a mistake names the place in the text. */
final class ExpressionParser {
    private final String text;
    int at;

    ExpressionParser(String text) {
        this.text = text;
    }

    InputException error(String what) {
        return new InputException("measure '" + text + "', at " + (at + 1) + ": " + what);
    }

    void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean eat(String token) {
        skipSpace();
        if (text.startsWith(token, at)) {
            at += token.length();
            return true;
        }
        return false;
    }

    private void expect(String token) {
        if (!eat(token)) {
            throw error("'" + token + "' expected");
        }
    }

    Node or() {
        Node n = and();
        while (eat("||")) {
            n = new Expression.Binary("||", n, and());
        }
        return n;
    }

    private Node and() {
        Node n = compare();
        while (eat("&&")) {
            n = new Expression.Binary("&&", n, compare());
        }
        return n;
    }

    private Node compare() {
        Node n = sum();
        for (String op : List.of("<=", ">=", "==", "!=", "<", ">")) {
            if (eat(op)) {
                return new Expression.Binary(op, n, sum());
            }
        }
        return n;
    }

    private Node sum() {
        Node n = product();
        while (true) {
            if (eat("+")) {
                n = new Expression.Binary("+", n, product());
            } else if (eat("-")) {
                n = new Expression.Binary("-", n, product());
            } else {
                return n;
            }
        }
    }

    private Node product() {
        Node n = unary();
        while (true) {
            if (eat("*")) {
                n = new Expression.Binary("*", n, unary());
            } else if (eat("/")) {
                n = new Expression.Binary("/", n, unary());
            } else {
                return n;
            }
        }
    }

    private Node unary() {
        if (eat("-")) {
            return new Expression.Unary('-', unary());
        }
        skipSpace();
        if (at < text.length() && text.charAt(at) == '!' && !text.startsWith("!=", at)) {
            at++;
            return new Expression.Unary('!', unary());
        }
        return primary();
    }

    private Node primary() {
        skipSpace();
        if (at >= text.length()) {
            throw error("a value expected");
        }
        char c = text.charAt(at);
        if (eat("(")) {
            Node n = or();
            expect(")");
            return n;
        }
        if (Character.isDigit(c) || c == '.') {
            return new Expression.Number(number());
        }
        int start = at;
        String run = null;
        if (eat("@")) {
            run = word();
            expect(":");
        }
        String name = word();
        if (run == null && Expression.FUNCTIONS.contains(name) && eat("(")) {
            List<Node> args = new ArrayList<>();
            args.add(or());
            while (eat(",")) {
                args.add(or());
            }
            expect(")");
            return new Expression.Call(name, args);
        }
        List<Expression.Step> steps = new ArrayList<>();
        steps.add(new Expression.Key(name));
        steps.addAll(steps(true));
        return new Expression.PathNode(run, steps, text.substring(start, at).trim());
    }

    /** The steps after a path's first key; {@code selections}: whether [...] may select (not inside a condition). */
    private List<Expression.Step> steps(boolean selections) {
        List<Expression.Step> steps = new ArrayList<>();
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '.') {
                at++;
                steps.add(new Expression.Key(word()));
            } else if (c == '[' && selections) {
                at++;
                steps.add(bracket());
            } else {
                break;
            }
        }
        return steps;
    }

    private Expression.Step bracket() {
        skipSpace();
        if (at < text.length() && Character.isDigit(text.charAt(at))) {
            int i = (int) number();
            expect("]");
            return new Expression.Index(i);
        }
        List<Expression.Condition> conditions = new ArrayList<>();
        if (eat("*")) {
            expect("]");
            return new Expression.Select(conditions);
        }
        do {
            skipSpace();
            List<Expression.Step> path = new ArrayList<>();
            path.add(new Expression.Key(word()));
            path.addAll(steps(false));
            expect("=");
            conditions.add(new Expression.Condition(path, literal()));
        } while (eat(","));
        expect("]");
        return new Expression.Select(conditions);
    }

    private String literal() {
        skipSpace();
        if (eat("\"")) {
            int end = text.indexOf('"', at);
            if (end < 0) {
                throw error("unterminated string");
            }
            String s = text.substring(at, end);
            at = end + 1;
            return s;
        }
        int start = at;
        while (at < text.length() && ",]".indexOf(text.charAt(at)) < 0) {
            at++;
        }
        String s = text.substring(start, at).trim();
        if (s.isEmpty()) {
            throw error("a value expected after '='");
        }
        return s;
    }

    private String word() {
        skipSpace();
        int start = at;
        while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || "_-".indexOf(text.charAt(at)) >= 0)) {
            at++;
        }
        if (start == at) {
            throw error("a name expected");
        }
        return text.substring(start, at);
    }

    private double number() {
        int start = at;
        while (at < text.length() && (Character.isDigit(text.charAt(at)) || text.charAt(at) == '.')) {
            at++;
        }
        if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            at++;
            if (at < text.length() && (text.charAt(at) == '-' || text.charAt(at) == '+')) {
                at++;
            }
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
        }
        try {
            return Double.parseDouble(text.substring(start, at));
        } catch (NumberFormatException e) {
            throw error("not a number: '" + text.substring(start, at) + "'");
        }
    }
}
