package org.fabricsim.routing;

import java.nio.file.Path;
import java.util.List;
import java.util.function.IntPredicate;
import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/** Chooses the static routing named in a configuration or on the command line. */
public final class Routings {
    public static final String AUTO = "auto";
    private static final String FILE_PREFIX = "file:";

    private Routings() {
    }

    /** The names accepted besides a table file. */
    public static List<String> names() {
        return List.of(AUTO, DModK.NAME, UpDown.NAME, MinHop.NAME, FTree.NAME);
    }

    /**
     * {@code dmodk}, {@code updown}, OpenSM's {@code minhop} and {@code ftree}, {@code auto} (D-mod-K on generated fat trees, up*&#47;down* otherwise) or
     * {@code file:<path>} / a path ending in {@code .lft}, or {@code lft-dump:<path>} for an LFT dump of
     * InfiniBand's tools (relative paths against {@code baseDir}).
     */
    public static ForwardingTables compute(String name, Topology t, Path baseDir) {
        String spec = name.trim();
        if (spec.equals(AUTO)) {
            return t.fatTree().isPresent() ? DModK.compute(t) : UpDown.compute(t);
        }
        if (spec.equals(DModK.NAME)) {
            return DModK.compute(t);
        }
        if (spec.equals(UpDown.NAME)) {
            return UpDown.compute(t);
        }
        if (spec.equals(MinHop.NAME)) {
            return MinHop.compute(t);
        }
        if (spec.equals(FTree.NAME)) {
            return FTree.compute(t);
        }
        if (spec.startsWith(LftDump.PREFIX)) {
            String path = spec.substring(LftDump.PREFIX.length());
            return LftDump.read(baseDir == null ? Path.of(path) : baseDir.resolve(path), t);
        }
        if (spec.startsWith(FILE_PREFIX) || spec.endsWith(".lft")) {
            String path = spec.startsWith(FILE_PREFIX) ? spec.substring(FILE_PREFIX.length()) : spec;
            Path file = baseDir == null ? Path.of(path) : baseDir.resolve(path);
            return LftFile.read(file, t);
        }
        throw unknown(name);
    }

    /**
     * As {@link #compute}, holding only what a packet run needs (issue 16): D-mod-K's ports computed instead of
     * stored when {@code computeDModK}, and of stored tables only the rows of the switches {@code held} accepts (by
     * node id; null: every row). D-mod-K builds just those rows; the other algorithms and table files build whole
     * tables and then keep the rows.
     */
    public static ForwardingTables compute(String name, Topology t, Path baseDir, boolean computeDModK,
            IntPredicate held) {
        if (isDModK(name, t)) {
            return computeDModK ? DModK.computed(t) : held == null ? DModK.compute(t) : DModK.compute(t, held);
        }
        ForwardingTables whole = compute(name, t, baseDir);
        return held == null ? whole : whole.keepRows(held);
    }

    /** Whether routing {@code name} is D-mod-K on {@code t} ({@code dmodk}, or {@code auto} on a generated fat tree). */
    public static boolean isDModK(String name, Topology t) {
        String spec = name.trim();
        return spec.equals(DModK.NAME) || spec.equals(AUTO) && t.fatTree().isPresent();
    }

    /**
     * As {@link #compute}, but tables read from a file or an LFT dump may miss entries, whole switches, or loop:
     * {@link TableCheck} reports those instead of the reader refusing them.
     */
    public static ForwardingTables forCheck(String name, Topology t, Path baseDir) {
        String spec = name.trim();
        if (spec.startsWith(LftDump.PREFIX)) {
            return LftDump.read(resolve(spec.substring(LftDump.PREFIX.length()), baseDir), t, false);
        }
        if (spec.startsWith(FILE_PREFIX) || spec.endsWith(".lft")) {
            String path = spec.startsWith(FILE_PREFIX) ? spec.substring(FILE_PREFIX.length()) : spec;
            return LftFile.read(resolve(path, baseDir), t, false);
        }
        return compute(spec, t, baseDir);
    }

    private static Path resolve(String path, Path baseDir) {
        return baseDir == null ? Path.of(path) : baseDir.resolve(path);
    }

    private static InputException unknown(String name) {
        return new InputException("unknown routing '" + name + "' (use " + String.join(", ", names())
                + ", file:<path> of forwarding tables, or lft-dump:<path> of an LFT dump)");
    }
}
