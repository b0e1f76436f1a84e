package org.fabricsim.io;

/** The time axis of the plots of a packet-level run's metrics: a unit that suits the window, and its name. */
final class TimeAxis {
    private TimeAxis() {
    }

    /** The largest of ns, µs, ms, s in which the window's end is at least 10. */
    static long timeUnitPs(long endPs) {
        long unit = 1_000_000_000_000L;
        while (unit > 1000 && endPs / unit < 10) {
            unit /= 1000;
        }
        return unit;
    }

    /** The name of a unit {@link #timeUnitPs} gives. */
    static String unitName(long unit) {
        return switch ((int) Math.round(Math.log10(unit))) {
            case 3 -> "ns";
            case 6 -> "µs";
            case 9 -> "ms";
            default -> "s";
        };
    }
}
