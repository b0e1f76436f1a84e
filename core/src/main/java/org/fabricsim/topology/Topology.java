package org.fabricsim.topology;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;
import org.fabricsim.InputException;

/**
 * An immutable, array-based interconnect graph (DESIGN.md, "Topology").
 *
 * <p>Nodes are numbered {@code 0..nodeCount()-1}: the hosts (HCAs) come first, {@code 0..hostCount()-1},
 * in host order, then the switches. Every node has numbered local ports {@code 0..ports(v)-1}; all ports
 * of the network are also numbered globally, node by node ({@link #port(int, int)}). A port is connected
 * to exactly one peer port over a cable, or unconnected (a hole in a switch's port numbering).
 *
 * <p>A cable is full duplex: it is two <em>directed links</em>, and the directed link leaving a port is
 * identified by that port's global number. Loads, credits and queues are therefore arrays indexed by
 * global port. Bandwidth and propagation latency are properties of the cable, stored for both ports.
 *
 * <p>Every node has a level: hosts are level 0; a switch's level is given by its generator (the XGFT
 * level, leaves are 1) or, for topologies read from files, is one plus the hop distance to the nearest
 * host. Link classes of the contention analysis are derived from the levels at both ends.
 */
public final class Topology {
    private final String name;
    private final int nodeCount;
    // a node's name: looked up in an array, or computed from the node's place for a generated network, whose
    // names a packet run never asks for (issue 16: 3.7 MB of strings in every LP of the 65 536-host tree)
    private final IntFunction<String> nodeNames;
    private final int hostCount;
    private final int[] level;
    private final int maxLevel;
    private final int[] portBase;
    private final int[] portOwner;
    private final int[] peer;
    private final CableClasses cables;
    private final int cableCount;
    private final FatTree fatTree;
    private final NameIndex byName;
    private final IbSubnet ibSubnet;

    Topology(String name, int nodeCount, IntFunction<String> nodeNames, int hostCount, int[] level, int[] portBase,
            int[] peer, long[] bandwidthBps, long[] latencyPs, FatTree fatTree) {
        this.name = name;
        this.nodeCount = nodeCount;
        this.nodeNames = nodeNames;
        this.hostCount = hostCount;
        this.level = level;
        this.portBase = portBase;
        this.peer = peer;
        this.cables = new CableClasses(bandwidthBps, latencyPs);
        this.fatTree = fatTree;
        this.maxLevel = Arrays.stream(level).max().orElse(0);
        this.portOwner = new int[peer.length];
        for (int v = 0; v < nodeCount; v++) {
            Arrays.fill(portOwner, portBase[v], portBase[v + 1], v);
        }
        int connected = 0;
        for (int p : peer) {
            if (p >= 0) {
                connected++;
            }
        }
        this.cableCount = connected / 2;
        this.byName = new NameIndex(this);
        this.ibSubnet = null;
    }

    /** The same graph with an InfiniBand identity attached (arrays are immutable, so they are shared). */
    private Topology(Topology t, IbSubnet ibSubnet) {
        this.name = t.name;
        this.nodeCount = t.nodeCount;
        this.nodeNames = t.nodeNames;
        this.hostCount = t.hostCount;
        this.level = t.level;
        this.maxLevel = t.maxLevel;
        this.portBase = t.portBase;
        this.portOwner = t.portOwner;
        this.peer = t.peer;
        this.cables = t.cables;
        this.cableCount = t.cableCount;
        this.fatTree = t.fatTree;
        this.byName = t.byName;
        this.ibSubnet = ibSubnet;
    }

    Topology withIbSubnet(IbSubnet subnet) {
        return new Topology(this, subnet);
    }

    /** The name given by the preset, generator expression or file. */
    public String name() {
        return name;
    }

    public int nodeCount() {
        return nodeCount;
    }

    public int hostCount() {
        return hostCount;
    }

    public int switchCount() {
        return nodeCount - hostCount;
    }

    public boolean isHost(int node) {
        return node < hostCount;
    }

    public boolean isSwitch(int node) {
        return node >= hostCount;
    }

    /** The switch's index among switches, {@code node - hostCount()}. */
    public int switchIndex(int node) {
        return node - hostCount;
    }

    public String nodeName(int node) {
        return nodeNames.apply(Objects.checkIndex(node, nodeCount));
    }

    /** The node with this name, or -1. */
    public int findNode(String nodeName) {
        Integer v = byName.map().get(nodeName);
        return v == null ? -1 : v;
    }

    /** The node with this name; an unknown name is a user mistake. */
    public int node(String nodeName) {
        int v = findNode(nodeName);
        if (v < 0) {
            throw new InputException("unknown node '" + nodeName + "' in topology " + name);
        }
        return v;
    }

