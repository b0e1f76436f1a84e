package org.fabricsim.routing;

import java.util.Arrays;
import java.util.function.IntPredicate;
import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/**
 * Destination-based linear forwarding tables (InfiniBand LFTs): for every switch and every destination
 * host, the local output port. Routes are what the tables make of them: a packet from host {@code s} to
 * host {@code d} leaves {@code s} on its single port and is forwarded by each switch's entry for
 * {@code d}.
 *
 * <p>Stored as one {@code short} per (switch, host), switch-major, as a real LFT is; 4096 hosts and 768
 * switches take 6 MiB. Since issue 16 the entries may also be held in part or not at all (docs/ROUTING.md,
 * "Computed D-mod-K and rows of a part"): D-mod-K on a generated fat tree can compute its ports from the switch
 * labels ({@link DModKPorts}), and a logical process of a partitioned run may hold only its own switches' rows
 * ({@link #keepRows}); {@link #port} of a row not held fails.
 */
public final class ForwardingTables implements Forwarding {
    private final Topology topology;
    private final String algorithm;
    /** {@link WholeTable}, {@link TableRows} (a part's rows) or {@link DModKPorts} (computed). */
    private final Forwarding ports;
    private final int hosts;
    private final String source;

    ForwardingTables(Topology topology, String algorithm, short[] table) {
        this(topology, algorithm, table, null);
    }

    /** {@code source}: the routing spec the tables were read from ({@code file:<path>}, {@code lft-dump:<path>}). */
    ForwardingTables(Topology topology, String algorithm, short[] table, String source) {
        this(topology, algorithm, new WholeTable(topology.hostCount(), table), source);
    }

    private ForwardingTables(Topology topology, String algorithm, Forwarding ports, String source) {
        this.topology = topology;
        this.algorithm = algorithm;
        this.ports = ports;
        this.hosts = topology.hostCount();
        this.source = source;
    }

    /** Tables of {@code rows} (some switches' rows, filled by the algorithm). */
    static ForwardingTables ofRows(Topology topology, String algorithm, TableRows rows) {
        return new ForwardingTables(topology, algorithm, rows, null);
    }

    /** Ports computed instead of stored: nothing is held per (switch, host). */
    static ForwardingTables computed(Topology topology, String algorithm, DModKPorts ports) {
        return new ForwardingTables(topology, algorithm, ports, null);
    }

    /**
     * These tables with only the rows of the switches {@code held} accepts (by node id): what a logical process
     * keeps of tables that were built whole (updown, minhop, ftree, files). Computed ports hold no rows and are
     * returned as they are.
     */
    public ForwardingTables keepRows(IntPredicate held) {
        if (isComputed()) {
            return this;
        }
        return new ForwardingTables(topology, algorithm,
                TableRows.keep(ports, hosts, topology.switchCount(), held), source);
    }

    /** Whether the ports are computed (no entries stored). */
    public boolean isComputed() {
        return ports instanceof DModKPorts;
    }

    /** Whether switch {@code switchNode}'s ports can be looked up (computed, whole, or its row held). */
    public boolean holdsRow(int switchNode) {
        return !(ports instanceof TableRows rows) || rows.holds(switchNode);
    }

    /** Entries stored (held rows × hosts; 0 when computed): a short each. */
    public long storedEntries() {
        return ports instanceof TableRows rows ? rows.entries()
                : ports instanceof WholeTable whole ? whole.entries() : 0;
    }

    /**
     * The lookup itself, for the packet model's hot path ({@code ib.StaticRouting}): the storage's own
     * {@link Forwarding}, one call shallower than {@link #port}.
     */
    public Forwarding ports() {
        return ports;
    }

    /** Empty tables (every entry -1) to be filled by a routing algorithm. */
    static short[] emptyTable(Topology t) {
        long size = (long) t.switchCount() * t.hostCount();
        if (size > Integer.MAX_VALUE - 8) {
            throw new InputException("forwarding tables for " + t.switchCount() + " switches x " + t.hostCount()
                    + " hosts do not fit in memory");
        }
        checkPorts(t);
        short[] table = new short[(int) size];
        Arrays.fill(table, (short) -1);
        return table;
    }

    /** A table entry is a short: every switch's port numbers must fit. */
    static void checkPorts(Topology t) {
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            if (t.ports(v) > Short.MAX_VALUE) {
                throw new InputException("switch " + t.nodeName(v) + " has more than " + Short.MAX_VALUE + " ports");
            }
        }
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
        return ports.port(switchNode, dst);
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
        if (!holdsRow(switchNode)) {
            throw new IllegalArgumentException("the row of " + topology.nodeName(switchNode) + " is not held here");
        }
        int[] row = new int[hosts];
        for (int d = 0; d < hosts; d++) {
            row[d] = ports.port(switchNode, d);
        }
        return row;
    }
}
