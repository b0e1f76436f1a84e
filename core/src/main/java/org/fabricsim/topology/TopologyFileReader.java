package org.fabricsim.topology;

import static org.fabricsim.topology.TopologyFile.DEFAULT_BANDWIDTH_BPS;
import static org.fabricsim.topology.TopologyFile.DEFAULT_LATENCY_PS;
import static org.fabricsim.topology.TopologyFile.MAX_LEVEL;
import static org.fabricsim.topology.TopologyFile.MAX_PORT;
import static org.fabricsim.topology.TopologyFile.MAX_TOTAL_PORTS;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.Units;

/**
 * Reads one topology file ({@link TopologyFile}) line by line into a {@link TopologyBuilder}: the topology and
 * default lines, the host and switch declarations ({@link DeclaredNode}), the link lines with their ports,
 * bandwidths and latencies. The first mistake is an {@link InputException} {@code file:line: ...}
 * ({@code file: ...} for a whole-file problem). One instance per file.
 */
final class TopologyFileReader {
    private final String file;
    private String topologyName;
    private int topologyLine;
    private long bandwidth = DEFAULT_BANDWIDTH_BPS;
    private long latency = DEFAULT_LATENCY_PS;
    private int bandwidthLine;
    private int latencyLine;
    private int firstNodeLine;
    private int firstLinkLine;
    private TopologyBuilder builder;
    private final Map<String, DeclaredNode> nodes = new HashMap<>();
    private final List<DeclaredNode> byId = new ArrayList<>();
    private int line;

    TopologyFileReader(String file, String defaultName) {
        this.file = file;
        this.topologyName = defaultName;
    }

