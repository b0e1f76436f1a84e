package org.fabricsim.topology;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Node names for an imported fabric (DECISIONS D166). A node is named by its node-name-map entry or else its
 * NodeDescription, made a word the topology file format can carry: blanks and the characters {@code # : =}
 * become {@code _} (a run of them one {@code _}). A node without a description is named by its ibnetdiscover id
 * ({@code S-0002c90300a1b2c0}). The hosts of an HCA with several cabled ports add {@code /<port>}.
 *
 * <p>Names are made unique in a fixed order, switches then hosts, each in the order of the file: the first node
 * with a name keeps it, and so does every node whose name is unique; later ones get {@code -2}, {@code -3}, ...
 * (skipping names taken). Exporting an imported fabric writes switches and HCAs in that same order, so reading
 * the export gives the same names.
 */
final class IbNames {
    private final List<String> wanted = new ArrayList<>();

    /** Adds a node's preferred name (in the fixed order) and returns its index. */
    int add(String preferred) {
        wanted.add(preferred);
        return wanted.size() - 1;
    }

    /** The unique names, by index of {@link #add}. */
    List<String> unique() {
        Set<String> taken = new HashSet<>(wanted);
        Set<String> given = new HashSet<>();
        List<String> names = new ArrayList<>(wanted.size());
        for (String w : wanted) {
            String name = w;
            if (!given.add(w)) {
                int k = 2;
                do {
                    name = w + "-" + k++;
                } while (taken.contains(name) || given.contains(name));
                given.add(name);
            }
            names.add(name);
        }
        return names;
    }

    /** A description (or map name) as a node name; {@code fallback} when nothing is left of it. */
    static String fromDescription(String description, String fallback) {
        String s = description.strip().replaceAll("[\\s#:=]+", "_");
        return s.isEmpty() ? fallback : s;
    }

    /** Whether a name reads back unchanged through {@link #fromDescription}. */
    static boolean survivesImport(String name) {
        return !name.isEmpty() && fromDescription(name, "").equals(name);
    }
}
