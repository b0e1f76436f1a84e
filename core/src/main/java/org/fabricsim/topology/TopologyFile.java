package org.fabricsim.topology;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.config.Units;
import org.fabricsim.files.ReadFailure;
import org.fabricsim.files.TextFiles;

/**
 * The plain-text topology file format, one line per cable (docs/TOPOLOGY_FORMAT.md):
 *
 * <pre>
 * topology my-net                 # optional, once, before the nodes
 * default bandwidth 40Gbps        # optional, before the first link
 * default latency 100ns           # optional, before the first link
 * host h1 h2                      # host order over all host lines = host index order
 * switch sw1 sw2                  # level = 1 + hop distance to the nearest host
 * switch spine1 level=2 ports=36  # explicit level, explicit port count
 * link h1 sw1:0                   # host port is always 0 and may be omitted
 * link sw1:4 spine1 20Gbps 50ns   # omitted switch port = lowest port of that switch unused so far
 * </pre>
 *
 * <p>Every mistake in a file is an {@link InputException} whose one-line message starts with
 * {@code <file>:<line>: } (or {@code <file>: } for whole-file problems such as a disconnected graph);
 * a bad file never produces any other exception. {@link #write(Topology, Writer)} writes any topology
 * so that {@link #parse(String, Reader)} gives it back with the same names, node order, levels, port
 * numbers, peers, bandwidths and latencies (the generator structure, {@link Topology#fatTree()}, is not
 * part of the format).
 */
public final class TopologyFile {
    /** Bandwidth of a link line without one, unless a {@code default bandwidth} line says otherwise. */
    public static final long DEFAULT_BANDWIDTH_BPS = 40_000_000_000L;
    /** Latency of a link line without one, unless a {@code default latency} line says otherwise. */
    public static final long DEFAULT_LATENCY_PS = 100_000L;
    /** Highest port number a file may use (far above any real switch radix; bounds memory). */
    public static final int MAX_PORT = 65_535;
    /** Highest explicit switch level. */
    public static final int MAX_LEVEL = 65_535;
    /** Upper bound on the ports of the whole topology, so that a file cannot ask for more than the heap. */
    static final long MAX_TOTAL_PORTS = 1L << 26;
    /** Names per host or switch line when writing. */
    private static final int NAMES_PER_LINE = 16;

    private TopologyFile() {
    }

