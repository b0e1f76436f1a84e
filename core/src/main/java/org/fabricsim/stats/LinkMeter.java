package org.fabricsim.stats;

import org.fabricsim.topology.Topology;

/**
 * Wire bytes serialised onto each directed link (= transmitting port, DECISIONS D5) per VL inside the
 * measurement window. A packet of w bytes whose last byte left at t occupied the link during
 * [t − w·8/B, t]: byte j (1 … w) was on the wire during [t − (w − j + 1)·8/B, t − (w − j)·8/B], and
 * only the bytes whose whole time on the wire lies inside [start, end] count. So a link that never sends faster than its bandwidth B shows a utilisation of at most
 * 1, whatever the window's edges cut. Integer arithmetic; exact for packets up to 2<sup>20</sup> bytes.
 */
final class LinkMeter {
    private static final long PS_BITS = 8_000_000_000_000L; // 8 bits · 10^12 ps/s

    private final int vls;
    private final long start;
    private final long end;
    private final Topology topology; // the cables' bandwidths (not copied: 16 bytes a port in every LP, issue 16)
    private final long[][] bytes; // pages of port * vls + vl, made on the first count (a part's own ports only)
    private final int cells;

    LinkMeter(Topology t, MetricsOptions o) {
        vls = o.virtualLanes();
        start = o.windowStartPs();
        end = o.windowEndPs();
        topology = t;
        cells = t.portCount() * vls;
        bytes = new long[(cells + BufferMeter.PAGE - 1) / BufferMeter.PAGE][];
    }

    void transmitted(long t, int port, int vl, int w) {
        if (t <= start) {
            return;
        }
        // Counting from the last byte, k = w − j ≥ 0, byte j was on the wire during [t − (k+1)τ, t − kτ],
        // τ = 8e12/B ps. It counts iff that lies inside [start, end]: k + 1 ≤ ⌊(t − start)·B / 8e12⌋ and
        // k ≥ ⌈(t − end)·B / 8e12⌉. An interval of length T then holds at most ⌊T/τ⌋ counted bytes.
        long hi = floorBytes(t - start, port) - 1;
        long lo = t <= end ? 0 : ceilBytes(t - end, port);
        long k = Math.min(hi, w - 1L) - lo + 1;
        if (k > 0) {
            int cell = port * vls + vl;
            long[] page = bytes[cell / BufferMeter.PAGE];
            if (page == null) {
                page = bytes[cell / BufferMeter.PAGE] = new long[BufferMeter.PAGE];
            }
            page[cell % BufferMeter.PAGE] += k;
        }
    }

    /** ⌊delta·B / 8e12⌋ for delta &gt; 0, at least 2<sup>20</sup> (more than any packet) if it exceeds that. */
    private long floorBytes(long deltaPs, int port) {
        long bits = bitTime(deltaPs, port);
        return bits == Long.MAX_VALUE ? bits : bits / PS_BITS;
    }

    /** ⌈delta·B / 8e12⌉ for delta &gt; 0, at least 2<sup>20</sup> (more than any packet) if it exceeds that. */
    private long ceilBytes(long deltaPs, int port) {
        long bits = bitTime(deltaPs, port);
        return bits == Long.MAX_VALUE ? bits : (bits - 1) / PS_BITS + 1;
    }

    private static final long MAX_PACKET_BITS = (1L << 20) * PS_BITS; // 8.4e18 < 2^63

    // the last bandwidth seen and the delta beyond which its bit count covers any packet (links mostly share one)
    private long capBandwidth = -1;
    private long capPs;

    /**
     * delta·B for delta &gt; 0, with delta capped where the product covers any packet (so it fits a long), or
     * Long.MAX_VALUE when the port has no cable (no clipping inside packets). Without a branch on the cap: a
     * run's first tens of microseconds stay below it and the rest above, and a branch that turns then would
     * throw the compiled event loop, into which this is inlined, back to the interpreter (issue 36).
     */
    private long bitTime(long deltaPs, int port) {
        long b = topology.bandwidthBps(port);
        if (b <= 0) {
            return Long.MAX_VALUE;
        }
        if (b != capBandwidth) {
            capPs = (MAX_PACKET_BITS + b - 1) / b; // capPs·b ≥ 2^20 bytes' bits, and < 2^63 for any b below 8e17
            capBandwidth = b;
        }
        long over = deltaPs - capPs;
        long capped = capPs + (over & (over >> 63)); // min(deltaPs, capPs): both below 2^62
        return capped * b;
    }

    long bandwidthBps(int port) {
        return topology.bandwidthBps(port);
    }

    /** Wire bytes port {@code port} serialised on {@code vl} inside the window. */
    long bytes(int port, int vl) {
        int cell = port * vls + vl;
        long[] page = bytes[cell / BufferMeter.PAGE];
        return page == null ? 0 : page[cell % BufferMeter.PAGE];
    }

    void merge(LinkMeter o) {
        if (o.cells != cells) {
            throw new IllegalArgumentException("link statistics of different shape");
        }
        for (int k = 0; k < bytes.length; k++) {
            long[] from = o.bytes[k];
            if (from == null) {
                continue;
            }
            if (bytes[k] == null) {
                bytes[k] = new long[BufferMeter.PAGE];
            }
            for (int i = 0; i < from.length; i++) {
                bytes[k][i] += from[i];
            }
        }
    }
}
