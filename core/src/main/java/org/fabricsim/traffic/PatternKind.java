package org.fabricsim.traffic;

import java.util.StringJoiner;
import org.fabricsim.InputException;

/**
 * The catalogue of traffic patterns by their configuration name (key {@code traffic.pattern}),
 * with a one-line description for {@code --help} and the docs. Configuration binding lives
 * elsewhere; it maps each kind to the constructor of its pattern class.
 */
public enum PatternKind {
    RANDOM_PERMUTATION("random-permutation",
            "uniform random permutation, fixed points dropped (or a derangement); seed 001 §II, seed 003 §6.2"),
    WORST_PERMUTATION("worst-permutation",
            "random permutation spreading each leaf's flows over as many leaves as possible; seed 001 §V-A"),
    SHIFT("shift", "host h sends to (h + k) mod N"),
    BIT_REVERSAL("bit-reversal", "host h sends to h with its bits reversed; N a power of two"),
    BIT_COMPLEMENT("bit-complement", "host h sends to N - 1 - h (all bits flipped); N a power of two"),
    SUPERPOSITION("superposition", "P independent random permutations at once; seed 003 §6.3"),
    RANDOM_FLOWS("random-flows",
            "each host sends 1..max-flows flows to uniform random other hosts; seed 003 §6.4"),
    ALL_TO_ONE("all-to-one", "every other host sends to one destination (incast)"),
    HOTSPOTS("hotspots", "a fraction of the hosts send to a few random hotspots, dealt evenly"),
    SILENT_FOREST("silent-forest",
            "80% contributors to 8 permanent hotspots, 20% uniform victims; seed 002 Paper IV"),
    WINDY_FOREST("windy-forest",
            "B nodes send a share p to their hotspot and the rest uniformly; seed 002 Paper IV"),
    MOVING_FOREST("moving-forest", "a silent or windy forest whose hotspots move every lifetime; seed 002 Paper IV"),
    FRAGMENTED_APPLICATIONS("fragmented-applications",
            "applications on fragmented host groups, each a superposition of random permutations; seed 003 §6.5");

    private final String key;
    private final String description;

    PatternKind(String key, String description) {
        this.key = key;
        this.description = description;
    }

    /** The name used in configuration files, e.g. {@code random-permutation}. */
    public String key() {
        return key;
    }

    /** One line for {@code --help} and the docs. */
    public String description() {
        return description;
    }

    /** The kind named {@code name} in a configuration, or an error listing the known names. */
    public static PatternKind byKey(String name) {
        for (PatternKind kind : values()) {
            if (kind.key.equals(name)) {
                return kind;
            }
        }
        StringJoiner known = new StringJoiner(", ");
        for (PatternKind kind : values()) {
            known.add(kind.key);
        }
        throw new InputException("traffic.pattern must be one of " + known + " (got '" + name + "')");
    }
}
