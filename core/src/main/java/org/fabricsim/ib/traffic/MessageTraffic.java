package org.fabricsim.ib.traffic;

import org.fabricsim.ib.GeneratedTraffic;
import org.fabricsim.ib.Hcas;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.RoundRobinFlows;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HotspotForest;

/**
 * Traffic at the message level (seed 002 Paper IV, digest §3.2; docs/CONGESTION_CONTROL.md, "Message-level
 * traffic"): every HCA runs a generator that draws a destination per message from its {@link HotspotForest}
 * role, instead of sending to the fixed destinations of a flow snapshot.
 *
 * <p>A host's traffic is one or two <em>sources</em>, each a flow of the packet model whose destination
 * changes from message to message: a C node has a hot source (its hotspot), a V node a cold one (a uniform
 * other host per message), a B node both, the hot one with share p and the cold one with 1 − p. A source
 * with share s has sent, by time t, at most s × {@code rateBps} × t (the quota is cumulative, so a source
 * held back may catch up; with the cold quota used up and the hot source throttled the link stays idle, as
 * Paper IV's "Frame I" says). The two sources are independent queues: a throttled hot source never blocks
 * the cold one (no head-of-line blocking inside the generator).
 *
 * @param forest the roles, subsets and hotspots (moving ones included)
 * @param messageBytes bytes per message (Paper IV: 4096, two 2 KiB packets)
 * @param rateBps the rate the shares apply to (Paper IV: the 13.5 Gbit/s a host may inject), wire bits per second
 * @param hotspotTraffic false: no source sends to a hotspot (C nodes are silent, B nodes send only their
 *     uniform share) — Paper IV's "no hotspots" reference
 * @param seed the master seed the destination streams derive from
 * @param hotFromPs hot sources send from this time (their quota counts from it)
 * @param hotUntilPs and stop at this one, a message cut short if need be (Long.MAX_VALUE: never): the hotspot
 *     bursts of seed 002 Papers V and VI (e.g. [1 ms, 2 ms))
 * @param generationBufferBytes 0: a source sends its messages in turn (Paper IV's generator); else it
 *     generates them at its share of the rate into one queue per destination, holding up to this many bytes, and
 *     the HCA sends from any queue that may send (Papers V–VI: "one generation queue per destination", no
 *     head-of-line blocking behind a throttled or stopped destination); hot sources generate in the window only
 */
public record MessageTraffic(HotspotForest forest, int messageBytes, long rateBps, boolean hotspotTraffic, long seed,
        long hotFromPs, long hotUntilPs, int generationBufferBytes) implements GeneratedTraffic {
    /** A source's kind. */
    static final int HOT = 0;
    static final int COLD = 1;

    @Override
    public RoundRobinFlows injection(Hcas hcas, PacketParams params) {
        return new MessageInjection(hcas, this, params.mtuBytes(), params.overheadBytes());
    }

    public MessageTraffic {
        if (messageBytes < 1 || rateBps < 1) {
            throw new IllegalArgumentException("messages need a size >= 1 byte and a rate > 0: " + messageBytes
                    + " B, " + rateBps + " bit/s");
        }
        if (generationBufferBytes != 0 && generationBufferBytes < messageBytes) {
            throw new IllegalArgumentException("a generation buffer must hold one message: " + generationBufferBytes
                    + " B < " + messageBytes + " B");
        }
        if (hotFromPs < 0 || hotUntilPs <= hotFromPs) {
            throw new IllegalArgumentException("hot sources' window [" + hotFromPs + ", " + hotUntilPs
                    + ") ps is empty or negative");
        }
    }

    /** Hot sources send throughout. */
    public MessageTraffic(HotspotForest forest, int messageBytes, long rateBps, boolean hotspotTraffic, long seed) {
        this(forest, messageBytes, rateBps, hotspotTraffic, seed, 0, Long.MAX_VALUE);
    }

    /** Sources send their messages in turn (Paper IV). */
    public MessageTraffic(HotspotForest forest, int messageBytes, long rateBps, boolean hotspotTraffic, long seed,
            long hotFromPs, long hotUntilPs) {
        this(forest, messageBytes, rateBps, hotspotTraffic, seed, hotFromPs, hotUntilPs, 0);
    }

    /** What summary.json says of this traffic. */
    public String describe() {
        var f = forest.parameters();
        int[] roles = new int[3];
        for (int h = 0; h < forest.hostCount(); h++) {
            roles[forest.role(h).ordinal()]++;
        }
        return f.kind().key() + " messages of " + messageBytes + " B at " + org.fabricsim.config.Units.formatBandwidth(rateBps)
                + ": " + roles[0] + " C, " + roles[1] + " V, " + roles[2] + " B nodes (p " + f.p() + "), " + f.hotspots()
                + " hotspots" + (f.hotspotLifetimePs() > 0 ? " moving every "
                + org.fabricsim.config.Units.formatTime(f.hotspotLifetimePs()) : "")
                + (hotspotTraffic ? "" : ", no hotspot traffic")
                + (hotFromPs == 0 && hotUntilPs == Long.MAX_VALUE ? "" : ", hot sources from "
                + org.fabricsim.config.Units.formatTime(hotFromPs) + (hotUntilPs == Long.MAX_VALUE ? ""
                : " to " + org.fabricsim.config.Units.formatTime(hotUntilPs)))
                + (generationBufferBytes == 0 ? "" : ", a generation queue per destination ("
                + org.fabricsim.config.Units.formatSize(generationBufferBytes) + " per source)");
    }

    /** The sources as flows (host order, hot before cold), endless, from time 0; their destinations are placeholders. */
    public FlowSchedule schedule() {
        int n = forest.hostCount();
        FlowSet.Builder b = new FlowSet.Builder(n + n / 2);
        for (int h = 0; h < n; h++) {
            int other = (h + 1) % n;
            if (kindCount(h, HOT) > 0) {
                b.add(h, other);
            }
            if (kindCount(h, COLD) > 0) {
                b.add(h, other);
            }
        }
        return FlowSchedule.always(b.build());
    }

    /** Per flow of {@link #schedule}: {@link #HOT} or {@link #COLD}. */
    int[] kinds() {
        int n = forest.hostCount();
        int[] kinds = new int[schedule().size()];
        int f = 0;
        for (int h = 0; h < n; h++) {
            for (int k = HOT; k <= COLD; k++) {
                if (kindCount(h, k) > 0) {
                    kinds[f++] = k;
                }
            }
        }
        return kinds;
    }

    /** The share of host {@code host}'s rate its source of {@code kind} may use (0: it has none). */
    double share(int host, int kind) {
        return switch (forest.role(host)) {
            case C -> kind == HOT && hotspotTraffic ? 1 : 0;
            case V -> kind == COLD ? 1 : 0;
            case B -> kind == HOT ? (hotspotTraffic ? forest.parameters().p() : 0) : 1 - forest.parameters().p();
        };
    }

    private int kindCount(int host, int kind) {
        return share(host, kind) > 0 ? 1 : 0;
    }
}
