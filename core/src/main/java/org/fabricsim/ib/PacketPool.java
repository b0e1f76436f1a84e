package org.fabricsim.ib;

import java.util.Arrays;

/**
 * Packets as ids into parallel primitive arrays, recycled through a free list (DESIGN.md lesson 10): a
 * packet costs no allocation once the pool has grown to the number in flight, which the credits bound.
 * What a packet is: its {@code type} (data or a {@link ControlPacket} type), the {@code flow} it carries or
 * concerns, the host it is routed towards ({@code dst}), the node that takes it ({@code to}: its
 * destination host for data, a switch or host for control), marking {@code flags}, its {@code payload} and
 * {@code wire} bytes (payload + header/trailer), its size in credit {@code blocks}, its lane, when it was
 * injected, and per hop the time its tail reaches the current receiver, when its head arrived there, the
 * output it was routed to and the next packet in its queue. In a partitioned run the same fields travel as
 * an event's payload words across the cut ({@code ib.run.PacketLp}).
 */
public final class PacketPool {
    public int[] type;
    public int[] flags;
    public int[] dst;
    int[] to;
    public int[] flow;
    int[] seq;
    public int[] aux; // a control packet's own field (a set-up's hop budget); unset on data packets
    int[] payload;
    public int[] wire;
    public int[] blocks;
    public int[] vl;
    long[] injectedPs;
    long[] tailPs;
    long[] arrivedPs;
    public int[] out;
    public int[] next;
    private int[] free;
    private int freeCount;
    private int capacity;
    private int live;
    private int liveControl;

    PacketPool(int initial) {
        capacity = 0;
        type = new int[0];
        flags = new int[0];
        dst = new int[0];
        to = new int[0];
        flow = new int[0];
        seq = new int[0];
        aux = new int[0];
        payload = new int[0];
        wire = new int[0];
        blocks = new int[0];
        vl = new int[0];
        injectedPs = new long[0];
        tailPs = new long[0];
        arrivedPs = new long[0];
        out = new int[0];
        next = new int[0];
        free = new int[0];
        grow(Math.max(16, initial));
    }

    int allocate() {
        if (freeCount == 0) {
            grow(capacity * 2);
        }
        live++;
        return free[--freeCount];
    }

    /** Packet {@code pk}'s payload bytes. */
    public int payload(int pk) {
        return payload[pk];
    }

    /**
     * A new data packet of {@code flow} for host {@code dst}, the flow's {@code seq}-th (from 0, in injection
     * order); its per-hop fields are set as it travels.
     */
    int data(int flow, int seq, int dst, int payload, int wire, int blocks, int vl, long injectedPs, long tailPs) {
        int pk = allocate();
        this.seq[pk] = seq;
        type[pk] = ControlPacket.DATA;
        flags[pk] = 0;
        this.dst[pk] = dst;
        to[pk] = dst;
        this.flow[pk] = flow;
        this.payload[pk] = payload;
        this.wire[pk] = wire;
        this.blocks[pk] = blocks;
        this.vl[pk] = vl;
        this.injectedPs[pk] = injectedPs;
        this.tailPs[pk] = tailPs;
        return pk;
    }

    /**
     * A new control packet of {@code type} about {@code flow}, routed towards host {@code dst} and taken by
     * node {@code to} (a switch on the way, or the host); it carries no payload.
     */
    public int control(int type, int flags, int flow, int dst, int to, int wire, int blocks, int lane, long injectedPs) {
        int pk = data(flow, 0, dst, 0, wire, blocks, lane, injectedPs, 0);
        this.type[pk] = type;
        this.flags[pk] = flags;
        aux[pk] = 0;
        liveControl++;
        this.to[pk] = to;
        return pk;
    }

    /*
     * Across a cut a packet travels as six words (PacketLp.PAYLOAD_WORDS): its lane beside its flow (a whole
     * int: VOQnet's lanes are one per destination host, thousands of them); payload (a control packet's taker,
     * as it has no payload) beside its type and wire bytes; the host it is routed towards beside its flags and
     * blocks; its injection and tail times; its sequence number in its flow beside a control packet's own field
     * ({@link #word5}). Wire bytes and blocks fit in 24 bits (a packet is at most 1 MiB, PacketParams), type and
     * flags in 8.
     */

