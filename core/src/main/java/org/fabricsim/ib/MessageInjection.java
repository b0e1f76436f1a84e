package org.fabricsim.ib;

import java.util.SplittableRandom;
import org.fabricsim.engine.Time;
import org.fabricsim.random.Seeds;
import org.fabricsim.traffic.HotspotForest;

/**
 * The HCAs' message generators and their injection (seed 002 Paper IV; {@link MessageTraffic}): a host's
 * sources are served round-robin, each a queue of its own. A source draws its next message's destination
 * when its previous message has been handed to the network — a hot source its hotspot of the moment, a cold
 * one a uniform other host from the host's own stream — and sends it packet by packet (MTU, the last one
 * shorter) while its cumulative quota, its credits and congestion control's injection rate delay for that
 * destination allow. Allocation-free once built.
 */
final class MessageInjection extends RoundRobinFlows {
    /** Congestion control's view of a source: when its next packet to a destination may go, and that one went. */
    interface DestinationThrottle {
        long readyPs(int flow, int dst);

        void sent(long t, int flow, int dst, int wireBytes);
    }

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
    private DestinationThrottle throttle;
    private long cachedSlot = -1;
    private int[] hotspots;

    MessageInjection(Hcas hcas, MessageTraffic traffic, int mtu) {
        super(hcas, traffic.forest().hostCount());
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
    }

    void throttle(DestinationThrottle t) {
        this.throttle = t;
    }

    @Override
    public void activated(long t, int f) {
        quotaPs[f] = kind[f] == MessageTraffic.HOT ? Math.max(t, hotFromPs) : t; // a burst's quota counts from its start
        quotaRemainder[f] = 0;
    }

    @Override
    long readyAt(long t, int h, int f) {
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
        payload[f] = Math.min(mtu, messageLeft[f]);
        hcas.flowDst[f] = dst; // before the credits: with VOQnet the lane is the destination's
        return hcas.hasCredits(f, payload[f]) ? NOW : Long.MAX_VALUE; // a credit arrival retries
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
        // the cumulative quota: exact over any run, the remainder carried
        long bits = wireBytes * Time.S * 8 + quotaRemainder[f];
        quotaPs[f] += bits / rateBps[f];
        quotaRemainder[f] = bits % rateBps[f];
        if (throttle != null) {
            throttle.sent(t, f, messageDst[f], wireBytes);
        }
        messageLeft[f] -= payload[f];
        if (messageLeft[f] == 0) {
            messageDst[f] = -1;
        }
    }
}
