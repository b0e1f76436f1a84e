package org.fabricsim.ib;

/**
 * The VL arbitration state of every output port ({@link VlArbitration}): with no tables, round-robin over
 * the VLs that have a packet to send; with tables, the IB high/low scheme with weights in 64-byte units.
 * Simplification (docs/PACKET_MODEL.md): a packet that overruns its entry's remaining weight is sent whole.
 * A dedicated control lane ({@link ControlLane}), the lane after the data VLs, goes before all of them.
 */
final class VlArbiter {
    private static final int HIGH = 0;
    private static final int LOW = 1;

    private final VlArbitration config;
    private final int vls;
    private final boolean controlLane;
    private final boolean roundRobin;
    private final int[] slot;
    private final int[] lastVl;
    private final int[][] entry; // [table][port]
    private final long[][] left; // [table][port] remaining weight bytes of the current entry
    private final long[] highSent;
    private final int[] lastTable;
    private InputQueues waiting; // with a lane mask (VOQnet's many lanes): round-robin over the lanes in it

    /** {@code slot}: per global port, where its state is ({@link Links#slot}); {@code ports}: how many slots. */
    VlArbiter(VlArbitration config, int vls, boolean controlLane, int[] slot, int ports) {
        this.slot = slot;
        this.config = config;
        this.vls = vls;
        this.controlLane = controlLane;
        this.roundRobin = config.isRoundRobin();
        // state only for the scheme in use (one VL needs none): the tables' is 30 bytes per port, which a
        // round-robin run of a large network would carry for nothing (issue 16)
        int rrPorts = roundRobin && vls > 1 ? ports : 0;
        int tablePorts = !roundRobin && vls > 1 ? ports : 0;
        lastVl = new int[rrPorts];
        entry = new int[2][tablePorts];
        left = new long[2][tablePorts];
        highSent = new long[tablePorts];
        lastTable = new int[tablePorts];
    }

    /**
     * Round-robin only over the lanes the queues' lane mask says have packets waiting: the same choice as trying
     * every lane in turn, since a lane without waiting packets has no candidate (switches originate packets on
     * the dedicated control lane only, or not at all, where there are more than 64 lanes: VOQnet refuses
     * adaptive routing and isolation).
     */
    void laneMask(InputQueues queues) {
        this.waiting = queues.laneMask != null ? queues : null;
    }

    /** The VL output {@code o} serves next, its packet left in the switch's chosen fields; -1: nothing to send. */
    int choose(int o, Switches net) {
        if (controlLane && net.candidate(o, vls)) {
            return vls;
        }
        if (vls == 1) {
            return net.candidate(o, 0) ? 0 : -1;
        }
        if (roundRobin && waiting != null) {
            int start = lastVl[slot[o]];
            int vl = firstWaiting(o, start + 1, vls, net);
            if (vl < 0) {
                vl = firstWaiting(o, 0, start + 1, net);
            }
            if (vl >= 0) {
                lastVl[slot[o]] = vl;
            }
            return vl;
        }
        if (roundRobin) {
            int start = lastVl[slot[o]];
            for (int k = 1; k <= vls; k++) {
                int vl = (start + k) % vls;
                if (net.candidate(o, vl)) {
                    lastVl[slot[o]] = vl;
                    return vl;
                }
            }
            return -1;
        }
        boolean highAllowed = highSent[slot[o]] < config.highLimitBytes();
        if (highAllowed) {
            int vl = scan(HIGH, config.highVl(), config.highWeight(), o, net);
            if (vl >= 0) {
                return vl;
            }
        }
        int vl = scan(LOW, config.lowVl(), config.lowWeight(), o, net);
        if (vl >= 0) {
            return vl;
        }
        return highAllowed ? -1 : scan(HIGH, config.highVl(), config.highWeight(), o, net);
    }

    /** The first lane in [from, to) the lane mask says has packets for {@code o} and that has a candidate, or -1. */
    private int firstWaiting(int o, int from, int to, Switches net) {
        for (int vl = waiting.nextWaitingLane(o, from, to); vl >= 0; vl = waiting.nextWaitingLane(o, vl + 1, to)) {
            if (net.candidate(o, vl)) {
                return vl;
            }
        }
        return -1;
    }

    private int scan(int table, int[] vl, int[] weight, int o, Switches net) {
        int n = vl.length;
        if (n == 0) {
            return -1;
        }
        int cur = entry[table][slot[o]];
        if (left[table][slot[o]] > 0 && net.candidate(o, vl[cur])) {
            lastTable[slot[o]] = table;
            return vl[cur];
        }
        for (int k = 1; k <= n; k++) {
            int e = (cur + k) % n;
            if (net.candidate(o, vl[e])) {
                entry[table][slot[o]] = e;
                left[table][slot[o]] = weight[e] * 64L;
                lastTable[slot[o]] = table;
                return vl[e];
            }
        }
        return -1;
    }

    /** Output {@code o} started a packet of {@code wireBytes} on the VL {@link #choose} returned. */
    void sent(int o, int vl, int wireBytes) {
        if (roundRobin || vls == 1 || vl == vls) {
            return;
        }
        int table = lastTable[slot[o]];
        left[table][slot[o]] -= wireBytes;
        if (table == HIGH) {
            highSent[slot[o]] += wireBytes;
        } else {
            highSent[slot[o]] = 0;
        }
    }
}
