package org.fabricsim.ib;

import java.util.Arrays;

/**
 * The packets queued in every switch input buffer, per receiving port and lane: one FIFO (head-of-line
 * blocking) or one virtual output queue per output of the switch (docs/PACKET_MODEL.md, "Switches").
 * Queues are linked through {@code PacketPool.next}; nothing is allocated. Per output and lane it also
 * counts the queues whose head is for that output ({@code waiting}, what the arbiter needs) and, when a
 * mechanism asks for it, the blocks queued for that output in the whole switch ({@code queuedBlocks}, what
 * a switch's adaptive routing may look at).
 */
public final class InputQueues {
    public final boolean voq;
    public final int radix;
    public final int[] fifoHead; // per port slot x lane (FIFO queueing only)
    final int[] fifoTail;
    // VOQ only: per (switch output port x lane) x local input, at voqIndex; made by allocate(), for the
    // switches of this part only (a 64-port switch's VOQs take 512 bytes per port and lane: most of a big
    // tree's port state, so an LP holds only its own). An output's queues at all its switch's inputs lie side
    // by side: the arbiter scans them for every packet it sends, so that scan reads a few cache lines where
    // a row per input read one line per input (issue 36: 36-port switches, thesis-size trees)
    public int[] voqHead;
    int[] voqTail;
    // per slot of a switch port: its switch's first VOQ cell (the first row x lanes x radix) plus the port's
    // local index, so that voqIndex is one look-up; -1 for a host port
    private final int[] voqCell;
    private int voqRows; // switch ports with VOQs (own chose them)
    private final int[] slot; // per global port: where its state is in the arrays per port x lane (Links#slot)
    final int[] waiting; // per output slot x lane: queues (VOQs or FIFO heads) holding a packet for it
    // per output slot x lane, a bit per local input whose normal queue (its VOQ, or its FIFO's head) holds a
    // packet for it, so that the arbiter's round-robin visits only those inputs (issue 36); null when a switch
    // has more than 64 ports or there are more than 64 lanes (the arbiter then looks at every input)
    final long[] headMask;
    // with hot queues: per node, a bit per local input with a hot queue that holds packets (headMask's rule)
    final long[] hotInputs;
    // with many lanes (VOQnet), per output a bit per lane whose waiting is not 0, so that VL arbitration finds
    // the lanes with packets without trying them all (null with few lanes)
    final long[] laneMask;
    final int maskWords;
    final int[] queuedBlocks; // per output slot x lane: blocks queued for it at the switch's inputs (if counted)
    int[] inputBlocks; // at voqIndex (as the VOQs): blocks of an input for an output and lane (if counted)
    private final boolean counts;
    private final int lanes;
    private final PacketPool pool;
    private final int[] portBase;
    private final Links links;
    private final int hosts;
    // congested-flow isolation (Isolation): per input port, hotPerInput hot queues on lane 0
    final int hotPerInput;
    public final int[] hotHead; // per input port x hot queue
    final int[] hotTail;
    public final int[] hotOut; // the output a hot queue's packets go to; -1 = free
    // per input port: its hot queues that hold packets (the arbiters skip an input's hot queues while none do)
    final int[] hotFilled;

    InputQueues(Links links, boolean voq, boolean counts, PacketPool pool) {
        this(links, voq, counts, 0, pool);
    }

    InputQueues(Links links, boolean voq, boolean counts, int hotPerInput, PacketPool pool) {
        this.voq = voq;
        this.counts = counts;
        this.pool = pool;
        this.lanes = links.lanes;
        this.portBase = links.portBase;
        int radix = 0;
        for (int v = 0; v + 1 < portBase.length; v++) {
            radix = Math.max(radix, links.ports(v));
        }
        this.radix = radix;
        this.slot = links.slot; // per-port state is at the part's slots (Links#slot)
        int pv = links.slots() * lanes;
        fifoHead = new int[voq ? 0 : pv]; // VOQs keep their packets in voqHead/voqTail
        fifoTail = new int[voq ? 0 : pv];
        waiting = new int[pv];
        headMask = radix <= 64 && lanes <= 64 ? new long[pv] : null;
        queuedBlocks = new int[counts ? pv : 0];
        Arrays.fill(fifoHead, -1);
        Arrays.fill(fifoTail, -1);
        maskWords = (lanes + 63) >>> 6;
        laneMask = lanes > 64 ? new long[links.slots() * maskWords] : null;
        voqCell = new int[links.slots()];
        this.links = links;
        hosts = links.hosts;
        own();
        this.hotPerInput = hotPerInput;
        int hot = links.portCount() * hotPerInput;
        hotHead = new int[hot];
        hotTail = new int[hot];
        hotOut = new int[hot];
        hotFilled = new int[hotPerInput > 0 ? links.portCount() : 0];
        hotInputs = hotPerInput > 0 && headMask != null ? new long[portBase.length - 1] : null;
        Arrays.fill(hotHead, -1);
        Arrays.fill(hotTail, -1);
        Arrays.fill(hotOut, -1);
    }