    /** Reads a topology file; its name (without extension) is the topology's name unless a topology line gives one. */
    public static Topology read(Path file) {
        String where = file.toString();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new Parser(where, defaultName(file.getFileName() == null ? where : file.getFileName().toString()))
                    .parse(in);
        } catch (IOException e) {
            throw cannotRead(where, e);
        }
    }

    /**
     * Parses topology text; {@code fileName} is used in error messages and, without its directory and
     * extension, as the default topology name.
     */
    public static Topology parse(String fileName, Reader in) {
        BufferedReader reader = in instanceof BufferedReader br ? br : new BufferedReader(in);
        try {
            return new Parser(fileName, defaultName(fileName)).parse(reader);
        } catch (IOException e) {
            throw cannotRead(fileName, e);
        }
    }

    private static InputException cannotRead(String where, IOException e) {
        return new InputException(where + ": cannot read topology file (" + ReadFailure.reason(e) + ")", e);
    }

    /** The file name without directories and without its last extension. */
    static String defaultName(String fileName) {
        String base = fileName;
        int slash = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
        base = base.substring(slash + 1);
        int dot = base.lastIndexOf('.');
        if (dot > 0) {
            base = base.substring(0, dot);
        }
        return base.isEmpty() || base.chars().anyMatch(Character::isWhitespace) ? "topology" : base;
    }

    /** Whether a node name can be written in this format. */
    static boolean isWritableNodeName(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isWhitespace(c) || c == '#' || c == ':' || c == '=') {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------------------------------------------
    // parsing

    private static final class Node {
        final int id; // builder id
        final boolean host;
        final String name;
        final int line;
        final int declaredPorts; // -1: as many as used
        final BitSet used = new BitSet();
        final Map<Integer, int[]> uses = new HashMap<>(); // port -> {line, other node id, other port}
        int links;

        Node(int id, boolean host, String name, int line, int declaredPorts) {
            this.id = id;
            this.host = host;
            this.name = name;
            this.line = line;
            this.declaredPorts = declaredPorts;
        }
    }

    private static final class Parser {
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
        private final Map<String, Node> nodes = new HashMap<>();
        private final List<Node> byId = new ArrayList<>();
        private int line;

        Parser(String file, String defaultName) {
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
            Node previous = nodes.get(name);
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
            Node node = new Node(id, host, name, line, ports);
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
            Node a = endpointNode(t[1]);
            int portA = endpointPort(t[1], a);
            Node b = endpointNode(t[2]);
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
                checkFree(a, portA);
            }
            if (portB >= 0) {
                checkFree(b, portB);
            }
            if (portA < 0) {
                portA = autoPort(a);
            }
            if (portB < 0) {
                portB = autoPort(b);
            }
            builder().connect(a.id, portA, b.id, portB, bw >= 0 ? bw : bandwidth, lat >= 0 ? lat : latency);
            use(a, portA, b, portB);
            use(b, portB, a, portA);
        }

        private static String nodeOf(String endpoint) {
            int colon = endpoint.indexOf(':');
            return colon < 0 ? endpoint : endpoint.substring(0, colon);
        }

        private static boolean startsLikeNumber(String tok) {
            char c = tok.charAt(0);
            return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+';
        }

        private Node endpointNode(String endpoint) {
            int colon = endpoint.indexOf(':');
            String name = colon < 0 ? endpoint : endpoint.substring(0, colon);
            if (name.isEmpty()) {
                throw error("dangling link: endpoint '" + endpoint + "' has no node name before ':'");
            }
            if (colon >= 0 && colon == endpoint.length() - 1) {
                throw error("dangling link: endpoint '" + endpoint + "' has no port number after ':'");
            }
            Node node = nodes.get(name);
            if (node == null) {
                throw error("unknown node '" + name + "': not declared by a host or switch line before this link");
            }
            return node;
        }

        /** The explicit port of an endpoint, 0 for a host without one, or -1 for "choose automatically". */
        private int endpointPort(String endpoint, Node node) {
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

        private void checkFree(Node node, int port) {
            int[] use = node.uses.get(port);
            if (use == null) {
                return;
            }
            Node other = byId.get(use[1]);
            if (node.host) {
                throw error("host " + node.name + " has several links: line " + use[0] + " already links it to "
                        + other.name + " port " + use[2] + " (a host has one port)");
            }
            throw error("port " + port + " of " + node.name + " is used twice: line " + use[0] + " already links it to "
                    + other.name + " port " + use[2]);
        }

        private int autoPort(Node node) {
            int port = node.used.nextClearBit(0);
            int limit = node.declaredPorts >= 0 ? node.declaredPorts : MAX_PORT + 1;
            if (port >= limit) {
                throw error("switch " + node.name + " has no free port left for an automatic port (ports " + "0.."
                        + (limit - 1) + " are used)");
            }
            return port;
        }

        private void use(Node node, int port, Node other, int otherPort) {
            node.used.set(port);
            node.uses.put(port, new int[] {line, other.id, otherPort});
            node.links++;
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
            for (Node n : byId) {
                if (n.host && n.links == 0) {
                    throw error("host " + n.name + " has no link").at(file + ":" + n.line);
                }
            }
            long totalPorts = 0;
            for (Node n : byId) {
                totalPorts += Math.max(n.used.length(), Math.max(n.declaredPorts, 0));
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

    // ------------------------------------------------------------------------------------------------------
    // writing

    /**
     * Writes a topology in this format: a {@code topology} line, {@code default} lines with the most common
     * bandwidth and latency, host lines in host order, switch lines in node order with {@code level=} (and
     * {@code ports=} where a switch has unconnected ports above its highest connected one), then one link
     * line per cable with both ports, the bandwidth and the latency explicit, so that every link line means
     * the same wherever it is copied to (the defaults only serve lines added by hand). The output parses
     * back to an identical topology. Names that the format cannot carry
     * (containing whitespace, '#', ':' or '=') are an {@link InputException}; nothing is written then.
     */
    public static void write(Topology t, Writer out) throws IOException {
        checkWritable(t);
        long defaultBandwidth = mostCommon(t, true);
        long defaultLatency = mostCommon(t, false);
        BufferedWriter w = out instanceof BufferedWriter bw ? bw : new BufferedWriter(out, 1 << 16);
        w.write("# fabricsim topology file (format: docs/TOPOLOGY_FORMAT.md)\n");
        w.write("# " + t.hostCount() + " hosts, " + t.switchCount() + " switches, " + t.cableCount() + " cables");
        if (t.fatTree().isPresent()) {
            w.write("; generated as " + t.fatTree().get().expression());
        }
        w.write("\n");
        w.write("topology " + t.name() + "\n");
        w.write("default bandwidth " + Units.formatBandwidth(defaultBandwidth) + "\n");
        w.write("default latency " + Units.formatTime(defaultLatency) + "\n");
        w.write("\n");

        for (int v = 0; v < t.hostCount(); v += NAMES_PER_LINE) {
            w.write("host");
            for (int u = v; u < Math.min(t.hostCount(), v + NAMES_PER_LINE); u++) {
                w.write(' ');
                w.write(t.nodeName(u));
            }
            w.write('\n');
        }
        int v = t.hostCount();
        while (v < t.nodeCount()) {
            int level = t.level(v);
            int ports = explicitPorts(t, v);
            int end = v + 1;
            while (end < t.nodeCount() && end - v < NAMES_PER_LINE && t.level(end) == level
                    && explicitPorts(t, end) == ports) {
                end++;
            }
            w.write("switch");
            for (int u = v; u < end; u++) {
                w.write(' ');
                w.write(t.nodeName(u));
            }
            w.write(" level=" + level);
            if (ports >= 0) {
                w.write(" ports=" + ports);
            }
            w.write('\n');
            v = end;
        }
        w.write('\n');

        StringBuilder sb = new StringBuilder(96);
        for (int node = 0; node < t.nodeCount(); node++) {
            for (int lp = 0; lp < t.ports(node); lp++) {
                int g = t.port(node, lp);
                int peer = t.peerPort(g);
                if (peer <= g) {
                    continue; // unconnected, or written from the other end
                }
                sb.setLength(0);
                sb.append("link ").append(t.nodeName(node)).append(':').append(lp).append(' ')
                        .append(t.nodeName(t.owner(peer))).append(':').append(t.localPort(peer));
                sb.append(' ').append(Units.formatBandwidth(t.bandwidthBps(g))).append(' ')
                        .append(Units.formatTime(t.latencyPs(g))).append('\n');
                w.append(sb);
            }
        }
        w.flush();
    }

    /**
     * Writes a topology file: to a temporary file next to it, renamed at the end, so that a failed write
     * leaves no half-written file. An I/O problem is an {@link InputException} naming the file.
     */
    public static void write(Topology t, Path file) {
        checkWritable(t);
        TextFiles.writeAtomically(file, "topology file", out -> write(t, out));
    }

    /** The ports= value a switch line needs (its port count), or -1 when the port count follows from the links. */
    private static int explicitPorts(Topology t, int v) {
        int ports = t.ports(v);
        return ports > 0 && t.isConnected(t.port(v, ports - 1)) ? -1 : ports;
    }

    private static void checkWritable(Topology t) {
        String cannot = "topology " + t.name() + " cannot be written as a topology file: ";
        if (t.name().isEmpty() || t.name().chars().anyMatch(c -> Character.isWhitespace(c) || c == '#')) {
            throw new InputException(cannot + "its name '" + t.name() + "' is empty or contains whitespace or '#'");
        }
        for (int v = 0; v < t.nodeCount(); v++) {
            if (!isWritableNodeName(t.nodeName(v))) {
                throw new InputException(cannot + "node name '" + t.nodeName(v)
                        + "' contains whitespace, '#', ':' or '='");
            }
            if (t.isHost(v) && t.ports(v) != 1) {
                throw new InputException(cannot + "host " + t.nodeName(v) + " has " + t.ports(v)
                        + " ports (the format gives every host exactly one, port 0)");
            }
            if (t.isSwitch(v) && (t.ports(v) > MAX_PORT + 1 || t.level(v) > MAX_LEVEL || t.level(v) < 1)) {
                throw new InputException(cannot + "switch " + t.nodeName(v) + " has " + t.ports(v)
                        + " ports and level " + t.level(v) + " (supported: at most " + (MAX_PORT + 1)
                        + " ports, levels 1.." + MAX_LEVEL + ")");
            }
        }
    }

    /** The most common cable bandwidth (or latency); ties go to the smaller value. */
    private static long mostCommon(Topology t, boolean bandwidth) {
        Map<Long, Integer> count = new HashMap<>();
        for (int g = 0; g < t.portCount(); g++) {
            if (t.peerPort(g) > g) {
                count.merge(bandwidth ? t.bandwidthBps(g) : t.latencyPs(g), 1, Integer::sum);
            }
        }
        long best = bandwidth ? DEFAULT_BANDWIDTH_BPS : DEFAULT_LATENCY_PS;
        int bestCount = 0;
        for (Map.Entry<Long, Integer> e : count.entrySet()) {
            if (e.getValue() > bestCount || (e.getValue() == bestCount && e.getKey() < best)) {
                best = e.getKey();
                bestCount = e.getValue();
            }
        }
        return best;
    }
}
