package org.fabricsim.partitioner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.fabricsim.InputException;
import org.fabricsim.files.TextFiles;
import org.fabricsim.topology.Topology;

/**
 * A partition as text, one line per node: {@code <node name> <part>}, after a header naming the topology
 * and the number of parts; {@code #} starts a comment. Written whole or not at all; read back against
 * the topology it was made for, every node exactly once.
 */
public final class PartitionFile {
    private PartitionFile() {
    }

    public static void write(Topology t, Partition p, Path file) {
        TextFiles.writeAtomically(file, "partition", out -> write(t, p, out));
    }

    static void write(Topology t, Partition p, Writer out) throws IOException {
        out.write("# fabricsim partition (node part)\n");
        out.write("topology " + t.name() + "\n");
        out.write("parts " + p.parts() + "\n");
        for (int node = 0; node < t.nodeCount(); node++) {
            out.write(t.nodeName(node) + " " + p.part(node) + "\n");
        }
    }

    public static Partition read(Path file, Topology t) {
        String where = file.toString();
        int parts = -1;
        int[] partOf = new int[t.nodeCount()];
        Arrays.fill(partOf, -1);
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                int hash = line.indexOf('#');
                String[] words = (hash >= 0 ? line.substring(0, hash) : line).trim().split("\\s+");
                if (words.length == 1 && words[0].isEmpty()) {
                    continue;
                }
                String at = where + ":" + number + ": ";
                if (words.length != 2) {
                    throw new InputException(at + "expected 'NODE PART', got '" + line.trim() + "'");
                }
                if (words[0].equals("topology")) {
                    if (!words[1].equals(t.name())) {
                        throw new InputException(at + "the partition is for topology " + words[1] + ", not " + t.name());
                    }
                    continue;
                }
                if (words[0].equals("parts")) {
                    parts = number(at, words[1]);
                    if (parts < 1) {
                        throw new InputException(at + "parts must be at least 1");
                    }
                    continue;
                }
                if (parts < 0) {
                    throw new InputException(at + "the 'parts N' line must come before the nodes");
                }
                int node = t.findNode(words[0]);
                if (node < 0) {
                    throw new InputException(at + "no node " + words[0] + " in " + t.name());
                }
                if (partOf[node] >= 0) {
                    throw new InputException(at + "node " + words[0] + " is listed twice");
                }
                int part = number(at, words[1]);
                if (part < 0 || part >= parts) {
                    throw new InputException(at + "part " + part + " is outside [0, " + parts + ")");
                }
                partOf[node] = part;
            }
        } catch (IOException e) {
            throw new InputException(where + ": cannot read: " + e.getMessage());
        }
        for (int node = 0; node < partOf.length; node++) {
            if (partOf[node] < 0) {
                throw new InputException(where + ": node " + t.nodeName(node) + " has no part");
            }
        }
        try {
            return new Partition(parts, partOf);
        } catch (IllegalArgumentException e) {
            throw new InputException(where + ": " + e.getMessage());
        }
    }

    private static int number(String at, String word) {
        try {
            return Integer.parseInt(word);
        } catch (NumberFormatException e) {
            throw new InputException(at + "'" + word + "' is not a whole number");
        }
    }
}
