package org.fabricsim.routing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.fabricsim.InputException;
import org.fabricsim.files.TextFiles;
import org.fabricsim.topology.Topology;

/**
 * A plain-text format for forwarding tables (docs/ROUTING.md):
 *
 * <pre>
 * # fabricsim forwarding tables
 * hosts 648 switches 54 routing dmodk topology tree648
 * s1-0 0 1 2 ... 17 18 19 ...      one line per switch: its output port towards host 0, 1, 2, ...
 * </pre>
 *
 * The topology's name ends the header line and may contain spaces; it is informative only (tables are
 * checked against the structure, not the name). Reading checks the header's host and switch counts, every
 * switch once, one port per host, ports that exist and are connected, and finally that every route
 * arrives without a loop; each mistake is one line naming {@code file:line}.
 */
public final class LftFile {
    private static final String MAGIC = "# fabricsim forwarding tables";

    private LftFile() {
    }

    public static void write(ForwardingTables lft, Writer out) throws IOException {
        Topology t = lft.topology();
        out.write(MAGIC + "\n");
        out.write("hosts " + t.hostCount() + " switches " + t.switchCount() + " routing " + lft.algorithm()
                + " topology " + t.name() + "\n");
        StringBuilder line = new StringBuilder();
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            line.setLength(0);
            line.append(t.nodeName(v));
            for (int d = 0; d < t.hostCount(); d++) {
                line.append(' ').append(lft.port(v, d));
            }
            line.append('\n');
            out.write(line.toString());
        }
    }

    /** Writes the tables to a file, whole or not at all. */
    public static void write(ForwardingTables lft, Path file) {
        TextFiles.writeAtomically(file, "forwarding tables", out -> write(lft, out));
    }

    public static ForwardingTables read(Path file, Topology t) {
        return read(file, t, true);
    }

    /**
     * {@code strict = false} for {@code fabricsim topology --check}: a switch without a line keeps no entries and
     * routes are not followed, so that the check can report what is missing or loops instead of stopping.
     */
    static ForwardingTables read(Path file, Topology t, boolean strict) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(file.toString(), r, t, strict);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read forwarding tables (" + e.getMessage() + ")");
        }
    }

    public static ForwardingTables parse(String fileName, Reader in, Topology t) throws IOException {
        return parse(fileName, in, t, true);
    }

    private static ForwardingTables parse(String fileName, Reader in, Topology t, boolean strict) throws IOException {
        BufferedReader r = new BufferedReader(in);
        int hosts = t.hostCount();
        short[] table = ForwardingTables.emptyTable(t);
        boolean[] seen = new boolean[t.switchCount()];
        String algorithm = "file";
        boolean header = false;
        int lineNo = 0;
        String line;
        while ((line = r.readLine()) != null) {
            lineNo++;
            String where = fileName + ":" + lineNo;
            int hash = line.indexOf('#');
            String text = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (text.isEmpty()) {
                continue;
            }
            if (!header) {
                algorithm = parseHeader(text, t, where);
                header = true;
                continue;
            }
            String[] f = text.split("\\s+");
            int v = t.findNode(f[0]);
            if (v < 0 || t.isHost(v)) {
                throw new InputException(where + ": '" + f[0] + "' is not a switch of topology " + t.name());
            }
            if (seen[t.switchIndex(v)]) {
                throw new InputException(where + ": switch " + f[0] + " appears twice");
            }
            seen[t.switchIndex(v)] = true;
            if (f.length - 1 != hosts) {
                throw new InputException(where + ": switch " + f[0] + " has " + (f.length - 1)
                        + " entries; expected one port per host (" + hosts + ")");
            }
            for (int d = 0; d < hosts; d++) {
                int port = parsePort(f[d + 1], where);
                if (port >= t.ports(v) || !t.isConnected(t.port(v, port))) {
                    throw new InputException(where + ": switch " + f[0] + " port " + port + " towards "
                            + t.nodeName(d) + " is not a connected port");
                }
                table[t.switchIndex(v) * hosts + d] = (short) port;
            }
        }
        if (!header) {
            throw new InputException(fileName + ": empty forwarding-table file (no header line)");
        }
        for (int s = 0; s < seen.length; s++) {
            if (!seen[s] && strict) {
                throw new InputException(fileName + ": no table for switch " + t.nodeName(s + hosts));
            }
        }
        ForwardingTables lft = new ForwardingTables(t, algorithm, table, "file:" + fileName);
        if (!strict) {
            return lft;
        }
        try {
            lft.validate();
        } catch (InputException e) {
            throw e.at(fileName);
        }
        return lft;
    }

    private static String parseHeader(String text, Topology t, String where) {
        String[] f = text.split("\\s+", 8);
        if (f.length < 7 || !f[0].equals("hosts") || !f[2].equals("switches") || !f[4].equals("routing")
                || !f[6].equals("topology")) {
            throw new InputException(where + ": expected the header 'hosts <n> switches <n> routing <name> topology"
                    + " <name>'");
        }
        if (!f[1].equals(Integer.toString(t.hostCount())) || !f[3].equals(Integer.toString(t.switchCount()))) {
            throw new InputException(where + ": tables are for " + f[1] + " hosts and " + f[3]
                    + " switches but topology " + t.name() + " has " + t.hostCount() + " and " + t.switchCount());
        }
        return f[5];
    }

    private static int parsePort(String s, String where) {
        try {
            int p = Integer.parseInt(s);
            if (p < 0) {
                throw new NumberFormatException();
            }
            return p;
        } catch (NumberFormatException e) {
            throw new InputException(where + ": bad port number '" + s + "'");
        }
    }

    /** Whether two tables route identically (same topology size, same entries). */
    public static boolean sameEntries(ForwardingTables a, ForwardingTables b) {
        Topology t = a.topology();
        if (t.nodeCount() != b.topology().nodeCount() || t.hostCount() != b.topology().hostCount()) {
            return false;
        }
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            if (!Arrays.equals(a.row(v), b.row(v))) {
                return false;
            }
        }
        return true;
    }
}
