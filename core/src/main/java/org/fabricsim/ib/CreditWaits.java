package org.fabricsim.ib;

import java.util.Arrays;

/**
 * Who waits for whose credits, read from the switches' input buffers after a run (docs/PACKET_MODEL.md,
 * "Deadlock"): a packet at the head of a queue of input {@code in}, routed to output {@code o}, holds the credits
 * of the link that brought it ({@code in}'s far end) until {@code o} can send it. So that link waits for
 * {@code o}: an edge of the wait-for graph between directed links (named by their transmitting port, D5) and
 * lanes, the packet-level twin of the routing's channel dependencies ({@code topology --check}). Only queue heads
 * count: a packet behind a FIFO's head waits for the head, not for its own output.
 *
 * <p>Read once, when the run has ended; each part of a partitioned run reads its own switches, and the parts'
 * edges together are the sequential run's.
 */
public final class CreditWaits {
    private CreditWaits() {
    }

    /**
     * The wait-for edges of this part's switches, sorted, without repeats: each a vertex pair, vertex
     * {@code port * lanes + lane} ({@link Links#lanes}), waiting first.
     */
    static long[] of(Links links, InputQueues queues, PacketPool pool) {
        int lanes = links.lanes;
        long[] edges = new long[16];
        int n = 0;
        for (int in = 0; in < links.portCount(); in++) {
            int node = links.owner(in);
            int from = links.peer(in);
            if (links.slot[in] < 0 || node < links.hosts || from < 0) {
                continue; // another part's port, a host's, or a port without a cable
            }
            int outputs = links.ports(node);
            for (int lane = 0; lane < lanes; lane++) {
                for (int local = 0; local < (queues.voq ? outputs : 1); local++) {
                    int pk = queues.head(in, lane, local);
                    if (pk >= 0) {
                        edges = add(edges, n++, vertex(from, lane, lanes), vertex(pool.out(pk), pool.vl(pk), lanes));
                    }
                }
            }
            for (int hq = in * queues.hotPerInput; hq < (in + 1) * queues.hotPerInput; hq++) {
                if (queues.hotHead[hq] >= 0) { // congested-flow isolation's hot queues, on lane 0
                    edges = add(edges, n++, vertex(from, 0, lanes), vertex(queues.hotOut[hq], 0, lanes));
                }
            }
        }
        long[] sorted = Arrays.copyOf(edges, n);
        Arrays.sort(sorted);
        return Arrays.stream(sorted).distinct().toArray();
    }

    private static long vertex(int port, int lane, int lanes) {
        return (long) port * lanes + lane;
    }

    private static long[] add(long[] edges, int at, long from, long to) {
        long[] e = at == edges.length ? Arrays.copyOf(edges, at * 2) : edges;
        e[at] = from << 32 | to; // vertices are below 2^31: sorting edges sorts by waiting vertex first
        return e;
    }

    /** The waiting vertex of an edge. */
    public static int from(long edge) {
        return (int) (edge >>> 32);
    }

    /** The vertex waited for. */
    public static int to(long edge) {
        return (int) edge;
    }
}
