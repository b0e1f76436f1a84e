package org.fabricsim.experiment;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.engine.distributed.LpModel;
import org.fabricsim.engine.distributed.RemoteEvents;
import org.fabricsim.ib.run.PacketLp;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topology;

/**
 * Where a packet run's bytes go (issue 16): builds one part of a partitioned run as a member would
 * ({@link PacketModelSpec#build}), runs it alone for a while (its cross-part events dropped), and adds up the
 * bytes reachable from each of the model's structures (arrays at their exact size; objects at 16 bytes of
 * header and 4 or 8 per field, as a 64-bit JVM with compressed references lays them out). What two structures
 * share is counted once, for the first met.
 */
final class ModelFootprint {
    private final IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();

    private ModelFootprint() {
    }

    /**
     * Part {@code part} of {@code parts} (pods in contiguous blocks, as the tree partitioner deals them; one
     * part: the whole network), run until {@code untilPs}: bytes per structure, keyed by its path from the
     * LP down {@code depth} levels of fabricsim objects.
     */
    static Map<String, Long> of(ExperimentConfig c, int parts, int part, long untilPs, int depth) {
        Topology t = NetworkBinding.topology(c);
        LpModel lp = PacketModelSpec.of(c).build(part, parts, partOf(t, parts));
        for (long x = Math.min(untilPs, 1_000_000); x <= untilPs && x > 0; x += 1_000_000) {
            lp.runBefore(x, new RemoteEvents(parts, PacketLp.PAYLOAD_WORDS)); // 1 us steps, crossings dropped
        }
        ModelFootprint f = new ModelFootprint();
        Map<String, Long> out = new TreeMap<>();
        f.report("lp", lp, depth, out);
        return out;
    }

    /** Pods in contiguous blocks of parts, top switches in contiguous blocks (the tree partitioner's split). */
    static int[] partOf(Topology t, int parts) {
        int[] partOf = new int[t.nodeCount()];
        if (parts == 1) {
            return partOf;
        }
        FatTree ft = t.fatTree().orElseThrow(() -> new IllegalArgumentException("a generated fat tree is needed"));
        int h = ft.height();
        long pods = ft.m(h); // the subtrees under the top level
        for (int l = 0; l < h; l++) {
            long perPod = ft.levelSize(l) / pods;
            for (long i = 0; i < ft.levelSize(l); i++) {
                partOf[ft.node(l, (int) i)] = (int) ((i / perPod) * parts / pods);
            }
        }
        long tops = ft.levelSize(h);
        for (long i = 0; i < tops; i++) {
            partOf[ft.node(h, (int) i)] = (int) (i * parts / tops);
        }
        return partOf;
    }

    private void report(String path, Object o, int depth, Map<String, Long> out) {
        if (o == null || seen.containsKey(o)) {
            return;
        }
        Class<?> c = o.getClass();
        if (depth == 0 || c.isArray() || !c.getName().startsWith("org.fabricsim")) {
            out.merge(path, deep(o), Long::sum);
            return;
        }
        seen.put(o, true);
        out.merge(path, header(c), Long::sum);
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                    report(path + "." + f.getName(), read(f, o), depth - 1, out);
                }
            }
        }
    }

    private long deep(Object o) {
        if (o == null || seen.containsKey(o) || o instanceof Class || o instanceof Thread || o instanceof ClassLoader
                || o.getClass().isEnum()) {
            return 0;
        }
        seen.put(o, true);
        Class<?> c = o.getClass();
        if (c.isArray()) {
            int n = Array.getLength(o);
            Class<?> e = c.getComponentType();
            if (e.isPrimitive()) {
                return align(16 + (long) n * width(e));
            }
            long size = align(16 + 4L * n);
            for (int i = 0; i < n; i++) {
                size += deep(Array.get(o, i));
            }
            return size;
        }
        long size = header(c);
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                    size += deep(read(f, o));
                }
            }
        }
        return size;
    }

    private static long header(Class<?> c) {
        long size = 12;
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    size += f.getType().isPrimitive() ? width(f.getType()) : 4;
                }
            }
        }
        return align(size);
    }

    private static Object read(Field f, Object o) {
        try {
            f.setAccessible(true);
            return f.get(o);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // a JDK internal the module system keeps closed: not the model's
        }
    }

    private static int width(Class<?> t) {
        return t == long.class || t == double.class ? 8 : t == int.class || t == float.class ? 4
                : t == short.class || t == char.class ? 2 : 1;
    }

    private static long align(long n) {
        return (n + 7) & ~7L;
    }
}
