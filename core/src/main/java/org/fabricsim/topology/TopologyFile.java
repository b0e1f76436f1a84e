package org.fabricsim.topology;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabricsim.InputException;
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

    private TopologyFile() {
    }

    /** Reads a topology file; its name (without extension) is the topology's name unless a topology line gives one. */
    public static Topology read(Path file) {
        String where = file.toString();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new TopologyFileReader(where,
                    defaultName(file.getFileName() == null ? where : file.getFileName().toString())).parse(in);
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
            return new TopologyFileReader(fileName, defaultName(fileName)).parse(reader);
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
        TopologyFileWriter.write(t, out);
    }

    /**
     * Writes a topology file: to a temporary file next to it, renamed at the end, so that a failed write
     * leaves no half-written file. An I/O problem is an {@link InputException} naming the file.
     */
    public static void write(Topology t, Path file) {
        TopologyFileWriter.checkWritable(t);
        TextFiles.writeAtomically(file, "topology file", out -> write(t, out));
    }
}
