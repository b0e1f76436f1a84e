package org.fabricsim.routing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.topology.Topology;

/**
 * InfiniBand adaptive-routing groups (seed 004 §II-B, the Mellanox Adaptive Routing Manager): for every
 * switch and destination host, the set of output ports a packet may take, one of which the switch picks per
 * packet. {@link #tree}: every port on a minimal-hop path to the destination (fat trees: all up-going ports
 * towards a remote destination); {@link #lag}: every port to the same neighbour switch as the forwarding
 * table's port (parallel links). Groups are numbered per switch ({@link #localGroup}); a switch has few.
 * Plain data, computed once: a byte per (switch, destination) while every switch has at most 127 groups (a fat
 * tree's switch has one per down port and one up; a quarter of the ints' bytes, 19 MB instead of 76 for the 1 620
 * switches and 11 664 hosts of xgft(3;18,18,36;1,18,18)), an int beyond,
 * and the groups' local ports.
 */
public final class ArGroups {
    private final int hosts;
    private final byte[] smallGroupOf; // per switch x destination: the switch's group number, -1 none; or null
    private final int[] groupOf; // the same, when some switch has more than Byte.MAX_VALUE groups; else null
    private final int[] groupBase; // per switch: its first group's global number
    private final int[] portStart; // per global group: where its ports start in ports
    private final int[] ports; // local port numbers
    private final int maxGroups;

    private ArGroups(int hosts, byte[] smallGroupOf, int[] groupOf, int[] groupBase, List<int[]> groups) {
        this.hosts = hosts;
        this.smallGroupOf = smallGroupOf;
        this.groupOf = groupOf;
        this.groupBase = groupBase;
        portStart = new int[groups.size() + 1];
        int n = 0;
        for (int g = 0; g < groups.size(); g++) {
            portStart[g] = n;
            n += groups.get(g).length;
        }
        portStart[groups.size()] = n;
        ports = new int[n];
        for (int g = 0; g < groups.size(); g++) {
            System.arraycopy(groups.get(g), 0, ports, portStart[g], groups.get(g).length);
        }
        int most = 0;
        for (int s = 0; s + 1 < groupBase.length; s++) {
            most = Math.max(most, groupBase[s + 1] - groupBase[s]);
        }
        maxGroups = most;
    }

    /** TREE groups: per switch and destination, every port whose far end is one hop closer to it. */
    public static ArGroups tree(Topology t) {
        int hosts = t.hostCount();
        int nodes = t.nodeCount();
        Builder b = new Builder(t);
        int[] dist = new int[nodes];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        int[] scratch = new int[maxPorts(t)];
        for (int d = 0; d < hosts; d++) {
            Arrays.fill(dist, -1);
            dist[d] = 0;
            queue.add(d);
            while (!queue.isEmpty()) {
                int v = queue.poll();
                if (t.isHost(v) && v != d) {
                    continue; // hosts do not forward
                }
                for (int k = 0; k < t.ports(v); k++) {
                    int gp = t.port(v, k);
                    if (t.isConnected(gp) && dist[t.peerNode(gp)] < 0) {
                        dist[t.peerNode(gp)] = dist[v] + 1;
                        queue.add(t.peerNode(gp));
                    }
                }
            }
            for (int s = 0; s < t.switchCount(); s++) {
                int u = hosts + s;
                int n = 0;
                if (dist[u] > 0) {
                    for (int k = 0; k < t.ports(u); k++) {
                        int gp = t.port(u, k);
                        if (t.isConnected(gp) && dist[t.peerNode(gp)] == dist[u] - 1
                                && (!t.isHost(t.peerNode(gp)) || t.peerNode(gp) == d)) {
                            scratch[n++] = k;
                        }
                    }
                }
                b.set(s, d, Arrays.copyOf(scratch, n));
            }
        }
        return b.build();
    }

