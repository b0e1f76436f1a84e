package org.fabricsim.ib;

import java.util.Arrays;

/**
 * InfiniBand VL arbitration (IBA vol. 1 §7.6.9): a high- and a low-priority table of (VL, weight) entries,
 * weights in units of 64 bytes. The output serves the high table while it has an eligible VL and has sent
 * less than {@code highLimitBytes} since low priority last had a turn; otherwise the low table. Within a
 * table the current entry keeps the turn until its weight is used up or its VL has nothing to send, then
 * the next entry with something to send takes it. Empty tables = plain round-robin over the VLs.
 *
 * @param highVl VLs of the high-priority table, in order
 * @param highWeight their weights (64-byte units, 1..255)
 * @param lowVl VLs of the low-priority table
 * @param lowWeight their weights
 * @param highLimitBytes bytes high priority may send while low priority waits; {@link Long#MAX_VALUE}: unlimited
 */
public record VlArbitration(int[] highVl, int[] highWeight, int[] lowVl, int[] lowWeight, long highLimitBytes) {
    public static final VlArbitration ROUND_ROBIN = new VlArbitration(new int[0], new int[0], new int[0], new int[0],
            Long.MAX_VALUE);

    public VlArbitration {
        if (highVl.length != highWeight.length || lowVl.length != lowWeight.length) {
            throw new IllegalArgumentException("every VL arbitration entry needs a VL and a weight");
        }
        if (highLimitBytes < 0) {
            throw new IllegalArgumentException("high limit must be >= 0");
        }
    }

    public boolean isRoundRobin() {
        return highVl.length == 0 && lowVl.length == 0;
    }

    /**
     * Parses a table written as {@code "vl:weight, vl:weight, ..."} (empty: no entries).
     *
     * @return {vls, weights}
     * @throws IllegalArgumentException with a one-line reason
     */
    public static int[][] parseTable(String s, int virtualLanes) {
        String t = s.trim();
        if (t.isEmpty()) {
            return new int[][] {new int[0], new int[0]};
        }
        String[] parts = t.split(",");
        int[] vl = new int[parts.length];
        int[] w = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String[] kv = parts[i].trim().split(":");
            try {
                if (kv.length != 2) {
                    throw new NumberFormatException();
                }
                vl[i] = Integer.parseInt(kv[0].trim());
                w[i] = Integer.parseInt(kv[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("entry '" + parts[i].trim() + "' is not vl:weight");
            }
            if (vl[i] < 0 || vl[i] >= virtualLanes) {
                throw new IllegalArgumentException("VL " + vl[i] + " is not in 0.." + (virtualLanes - 1));
            }
            if (w[i] < 1 || w[i] > 255) {
                throw new IllegalArgumentException("weight " + w[i] + " of VL " + vl[i] + " is not in 1..255");
            }
        }
        return new int[][] {vl, w};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VlArbitration v && Arrays.equals(v.highVl, highVl) && Arrays.equals(v.highWeight, highWeight)
                && Arrays.equals(v.lowVl, lowVl) && Arrays.equals(v.lowWeight, lowWeight)
                && v.highLimitBytes == highLimitBytes;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(highVl) * 31 + Arrays.hashCode(lowVl);
    }

    @Override
    public String toString() {
        return "VlArbitration[high=" + Arrays.toString(highVl) + Arrays.toString(highWeight) + ", low="
                + Arrays.toString(lowVl) + Arrays.toString(lowWeight) + ", highLimit=" + highLimitBytes + "]";
    }
}