    long word0(int pk) {
        return ((long) flow[pk] << 32) | (vl[pk] & 0xFFFFFFFFL);
    }

    long word1(int pk) {
        int first = type[pk] == ControlPacket.DATA ? payload[pk] : to[pk];
        return ((long) first << 32) | (long) (type[pk] & 0xFF) << 24 | (wire[pk] & LOW24);
    }

    long word2(int pk) {
        return ((long) dst[pk] << 32) | (long) (flags[pk] & 0xFF) << 24 | (blocks[pk] & LOW24);
    }

    private static final int LOW24 = 0xFFFFFF;

    long word5(int pk) {
        long own = type[pk] == ControlPacket.DATA ? 0 : aux[pk]; // a data packet's aux is not its own (unset)
        return (own << 32) | (seq[pk] & 0xFFFFFFFFL);
    }

    /** The packet another part sent as {@code w0..w5} (see {@link #word0}), now in this pool. */
    int fromWords(long w0, long w1, long w2, long injected, long tail, long w5) {
        int t = (int) (w1 >>> 24) & 0xFF;
        int first = (int) (w1 >>> 32);
        int d = (int) (w2 >>> 32);
        int pk = data((int) (w0 >>> 32), (int) w5, d, t == ControlPacket.DATA ? first : 0, (int) w1 & LOW24,
                (int) w2 & LOW24, (int) w0, injected, tail);
        type[pk] = t;
        if (t != ControlPacket.DATA) {
            liveControl++;
        }
        flags[pk] = (int) (w2 >>> 24) & 0xFF;
        aux[pk] = (int) (w5 >>> 32);
        to[pk] = t == ControlPacket.DATA ? d : first;
        return pk;
    }

    /**
     * Appends packet {@code pk} to queue {@code q} of the queues {@code head} / {@code tail} (-1: empty),
     * linked through {@link #next}; returns true when it is the queue's only packet.
     */
    boolean append(int[] head, int[] tail, int q, int pk) {
        next[pk] = -1;
        boolean first = tail[q] < 0;
        if (first) {
            head[q] = pk;
        } else {
            next[tail[q]] = pk;
        }
        tail[q] = pk;
        return first;
    }

    /** Takes the head packet off queue {@code q} (see {@link #append}); returns the new head, or -1. */
    int removeHead(int[] head, int[] tail, int q) {
        int n = next[head[q]];
        head[q] = n;
        if (n < 0) {
            tail[q] = -1;
        }
        return n;
    }

    void release(int id) {
        live--;
        if (type[id] != ControlPacket.DATA) {
            liveControl--;
        }
        free[freeCount++] = id;
    }

    /** Packets (data and control) allocated and not released. */
    int live() {
        return live;
    }

    /** Control packets allocated and not released. */
    int liveControl() {
        return liveControl;
    }

    private void grow(int n) {
        type = Arrays.copyOf(type, n);
        flags = Arrays.copyOf(flags, n);
        dst = Arrays.copyOf(dst, n);
        to = Arrays.copyOf(to, n);
        flow = Arrays.copyOf(flow, n);
        seq = Arrays.copyOf(seq, n);
        aux = Arrays.copyOf(aux, n);
        payload = Arrays.copyOf(payload, n);
        wire = Arrays.copyOf(wire, n);
        blocks = Arrays.copyOf(blocks, n);
        vl = Arrays.copyOf(vl, n);
        injectedPs = Arrays.copyOf(injectedPs, n);
        tailPs = Arrays.copyOf(tailPs, n);
        arrivedPs = Arrays.copyOf(arrivedPs, n);
        out = Arrays.copyOf(out, n);
        next = Arrays.copyOf(next, n);
        free = Arrays.copyOf(free, n);
        // new ids go on the free list highest first, so the lowest is handed out first
        for (int id = n - 1; id >= capacity; id--) {
            free[freeCount++] = id;
        }
        capacity = n;
    }
}
