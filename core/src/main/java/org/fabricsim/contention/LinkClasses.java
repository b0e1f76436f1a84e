package org.fabricsim.contention;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.fabricsim.topology.Topology;

/**
 * Directed links grouped by the levels of their two ends (hosts are level 0, leaf switches 1): class
 * {@code up-0-1} holds the hosts' injection links, {@code down-1-0} their ejection links, {@code up-1-2}
 * and {@code down-2-1} the links between leaves and the next level, {@code horizontal-2} the links
 * between switches of one level (modified trees, irregular topologies). In a 3-level tree the link sets of
 * seed 003 Fig 6.2 are {@code U_{2,1}} = up-1-2, {@code U_{1,0}} = up-2-3, {@code D_{0,1}} = down-3-2 and
 * {@code D_{1,2}} = down-2-1 (Petrini levels count from the root).
 */
public final class LinkClasses {
    private final int[] classOf;
    private final String[] names;
    private final int[] links;
    private final boolean[] down;

    public LinkClasses(Topology t) {
        record Key(int from, int to) {
        }
        List<Key> keys = new ArrayList<>();
        for (int p = 0; p < t.portCount(); p++) {
            if (t.isConnected(p)) {
                Key k = new Key(t.level(t.owner(p)), t.level(t.peerNode(p)));
                if (!keys.contains(k)) {
                    keys.add(k);
                }
            }
        }
        keys.sort(Comparator.<Key>comparingInt(k -> Math.min(k.from, k.to)).thenComparingInt(k -> Math.max(k.from,
                k.to)).thenComparingInt(k -> k.from < k.to ? 0 : k.from > k.to ? 1 : 2));
        names = new String[keys.size()];
        down = new boolean[keys.size()];
        for (int c = 0; c < keys.size(); c++) {
            Key k = keys.get(c);
            names[c] = k.from < k.to ? "up-" + k.from + "-" + k.to
                    : k.from > k.to ? "down-" + k.from + "-" + k.to : "horizontal-" + k.from;
            down[c] = k.from > k.to;
        }
        classOf = new int[t.portCount()];
        links = new int[keys.size()];
        Arrays.fill(classOf, -1);
        for (int p = 0; p < t.portCount(); p++) {
            if (t.isConnected(p)) {
                classOf[p] = keys.indexOf(new Key(t.level(t.owner(p)), t.level(t.peerNode(p))));
                links[classOf[p]]++;
            }
        }
    }

    /** Number of classes. */
    public int count() {
        return names.length;
    }

    /** The class of the directed link leaving this global port, or -1 if the port is unconnected. */
    public int classOf(int port) {
        return classOf[port];
    }

    public String name(int c) {
        return names[c];
    }

    /** Whether the class's links go towards the hosts. */
    public boolean isDown(int c) {
        return down[c];
    }

    /** Number of directed links in the class. */
    public int links(int c) {
        return links[c];
    }

    public List<String> names() {
        return List.of(names);
    }
}
