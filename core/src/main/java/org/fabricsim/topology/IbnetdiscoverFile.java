package org.fabricsim.topology;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.files.ReadFailure;
import org.fabricsim.files.TextFiles;

/**
 * The fabric a user actually has, as infiniband-diags' {@code ibnetdiscover} prints it (docs/TOPOLOGY_FORMAT.md,
 * "ibnetdiscover output"; DECISIONS D166). Switches become switches, with ibnetdiscover port p as our port p - 1;
 * every cabled HCA port becomes a host; a cable's bandwidth is its width times its speed's lane rate
 * ({@link IbLinkRate}); its latency, which the output does not give, is {@link #DEFAULT_LATENCY_PS} unless the
 * caller gives one. Names come from the node name map or the node descriptions ({@link IbNames}). The topology
 * keeps the fabric's GUIDs and LIDs ({@link Topology#ibSubnet()}).
 *
 * <p>Any malformed or inconsistent line is an {@link InputException} {@code file:line: what is wrong}; a bad file
 * never gives any other exception. {@link #write} writes any topology in the same format such that reading it
 * back gives the same nodes, names, cables, port numbers and bandwidths.
 */
public final class IbnetdiscoverFile {
    /** A topology spec starting with this is read as ibnetdiscover output whatever its content. */
    public static final String PREFIX = "ibnet:";
    /** The extension fabricsim writes ibnetdiscover output with. */
    public static final String EXTENSION = ".ibnd";
    /** Cable latency of an imported fabric: the generators' (a cable of a couple of metres). */
    public static final long DEFAULT_LATENCY_PS = Topologies.GENERATOR_LINK.latencyPs();

    /** Lines that start ibnetdiscover output and no topology file: the identity lines and node lines. */
    private static final List<String> STARTS = List.of("vendid=", "devid=", "sysimgguid=", "switchguid=",
            "caguid=", "rtguid=", "Non-Chassis Nodes", "Chassis ");
    /** How far into a file {@link #looksLikeIbnetdiscover} reads before it gives up. */
    private static final int SNIFF_LINES = 200;

    private IbnetdiscoverFile() {
    }

    /**
     * Reads ibnetdiscover output; the topology is named after the file (without directory and extension).
     *
     * @param names node name map, {@link NodeNameMap#none()} for the descriptions
     * @param latencyPs latency of every cable, or 0 for {@link #DEFAULT_LATENCY_PS}
     */
    public static Topology read(Path file, NodeNameMap names, long latencyPs) {
        String where = file.toString();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return reader(where, names, latencyPs).read(in);
        } catch (IOException e) {
            throw new InputException(where + ": cannot read ibnetdiscover output (" + ReadFailure.reason(e) + ")", e);
        }
    }

    /** Parses ibnetdiscover output; {@code fileName} names it in messages and, without extension, the topology. */
    public static Topology parse(String fileName, Reader in, NodeNameMap names, long latencyPs) {
        try {
            return reader(fileName, names, latencyPs).read(in instanceof BufferedReader br ? br : new BufferedReader(in));
        } catch (IOException e) {
            throw new InputException(fileName + ": cannot read ibnetdiscover output (" + ReadFailure.reason(e) + ")",
                    e);
        }
    }

    private static IbnetdiscoverReader reader(String fileName, NodeNameMap names, long latencyPs) {
        if (latencyPs < 0) {
            throw new IllegalArgumentException("latency " + latencyPs);
        }
        return new IbnetdiscoverReader(fileName, TopologyFile.defaultName(fileName), names,
                latencyPs == 0 ? DEFAULT_LATENCY_PS : latencyPs);
    }

    /**
     * Whether a file reads as ibnetdiscover output: its first line that is neither blank nor a comment is an
     * identity line ({@code vendid=}, {@code switchguid=}, ...), a {@code Switch}, {@code Ca} or {@code Rt} line
     * or a chassis line of {@code -g}. A topology file starts with a lower-case keyword instead. A file that
     * cannot be read is not recognised (the topology file reader then says why).
     */
    public static boolean looksLikeIbnetdiscover(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            for (int n = 0; n < SNIFF_LINES && (line = in.readLine()) != null; n++) {
                String s = line.strip();
                if (n == 0 && s.startsWith("\uFEFF")) {
                    s = s.substring(1).strip();
                }
                if (s.isEmpty() || s.startsWith("#")) {
                    continue;
                }
                return STARTS.stream().anyMatch(s::startsWith) || s.matches("(Switch|Ca|Rt)\\s.*");
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Writes a topology as ibnetdiscover output. Refused before anything is written when the format cannot
     * carry it: a cable bandwidth that is no InfiniBand width times speed, a switch with more than 254 ports,
     * more nodes than unicast LIDs, or (for a topology not imported) a node name with blanks, '#', ':' or '='.
     */
    public static void write(Topology t, Writer out) throws IOException {
        new IbnetdiscoverWriter(t).write(out);
    }

    /** Writes the file whole or not at all (a temporary sibling renamed at the end). */
    public static void write(Topology t, Path file) {
        IbnetdiscoverWriter writer = new IbnetdiscoverWriter(t);
        TextFiles.writeAtomically(file, "ibnetdiscover output", writer::write);
    }
}
