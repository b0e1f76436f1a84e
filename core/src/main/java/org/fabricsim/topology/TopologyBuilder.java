package org.fabricsim.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.fabricsim.InputException;

/**
 * Collects nodes and cables and builds an immutable {@link Topology}, checking what makes a network
 * usable: unique names, no port used twice, no node linked to itself, every host with exactly one
 * connected port numbered 0, positive bandwidth and latency (a zero latency would leave a distributed
 * run without lookahead), and a connected graph. Mistakes are {@link InputException}s with one-line
 * messages; file parsers prefix them with the line they came from.
 *
 * <p>Node ids returned by {@code add*} are builder ids. {@link #build()} numbers hosts first (in the
 * order they were added), then switches (in the order they were added); generators that add all hosts
 * before any switch therefore get the same numbers back.
 */
public final class TopologyBuilder {
    private final String name;
    private final List<String> names = new ArrayList<>();
    private final List<Boolean> host = new ArrayList<>();
    private final List<Integer> levels = new ArrayList<>();
    private final Map<String, Integer> byName = new HashMap<>();
    // per builder node: local port -> cable index (or absent)
    private final List<Map<Integer, Integer>> portCable = new ArrayList<>();
    private final List<Integer> reservedPorts = new ArrayList<>();
    private final List<int[]> cables = new ArrayList<>(); // {nodeA, portA, nodeB, portB}
    private final List<long[]> cableParams = new ArrayList<>(); // {bandwidthBps, latencyPs}
    private FatTree fatTree;
    private IntFunction<String> computedNames; // node id -> its name, instead of holding the names (build)

    public TopologyBuilder(String name) {
        this.name = name;
    }

    /** Adds a host (HCA); returns its builder id. */
    public int addHost(String nodeName) {
        return add(nodeName, true, 0);
    }

    /** Adds a switch whose level is computed from the distance to the nearest host. */
    public int addSwitch(String nodeName) {
        return add(nodeName, false, -1);
    }

    /** Adds a switch at a given level (1 = leaf). */
    public int addSwitch(String nodeName, int level) {
        if (level < 1) {
            throw new InputException("switch " + nodeName + ": level must be at least 1 (got " + level + ")");
        }
        return add(nodeName, false, level);
    }

    private int add(String nodeName, boolean isHost, int level) {
        if (nodeName == null || nodeName.isEmpty() || nodeName.chars().anyMatch(Character::isWhitespace)) {
            throw new InputException("bad node name '" + nodeName + "' (names are non-empty, without spaces)");
        }
        if (byName.containsKey(nodeName)) {
            throw new InputException("node " + nodeName + " is declared twice");
        }
        int id = names.size();
        names.add(nodeName);
        host.add(isHost);
        levels.add(level);
        portCable.add(new HashMap<>());
        reservedPorts.add(0);
        byName.put(nodeName, id);
        return id;
    }

    /** The builder id of a node added earlier, or -1. */
    public int find(String nodeName) {
        Integer id = byName.get(nodeName);
        return id == null ? -1 : id;
    }

    public boolean isHost(int id) {
        return host.get(id);
    }

    /** Makes a node have at least {@code count} ports even if the last ones stay unconnected. */
    public TopologyBuilder reservePorts(int id, int count) {
        reservedPorts.set(id, Math.max(reservedPorts.get(id), count));
        return this;
    }

    /**
     * Lets the topology compute each node's name from its final id instead of holding the names: for generated
     * networks, whose names follow from their place (issue 16). {@link #build()} checks it gives the added names.
     */
    TopologyBuilder namesComputedBy(IntFunction<String> names) {
        this.computedNames = names;
        return this;
    }

    /** Records the fat-tree structure of a generated tree (used by tree routing). */
    public TopologyBuilder fatTree(FatTree shape) {
        this.fatTree = shape;
        return this;
    }

    /**
     * Connects port {@code portA} of node {@code a} with port {@code portB} of node {@code b} by a
     * full-duplex cable.
     */
    public TopologyBuilder connect(int a, int portA, int b, int portB, long bandwidthBps, long latencyPs) {
        String ea = names.get(a) + " port " + portA;
        String eb = names.get(b) + " port " + portB;
        if (a == b) {
            throw new InputException("link " + ea + " -- " + eb + " connects a node to itself");
        }
        if (portA < 0 || portB < 0) {
            throw new InputException("link " + ea + " -- " + eb + ": port numbers start at 0");
        }
        if (bandwidthBps <= 0) {
            throw new InputException("link " + ea + " -- " + eb + ": bandwidth must be positive");
        }
        if (latencyPs <= 0) {
            throw new InputException("link " + ea + " -- " + eb + ": latency must be positive");
        }
        checkFree(a, portA);
        checkFree(b, portB);
        int cable = cables.size();
        cables.add(new int[] {a, portA, b, portB});
        cableParams.add(new long[] {bandwidthBps, latencyPs});
        portCable.get(a).put(portA, cable);
        portCable.get(b).put(portB, cable);
        return this;
    }

