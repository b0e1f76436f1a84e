package org.fabricsim.ib;

/**
 * Where control packets travel ({@link ControlPacket}). {@link #SHARED}: on the data lane their sender
 * names, in the same queues as data (seed 001 §IV: adaptation requests "through the normal send queues").
 * {@link #dedicated}: on one extra lane per port with its own buffer and credits, served before every data
 * lane at each output (seed 003 Table 6.2: control packets over data; InfiniBand sends CNPs with priority).
 * Data lanes, their buffers and every data figure are the same either way.
 *
 * @param bufferBytes the dedicated lane's buffer per port; 0 = no dedicated lane
 */
public record ControlLane(int bufferBytes) {
    /** Control packets share the data lanes. */
    public static final ControlLane SHARED = new ControlLane(0);

    public ControlLane {
        if (bufferBytes < 0) {
            throw new IllegalArgumentException("control lane buffer must be >= 0: " + bufferBytes);
        }
    }

    /** A lane of its own with {@code bufferBytes} per port, strict priority over data. */
    public static ControlLane dedicated(int bufferBytes) {
        if (bufferBytes <= 0) {
            throw new IllegalArgumentException("a dedicated control lane needs a buffer: " + bufferBytes);
        }
        return new ControlLane(bufferBytes);
    }

    public boolean isDedicated() {
        return bufferBytes > 0;
    }
}
