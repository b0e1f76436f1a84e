package org.fabricsim.traffic;

import java.util.SplittableRandom;
import org.fabricsim.InputException;

/**
 * Hotspot (many-to-few) traffic, as in the CCFIT and EcoCC experiments of seed 002 (digest §3.2):
 * {@code count} distinct hotspot hosts are chosen at random; of the N − count other hosts, round(
 * {@code senders} · (N − count)) chosen at random each send one flow to a hotspot. Senders are dealt
 * to the hotspots round robin (the hotspots in random order), so hotspot in-degrees differ by at
 * most one. Hotspots do not send. Flows are listed in the (random) order the senders were drawn.
 *
 * @param count   number of hotspots, configuration key {@code traffic.hotspots}, in [1, N − 1]
 * @param senders fraction of non-hotspot hosts that send, key {@code traffic.hotspot-senders}, in (0, 1]
 */
public record Hotspots(int count, double senders) implements TrafficPattern {

    public Hotspots {
        Params.atLeast("traffic.hotspots", count, 1);
        Params.positiveFraction("traffic.hotspot-senders", senders);
    }

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int n = hosts.hostCount();
        if (count > n - 1) {
            throw new InputException("traffic.hotspots must be at most " + (n - 1)
                    + " for a network of " + n + " hosts (got " + count + ")");
        }
        int senderCount = (int) Math.round(senders * (n - count));
        int[] order = new int[n];
        for (int h = 0; h < n; h++) {
            order[h] = h;
        }
        // order[0..count) are the hotspots, order[count..count+senderCount) the senders.
        Shuffle.shufflePrefix(order, count + senderCount, rng);
        int[] src = new int[senderCount];
        int[] dst = new int[senderCount];
        for (int j = 0; j < senderCount; j++) {
            src[j] = order[count + j];
            dst[j] = order[j % count];
        }
        return FlowSet.of(src, dst);
    }

    @Override
    public String name() {
        return PatternKind.HOTSPOTS.key();
    }
}