    private void checkFree(int node, int port) {
        Integer used = portCable.get(node).get(port);
        if (used != null) {
            int[] c = cables.get(used);
            int otherNode = c[0] == node && c[1] == port ? c[2] : c[0];
            int otherPort = c[0] == node && c[1] == port ? c[3] : c[1];
            throw new InputException("port " + port + " of " + names.get(node) + " is used twice (already linked to "
                    + names.get(otherNode) + " port " + otherPort + ")");
        }
    }

    public Topology build() {
        int n = names.size();
        int[] finalId = new int[n];
        int hostCount = 0;
        for (int v = 0; v < n; v++) {
            if (host.get(v)) {
                finalId[v] = hostCount++;
            }
        }
        if (hostCount == 0) {
            throw new InputException("topology " + name + " has no hosts");
        }
        int next = hostCount;
        for (int v = 0; v < n; v++) {
            if (!host.get(v)) {
                finalId[v] = next++;
            }
        }
        String[] nodeNames = new String[n];
        int[] portsOf = new int[n];
        int[] level = new int[n];
        for (int v = 0; v < n; v++) {
            int f = finalId[v];
            nodeNames[f] = names.get(v);
            int maxPort = portCable.get(v).keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
            portsOf[f] = Math.max(maxPort + 1, reservedPorts.get(v));
            level[f] = levels.get(v);
            if (host.get(v)) {
                checkHostPorts(v);
            }
        }
        int[] portBase = new int[n + 1];
        for (int f = 0; f < n; f++) {
            portBase[f + 1] = portBase[f] + portsOf[f];
        }
        int portCount = portBase[n];
        int[] peer = new int[portCount];
        long[] bandwidth = new long[portCount];
        long[] latency = new long[portCount];
        Arrays.fill(peer, -1);
        for (int c = 0; c < cables.size(); c++) {
            int[] e = cables.get(c);
            int pa = portBase[finalId[e[0]]] + e[1];
            int pb = portBase[finalId[e[2]]] + e[3];
            peer[pa] = pb;
            peer[pb] = pa;
            long[] params = cableParams.get(c);
            bandwidth[pa] = bandwidth[pb] = params[0];
            latency[pa] = latency[pb] = params[1];
        }
        checkConnected(nodeNames, portBase, peer);
        fillLevels(level, hostCount, portBase, peer);
        IntFunction<String> nameOf = v -> nodeNames[v];
        if (computedNames != null) {
            for (int v = 0; v < n; v++) {
                if (!nodeNames[v].equals(computedNames.apply(v))) {
                    throw new IllegalStateException("node " + v + " is named " + nodeNames[v] + ", computed "
                            + computedNames.apply(v));
                }
            }
            nameOf = computedNames;
        }
        return new Topology(name, n, nameOf, hostCount, level, portBase, peer, bandwidth, latency, fatTree);
    }

    private void checkHostPorts(int v) {
        Map<Integer, Integer> ports = portCable.get(v);
        if (ports.isEmpty()) {
            throw new InputException("host " + names.get(v) + " has no link");
        }
        if (ports.size() > 1) {
            throw new InputException("host " + names.get(v) + " has " + ports.size()
                    + " links; a host has exactly one port (multi-rail hosts are not modelled)");
        }
        if (!ports.containsKey(0)) {
            throw new InputException("host " + names.get(v) + ": its one port must be port 0");
        }
    }

    private static void checkConnected(String[] nodeNames, int[] portBase, int[] peer) {
        int n = nodeNames.length;
        int[] owner = new int[peer.length];
        for (int v = 0; v < n; v++) {
            Arrays.fill(owner, portBase[v], portBase[v + 1], v);
        }
        boolean[] seen = new boolean[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        seen[0] = true;
        queue.add(0);
        int reached = 1;
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int p = portBase[v]; p < portBase[v + 1]; p++) {
                if (peer[p] >= 0 && !seen[owner[peer[p]]]) {
                    seen[owner[peer[p]]] = true;
                    reached++;
                    queue.add(owner[peer[p]]);
                }
            }
        }
        if (reached < n) {
            int lost = 0;
            while (seen[lost]) {
                lost++;
            }
            throw new InputException("the topology is not connected: " + nodeNames[lost] + " cannot reach "
                    + nodeNames[0] + " (" + (n - reached) + " of " + n + " nodes unreachable)");
        }
    }

    /** Levels not given by a generator: one plus the hop distance from the nearest host. */
    private static void fillLevels(int[] level, int hostCount, int[] portBase, int[] peer) {
        boolean missing = false;
        for (int v = hostCount; v < level.length; v++) {
            missing |= level[v] < 0;
        }
        if (!missing) {
            return;
        }
        int n = level.length;
        int[] owner = new int[peer.length];
        for (int v = 0; v < n; v++) {
            Arrays.fill(owner, portBase[v], portBase[v + 1], v);
        }
        int[] dist = new int[n];
        Arrays.fill(dist, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int h = 0; h < hostCount; h++) {
            dist[h] = 0;
            queue.add(h);
        }
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int p = portBase[v]; p < portBase[v + 1]; p++) {
                if (peer[p] >= 0) {
                    int u = owner[peer[p]];
                    if (dist[u] < 0) {
                        dist[u] = dist[v] + 1;
                        queue.add(u);
                    }
                }
            }
        }
        for (int v = hostCount; v < n; v++) {
            if (level[v] < 0) {
                level[v] = dist[v];
            }
        }
    }
}
