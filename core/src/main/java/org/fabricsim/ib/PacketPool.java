package org.fabricsim.ib;

import java.util.Arrays;

/**
 * Packets as ids into rows of primitive arrays, recycled through a free list (DESIGN.md lesson 10): a
 * packet costs no allocation once the pool has grown to the number in flight, which the credits bound.
 * What a packet is: its {@code type} (data or a {@link ControlPacket} type), the {@code flow} it carries or
 * concerns, the host it is routed towards ({@code dst}), the node that takes it ({@code to}: its
 * destination host for data, a switch or host for control), marking {@code flags}, its {@code payload} and
 * {@code wire} bytes (payload + header/trailer), its size in credit {@code blocks}, its lane, when it was
 * injected, and per hop the time its tail reaches the current receiver, when its head arrived there, the
 * output it was routed to and the next packet in its queue. In a partitioned run the same fields travel as
 * an event's payload words across the cut ({@code ib.run.PacketLp}).
 *
 * <p>A packet's fields lie side by side, its ints in one row of {@code INTS} and its times in one row of
 * {@code LONGS}, not in an array per field: a hop reads and writes about ten fields of a packet last touched
 * a hop ago. Measured: the same speed; two arrays that double instead of sixteen, and a lower peak RSS on
 * 11 664 hosts in most runs (docs/BENCHMARKS.md).
 */
public final class PacketPool {
    // the ints of a packet's row
    private static final int TYPE = 0;
    private static final int FLAGS = 1;
    private static final int DST = 2;
    private static final int TO = 3;
    private static final int FLOW = 4;
    private static final int SEQ = 5;
    private static final int AUX = 6; // a control packet's own field (a set-up's hop budget); unset on data packets
    private static final int PAYLOAD = 7;
    private static final int WIRE = 8;
    private static final int BLOCKS = 9;
    private static final int VL = 10;
    private static final int OUT = 11;
    private static final int NEXT = 12;
    /** Ints per packet (13 used): a row of 64 bytes. */
    private static final int INTS = 16;
    private static final int INTS_SHIFT = 4;
    // the longs of a packet's row
    private static final int INJECTED = 0;
    private static final int TAIL = 1;
    private static final int ARRIVED = 2;
    /** Longs per packet (3 used). */
    private static final int LONGS = 4;
    private static final int LONGS_SHIFT = 2;

    private int[] ints;
    private long[] longs;
    private int[] free;
    private int freeCount;
    private int capacity;
    private int live;
    private int liveControl;

