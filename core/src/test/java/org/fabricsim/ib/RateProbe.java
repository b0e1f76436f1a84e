package org.fabricsim.ib;

import java.util.Arrays;

/**
 * A test observer: payload bytes each flow delivered inside [from, to), and each flow's completion time.
 * Payload = the reported wire bytes less the model's per-packet overhead.
 */
public class RateProbe implements PacketObserver {
    private final int overhead;
    private final long[] bytes;
    private final long[] completedPs;
    private long from;
    private long to;

    public RateProbe(int flows, int overhead) {
        this.overhead = overhead;
        this.bytes = new long[flows];
        this.completedPs = new long[flows];
        Arrays.fill(completedPs, -1);
    }

    /** Starts a new measurement window; the counts so far are dropped. */
    public RateProbe window(long fromPs, long toPs) {
        from = fromPs;
        to = toPs;
        Arrays.fill(bytes, 0);
        return this;
    }

    /** Mean payload rate of {@code flow} in the window, bits per second. */
    public double bps(int flow) {
        return bytes[flow] * 8e12 / (to - from);
    }

    public long completedPs(int flow) {
        return completedPs[flow];
    }

    @Override
    public void transmitted(long timePs, int globalPort, int vl, int flow, int b) {
    }

    @Override
    public void delivered(long timePs, int flow, int dstHost, int b, long injectedPs, int seq) {
        if (timePs >= from && timePs < to) {
            bytes[flow] += b - overhead;
        }
    }

    @Override
    public void bufferOccupancy(long timePs, int globalPort, int vl, int b) {
    }

    @Override
    public void flowCompleted(long timePs, int flow) {
        completedPs[flow] = timePs;
    }
}
