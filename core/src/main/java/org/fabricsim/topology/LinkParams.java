package org.fabricsim.topology;

/**
 * Bandwidth and one-way propagation latency of a cable.
 *
 * @param bandwidthBps bits per second
 * @param latencyPs picoseconds, positive (it is the lookahead of a partitioned run)
 */
public record LinkParams(long bandwidthBps, long latencyPs) {
    public static final long GBPS = 1_000_000_000L;
    public static final long NS = 1_000L;

    public LinkParams {
        if (bandwidthBps <= 0 || latencyPs <= 0) {
            throw new IllegalArgumentException("bandwidth and latency must be positive");
        }
    }

    public static LinkParams gbps(double gbps, long latencyNs) {
        return new LinkParams(Math.round(gbps * GBPS), latencyNs * NS);
    }

    public LinkParams withBandwidth(long bps) {
        return new LinkParams(bps, latencyPs);
    }

    public LinkParams withLatency(long ps) {
        return new LinkParams(bandwidthBps, ps);
    }
}
