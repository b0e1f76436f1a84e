package org.fabricsim.topology;

import java.util.List;
import org.fabricsim.InputException;

/**
 * An InfiniBand link's active width and speed as ibnetdiscover prints them ({@code 4xQDR}, {@code 1xSDR},
 * {@code 12xEDR}) and the bandwidth a cable gets from them: lanes times the speed's nominal lane rate
 * (DECISIONS D166). The nominal rates are the ones InfiniBand software reports as a port's rate (ibstat's
 * "Rate", rdma-core's {@code enum ibv_rate}: 4xQDR 40, 4xFDR 56, 4xHDR 200 Gb/s), which is also how this
 * project states its presets' speeds (tree648 "DDR 20 Gbps", c1 "HDR 200 Gbps").
 */
public final class IbLinkRate {
    /** Link widths ibnetdiscover prints, most common first: the order in which {@link #label} tries them. */
    static final List<Integer> WIDTHS = List.of(4, 1, 2, 8, 12);

    /** A link speed and its nominal rate per lane in Mb/s, in the order the generations came. */
    private record Speed(String name, long laneMbps) {
    }

    private static final List<Speed> SPEEDS = List.of(
            new Speed("SDR", 2_500), new Speed("DDR", 5_000), new Speed("QDR", 10_000),
            new Speed("FDR10", 10_000), new Speed("FDR", 14_000), new Speed("EDR", 25_000),
            new Speed("HDR", 50_000), new Speed("NDR", 100_000), new Speed("XDR", 200_000));

    private IbLinkRate() {
    }

    /** The bandwidth in bits per second of a width-and-speed token such as {@code 4xQDR}. */
    public static long bps(String token) {
        int x = token.indexOf('x');
        String width = x < 0 ? "" : token.substring(0, x);
        String speed = x < 0 ? token : token.substring(x + 1);
        int lanes = -1;
        if (width.matches("[0-9]{1,2}")) {
            lanes = Integer.parseInt(width);
        }
        if (!WIDTHS.contains(lanes)) {
            throw new InputException("unknown link width in '" + token + "' (ibnetdiscover prints 1x, 2x, 4x, 8x or"
                    + " 12x followed by the speed, e.g. 4xQDR)");
        }
        for (Speed s : SPEEDS) {
            if (s.name().equals(speed)) {
                return lanes * s.laneMbps() * 1_000_000L;
            }
        }
        throw new InputException("unknown link speed in '" + token + "' (use one of "
                + String.join(", ", SPEEDS.stream().map(Speed::name).toList()) + ")");
    }

    /**
     * The width-and-speed token for a bandwidth, or null when no InfiniBand link runs at exactly that rate.
     * Several tokens give some rates (40 Gb/s is 4xQDR, 4xFDR10 and 8xDDR): the first width of {@link #WIDTHS}
     * that has one wins, then the oldest speed, so that common links read as people name them.
     */
    public static String label(long bps) {
        for (int lanes : WIDTHS) {
            for (Speed s : SPEEDS) {
                if (lanes * s.laneMbps() * 1_000_000L == bps) {
                    return lanes + "x" + s.name();
                }
            }
        }
        return null;
    }

    /** The tokens, for messages: "1x, 2x, 4x, 8x or 12x times SDR 2.5, DDR 5, ... Gb/s per lane". */
    static String choices() {
        StringBuilder sb = new StringBuilder("1x, 2x, 4x, 8x or 12x times ");
        for (int i = 0; i < SPEEDS.size(); i++) {
            Speed s = SPEEDS.get(i);
            sb.append(i == 0 ? "" : ", ").append(s.name()).append(' ')
                    .append(java.math.BigDecimal.valueOf(s.laneMbps(), 3).stripTrailingZeros().toPlainString());
        }
        return sb.append(" Gb/s per lane").toString();
    }
}
