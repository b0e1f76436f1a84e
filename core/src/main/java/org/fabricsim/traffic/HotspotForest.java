package org.fabricsim.traffic;

import java.util.SplittableRandom;
import org.fabricsim.InputException;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;

/**
 * A congestion forest of seed 002 Paper IV (digest §3.2, §6): silent, windy or moving congestion
 * trees rooted at a few hotspots.
 *
 * <p><b>Roles.</b> With x = {@code bFraction}, n_B = round(x·N) hosts are B nodes,
 * n_V = round(vFraction·(N − n_B)) are V nodes and the rest are C nodes, placed at random. A C node
 * (permanent contributor) sends only to its hotspot; a V node (potential victim) sends to uniform
 * destinations; a B node sends a share p to its hotspot and 1 − p uniformly over the other hosts.
 *
 * <p><b>Subsets.</b> The C nodes, then the B nodes, are dealt round robin (in random order) into one
 * subset per hotspot, so subset sizes differ by at most one, and so do their C and B counts.
 *
 * <p><b>Hotspots.</b> The hotspots of timeslot k (k = time / lifetime; always slot 0 when the
 * lifetime is 0, so a static forest has the same hotspots in every slot) are {@code hotspots}
 * distinct hosts drawn uniformly from all hosts with {@code Seeds.stream(master, trial, k,
 * TRAFFIC_SLOT)}: any slot can be computed without the others. A hotspot keeps its own role and
 * keeps sending. A C or B node must never send to itself: if the hotspot of its subset is itself,
 * it uses the next subset's hotspot ((subset + 1) mod hotspots); with a single hotspot it has no
 * hotspot in that slot ({@link #hotspotOf} is −1): a C node then falls silent and a B node sends
 * only its uniform share.
 *
 * <p>Roles and subsets are drawn from {@code Seeds.stream(master, trial, TRAFFIC)}. Instances are
 * immutable and safe to share between threads.
 */
public final class HotspotForest implements TrafficPattern {
    private static final long serialVersionUID = 1L;

    /** Paper IV node types. */
    public enum Role {
        /** Permanent contributor: sends only to its hotspot. */
        C,
        /** Potential victim: sends to uniform random destinations. */
        V,
        /** Sends a share p to its hotspot and 1 − p uniformly over the other hosts. */
        B
    }

    private final ForestParameters parameters;
    private final int hostCount;
    private final long masterSeed;
    private final long trial;
    private final Role[] roles;
    private final int[] subsetOf;

    /**
     * Places the roles and subsets of a forest on {@code hostCount} hosts.
     *
     * @throws InputException if the network has fewer than 2 hosts or fewer hosts than hotspots
     */
    public HotspotForest(ForestParameters parameters, int hostCount, long masterSeed, long trial) {
        this.parameters = parameters;
        this.hostCount = hostCount;
        this.masterSeed = masterSeed;
        this.trial = trial;
        Params.atLeastTwoHosts(parameters.kind().key(), hostCount);
        if (parameters.hotspots() > hostCount) {
            throw new InputException("traffic.hotspots must be at most " + hostCount + " for a network of "
                    + hostCount + " hosts (got " + parameters.hotspots() + ")");
        }
        int nB = (int) Math.round(parameters.bFraction() * hostCount);
        int nV = (int) Math.round(parameters.vFraction() * (hostCount - nB));
        int[] order = Shuffle.permutation(hostCount, Seeds.stream(masterSeed, trial, Purpose.TRAFFIC));
        roles = new Role[hostCount];
        subsetOf = new int[hostCount];
        // order = [B nodes | V nodes | C nodes]; deal C, then B, round robin into the subsets.
        int dealt = 0;
        for (int k = nB + nV; k < hostCount; k++) {
            roles[order[k]] = Role.C;
            subsetOf[order[k]] = dealt++ % parameters.hotspots();
        }
        for (int k = 0; k < nB; k++) {
            roles[order[k]] = Role.B;
            subsetOf[order[k]] = dealt++ % parameters.hotspots();
        }
        for (int k = nB; k < nB + nV; k++) {
            roles[order[k]] = Role.V;
            subsetOf[order[k]] = -1;
        }
    }

    public ForestParameters parameters() {
        return parameters;
    }

    public int hostCount() {
        return hostCount;
    }

    public Role role(int host) {
        return roles[host];
    }

