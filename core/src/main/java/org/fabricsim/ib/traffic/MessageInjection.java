package org.fabricsim.ib.traffic;

import org.fabricsim.ib.InjectionThrottle;
import java.util.SplittableRandom;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.Hcas;
import org.fabricsim.ib.RoundRobinFlows;
import org.fabricsim.random.Seeds;
import org.fabricsim.traffic.HotspotForest;

/**
 * The HCAs' message generators and their injection (seed 002 Paper IV; {@link MessageTraffic}): a host's
 * sources are served round-robin, each a queue of its own. A source draws its next message's destination
 * when its previous message has been handed to the network — a hot source its hotspot of the moment, a cold
 * one a uniform other host from the host's own stream — and sends it packet by packet (MTU, the last one
 * shorter) while its cumulative quota, its credits and congestion control's injection rate delay for that
 * destination allow. Allocation-free once built.
 *
 * <p>With generation queues ({@link MessageTraffic#generationBufferBytes}) a source instead generates its
 * messages at its share of the rate into one queue per destination (while its buffer has room) and the host
 * sends from the next queue, round-robin, that its credits, the IRD and isolation's Stop allow (seed 002
 * Papers V–VI: one generation queue per destination, no head-of-line blocking in the NIC).
 */
final class MessageInjection extends RoundRobinFlows {

    private final HotspotForest forest;
    private final int[] kind;
    private final long[] rateBps; // per source: its share of the traffic's rate
    private final long[] quotaPs; // per source: when its quota allows the next packet
    private final long[] quotaRemainder;
    private final int[] messageDst; // per source: its current message's destination, -1 = draw one
    private final int[] messageLeft; // per source: bytes of the current message not yet sent
    private final int[] payload; // per source: its next packet's payload
    private final int messageBytes;
    private final int mtu;
    private final long lifetimePs;
    private final long hotFromPs;
    private final long hotUntilPs;
    private final SplittableRandom[] random; // per host
    private final long seed;
    // generation queues (null without): per source x destination, its bytes; per source, the destinations queued
    private final int hosts;
    private final int[] queued;
    private final int[] ring;
    private final int[] ringSize;
    private final int[] ringLast;
    private final int[] backlog; // per source: bytes queued
    private final int bufferBytes;
    private final long messageWireBytes;
    private InjectionThrottle throttle;
    private long cachedSlot = -1;
    private int[] hotspots;

    MessageInjection(Hcas hcas, MessageTraffic traffic, int mtu, int overhead) {
        super(hcas);
        this.forest = traffic.forest();
        this.kind = traffic.kinds();
        this.messageBytes = traffic.messageBytes();
        this.mtu = mtu;
        this.lifetimePs = forest.parameters().hotspotLifetimePs();
        this.hotFromPs = traffic.hotFromPs();
        this.hotUntilPs = traffic.hotUntilPs();
        int n = kind.length;
        int hosts = forest.hostCount();
        rateBps = new long[n];
        for (int f = 0; f < n; f++) {
            rateBps[f] = Math.max(1, Math.round(traffic.share(hcas.flowSrc[f], kind[f]) * traffic.rateBps()));
        }
        quotaPs = new long[n];
        quotaRemainder = new long[n];
        messageDst = new int[n];
        java.util.Arrays.fill(messageDst, -1);
        messageLeft = new int[n];
        payload = new int[n];
        random = new SplittableRandom[hosts]; // made at a host's first draw: a part makes only its own
        this.seed = traffic.seed();
        this.hosts = hosts;
        this.bufferBytes = traffic.generationBufferBytes();
        this.messageWireBytes = messageBytes + (long) ((messageBytes + mtu - 1) / mtu) * overhead;
        boolean queues = bufferBytes > 0;
        queued = queues ? new int[n * hosts] : null;
        ring = queues ? new int[n * hosts] : null;
        ringSize = queues ? new int[n] : null;
        ringLast = queues ? new int[n] : null;
        backlog = queues ? new int[n] : null;
    }

    @Override
    public void throttle(InjectionThrottle t) {
        this.throttle = t;
    }

    @Override
    public void activated(long t, int f) {
        quotaPs[f] = kind[f] == MessageTraffic.HOT ? Math.max(t, hotFromPs) : t; // a burst's quota counts from its start
        quotaRemainder[f] = 0;
    }

    @Override
    protected long readyAt(long t, int h, int f) {
        if (queued != null) {
            return readyFromQueues(t, h, f);
        }
        if (!hcas.sending(t, f) || (kind[f] == MessageTraffic.HOT && t >= hotUntilPs)) {
            return Long.MAX_VALUE;
        }
        if (quotaPs[f] > t) {
            return quotaPs[f];
        }
        if (messageDst[f] < 0 && !draw(t, h, f)) {
            // a C node that is its subset's only hotspot: silent until the hotspots move
            return lifetimePs == 0 ? Long.MAX_VALUE : (forest.slotAt(t) + 1) * lifetimePs;
        }
        int dst = messageDst[f];
        if (throttle != null) {
            long ready = throttle.readyPs(f, dst);
            if (ready > t) {
                return ready;
            }
        }
        if (hold != null && hold.held(h, dst)) {
            return Long.MAX_VALUE; // a Go wakes the host
        }
        payload[f] = Math.min(mtu, messageLeft[f]);
        hcas.flowDst[f] = dst; // before the credits: with VOQnet the lane is the destination's
        return hcas.hasCredits(f, payload[f]) ? NOW : Long.MAX_VALUE; // a credit arrival retries
    }

