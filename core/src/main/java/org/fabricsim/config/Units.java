package org.fabricsim.config;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.fabricsim.InputException;

/**
 * Quantities with units as people write them in experiment and topology files: bandwidths
 * ({@code "40Gbps"}, {@code "13.5 Gb/s"}), times ({@code "100ns"}, {@code "1.5us"}, {@code "5s"}) and sizes
 * ({@code "2KiB"}, {@code "4KB"}, {@code "65536B"}). Internally bandwidth is bits per second, time is
 * picoseconds and size is bytes, all {@code long}. Values are parsed exactly (BigDecimal) and must come
 * out as whole numbers of the internal unit; a bad number or unknown unit is an {@link InputException}
 * that lists the units accepted.
 */
public final class Units {
    private static final Map<String, Long> BANDWIDTH = new LinkedHashMap<>();
    private static final Map<String, Long> TIME = new LinkedHashMap<>();
    private static final Map<String, Long> SIZE = new LinkedHashMap<>();

    static {
        BANDWIDTH.put("bps", 1L);
        BANDWIDTH.put("Kbps", 1_000L);
        BANDWIDTH.put("Mbps", 1_000_000L);
        BANDWIDTH.put("Gbps", 1_000_000_000L);
        BANDWIDTH.put("Tbps", 1_000_000_000_000L);
        BANDWIDTH.put("b/s", 1L);
        BANDWIDTH.put("Kb/s", 1_000L);
        BANDWIDTH.put("Mb/s", 1_000_000L);
        BANDWIDTH.put("Gb/s", 1_000_000_000L);
        BANDWIDTH.put("Tb/s", 1_000_000_000_000L);

        TIME.put("ps", 1L);
        TIME.put("ns", 1_000L);
        TIME.put("us", 1_000_000L);
        TIME.put("µs", 1_000_000L);
        TIME.put("ms", 1_000_000_000L);
        TIME.put("s", 1_000_000_000_000L);

        SIZE.put("B", 1L);
        SIZE.put("KB", 1_000L);
        SIZE.put("MB", 1_000_000L);
        SIZE.put("GB", 1_000_000_000L);
        SIZE.put("KiB", 1L << 10);
        SIZE.put("MiB", 1L << 20);
        SIZE.put("GiB", 1L << 30);
    }

    private Units() {
    }

    /** Bits per second. */
    public static long bandwidth(String text) {
        return parse(text, BANDWIDTH, "bandwidth");
    }

    /** Picoseconds. */
    public static long time(String text) {
        return parse(text, TIME, "time");
    }

    /** Bytes. */
    public static long size(String text) {
        return parse(text, SIZE, "size");
    }

    /** Formats bits per second with the largest unit that keeps it readable, e.g. {@code 40Gbps}. */
    public static String formatBandwidth(long bps) {
        return format(bps, BANDWIDTH, "bps", "Kbps", "Mbps", "Gbps", "Tbps");
    }

    /** Formats picoseconds, e.g. {@code 100ns}. */
    public static String formatTime(long ps) {
        return format(ps, TIME, "ps", "ns", "us", "ms", "s");
    }

    /** Formats bytes with binary units when exact, e.g. {@code 2KiB}. */
    public static String formatSize(long bytes) {
        return format(bytes, SIZE, "B", "KiB", "MiB", "GiB");
    }

    private static String format(long value, Map<String, Long> table, String... units) {
        String best = units[0];
        for (String u : units) {
            if (Math.abs(value) >= table.get(u)) {
                best = u;
            }
        }
        BigDecimal v = BigDecimal.valueOf(value).divide(BigDecimal.valueOf(table.get(best)));
        return v.stripTrailingZeros().toPlainString() + best;
    }

    private static long parse(String text, Map<String, Long> units, String kind) {
        if (text == null) {
            throw new InputException("missing " + kind);
        }
        String s = text.trim();
        int split = 0;
        while (split < s.length() && "0123456789.+-eE".indexOf(s.charAt(split)) >= 0) {
            // 'e' may start a unit only if no digit follows: there is no unit starting with e
            split++;
        }
        String number = s.substring(0, split).trim();
        String unit = s.substring(split).trim();
        if (number.isEmpty()) {
            throw new InputException("bad " + kind + " '" + text + "': expected a number followed by a unit ("
                    + String.join(", ", units.keySet()) + ")");
        }
        Long scale = units.get(unit);
        if (scale == null) {
            scale = caseInsensitive(unit, units);
        }
        if (scale == null) {
            String hint = unit.isEmpty() ? "a unit is required" : "unknown unit '" + unit + "'";
            throw new InputException("bad " + kind + " '" + text + "': " + hint + " (use one of "
                    + String.join(", ", units.keySet()) + ")");
        }
        BigDecimal value;
        try {
            value = new BigDecimal(number);
        } catch (NumberFormatException e) {
            throw new InputException("bad " + kind + " '" + text + "': '" + number + "' is not a number");
        }
        BigDecimal scaled = value.multiply(BigDecimal.valueOf(scale));
        try {
            return scaled.stripTrailingZeros().longValueExact();
        } catch (ArithmeticException e) {
            throw new InputException("bad " + kind + " '" + text + "': not a whole number of "
                    + baseUnit(units) + " or out of range");
        }
    }

    // Case only matters where it distinguishes units (ms vs Ms does not exist; MB vs Mb is bits vs bytes and
    // belongs to different kinds), so accept e.g. "gbps" and "kib" but never guess across kinds.
    private static Long caseInsensitive(String unit, Map<String, Long> units) {
        Long found = null;
        for (Map.Entry<String, Long> e : units.entrySet()) {
            if (e.getKey().toLowerCase(Locale.ROOT).equals(unit.toLowerCase(Locale.ROOT))) {
                if (found != null && !found.equals(e.getValue())) {
                    return null;
                }
                found = e.getValue();
            }
        }
        return found;
    }

    private static String baseUnit(Map<String, Long> units) {
        return units.keySet().iterator().next();
    }
}
