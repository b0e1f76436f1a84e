package org.fabricsim.partitioner;

import java.util.ArrayList;
import java.util.List;
import org.fabricsim.topology.Topology;

/**
 * How good a partition is for conservative simulation: the expected event load of each part (balance
 * bounds the speed-up), the cables cut (each one carries cross-LP messages), and for every directed
 * LP-to-LP channel the number of links it carries and its lookahead, the shortest among them
 * (DESIGN.md, "Packet engine": the lookahead is what lets an LP run ahead of its neighbours).
 *
 * @param parts number of parts
 * @param load expected event load per part ({@link Partitioners#nodeLoad})
 * @param nodes nodes per part
 * @param hosts hosts per part
 * @param cutCables cables whose ends are in different parts
 * @param cables all connected cables
 * @param channels the directed channels that carry at least one link, ordered by (from, to)
 */
public record PartitionQuality(int parts, long[] load, int[] nodes, int[] hosts, int cutCables, int cables,
        List<Channel> channels) {

    /**
     * One directed LP-to-LP channel.
     *
     * @param from sending part
     * @param to receiving part
     * @param links directed links from {@code from} to {@code to}
     * @param lookaheadPs the shortest latency among them, in picoseconds
     */
    public record Channel(int from, int to, int links, long lookaheadPs) {
    }

    public PartitionQuality {
        load = load.clone();
        nodes = nodes.clone();
        hosts = hosts.clone();
        channels = List.copyOf(channels);
    }

    /** The quality with each channel's lookahead the shortest cable latency among its links. */
    public static PartitionQuality of(Topology t, Partition partition) {
        return of(t, partition, t::latencyPs);
    }

    /**
     * The quality with each channel's lookahead the smallest {@code lookaheadOfPort} among its links: a model's
     * own lookahead over the cable at a global port, from that port's owner (e.g. the packet model's, which adds
     * the switch latency or a packet's serialisation to the cable).
     */
    public static PartitionQuality of(Topology t, Partition partition, java.util.function.IntToLongFunction lookaheadOfPort) {
        if (partition.nodes() != t.nodeCount()) {
            throw new IllegalArgumentException("the partition covers " + partition.nodes() + " nodes, "
                    + t.name() + " has " + t.nodeCount());
        }
        int k = partition.parts();
        int[] weight = Partitioners.nodeLoad(t);
        long[] load = new long[k];
        int[] nodes = new int[k];
        int[] hosts = new int[k];
        for (int v = 0; v < t.nodeCount(); v++) {
            int p = partition.part(v);
            load[p] += weight[v];
            nodes[p]++;
            if (t.isHost(v)) {
                hosts[p]++;
            }
        }
        int[] links = new int[k * k];
        long[] lookahead = new long[k * k];
        java.util.Arrays.fill(lookahead, Long.MAX_VALUE);
        int cut = 0;
        int cables = 0;
        for (int gp = 0; gp < t.portCount(); gp++) {
            if (!t.isConnected(gp)) {
                continue;
            }
            int from = partition.part(t.owner(gp));
            int to = partition.part(t.peerNode(gp));
            boolean once = gp < t.peerPort(gp);
            if (once) {
                cables++;
            }
            if (from != to) {
                if (once) {
                    cut++;
                }
                links[from * k + to]++;
                lookahead[from * k + to] = Math.min(lookahead[from * k + to], lookaheadOfPort.applyAsLong(gp));
            }
        }
        List<Channel> channels = new ArrayList<>();
        for (int from = 0; from < k; from++) {
            for (int to = 0; to < k; to++) {
                if (links[from * k + to] > 0) {
                    channels.add(new Channel(from, to, links[from * k + to], lookahead[from * k + to]));
                }
            }
        }
        return new PartitionQuality(k, load, nodes, hosts, cut, cables, channels);
    }

    /** Heaviest part's load over the average load: 1 is perfect balance. */
    public double imbalance() {
        long total = 0;
        long max = 0;
        for (long l : load) {
            total += l;
            max = Math.max(max, l);
        }
        return total == 0 ? 1 : max * (double) parts / total;
    }

    /** The smallest lookahead of any channel, or {@link Long#MAX_VALUE} when nothing is cut. */
    public long minLookaheadPs() {
        return channels.stream().mapToLong(Channel::lookaheadPs).min().orElse(Long.MAX_VALUE);
    }
}
