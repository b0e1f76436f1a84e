package org.fabricsim.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.fabricsim.InputException;

/**
 * What a run will take of the heap, as the sum of the structures that grow with its configuration (tables,
 * per-port state, bins, flows...), each with the setting that makes it smaller. Built from the configuration
 * before anything big exists ({@code experiment/RunMemory}), so that a run the heap cannot hold is refused in
 * one line instead of dying of an {@link OutOfMemoryError} seconds or minutes later (docs/CONFIG.md, "Memory").
 */
public final class MemoryEstimate {
    /** One structure: what it is (with its counts), its bytes, and the setting that shrinks it. */
    public record Item(String what, long bytes, String remedy) {
    }

    private final List<Item> items = new ArrayList<>();

    /** Adds a structure; {@code count × each} bytes, saturating (a typo may ask for more than a long holds). */
    public MemoryEstimate add(String what, double count, double each, String remedy) {
        double bytes = count * each;
        items.add(new Item(what, bytes >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.max(0, bytes), remedy));
        return this;
    }

    public List<Item> items() {
        return List.copyOf(items);
    }

    /** The sum, saturating at Long.MAX_VALUE. */
    public long bytes() {
        long sum = 0;
        for (Item i : items) {
            sum = sum + i.bytes() < sum ? Long.MAX_VALUE : sum + i.bytes();
        }
        return sum;
    }

    /** The largest structure: the one a user should shrink first. */
    public Item largest() {
        return items.stream().max(Comparator.comparingLong(Item::bytes)).orElseThrow();
    }

    /**
     * Refuses the run, before anything is built or written, when it needs more than {@code heapBytes}
     * ({@link Runtime#maxMemory()}): one line with what it needs, most of it for what, what the heap allows and
     * what to change (the largest structure's setting, or a larger heap).
     *
     * @throws InputException (exit status 2: the run as configured cannot be done with this heap)
     */
    public void requireFits(long heapBytes, long machineBytes) {
        long need = bytes();
        if (need <= heapBytes) {
            return;
        }
        Item most = largest();
        long gib = need / (1L << 30) + 1;
        String heap = machineBytes > 0 && need > machineBytes
                ? " (more than this machine's " + format(machineBytes) + ")"
                : ", or raise the heap with FABRICSIM_JAVA_OPTS=-Xmx" + gib + "g";
        throw new InputException("not enough memory: this run needs about " + format(need) + ", "
                + format(most.bytes()) + " of it for " + most.what() + ", and the heap allows " + format(heapBytes)
                + ": use " + most.remedy() + heap);
    }

    /**
     * {@link #requireFits(long, long)} against this JVM's heap limit and this machine's memory; skipped with
     * {@code -Dfabricsim.memory-check=off}, which only measuring what runs really need calls for (docs/BENCHMARKS.md,
     * "Memory").
     */
    public void requireFits() {
        if ("off".equals(System.getProperty("fabricsim.memory-check"))) {
            return;
        }
        requireFits(Runtime.getRuntime().maxMemory(), machineBytes());
    }

    /** This machine's physical memory, or 0 when the JVM does not say. */
    static long machineBytes() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return 0;
    }

    /** Bytes in binary units with three significant digits, e.g. {@code 5.86 GiB}. */
    public static String format(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " B" : String.format(Locale.ROOT, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(format(bytes()));
        for (Item i : items) {
            s.append("\n  ").append(format(i.bytes())).append("  ").append(i.what());
        }
        return s.toString();
    }
}
