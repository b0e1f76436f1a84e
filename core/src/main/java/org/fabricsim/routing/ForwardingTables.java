package org.fabricsim.routing;

import java.util.Arrays;
import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/**
 * Destination-based linear forwarding tables (InfiniBand LFTs): for every switch and every destination
 * host, the local output port. Routes are what the tables make of them: a packet from host {@code s} to
 * host {@code d} leaves {@code s} on its single port and is forwarded by each switch's entry for
 * {@code d}.
 *
 * <p>Stored as one {@code short} per (switch, host), switch-major, as a real LFT is; 4096 hosts and 768
 * switches take 6 MiB.
 */
public final class ForwardingTables implements Forwarding {
    private final Topology topology;
    private final String algorithm;
    private final short[] table;
    private final int hosts;
    private final String source;

    ForwardingTables(Topology topology, String algorithm, short[] table) {
        this(topology, algorithm, table, null);
    }

    /** {@code source}: the routing spec the tables were read from ({@code file:<path>}, {@code lft-dump:<path>}). */
    ForwardingTables(Topology topology, String algorithm, short[] table, String source) {
        this.topology = topology;
        this.algorithm = algorithm;
        this.table = table;
        this.hosts = topology.hostCount();
        this.source = source;
    }

    /** Empty tables (every entry -1) to be filled by a routing algorithm. */
    static short[] emptyTable(Topology t) {
        long size = (long) t.switchCount() * t.hostCount();
        if (size > Integer.MAX_VALUE - 8) {
            throw new InputException("forwarding tables for " + t.switchCount() + " switches x " + t.hostCount()
                    + " hosts do not fit in memory");
        }
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            if (t.ports(v) > Short.MAX_VALUE) {
                throw new InputException("switch " + t.nodeName(v) + " has more than " + Short.MAX_VALUE + " ports");
            }
        }
        short[] table = new short[(int) size];
        Arrays.fill(table, (short) -1);
        return table;
    }

    public Topology topology() {
        return topology;
    }

    /** The routing algorithm that produced the tables, e.g. {@code dmodk} (as a table file's header says). */
    public String algorithm() {
        return algorithm;
    }

    /**
     * What results report as the routing: the algorithm, or {@code file:<path> (<algorithm>)} for tables read
     * from a file ({@code lft-dump:<path> (lft-dump)} for an LFT dump).
     */
    public String describe() {
        return source == null ? algorithm : source + " (" + algorithm + ")";
    }

    /** The local output port of switch {@code switchNode} towards host {@code dst}. */
    @Override
    public int port(int switchNode, int dst) {
        return table[(switchNode - hosts) * hosts + dst];
    }

    /**
     * Writes the directed links (global transmit ports) of the route from host {@code src} to host
     * {@code dst} into {@code path} and returns how many there are (0 when src == dst). The first link is
     * the source's injection link, the last the destination's ejection link.
     *
     * @throws IllegalStateException if the route loops or leaves the network (validated tables never do)
     */
    public int route(int src, int dst, int[] path) {
        return FlowRoutes.walk(topology, this, src, dst, path);
    }

    /** An upper bound on route length in links, for sizing {@link #route} buffers. */
    public int maxRouteLength() {
        return topology.switchCount() + 1;
    }

    /**
     * Checks that every entry names a connected port and that, for every destination, following the
     * tables from every switch reaches the destination without a loop. Cost O(switches x hosts).
     */
    public void validate() {
        int switches = topology.switchCount();
        byte[] state = new byte[switches]; // 0 unknown, 1 on current walk, 2 reaches dst
        int[] walk = new int[switches];
        for (int d = 0; d < hosts; d++) {
            Arrays.fill(state, (byte) 0);
            for (int s0 = 0; s0 < switches; s0++) {
                int len = 0;
                int s = s0;
                while (true) {
                    if (state[s] == 2) {
                        break;
                    }
                    if (state[s] == 1) {
                        throw new InputException("forwarding tables (" + algorithm + "): routes towards "
                                + topology.nodeName(d) + " loop through " + topology.nodeName(s + hosts));
                    }
                    state[s] = 1;
                    walk[len++] = s;
                    int node = s + hosts;
                    int p = port(node, d);
                    if (p < 0 || p >= topology.ports(node) || !topology.isConnected(topology.port(node, p))) {
                        throw new InputException("forwarding tables (" + algorithm + "): switch "
                                + topology.nodeName(node) + " has no usable port towards " + topology.nodeName(d)
                                + (p < 0 ? "" : " (port " + p + ")"));
                    }
                    int next = topology.peerNode(topology.port(node, p));
                    if (next == d) {
                        break;
                    }
                    if (topology.isHost(next)) {
                        throw new InputException("forwarding tables (" + algorithm + "): switch "
                                + topology.nodeName(node) + " sends traffic for " + topology.nodeName(d)
                                + " to host " + topology.nodeName(next));
                    }
                    s = next - hosts;
                }
                for (int i = 0; i < len; i++) {
                    state[walk[i]] = 2;
                }
            }
        }
    }

    /** A copy of one switch's table (host order), for writers and tests. */
    public int[] row(int switchNode) {
        int[] row = new int[hosts];
        int base = (switchNode - hosts) * hosts;
        for (int d = 0; d < hosts; d++) {
            row[d] = table[base + d];
        }
        return row;
    }
}
