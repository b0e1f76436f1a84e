package org.fabricsim.topology;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.fabricsim.InputException;

/**
 * The InfiniBand identity of every node of a topology: GUIDs, descriptions and LIDs ({@link IbNode}), plus the
 * width-and-speed tokens its cables had where it was read from ibnetdiscover output. A topology imported from
 * ibnetdiscover carries the subnet it was read with ({@link Topology#ibSubnet()}), so that exporting it again
 * and reading an LFT dump of the real fabric use the real GUIDs and LIDs. Any other topology gets a synthetic
 * subnet ({@link #of(Topology)}, DECISIONS D166): LID = node id + 1 (hosts first, as node ids are), GUIDs
 * {@code 0xfab0...} + 16 (node id + 1) in the locally administered range, one single-port HCA per host and
 * port-0 descriptions equal to the node names.
 */
public final class IbSubnet {
    /** Highest unicast LID (0xC000 and above are multicast). */
    public static final int MAX_UNICAST_LID = 0xBFFF;
    /** Where synthetic GUIDs start: 0xfa has the "locally administered" bit of an EUI-64 set. */
    static final long SYNTHETIC_GUID_BASE = 0xfab0_0000_0000_0000L;
    /** Highest port number of a switch: port numbers are 8 bits and 255 is reserved. */
    public static final int MAX_SWITCH_PORTS = 254;

    private final IbNode[] nodes;
    private final String[] linkRates;
    private final int[] lidOwner;
    private final Map<Long, Integer> switchByGuid = new HashMap<>();

    /**
     * @param nodes by node id
     * @param linkRates by global port: the width-and-speed token the cable at that port was read with, or null
     */
    IbSubnet(IbNode[] nodes, String[] linkRates, int hostCount) {
        this.nodes = nodes.clone();
        this.linkRates = linkRates.clone();
        this.lidOwner = new int[MAX_UNICAST_LID + 1];
        Arrays.fill(lidOwner, -1);
        for (int v = 0; v < nodes.length; v++) {
            IbNode n = nodes[v];
            if (n.lid() > 0) {
                int last = Math.min(MAX_UNICAST_LID, n.lid() + (1 << n.lmc()) - 1);
                for (int lid = n.lid(); lid <= last; lid++) {
                    lidOwner[lid] = v;
                }
            }
            if (v >= hostCount) {
                switchByGuid.put(n.nodeGuid(), v);
            }
        }
    }

    /** The subnet a topology was imported with, or a synthetic one for any other topology. */
    public static IbSubnet of(Topology t) {
        return t.ibSubnet().orElseGet(() -> synthetic(t));
    }

    /** The synthetic subnet of the class comment; refused when the topology does not fit one subnet. */
    static IbSubnet synthetic(Topology t) {
        if (t.nodeCount() > MAX_UNICAST_LID) {
            throw new InputException("topology " + t.name() + " has " + t.nodeCount() + " nodes; one InfiniBand"
                    + " subnet has at most " + MAX_UNICAST_LID + " unicast LIDs");
        }
        IbNode[] nodes = new IbNode[t.nodeCount()];
        for (int v = 0; v < t.nodeCount(); v++) {
            long guid = SYNTHETIC_GUID_BASE + 16L * (v + 1);
            nodes[v] = t.isHost(v)
                    ? new IbNode(guid, guid + 1, guid, 0, 0, t.nodeName(v), 1, 1, v + 1, 0, false)
                    : new IbNode(guid, guid, guid, 0, 0, t.nodeName(v), t.ports(v), 0, v + 1, 0, true);
        }
        return new IbSubnet(nodes, new String[t.portCount()], t.hostCount());
    }

    /** The identity of node {@code v} of the topology. */
    public IbNode node(int v) {
        return nodes[v];
    }

    /** The width-and-speed token the cable at this global port was imported with, or null. */
    public String linkRate(int globalPort) {
        return linkRates[globalPort];
    }

    /** The node one of whose LIDs (base LID up to base + 2^LMC - 1) this is, or -1. */
    public int nodeOfLid(int lid) {
        return lid < 0 || lid > MAX_UNICAST_LID ? -1 : lidOwner[lid];
    }

    /** The switch with this node GUID, or -1. */
    public int switchWithGuid(long guid) {
        Integer v = switchByGuid.get(guid);
        return v == null ? -1 : v;
    }

    /** A GUID as InfiniBand tools print it in full: 0x and 16 lower-case hex digits. */
    public static String hex(long guid) {
        return String.format("0x%016x", guid);
    }
}
