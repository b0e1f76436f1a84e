package org.fabricsim.ratecontrol;

/**
 * What a protocol run reports per flow (seed 003 §6.8-6.9): the rate its source holds (in link capacities), when
 * the rate last changed — the flow's calculation time — and how many control packets the flow sent after every
 * flow had entered the network and up to the packet that gave it its final rate; for protocols that announce
 * their flows (SAA), also how many it sent after every announcement had crossed its whole path (§4.1.2: "After
 * all flows announce start, it takes each flow a single probing").
 */
final class RateLog {
    final double[] rate;
    final long[] lastChangePs;
    private final int[] sentAfterEntry;
    final int[] packetsToFinal;
    private final int[] sentAfterAnnounced;
    final int[] packetsToFinalAfterAnnounced;
    private final long entryPs;
    private boolean announced;

    /** @param entryPs when the last flow started: control packets from then on are counted (§6.8) */
    RateLog(int flows, long entryPs) {
        rate = new double[flows];
        lastChangePs = new long[flows];
        sentAfterEntry = new int[flows];
        packetsToFinal = new int[flows];
        sentAfterAnnounced = new int[flows];
        packetsToFinalAfterAnnounced = new int[flows];
        this.entryPs = entryPs;
    }

    /** Flow {@code f}'s source holds rate {@code r} from {@code t} on. */
    void set(long t, int f, double r) {
        if (r != rate[f]) {
            rate[f] = r;
            lastChangePs[f] = t;
            packetsToFinal[f] = sentAfterEntry[f];
            packetsToFinalAfterAnnounced[f] = sentAfterAnnounced[f];
        }
    }

    /** Flow {@code f}'s calculation ended at {@code t} with the rate it holds (DFFA: its loop terminated). */
    void settled(long t, int f) {
        lastChangePs[f] = t;
        packetsToFinal[f] = sentAfterEntry[f];
        packetsToFinalAfterAnnounced[f] = sentAfterAnnounced[f];
    }

    /** Every flow's announcement has crossed its whole path: control packets from now on are counted apart. */
    void announced() {
        announced = true;
    }

    /** Flow {@code f}'s source sent a control packet at {@code t}. */
    void sent(long t, int f) {
        if (t >= entryPs) {
            sentAfterEntry[f]++;
        }
        if (announced) {
            sentAfterAnnounced[f]++;
        }
    }
}
