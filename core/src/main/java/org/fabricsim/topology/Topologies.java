package org.fabricsim.topology;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabricsim.InputException;

/**
 * Resolves what an experiment calls its topology: a preset name, a generator expression or the path of a
 * topology file.
 *
 * <pre>
 * tree648                      a preset (Presets)
 * xgft(2;18,36;1,18)           XGFT(h; m_1..m_h; w_1..w_h)
 * pgft(2;4,3;1,2;1,2)          PGFT(h; m; w; p), p = parallel links per level
 * kary-ntree(16,3)             k-ary n-tree
 * mkary-ntree(16,3,2)          modified k-ary n-tree with horizontal width w_h
 * clos(18,36,18)               CLOS(n, r, m) folded as a two-level fat tree
 * my-net.topo                  a topology file (docs/TOPOLOGY_FORMAT.md)
 * fabric.ibnd                  ibnetdiscover output (also ibnet:PATH, or any file that reads as one)
 * </pre>
 */
public final class Topologies {
    /** Host link of generator expressions unless overridden (QDR, a cable of a couple of metres). */
    public static final LinkParams GENERATOR_LINK = LinkParams.gbps(40, 10);

    private static final Pattern CALL = Pattern.compile("([a-z-]+)\\((.*)\\)");

    private Topologies() {
    }

    /**
     * @param spec preset, generator expression or file path
     * @param bandwidthBps host-link bandwidth override, or 0 to keep the default
     * @param latencyPs cable latency override, or 0 to keep the default
     * @param baseDir where relative file paths are resolved (null: the working directory)
     */
    public static Topology resolve(String spec, long bandwidthBps, long latencyPs, Path baseDir) {
        return resolve(spec, bandwidthBps, latencyPs, baseDir, null);
    }

    /**
     * As {@link #resolve(String, long, long, Path)}, with a node name map for ibnetdiscover output (null: none;
     * given for anything else, it is a mistake). ibnetdiscover output is a path with the prefix {@code ibnet:},
     * a path ending in {@code .ibnd}, or an existing file whose content reads as ibnetdiscover output
     * ({@link IbnetdiscoverFile#looksLikeIbnetdiscover}); the latency override applies to it (the output gives
     * none), the bandwidth override does not (it gives each cable's width and speed).
     */
    public static Topology resolve(String spec, long bandwidthBps, long latencyPs, Path baseDir,
            NodeNameMap nodeNames) {
        String s = spec.trim();
        boolean ibnet = s.startsWith(IbnetdiscoverFile.PREFIX);
        if (!ibnet) {
            Presets.Preset preset = Presets.find(s);
            Matcher m = CALL.matcher(s.replace(" ", "").toLowerCase(Locale.ROOT));
            if ((preset != null || m.matches()) && nodeNames != null) {
                throw new InputException("topology " + s + ": a node name map applies to ibnetdiscover output only");
            }
            if (preset != null) {
                return preset.build(override(preset.defaultLink(), bandwidthBps, latencyPs));
            }
            if (m.matches()) {
                LinkParams link = override(GENERATOR_LINK, bandwidthBps, latencyPs);
                return generate(s, m.group(1), m.group(2), link);
            }
        }
        String path = ibnet ? s.substring(IbnetdiscoverFile.PREFIX.length()) : s;
        Path file = baseDir == null ? Path.of(path) : baseDir.resolve(path);
        if (ibnet || path.endsWith(IbnetdiscoverFile.EXTENSION)
                || (Files.isRegularFile(file) && IbnetdiscoverFile.looksLikeIbnetdiscover(file))) {
            if (bandwidthBps > 0) {
                throw new InputException("topology " + s + ": link-bandwidth applies to presets and generators only;"
                        + " ibnetdiscover output gives each cable's width and speed");
            }
            return IbnetdiscoverFile.read(file, nodeNames == null ? NodeNameMap.none() : nodeNames, latencyPs);
        }
        if (Files.exists(file) || s.endsWith(".topo") || s.contains("/")) {
            if (nodeNames != null) {
                throw new InputException("topology " + s + ": a node name map applies to ibnetdiscover output only;"
                        + " this is a topology file (docs/TOPOLOGY_FORMAT.md)");
            }
            if (bandwidthBps > 0 || latencyPs > 0) {
                throw new InputException("topology " + s + ": link-bandwidth and link-latency apply to presets and"
                        + " generators only; a topology file gives each link's own");
            }
            return TopologyFile.read(file);
        }
        if (!ibnet && (s.contains("(") || s.contains(")"))) {
            throw new InputException("topology '" + s + "': malformed generator expression (expected name(arguments)"
                    + " with balanced parentheses, e.g. xgft(2;18,36;1,18))");
        }
        throw new InputException("unknown topology '" + s + "' (presets: " + String.join(", ", Presets.names())
                + "; generators: xgft(h;m..;w..), pgft(h;m..;w..;p..), kary-ntree(k,n), mkary-ntree(k,n,w),"
                + " clos(n,r,m); or a topology file or ibnetdiscover output path)");
    }