    /** The subset (0..hotspots-1) of a C or B node; −1 for a V node. */
    public int subsetOf(int host) {
        return subsetOf[host];
    }

    /** The timeslot of simulated time {@code timePs} ≥ 0: time / lifetime, or 0 if hotspots never move. */
    public long slotAt(long timePs) {
        if (timePs < 0) {
            throw new IllegalArgumentException("negative time " + timePs);
        }
        long lifetime = parameters.hotspotLifetimePs();
        return lifetime == 0 ? 0 : timePs / lifetime;
    }

    /** The hotspots of timeslot {@code slot}, indexed by subset: distinct hosts. A fresh array. */
    public int[] hotspots(long slot) {
        if (slot < 0) {
            throw new IllegalArgumentException("negative slot " + slot);
        }
        long effective = parameters.hotspotLifetimePs() == 0 ? 0 : slot;
        SplittableRandom rng = Seeds.stream(masterSeed, trial, effective, Purpose.TRAFFIC_SLOT);
        int count = parameters.hotspots();
        int[] hotspots = new int[count];
        // Rejection sampling of distinct hosts: O(count²) work, no O(N) array per slot.
        for (int i = 0; i < count; i++) {
            int h;
            do {
                h = rng.nextInt(hostCount);
            } while (contains(hotspots, i, h));
            hotspots[i] = h;
        }
        return hotspots;
    }

    /** The hotspot of {@code subset} in timeslot {@code slot}. */
    public int hotspot(int subset, long slot) {
        return hotspots(slot)[subset];
    }

    /** Whether {@code host} is a hotspot in timeslot {@code slot}. */
    public boolean isHotspot(int host, long slot) {
        int[] hotspots = hotspots(slot);
        return contains(hotspots, hotspots.length, host);
    }

    /**
     * Where a C or B node sends its hotspot traffic in timeslot {@code slot}: its subset's hotspot,
     * or the next subset's if that is the node itself; −1 for V nodes and for a node that is the
     * only hotspot.
     */
    public int hotspotOf(int host, long slot) {
        return target(host, hotspots(slot));
    }

    /**
     * The flow-level view of timeslot {@code slot}, used by contention analysis. Per host,
     * ascending: C → its hotspot (weight 1); V → a uniform random other host (weight 1);
     * B → its hotspot (weight p) and a uniform random other host (weight 1 − p). Flows of weight 0
     * are omitted. Uniform destinations are drawn from {@code rng}, which should be a stream other
     * than the role stream {@code Seeds.stream(master, trial, TRAFFIC)}.
     */
    public FlowSet snapshot(long slot, SplittableRandom rng) {
        int[] hotspots = hotspots(slot);
        double p = parameters.p();
        FlowSet.Builder flows = new FlowSet.Builder(hostCount + hostCount / 2);
        for (int h = 0; h < hostCount; h++) {
            switch (roles[h]) {
                case C -> {
                    int t = target(h, hotspots);
                    if (t >= 0) {
                        flows.add(h, t);
                    }
                }
                case V -> flows.add(h, Shuffle.otherHost(h, hostCount, rng));
                case B -> {
                    int t = target(h, hotspots);
                    if (t >= 0 && p > 0) {
                        flows.add(h, t, p, FlowSet.NO_APP);
                    }
                    if (p < 1) {
                        flows.add(h, Shuffle.otherHost(h, hostCount, rng), 1 - p, FlowSet.NO_APP);
                    }
                }
                default -> throw new IllegalStateException();
            }
        }
        return flows.build();
    }

    /** The snapshot of slot 0; {@code hosts} must have this forest's host count. */
    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        if (hosts.hostCount() != hostCount) {
            throw new IllegalArgumentException("forest built for " + hostCount + " hosts, network has "
                    + hosts.hostCount());
        }
        return snapshot(0, rng);
    }

    @Override
    public String name() {
        return parameters.kind().key();
    }

    private int target(int host, int[] hotspots) {
        int subset = subsetOf[host];
        if (subset < 0) {
            return -1;
        }
        int t = hotspots[subset];
        if (t != host) {
            return t;
        }
        return hotspots.length > 1 ? hotspots[(subset + 1) % hotspots.length] : -1;
    }

    private static boolean contains(int[] a, int length, int value) {
        for (int i = 0; i < length; i++) {
            if (a[i] == value) {
                return true;
            }
        }
        return false;
    }
}