    /** LAG groups: per switch and destination, every port to the neighbour the forwarding table's port leads to. */
    public static ArGroups lag(Topology t, Forwarding tables) {
        int hosts = t.hostCount();
        Builder b = new Builder(t);
        int[] scratch = new int[maxPorts(t)];
        for (int s = 0; s < t.switchCount(); s++) {
            int u = hosts + s;
            for (int d = 0; d < hosts; d++) {
                int p = tables.port(u, d);
                int neighbour = t.isConnected(t.port(u, p)) ? t.peerNode(t.port(u, p)) : -1;
                int n = 0;
                for (int k = 0; k < t.ports(u); k++) {
                    int gp = t.port(u, k);
                    if (neighbour >= 0 && t.isConnected(gp) && t.peerNode(gp) == neighbour
                            && !t.isHost(neighbour)) {
                        scratch[n++] = k;
                    }
                }
                b.set(s, d, n == 0 ? new int[] {p} : Arrays.copyOf(scratch, n));
            }
        }
        return b.build();
    }

    private static int maxPorts(Topology t) {
        int most = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            most = Math.max(most, t.ports(v));
        }
        return most;
    }

    /** The group number, within switch {@code switchIndex}, of destination {@code dst}; -1: none (unreachable). */
    public int localGroup(int switchIndex, int dst) {
        int i = switchIndex * hosts + dst;
        return smallGroupOf != null ? smallGroupOf[i] : groupOf[i];
    }

    /** Groups of switch {@code switchIndex}. */
    public int groups(int switchIndex) {
        return groupBase[switchIndex + 1] - groupBase[switchIndex];
    }

    /** The most groups any switch has. */
    public int maxGroups() {
        return maxGroups;
    }

    /** Ports in group {@code local} of switch {@code switchIndex}. */
    public int size(int switchIndex, int local) {
        int g = groupBase[switchIndex] + local;
        return portStart[g + 1] - portStart[g];
    }

    /** The {@code k}-th local port of group {@code local} of switch {@code switchIndex} (ascending). */
    public int port(int switchIndex, int local, int k) {
        return ports[portStart[groupBase[switchIndex] + local] + k];
    }

    /** Collects the groups switch by switch, numbering equal port sets of one switch once. */
    private static final class Builder {
        private final int hosts;
        private byte[] smallGroupOf; // until a switch has more than Byte.MAX_VALUE groups
        private int[] groupOf; // from then on
        private final List<Map<List<Integer>, Integer>> perSwitch = new ArrayList<>();
        private final List<List<int[]>> lists = new ArrayList<>();

        Builder(Topology t) {
            hosts = t.hostCount();
            smallGroupOf = new byte[Math.multiplyExact(t.switchCount(), hosts)];
            for (int s = 0; s < t.switchCount(); s++) {
                perSwitch.add(new HashMap<>());
                lists.add(new ArrayList<>());
            }
        }

        void set(int s, int d, int[] localPorts) {
            if (localPorts.length == 0) {
                put(s * hosts + d, -1);
                return;
            }
            List<Integer> key = Arrays.stream(localPorts).boxed().toList();
            Integer id = perSwitch.get(s).get(key);
            if (id == null) {
                id = lists.get(s).size();
                perSwitch.get(s).put(key, id);
                lists.get(s).add(localPorts);
            }
            put(s * hosts + d, id);
        }

        private void put(int i, int id) {
            if (smallGroupOf != null && id > Byte.MAX_VALUE) {
                groupOf = new int[smallGroupOf.length]; // rare: widen once, keeping what was set
                for (int k = 0; k < groupOf.length; k++) {
                    groupOf[k] = smallGroupOf[k];
                }
                smallGroupOf = null;
            }
            if (smallGroupOf != null) {
                smallGroupOf[i] = (byte) id;
            } else {
                groupOf[i] = id;
            }
        }

        ArGroups build() {
            int[] base = new int[lists.size() + 1];
            List<int[]> all = new ArrayList<>();
            for (int s = 0; s < lists.size(); s++) {
                base[s] = all.size();
                all.addAll(lists.get(s));
            }
            base[lists.size()] = all.size();
            return new ArGroups(hosts, smallGroupOf, groupOf, base, all);
        }
    }
}