    Topology parse(BufferedReader in) throws IOException {
        String text;
        while ((text = in.readLine()) != null) {
            line++;
            if (line == 1 && text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            int hash = text.indexOf('#');
            if (hash >= 0) {
                text = text.substring(0, hash);
            }
            text = text.strip();
            if (text.isEmpty()) {
                continue;
            }
            String[] tokens = text.split("\\s+");
            try {
                statement(tokens);
            } catch (InputException e) {
                throw e.at(file + ":" + line);
            }
        }
        return finish();
    }

    private InputException error(String message) {
        return new InputException(message);
    }

    private void statement(String[] t) {
        switch (t[0]) {
            case "topology" -> topologyLine(t);
            case "default" -> defaultLine(t);
            case "host" -> hostLine(t);
            case "switch" -> switchLine(t);
            case "link" -> linkLine(t);
            default -> throw error("unknown keyword '" + t[0]
                    + "' (a line starts with topology, default, host, switch or link)");
        }
    }

    private void topologyLine(String[] t) {
        if (topologyLine > 0) {
            throw error("second topology line (the name was already given on line " + topologyLine + ")");
        }
        if (firstNodeLine > 0) {
            throw error("the topology line must come before the host and switch lines (first one on line "
                    + firstNodeLine + ")");
        }
        if (t.length != 2) {
            throw error("a topology line gives exactly one name, e.g. 'topology my-net' (got "
                    + (t.length - 1) + " words)");
        }
        topologyName = t[1];
        topologyLine = line;
    }

    private void defaultLine(String[] t) {
        if (t.length < 3) {
            throw error("a default line is 'default bandwidth <value>' or 'default latency <value>'");
        }
        if (firstLinkLine > 0) {
            throw error("default lines must come before the first link line (line " + firstLinkLine + ")");
        }
        String value = String.join(" ", java.util.Arrays.copyOfRange(t, 2, t.length));
        switch (t[1]) {
            case "bandwidth" -> {
                if (bandwidthLine > 0) {
                    throw error("second default bandwidth (first on line " + bandwidthLine + ")");
                }
                bandwidth = Units.bandwidth(value);
                if (bandwidth <= 0) {
                    throw error("default bandwidth must be positive (got " + value + ")");
                }
                bandwidthLine = line;
            }
            case "latency" -> {
                if (latencyLine > 0) {
                    throw error("second default latency (first on line " + latencyLine + ")");
                }
                latency = Units.time(value);
                if (latency <= 0) {
                    throw error("default latency must be positive (got " + value + ")");
                }
                latencyLine = line;
            }
            default -> throw error("unknown default '" + t[1] + "' (use 'default bandwidth' or 'default latency')");
        }
    }

    private TopologyBuilder builder() {
        if (builder == null) {
            builder = new TopologyBuilder(topologyName);
        }
        return builder;
    }

    private void hostLine(String[] t) {
        if (t.length < 2) {
            throw error("a host line names at least one host, e.g. 'host h1 h2'");
        }
        for (int i = 1; i < t.length; i++) {
            if (t[i].indexOf('=') >= 0) {
                throw error("host lines take no options ('" + t[i] + "'); a host is level 0 with one port, port 0");
            }
        }
        for (int i = 1; i < t.length; i++) {
            declare(t[i], true, 0, -1);
        }
    }

    private void switchLine(String[] t) {
        int level = 0; // 0: computed
        int ports = -1;
        List<String> names = new ArrayList<>();
        boolean levelGiven = false;
        for (int i = 1; i < t.length; i++) {
            String tok = t[i];
            int eq = tok.indexOf('=');
            if (eq < 0) {
                names.add(tok);
                continue;
            }
            String key = tok.substring(0, eq);
            String value = tok.substring(eq + 1);
            switch (key) {
                case "level" -> {
                    if (levelGiven) {
                        throw error("level given twice on one switch line");
                    }
                    level = (int) number("level", value, tok, 1, MAX_LEVEL);
                    levelGiven = true;
                }
                case "ports" -> {
                    if (ports >= 0) {
                        throw error("ports given twice on one switch line");
                    }
                    ports = (int) number("ports", value, tok, 1, MAX_PORT + 1);
                }
                default -> throw error("unknown switch option '" + tok + "' (use level=<n> or ports=<n>)");
            }
        }
        if (names.isEmpty()) {
            throw error("a switch line names at least one switch, e.g. 'switch sw1 sw2 level=1'");
        }
        for (String name : names) {
            declare(name, false, level, ports);
        }
    }

    /** A whole number in [min, max]; 'what' names it in messages, 'token' is the text it came from. */
    private long number(String what, String value, String token, long min, long max) {
        if (!value.matches("[+-]?[0-9]+")) {
            throw error("bad " + what + " '" + value + "' in '" + token + "': not a whole number");
        }
        long v;
        try {
            v = Long.parseLong(value);
        } catch (NumberFormatException e) {
            v = value.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        if (v < min) {
            throw error("bad " + what + " '" + value + "' in '" + token + "': "
                    + (what.equals("port") ? "ports are numbered from 0" : "must be at least " + min));
        }
        if (v > max) {
            throw error("bad " + what + " '" + value + "' in '" + token + "': at most " + max + " supported");
        }
        return v;
    }

    private void declare(String name, boolean host, int level, int ports) {
        if (name.indexOf(':') >= 0) {
            throw error("bad node name '" + name + "': names cannot contain ':' (it separates node and port)");
        }
        DeclaredNode previous = nodes.get(name);
        if (previous != null) {
            throw error("duplicate node: " + name + " is already declared as a " + (previous.host ? "host" : "switch")
                    + " on line " + previous.line);
        }
        if (firstNodeLine == 0) {
            firstNodeLine = line;
        }
        TopologyBuilder b = builder();
        int id = host ? b.addHost(name) : level > 0 ? b.addSwitch(name, level) : b.addSwitch(name);
        if (ports > 0) {
            b.reservePorts(id, ports);
        }
        DeclaredNode node = new DeclaredNode(id, host, name, line, ports);
        nodes.put(name, node);
        byId.add(node);
    }

    private void linkLine(String[] t) {
        if (firstLinkLine == 0) {
            firstLinkLine = line;
        }
        if (t.length < 2) {
            throw error("dangling link: no endpoints (a link line is 'link <node>[:<port>] <node>[:<port>]"
                    + " [bandwidth] [latency]')");
        }
        if (t.length < 3 || (!nodes.containsKey(nodeOf(t[2])) && startsLikeNumber(t[2]))) {
            throw error("dangling link: only one endpoint (" + t[1] + "); a link connects two");
        }
        DeclaredNode a = endpointNode(t[1]);
        int portA = endpointPort(t[1], a);
        DeclaredNode b = endpointNode(t[2]);
        int portB = endpointPort(t[2], b);
        long bw = -1;
        long lat = -1;
        for (int i = 3; i < t.length; i++) {
            long[] q = quantity(t[i]);
            if (q[0] == 0) {
                if (bw >= 0) {
                    throw error("two bandwidths on one link ('" + t[i] + "')");
                }
                bw = q[1];
            } else {
                if (lat >= 0) {
                    throw error("two latencies on one link ('" + t[i] + "')");
                }
                lat = q[1];
            }
        }
        if (a == b) {
            throw error("link " + t[1] + " -- " + t[2] + " connects " + a.name + " to itself");
        }
        // a clash of an explicit port is reported before a switch can run out of automatic ports
        if (portA >= 0) {
            a.checkFree(portA);
        }
        if (portB >= 0) {
            b.checkFree(portB);
        }
        if (portA < 0) {
            portA = a.autoPort();
        }
        if (portB < 0) {
            portB = b.autoPort();
        }
        builder().connect(a.id, portA, b.id, portB, bw >= 0 ? bw : bandwidth, lat >= 0 ? lat : latency);
        a.use(portA, line, b, portB);
        b.use(portB, line, a, portA);
    }

    private static String nodeOf(String endpoint) {
        int colon = endpoint.indexOf(':');
        return colon < 0 ? endpoint : endpoint.substring(0, colon);
    }

    private static boolean startsLikeNumber(String tok) {
        char c = tok.charAt(0);
        return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+';
    }

    private DeclaredNode endpointNode(String endpoint) {
        int colon = endpoint.indexOf(':');
        String name = colon < 0 ? endpoint : endpoint.substring(0, colon);
        if (name.isEmpty()) {
            throw error("dangling link: endpoint '" + endpoint + "' has no node name before ':'");
        }
        if (colon >= 0 && colon == endpoint.length() - 1) {
            throw error("dangling link: endpoint '" + endpoint + "' has no port number after ':'");
        }
        DeclaredNode node = nodes.get(name);
        if (node == null) {
            throw error("unknown node '" + name + "': not declared by a host or switch line before this link");
        }
        return node;
    }

    /** The explicit port of an endpoint, 0 for a host without one, or -1 for "choose automatically". */
    private int endpointPort(String endpoint, DeclaredNode node) {
        int colon = endpoint.indexOf(':');
        if (colon < 0) {
            return node.host ? 0 : -1;
        }
        int port = (int) number("port", endpoint.substring(colon + 1), endpoint, 0, MAX_PORT);
        if (node.host && port != 0) {
            throw error("host port must be 0 ('" + endpoint + "'): a host has one port, port 0");
        }
        if (node.declaredPorts >= 0 && port >= node.declaredPorts) {
            throw error("port " + port + " of " + node.name + " does not exist: it is declared with ports="
                    + node.declaredPorts + " on line " + node.line + " (ports 0.." + (node.declaredPorts - 1) + ")");
        }
        return port;
    }

    /** {0, bps} for a bandwidth, {1, ps} for a latency. */
    private long[] quantity(String tok) {
        InputException asBandwidth;
        try {
            return new long[] {0, Units.bandwidth(tok)};
        } catch (InputException e) {
            asBandwidth = e;
        }
        InputException asTime;
        try {
            return new long[] {1, Units.time(tok)};
        } catch (InputException e) {
            asTime = e;
        }
        if (tok.indexOf(':') >= 0 || nodes.containsKey(tok)) {
            throw error("a link has exactly two endpoints; '" + tok + "' would be a third");
        }
        int i = 0;
        while (i < tok.length() && "0123456789.+-".indexOf(tok.charAt(i)) >= 0) {
            i++;
        }
        String unit = tok.substring(i);
        if (i == 0) {
            throw error("'" + tok + "' is neither a bandwidth nor a latency (expected e.g. 40Gbps or 100ns)");
        }
        if (unit.isEmpty()) {
            throw error("bad bandwidth or latency '" + tok + "': a unit is required (e.g. 40Gbps or 100ns)");
        }
        // report the error of the kind the unit resembles: bit rates mention b (bps, b/s), times do not
        throw unit.toLowerCase(java.util.Locale.ROOT).contains("b") ? asBandwidth : asTime;
    }

    private Topology finish() {
        for (DeclaredNode n : byId) {
            if (n.host && n.links() == 0) {
                throw error("host " + n.name + " has no link").at(file + ":" + n.line);
            }
        }
        long totalPorts = 0;
        for (DeclaredNode n : byId) {
            totalPorts += n.portCount();
        }
        if (totalPorts > MAX_TOTAL_PORTS) {
            throw error("the topology has " + totalPorts + " ports; at most " + MAX_TOTAL_PORTS
                    + " are supported").at(file);
        }
        try {
            return builder().build();
        } catch (InputException e) {
            throw e.at(file);
        }
    }
}
