package org.fabricsim.topology;

import java.util.HashMap;
import java.util.Map;

/**
 * The bandwidth and latency of the cable at each port. A network has few kinds of cable (a fat tree one or
 * two), so a port names its kind in a byte and the kinds hold the numbers: 1 byte a port instead of 16, which
 * every LP of a partitioned run holds for the whole network (the 65 536-host tree's 393 216 ports: 0.4 MB
 * instead of 6.3 MB, issue 16). A network of more than 256 kinds keeps a number per port.
 */
final class CableClasses {
    private static final int MAX_CLASSES = 256;

    private record Cable(long bandwidthBps, long latencyPs) {
    }

    private final byte[] classOf; // null: the per-port arrays below
    private final long[] classBandwidth;
    private final long[] classLatency;
    private final long[] bandwidthBps;
    private final long[] latencyPs;

    CableClasses(long[] bandwidthBps, long[] latencyPs) {
        Map<Cable, Integer> kinds = new HashMap<>();
        byte[] classOf = new byte[bandwidthBps.length];
        for (int p = 0; p < bandwidthBps.length && kinds.size() <= MAX_CLASSES; p++) {
            Integer c = kinds.computeIfAbsent(new Cable(bandwidthBps[p], latencyPs[p]), k -> kinds.size());
            classOf[p] = (byte) (int) c;
        }
        boolean compact = kinds.size() <= MAX_CLASSES;
        this.classOf = compact ? classOf : null;
        this.classBandwidth = new long[compact ? kinds.size() : 0];
        this.classLatency = new long[compact ? kinds.size() : 0];
        if (compact) {
            kinds.forEach((cable, c) -> {
                classBandwidth[c] = cable.bandwidthBps();
                classLatency[c] = cable.latencyPs();
            });
        }
        this.bandwidthBps = compact ? null : bandwidthBps;
        this.latencyPs = compact ? null : latencyPs;
    }

    /** Whether ports name a kind (else each holds its own numbers). */
    boolean isCompact() {
        return classOf != null;
    }

    long bandwidthBps(int port) {
        return classOf != null ? classBandwidth[classOf[port] & 0xff] : bandwidthBps[port];
    }

    long latencyPs(int port) {
        return classOf != null ? classLatency[classOf[port] & 0xff] : latencyPs[port];
    }
}