    /**
     * The hosts, switches and ports of what {@code spec} names (arguments as {@link #resolve(String, long, long,
     * Path)}), for a run's memory estimate. A generator expression is counted from its parameters without building
     * the tree, so that one too big for the heap (xgft(2;4096,4000;1,4000): 16 million hosts) is refused at once
     * rather than after minutes of building; presets are small and files bounded by their length, so those are
     * built and counted. A malformed expression gets the same error as {@link #resolve}.
     */
    public static TopologySize size(String spec, long bandwidthBps, long latencyPs, Path baseDir) {
        String s = spec.trim();
        Matcher m = CALL.matcher(s.replace(" ", "").toLowerCase(Locale.ROOT));
        if (!s.startsWith(IbnetdiscoverFile.PREFIX) && Presets.find(s) == null && m.matches()) {
            TopologySize size = generatorSize(s, m.group(1), m.group(2));
            if (size != null) {
                return size;
            }
        }
        return TopologySize.of(resolve(spec, bandwidthBps, latencyPs, baseDir));
    }

    /** The size of a generator's tree; null for values the build refuses with its own message (k = 0, w1 = 2...). */
    private static TopologySize generatorSize(String spec, String generator, String args) {
        int[] m;
        int[] w;
        int[] p;
        int horizontal = 0;
        switch (generator) {
            case "xgft", "pgft" -> {
                int[][] g = groups(spec, args, generator.equals("xgft") ? 3 : 4);
                int h = single(spec, g[0]);
                checkLevels(spec, h, g[1], g[2]);
                m = g[1];
                w = g[2];
                p = generator.equals("xgft") ? ones(h) : g[3];
                checkLevels(spec, h, m, p);
            }
            case "kary-ntree", "mkary-ntree" -> {
                int[] a = numbers(spec, args, generator.equals("kary-ntree") ? 2 : 3);
                if (a[1] < 1 || a[1] > 64) {
                    return null;
                }
                m = new int[a[1]];
                w = new int[a[1]];
                java.util.Arrays.fill(m, a[0]);
                java.util.Arrays.fill(w, a[0]);
                w[0] = 1;
                p = ones(a[1]);
                horizontal = a.length == 3 ? a[2] : 0;
            }
            case "clos" -> {
                int[] a = numbers(spec, args, 3);
                m = new int[] {a[0], a[1]};
                w = new int[] {1, a[2]};
                p = ones(2);
            }
            default -> {
                return null;
            }
        }
        for (int l = 0; l < m.length; l++) {
            if (m[l] < 1 || w[l] < 1 || p[l] < 1) {
                return null;
            }
        }
        return horizontal < 0 || w[0] != 1 || p[0] != 1 ? null : TopologySize.pgft(m, w, p, horizontal);
    }

    private static int[] ones(int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, 1);
        return a;
    }

    private static LinkParams override(LinkParams link, long bandwidthBps, long latencyPs) {
        LinkParams l = bandwidthBps > 0 ? link.withBandwidth(bandwidthBps) : link;
        return latencyPs > 0 ? l.withLatency(latencyPs) : l;
    }

    private static Topology generate(String spec, String generator, String args, LinkParams link) {
        switch (generator) {
            case "xgft": {
                int[][] g = groups(spec, args, 3);
                int h = single(spec, g[0]);
                checkLevels(spec, h, g[1], g[2]);
                return FatTrees.xgft(spec, g[1], g[2], link);
            }
            case "pgft": {
                int[][] g = groups(spec, args, 4);
                int h = single(spec, g[0]);
                checkLevels(spec, h, g[1], g[2]);
                checkLevels(spec, h, g[1], g[3]);
                return FatTrees.pgft(spec, g[1], g[2], g[3], 0, link);
            }
            case "kary-ntree": {
                int[] a = numbers(spec, args, 2);
                return FatTrees.kAryNTree(spec, a[0], a[1], link);
            }
            case "mkary-ntree": {
                int[] a = numbers(spec, args, 3);
                return FatTrees.modifiedKAryNTree(spec, a[0], a[1], a[2], link);
            }
            case "clos": {
                int[] a = numbers(spec, args, 3);
                return FatTrees.clos(spec, a[0], a[1], a[2], link);
            }
            default:
                throw new InputException("unknown topology generator '" + generator + "' in '" + spec
                        + "' (use xgft, pgft, kary-ntree, mkary-ntree or clos)");
        }
    }

    private static int[][] groups(String spec, String args, int count) {
        String[] parts = args.split(";", -1);
        if (parts.length != count) {
            throw new InputException("topology '" + spec + "': expected " + count + " groups separated by ';'");
        }
        int[][] g = new int[count][];
        for (int i = 0; i < count; i++) {
            g[i] = numbers(spec, parts[i], -1);
        }
        return g;
    }

    private static int single(String spec, int[] group) {
        if (group.length != 1) {
            throw new InputException("topology '" + spec + "': the first group is the height h, one number");
        }
        return group[0];
    }

    private static void checkLevels(String spec, int h, int[] a, int[] b) {
        if (h < 1 || a.length != h || b.length != h) {
            throw new InputException("topology '" + spec + "': height " + h + " needs " + h
                    + " values in each group");
        }
    }

    private static int[] numbers(String spec, String list, int count) {
        String[] parts = list.split(",", -1);
        if (count >= 0 && parts.length != count) {
            throw new InputException("topology '" + spec + "': expected " + count + " numbers");
        }
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new InputException("topology '" + spec + "': '" + parts[i] + "' is not a whole number");
            }
        }
        return out;
    }
}