    /**
     * The ports that get VOQs (and input block counts): those of this part's switches ({@link Links#isLocal}),
     * a switch's ports in consecutive rows, one row (x lanes) per output port.
     */
    private void own() {
        int rows = 0;
        for (int in = 0; in < slot.length; in++) {
            if (slot[in] >= 0) { // a port of this part
                int node = links.owner(in);
                if (node >= hosts) {
                    int local = in - portBase[node];
                    long first = ((long) rows - local) * lanes * radix; // the switch's first cell
                    voqCell[slot[in]] = (int) Math.min(first + local, Integer.MAX_VALUE); // allocate() refuses beyond
                    rows++;
                } else {
                    voqCell[slot[in]] = -1;
                }
            }
        }
        voqRows = rows;
    }

    /** Makes the VOQs of this part's switch input ports (before the first packet). */
    void allocate() {
        long cells = (long) voqRows * lanes * radix;
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException(voqRows + " switch ports x " + lanes + " lanes x " + radix
                    + " outputs of VOQs exceed one array");
        }
        int n = (int) cells;
        if (counts) {
            inputBlocks = new int[n];
        }
        if (voq) {
            voqHead = new int[n];
            voqTail = new int[n];
            Arrays.fill(voqHead, -1);
            Arrays.fill(voqTail, -1);
        }
    }

    /** Where input {@code in}'s queue (or block count) for local output {@code local} on {@code lane} is. */
    public int voqIndex(int in, int lane, int local) {
        return voqCell[slot[in]] + (local * lanes + lane) * radix;
    }

    /**
     * Queues packet {@code pk} (already routed to output {@code o}: {@code pool.out}) at input {@code in} of
     * {@code node}; returns true when it is a new head for {@code o} (the output may now send it).
     */
    boolean enqueue(int node, int in, int o, int pk) {
        PacketPool p = pool;
        int lane = p.vl(pk);
        int i = slot[in] * lanes + lane;
        int ol = slot[o] * lanes + lane;
        if (counts) {
            queuedBlocks[ol] += p.blocks(pk);
            inputBlocks[voqIndex(in, lane, o - portBase[node])] += p.blocks(pk);
        }
        long bit = 1L << (in - portBase[node]);
        if (voq) {
            if (p.append(voqHead, voqTail, voqIndex(in, lane, o - portBase[node]), pk)) {
                up(ol, bit);
            }
            return true; // a VOQ's output is worth trying whenever a packet joins it
        }
        boolean head = p.append(fifoHead, fifoTail, i, pk);
        if (head) {
            up(ol, bit);
        }
        return head;
    }

    /** Whether input {@code in} holds a packet at the head of a queue for output {@code o} (local {@code k}). */
    boolean waitsFor(int in, int o, int k) {
        int hotEnd = hotPerInput > 0 && hotFilled[in] > 0 ? (in + 1) * hotPerInput : 0;
        for (int hq = in * hotPerInput; hq < hotEnd; hq++) {
            if (hotOut[hq] == o && hotHead[hq] >= 0) {
                return true;
            }
        }
        for (int lane = 0; lane < lanes; lane++) {
            int pk = head(in, lane, k);
            if (pk >= 0 && (voq || pool.out(pk) == o)) {
                return true;
            }
        }
        return false;
    }

    /** The packet at the head of input {@code in}'s queue for local output {@code local} on {@code lane}, or -1. */
    int head(int in, int lane, int local) {
        return voq ? voqHead[voqIndex(in, lane, local)] : fifoHead[slot[in] * lanes + lane];
    }

    /**
     * Takes head packet {@code pk} out of input {@code in}'s queue for output {@code o} of {@code node}; with
     * FIFOs returns the new head (which may be for another output), else -1.
     */
    int dequeue(int node, int in, int o, int lane, int pk) {
        int i = slot[in] * lanes + lane;
        int ol = slot[o] * lanes + lane;
        if (counts) {
            queuedBlocks[ol] -= pool.blocks(pk);
            inputBlocks[voqIndex(in, lane, o - portBase[node])] -= pool.blocks(pk);
        }
        long bit = 1L << (in - portBase[node]);
        if (voq) {
            if (pool.removeHead(voqHead, voqTail, voqIndex(in, lane, o - portBase[node])) < 0) {
                down(ol, bit);
            }
            return -1;
        }
        int next = pool.removeHead(fifoHead, fifoTail, i);
        down(ol, bit);
        if (next >= 0) {
            up(slot[pool.out(next)] * lanes + lane, bit);
        }
        return next;
    }

    /**
     * Post-processing (seed 002 Papers V–VI): the head packet {@code pk} of input {@code in}'s normal queue for
     * output {@code o} (its VOQ, or its FIFO) moves to hot queue {@code hq} of that input; the blocks stay the
     * input's. Returns the normal queue's new head (-1: none).
     */
    public int moveToHot(int node, int in, int o, int pk, int hq) {
        int lane = pool.vl(pk);
        int i = slot[in] * lanes + lane;
        int ol = slot[o] * lanes + lane;
        int next;
        long bit = 1L << (in - portBase[node]);
        if (voq) {
            next = pool.removeHead(voqHead, voqTail, voqIndex(in, lane, o - portBase[node]));
            if (next < 0) {
                down(ol, bit);
            }
        } else {
            next = pool.removeHead(fifoHead, fifoTail, i);
            down(ol, bit);
            if (next >= 0) {
                up(slot[pool.out(next)] * lanes + lane, bit);
            }
        }
        if (pool.append(hotHead, hotTail, hq, pk)) {
            if (hotFilled[in]++ == 0 && hotInputs != null) {
                hotInputs[node] |= bit;
            }
            up(ol);
        }
        return next;
    }

    /** Takes head packet {@code pk} out of hot queue {@code hq} (its output is {@code o}, lane 0). */
    void dequeueHot(int node, int in, int o, int hq, int pk) {
        int ol = slot[o] * lanes;
        if (counts) {
            queuedBlocks[ol] -= pool.blocks(pk);
            inputBlocks[voqIndex(in, 0, o - portBase[node])] -= pool.blocks(pk);
        }
        if (pool.removeHead(hotHead, hotTail, hq) < 0) {
            if (--hotFilled[in] == 0 && hotInputs != null) {
                hotInputs[node] &= ~(1L << (in - portBase[node]));
            }
            down(ol);
        }
    }

    /**
     * Checks the arbiters' masks against the queues, at this part's switches: an input's bit for an output and
     * lane is set exactly when its normal queue for them (its VOQ, or its FIFO) has a head for that output; a
     * switch's hot bit exactly when the input's hot queues hold packets.
     *
     * @return null when they agree (or there are no masks), else the first disagreement
     */
    String maskViolation() {
        if (headMask == null) {
            return null;
        }
        for (int node = hosts; node + 1 < portBase.length; node++) {
            int base = portBase[node];
            int n = portBase[node + 1] - base;
            if (n == 0 || slot[base] < 0) {
                continue; // another part's switch
            }
            for (int li = 0; li < n; li++) {
                int in = base + li;
                for (int k = 0; k < n; k++) {
                    for (int lane = 0; lane < lanes; lane++) {
                        int pk = head(in, lane, k);
                        boolean holds = pk >= 0 && (voq || pool.out(pk) == base + k);
                        boolean bit = (headMask[slot[base + k] * lanes + lane] & 1L << li) != 0;
                        if (holds != bit) {
                            return "switch " + node + " input " + li + " output " + k + " VL " + lane + ": head "
                                    + (holds ? "for it" : "not for it") + ", bit " + (bit ? "set" : "clear");
                        }
                    }
                }
                if (hotInputs != null && (hotFilled[in] > 0) != ((hotInputs[node] & 1L << li) != 0)) {
                    return "switch " + node + " input " + li + ": " + hotFilled[in] + " hot queues hold packets, bit "
                            + ((hotInputs[node] & 1L << li) != 0 ? "set" : "clear");
                }
            }
        }
        return null;
    }

    /** A normal queue of the input whose local bit is {@code bit} has a new head for output slot x lane {@code ol}. */
    private void up(int ol, long bit) {
        up(ol);
        if (headMask != null) {
            headMask[ol] |= bit;
        }
    }

    /** A normal queue of the input whose local bit is {@code bit} lost its head for {@code ol}. */
    private void down(int ol, long bit) {
        down(ol);
        if (headMask != null) {
            headMask[ol] &= ~bit;
        }
    }

    private void up(int ol) {
        if (waiting[ol]++ == 0 && laneMask != null) {
            int s = ol / lanes; // the output's slot
            int lane = ol - s * lanes;
            laneMask[s * maskWords + (lane >>> 6)] |= 1L << lane;
        }
    }

    private void down(int ol) {
        if (--waiting[ol] == 0 && laneMask != null) {
            int s = ol / lanes; // the output's slot
            int lane = ol - s * lanes;
            laneMask[s * maskWords + (lane >>> 6)] &= ~(1L << lane);
        }
    }

    /** With a lane mask: the first lane in [from, to) with packets waiting for output {@code o}, or -1. */
    int nextWaitingLane(int o, int from, int to) {
        if (from >= to) {
            return -1;
        }
        int base = slot[o] * maskWords;
        int w = from >>> 6;
        long word = laneMask[base + w] & (-1L << (from & 63));
        while (true) {
            if (word != 0) {
                int lane = (w << 6) + Long.numberOfTrailingZeros(word);
                return lane < to ? lane : -1;
            }
            if (++w << 6 >= to) {
                return -1;
            }
            word = laneMask[base + w];
        }
    }
}
