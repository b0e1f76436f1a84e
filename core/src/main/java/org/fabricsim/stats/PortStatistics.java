package org.fabricsim.stats;

import org.fabricsim.topology.Topology;

/**
 * Per port and VL, the wire bytes serialised onto the link leaving it ({@link LinkMeter}) and the occupancy of
 * its input buffer ({@link BufferMeter}): {@link PacketMetrics}'s link utilisation and buffer readings.
 */
final class PortStatistics {
    private final int vls;
    private final long windowPs;
    private final LinkMeter links;
    private final BufferMeter buffers;

    PortStatistics(Topology topology, MetricsOptions o) {
        vls = o.virtualLanes();
        windowPs = o.windowPs();
        links = new LinkMeter(topology, o);
        buffers = new BufferMeter(topology.portCount() * vls, o);
    }

    // ---------------------------------------------------------------------------------------------------
    // Observing (hot path)

    void transmitted(long timePs, int port, int vl, int wireBytes) {
        links.transmitted(timePs, port, vl, wireBytes);
    }

    void occupancy(long timePs, int port, int vl, int bytes) {
        buffers.occupancy(timePs, port * vls + vl, bytes);
    }

    void merge(PortStatistics o) {
        links.merge(o.links);
        buffers.merge(o.buffers);
    }

    // ---------------------------------------------------------------------------------------------------
    // Reading

    long linkBytes(int port, int vl) {
        return links.bytes(port, vl);
    }

    /** All VLs. */
    long linkBytes(int port) {
        long s = 0;
        for (int vl = 0; vl < vls; vl++) {
            s += linkBytes(port, vl);
        }
        return s;
    }

    /** bytes·8 / (bandwidth · window); NaN unconnected. */
    double utilisation(int port) {
        long b = links.bandwidthBps(port);
        return b > 0 ? linkBytes(port) * 8e12 / ((double) b * windowPs) : Double.NaN;
    }

    double bufferMeanBytes(int port, int vl) {
        return buffers.mean(port * vls + vl);
    }

    int bufferMaxBytes(int port, int vl) {
        return buffers.max(port * vls + vl);
    }

    int occupancyBins() {
        return buffers.bins();
    }

    double[] occupancySeriesMean(int port, int vl) {
        return buffers.seriesMean(port * vls + vl);
    }

    int[] occupancySeriesMax(int port, int vl) {
        return buffers.seriesMax(port * vls + vl);
    }
}