    public int level(int node) {
        return level[node];
    }

    /** The highest switch level (2 for a two-level fat tree). */
    public int maxLevel() {
        return maxLevel;
    }

    /** Number of local ports of a node (connected or not). */
    public int ports(int node) {
        return portBase[node + 1] - portBase[node];
    }

    /** Global number of a node's local port. */
    public int port(int node, int localPort) {
        return portBase[node] + localPort;
    }

    /** Total number of ports, which is also the size of any per-directed-link array. */
    public int portCount() {
        return peer.length;
    }

    /**
     * Each global port's node, the array itself: the packet model reads it on every event and shares it rather
     * than copy it into every LP (issue 16). Callers must not write it.
     */
    public int[] portOwners() {
        return portOwner;
    }

    /** Each global port's far end ({@link #peerPort}), the array itself, shared like {@link #portOwners()}. */
    public int[] peerPorts() {
        return peer;
    }

    /**
     * Each node's first global port, and the port count at {@code [nodeCount()]}: the array itself, shared like
     * {@link #portOwners()}.
     */
    public int[] portBases() {
        return portBase;
    }

    /** The node that owns a global port. */
    public int owner(int globalPort) {
        return portOwner[globalPort];
    }

    /** The local number of a global port on its owner. */
    public int localPort(int globalPort) {
        return globalPort - portBase[portOwner[globalPort]];
    }

    /** A directed link by its sending node and local port, {@code s0/1}: as topology --check and deadlocks name it. */
    public String linkName(int globalPort) {
        return nodeName(owner(globalPort)) + "/" + localPort(globalPort);
    }

    /** A cycle of directed links, {@code s0/1 -> s1/2 -> ... -> s0/1} (channel dependencies, credit waits). */
    public String cycleName(int[] globalPorts) {
        StringBuilder s = new StringBuilder();
        for (int p : globalPorts) {
            s.append(linkName(p)).append(" -> ");
        }
        return s.append(linkName(globalPorts[0])).toString();
    }

    public boolean isConnected(int globalPort) {
        return peer[globalPort] >= 0;
    }

    /** The global port at the other end of the cable, or -1 when unconnected. */
    public int peerPort(int globalPort) {
        return peer[globalPort];
    }

    /** The node at the other end of the cable, or -1 when unconnected. */
    public int peerNode(int globalPort) {
        int p = peer[globalPort];
        return p < 0 ? -1 : portOwner[p];
    }

    /** Bandwidth of the cable at this port in bits per second (0 when unconnected). */
    public long bandwidthBps(int globalPort) {
        return cables.bandwidthBps(globalPort);
    }

    /** One-way propagation latency of the cable at this port in picoseconds (0 when unconnected). */
    public long latencyPs(int globalPort) {
        return cables.latencyPs(globalPort);
    }

    /** Number of full-duplex cables (each is two directed links). */
    public int cableCount() {
        return cableCount;
    }

    /** The global port of a host's single network port. */
    public int hostPort(int host) {
        return portBase[host];
    }

    /** The switch a host is attached to. */
    public int leafOf(int host) {
        return peerNode(portBase[host]);
    }

    /** The fat-tree structure when the topology was generated as an XGFT / k-ary n-tree. */
    public Optional<FatTree> fatTree() {
        return Optional.ofNullable(fatTree);
    }

    /**
     * The GUIDs, LIDs and descriptions of the InfiniBand fabric the topology was imported from (ibnetdiscover
     * output); empty for presets, generators and topology files ({@link IbSubnet#of} gives those a synthetic one).
     */
    public Optional<IbSubnet> ibSubnet() {
        return Optional.ofNullable(ibSubnet);
    }

    @Override
    public String toString() {
        return "Topology[" + name + ": " + hostCount + " hosts, " + switchCount() + " switches, "
                + cableCount + " links]";
    }

    /**
     * Node by name, made on the first look-up: a packet run of a generated network never asks, and the map
     * of a 65 536-host tree's names is 4.4 MB in every LP (issue 16). Shared by the copies of one topology.
     */
    private static final class NameIndex {
        private final Topology topology;
        private volatile Map<String, Integer> map;

        NameIndex(Topology topology) {
            this.topology = topology;
        }

        Map<String, Integer> map() {
            Map<String, Integer> m = map;
            if (m == null) {
                synchronized (this) {
                    m = map;
                    if (m == null) {
                        Map<String, Integer> made = new HashMap<>(topology.nodeCount * 2);
                        for (int v = 0; v < topology.nodeCount; v++) {
                            made.put(topology.nodeName(v), v);
                        }
                        map = m = Collections.unmodifiableMap(made);
                    }
                }
            }
            return m;
        }
    }
}