    /**
     * {@link #readyAt} with generation queues: the messages due by {@code t} join their destination's queue
     * (while the buffer has room), then the first queue after the one served last that may send is chosen.
     */
    private long readyFromQueues(long t, int h, int f) {
        if (!hcas.sending(t, f)) {
            return Long.MAX_VALUE;
        }
        boolean generating = kind[f] != MessageTraffic.HOT || t < hotUntilPs;
        long next = Long.MAX_VALUE; // when the source next has something new to send
        if (generating) {
            boolean silent = false;
            while (quotaPs[f] <= t && backlog[f] + messageBytes <= bufferBytes) {
                if (!draw(quotaPs[f], h, f)) {
                    silent = true; // a C node that is its subset's only hotspot: until the hotspots move
                    break;
                }
                enqueue(f, messageDst[f]);
                messageDst[f] = -1;
                advanceQuota(f, messageWireBytes);
            }
            if (quotaPs[f] <= t) {
                quotaPs[f] = t; // a full buffer generates nothing meanwhile: no catching up once it drains
                if (silent && lifetimePs > 0) {
                    next = (forest.slotAt(t) + 1) * lifetimePs;
                }
            } else if (kind[f] != MessageTraffic.HOT || quotaPs[f] < hotUntilPs) {
                next = quotaPs[f];
            }
        }
        int size = ringSize[f];
        int base = f * hosts;
        long soonest = next;
        for (int k = 1; k <= size; k++) {
            int idx = ringLast[f] + k;
            if (idx >= size) {
                idx -= size;
            }
            int dst = ring[base + idx];
            if (hold != null && hold.held(h, dst)) {
                continue; // a Go wakes the host
            }
            if (throttle != null) {
                long ready = throttle.readyPs(f, dst);
                if (ready > t) {
                    soonest = Math.min(soonest, ready);
                    continue;
                }
            }
            int left = queued[base + dst] % messageBytes;
            int p = Math.min(mtu, left == 0 ? messageBytes : left);
            hcas.flowDst[f] = dst;
            if (hcas.hasCredits(f, p)) {
                ringLast[f] = idx;
                messageDst[f] = dst;
                payload[f] = p;
                return NOW;
            } // a credit arrival retries
        }
        return soonest;
    }

    private void enqueue(int f, int dst) {
        int i = f * hosts + dst;
        if (queued[i] == 0) {
            ring[f * hosts + ringSize[f]++] = dst;
        }
        queued[i] += messageBytes;
        backlog[f] += messageBytes;
    }

    /** Source {@code f} sent {@code bytes} of its queue for {@code dst}; an emptied queue leaves the ring. */
    private void dequeue(int f, int dst, int bytes) {
        int i = f * hosts + dst;
        queued[i] -= bytes;
        backlog[f] -= bytes;
        if (queued[i] == 0) {
            int base = f * hosts;
            int idx = ringLast[f]; // the queue just served
            ring[base + idx] = ring[base + --ringSize[f]];
            ringLast[f] = idx - 1; // the queue moved into its place is next
        }
    }

    /** Source {@code f}'s cumulative quota moves on by {@code wireBytes}: exact over any run, the remainder carried. */
    private void advanceQuota(int f, long wireBytes) {
        long bits = wireBytes * Time.S * 8 + quotaRemainder[f];
        quotaPs[f] += bits / rateBps[f];
        quotaRemainder[f] = bits % rateBps[f];
    }

    /** Source {@code f} of host {@code h} starts a message: its destination now; false if it has none. */
    private boolean draw(long t, int h, int f) {
        int dst;
        if (kind[f] == MessageTraffic.HOT) {
            long slot = forest.slotAt(t);
            if (slot != cachedSlot) {
                cachedSlot = slot;
                hotspots = forest.hotspots(slot); // once per lifetime
            }
            dst = target(h, hotspots);
            if (dst < 0) {
                return false;
            }
        } else {
            if (random[h] == null) {
                random[h] = Seeds.stream(seed, 0, h, Seeds.Purpose.MESSAGES);
            }
            int d = random[h].nextInt(forest.hostCount() - 1); // a uniform other host
            dst = d >= h ? d + 1 : d;
        }
        messageDst[f] = dst;
        messageLeft[f] = messageBytes;
        return true;
    }

    /** {@link HotspotForest#hotspotOf} without the array it would draw again. */
    private int target(int host, int[] spots) {
        int subset = forest.subsetOf(host);
        int t = spots[subset];
        if (t != host) {
            return t;
        }
        return spots.length > 1 ? spots[(subset + 1) % spots.length] : -1;
    }

    @Override
    public void sent(long t, int f, int wireBytes) {
        if (throttle != null) {
            throttle.sent(t, f, messageDst[f], wireBytes);
        }
        if (queued != null) {
            dequeue(f, messageDst[f], payload[f]); // generation queues: the quota counted the messages made
            return;
        }
        advanceQuota(f, wireBytes);
        messageLeft[f] -= payload[f];
        if (messageLeft[f] == 0) {
            messageDst[f] = -1;
        }
    }
}
