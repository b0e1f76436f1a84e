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

    private final byte[] classOf; // null: the per-port arrays below
    private final long[] classBandwidth;
    private final long[] classLatency;
    private final long[] bandwidthBps;
    private final long[] latencyPs;

    CableClasses(long[] bandwidthBps, long[] latencyPs) {
        Map<Long, Map<Long, Integer>> seen = new HashMap<>();
        byte[] classes = new byte[bandwidthBps.length];
        long[] bw = new long[MAX_CLASSES];
        long[] lat = new long[MAX_CLASSES];
        int count = 0;
        for (int p = 0; p < bandwidthBps.length && count <= MAX_CLASSES; p++) {
            Map<Long, Integer> byLatency = seen.computeIfAbsent(bandwidthBps[p], b -> new HashMap<>());
            Integer c = byLatency.get(latencyPs[p]);
            if (c == null) {
                if (count == MAX_CLASSES) {
                    count++; // too many: keep the arrays
                    break;
                }
                c = count++;
                byLatency.put(latencyPs[p], c);
                bw[c] = bandwidthBps[p];
                lat[c] = latencyPs[p];
            }
            classes[p] = (byte) (int) c;
        }
        boolean compact = count <= MAX_CLASSES;
        this.classOf = compact ? classes : null;
        this.classBandwidth = compact ? java.util.Arrays.copyOf(bw, count) : null;
        this.classLatency = compact ? java.util.Arrays.copyOf(lat, count) : null;
        this.bandwidthBps = compact ? null : bandwidthBps;
        this.latencyPs = compact ? null : latencyPs;
    }

    long bandwidthBps(int port) {
        return classOf != null ? classBandwidth[classOf[port] & 0xff] : bandwidthBps[port];
    }

    long latencyPs(int port) {
        return classOf != null ? classLatency[classOf[port] & 0xff] : latencyPs[port];
    }
}