    PacketPool(int initial) {
        capacity = 0;
        ints = new int[0];
        longs = new long[0];
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

    private static int i(int pk, int field) {
        return (pk << INTS_SHIFT) + field;
    }

    private static int l(int pk, int field) {
        return (pk << LONGS_SHIFT) + field;
    }

    /** Data or a {@link ControlPacket} type. */
    public int type(int pk) {
        return ints[i(pk, TYPE)];
    }

    void setType(int pk, int v) {
        ints[i(pk, TYPE)] = v;
    }

    /** Marking bits ({@link ControlPacket}'s direction bits, FECN, ...). */
    public int flags(int pk) {
        return ints[i(pk, FLAGS)];
    }

    public void setFlags(int pk, int v) {
        ints[i(pk, FLAGS)] = v;
    }

    /** The host it is routed towards. */
    public int dst(int pk) {
        return ints[i(pk, DST)];
    }

    /** The node that takes it: its destination host for data, a switch or host for control. */
    int to(int pk) {
        return ints[i(pk, TO)];
    }

    void setTo(int pk, int v) {
        ints[i(pk, TO)] = v;
    }

    /** The flow it carries or concerns. */
    public int flow(int pk) {
        return ints[i(pk, FLOW)];
    }

    /** Its place in its flow (from 0, in injection order). */
    int seq(int pk) {
        return ints[i(pk, SEQ)];
    }

    /** A control packet's own field (a set-up's hop budget); unset on data packets. */
    public int aux(int pk) {
        return ints[i(pk, AUX)];
    }

    public void setAux(int pk, int v) {
        ints[i(pk, AUX)] = v;
    }

    /** Packet {@code pk}'s payload bytes. */
    public int payload(int pk) {
        return ints[i(pk, PAYLOAD)];
    }

    /** Payload plus header and trailer bytes. */
    public int wire(int pk) {
        return ints[i(pk, WIRE)];
    }

    /** Its size in credit blocks. */
    public int blocks(int pk) {
        return ints[i(pk, BLOCKS)];
    }

    /** Its (virtual) lane. */
    public int vl(int pk) {
        return ints[i(pk, VL)];
    }

    /** The output it was routed to at its current switch. */
    public int out(int pk) {
        return ints[i(pk, OUT)];
    }

    public void setOut(int pk, int v) {
        ints[i(pk, OUT)] = v;
    }

    /** The next packet in its queue, or -1. */
    public int next(int pk) {
        return ints[i(pk, NEXT)];
    }

    /** When it was injected. */
    long injectedPs(int pk) {
        return longs[l(pk, INJECTED)];
    }

    void setInjectedPs(int pk, long v) {
        longs[l(pk, INJECTED)] = v;
    }

    /** When its tail reaches its current receiver. */
    long tailPs(int pk) {
        return longs[l(pk, TAIL)];
    }

    void setTailPs(int pk, long v) {
        longs[l(pk, TAIL)] = v;
    }

    /** When its head arrived at its current receiver. */
    long arrivedPs(int pk) {
        return longs[l(pk, ARRIVED)];
    }

    void setArrivedPs(int pk, long v) {
        longs[l(pk, ARRIVED)] = v;
    }

    /**
     * A new data packet of {@code flow} for host {@code dst}, the flow's {@code seq}-th (from 0, in injection
     * order); its per-hop fields are set as it travels.
     */
    int data(int flow, int seq, int dst, int payload, int wire, int blocks, int vl, long injectedPs, long tailPs) {
        int pk = allocate();
        int r = pk << INTS_SHIFT;
        int[] w = ints;
        w[r + SEQ] = seq;
        w[r + TYPE] = ControlPacket.DATA;
        w[r + FLAGS] = 0;
        w[r + DST] = dst;
        w[r + TO] = dst;
        w[r + FLOW] = flow;
        w[r + PAYLOAD] = payload;
        w[r + WIRE] = wire;
        w[r + BLOCKS] = blocks;
        w[r + VL] = vl;
        longs[l(pk, INJECTED)] = injectedPs;
        longs[l(pk, TAIL)] = tailPs;
        return pk;
    }

    /**
     * A new control packet of {@code type} about {@code flow}, routed towards host {@code dst} and taken by
     * node {@code to} (a switch on the way, or the host); it carries no payload.
     */
    public int control(int type, int flags, int flow, int dst, int to, int wire, int blocks, int lane, long injectedPs) {
        int pk = data(flow, 0, dst, 0, wire, blocks, lane, injectedPs, 0);
        setType(pk, type);
        setFlags(pk, flags);
        setAux(pk, 0);
        liveControl++;
        setTo(pk, to);
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
        return ((long) flow(pk) << 32) | (vl(pk) & 0xFFFFFFFFL);
    }

    long word1(int pk) {
        int first = type(pk) == ControlPacket.DATA ? payload(pk) : to(pk);
        return ((long) first << 32) | (long) (type(pk) & 0xFF) << 24 | (wire(pk) & LOW24);
    }

    long word2(int pk) {
        return ((long) dst(pk) << 32) | (long) (flags(pk) & 0xFF) << 24 | (blocks(pk) & LOW24);
    }

    private static final int LOW24 = 0xFFFFFF;

    long word5(int pk) {
        long own = type(pk) == ControlPacket.DATA ? 0 : aux(pk); // a data packet's aux is not its own (unset)
        return (own << 32) | (seq(pk) & 0xFFFFFFFFL);
    }

    /** The packet another part sent as {@code w0..w5} (see {@link #word0}), now in this pool. */
    int fromWords(long w0, long w1, long w2, long injected, long tail, long w5) {
        int t = (int) (w1 >>> 24) & 0xFF;
        int first = (int) (w1 >>> 32);
        int d = (int) (w2 >>> 32);
        int pk = data((int) (w0 >>> 32), (int) w5, d, t == ControlPacket.DATA ? first : 0, (int) w1 & LOW24,
                (int) w2 & LOW24, (int) w0, injected, tail);
        setType(pk, t);
        if (t != ControlPacket.DATA) {
            liveControl++;
        }
        setFlags(pk, (int) (w2 >>> 24) & 0xFF);
        setAux(pk, (int) (w5 >>> 32));
        setTo(pk, t == ControlPacket.DATA ? d : first);
        return pk;
    }

    /**
     * Appends packet {@code pk} to queue {@code q} of the queues {@code head} / {@code tail} (-1: empty),
     * linked through {@link #next}; returns true when it is the queue's only packet.
     */
    boolean append(int[] head, int[] tail, int q, int pk) {
        ints[i(pk, NEXT)] = -1;
        int last = tail[q];
        boolean first = last < 0;
        if (first) {
            head[q] = pk;
        } else {
            ints[i(last, NEXT)] = pk;
        }
        tail[q] = pk;
        return first;
    }

    /** Takes the head packet off queue {@code q} (see {@link #append}); returns the new head, or -1. */
    int removeHead(int[] head, int[] tail, int q) {
        int n = next(head[q]);
        head[q] = n;
        if (n < 0) {
            tail[q] = -1;
        }
        return n;
    }

    void release(int id) {
        live--;
        if (type(id) != ControlPacket.DATA) {
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
        ints = Arrays.copyOf(ints, n << INTS_SHIFT);
        longs = Arrays.copyOf(longs, n << LONGS_SHIFT);
        free = Arrays.copyOf(free, n);
        // new ids go on the free list highest first, so the lowest is handed out first
        for (int id = n - 1; id >= capacity; id--) {
            free[freeCount++] = id;
        }
        capacity = n;
    }
}
