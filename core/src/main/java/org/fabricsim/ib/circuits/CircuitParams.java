package org.fabricsim.ib.circuits;

import org.fabricsim.config.Units;

/**
 * Seed 003 §3's flow virtual circuits at the packet level, their parameters
 * ({@code packet.adaptive-routing.circuits.*}; docs/ADAPTIVE_ROUTING.md, D109).
 *
 * @param controlBytes wire size of a set-up or tear-down packet (seed 003 Table 6.2: 40-byte control packets)
 * @param ackBytes wire size of the acknowledgement of a flow's last data packet (Table 6.2's 8-byte packets)
 * @param controlBufferBytes the control lane's buffer per port: control packets travel on a lane of their
 *     own, before data (Table 6.2: "control packets over data")
 * @param cacheEntries route-cache entries per input port (seed 003's experiments: unlimited)
 */
public record CircuitParams(int controlBytes, int ackBytes, int controlBufferBytes, int cacheEntries) {
    public static final int UNLIMITED = Integer.MAX_VALUE;
    /** The defaults of conf/defaults.conf. */
    public static final CircuitParams DEFAULTS = new CircuitParams(40, 8, 1024, UNLIMITED);

    public CircuitParams {
        if (controlBytes < 1 || ackBytes < 1) {
            throw new IllegalArgumentException("control packets must be >= 1 byte");
        }
        if (controlBufferBytes < Math.max(controlBytes, ackBytes)) {
            throw new IllegalArgumentException("the control lane's buffer must hold a control packet: "
                    + controlBufferBytes);
        }
        if (cacheEntries < 0) {
            throw new IllegalArgumentException("cache entries must be >= 0: " + cacheEntries);
        }
    }

    public String describe() {
        return "set-up " + controlBytes + " B, ack " + ackBytes + " B, control buffer "
                + Units.formatSize(controlBufferBytes) + ", cache "
                + (cacheEntries == UNLIMITED ? "unlimited" : String.valueOf(cacheEntries));
    }
}
