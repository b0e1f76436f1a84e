package org.fabricsim.convergence;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabricsim.InputException;
import org.fabricsim.convergence.ConvergenceOptions.Initial;
import org.fabricsim.convergence.ConvergenceOptions.NewPort;
import org.fabricsim.convergence.ConvergenceOptions.Reselect;
import org.fabricsim.convergence.ConvergenceOptions.Ties;
import org.fabricsim.convergence.ConvergenceOptions.Victim;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topology;

/**
 * The abstract distributed adaptive-routing process of seed 001 (§II, Algorithm 3) on a folded Clos, i.e.
 * a fat tree, generalised to any full-bisection XGFT (docs/CONVERGENCE.md).
 *
 * <p>A flow from host s to host d climbs to the top level (the unfolded Clos of seed 001, where every
 * flow crosses a middle switch) or to their nearest common ancestor level L (minimal fat-tree routing,
 * option {@link ConvergenceOptions.Scope}); at every level l &lt; L
 * the ascending switch it passes has assigned it an up port, b_(l+1) (for a two-level tree, the middle
 * switch M[s,d] of Algorithm 3). The descent is then fixed: at level l the flow enters the switch that
 * shares d's digits above l and the flow's choices below, through the link from parent b_(l+1). A link that
 * carries more than p flows is bad.
 *
 * <p>Every iteration: each switch with a bad incoming down link (the output switches of the Clos; in a
 * deeper tree every switch below the top) picks its worst incoming link and a random flow on it and asks
 * the flow's ascending switch at the same level to move it. The requests are then served in random order:
 * the flow gets a random new up port; if that port is full (⌊p⌋ flows) the flow swaps with a flow there.
 * A flow whose choice at level l changes reaches new switches above l; there it takes a random up port
 * with free capacity, as a newly arriving flow would (semi-random assignment, §II). In a two-level tree
 * there is nothing above the middle switches and this is exactly Algorithm 3.
 *
 * <p>All state lives in int arrays allocated once per instance; a trial allocates nothing. Flows on each
 * link are kept in doubly linked lists threaded through the arrays, so picking a random flow of a link or
 * moving a flow is proportional to the link's load, and the worst link of a switch is a scan of its
 * incoming links. One instance per thread.
 */
public final class AdaptiveRoutingProcess {
    private final FatTree tree;
    private final int h;
    private final int hosts;
    private final ConvergenceOptions options;
    private final double p;
    private final int cap;

    private final int[] w; // w[l] = parents of a level-(l-1) node
    private final long[] wProd; // Π_{j<=l} w_j: switches of a level-l logical node
    private final long[] mProd; // Π_{j<=l} m_j: hosts below a level-l switch
    private final int[] linkOffset; // first link id of level l (links between levels l and l+1)
    private final int[] switchOffset; // first receiving-switch id of level l

    // per link (the cable between a level-l switch and one of its parents)
    private final int[] upCount;
    private final int[] downCount;
    private final int[] headUp;
    private final int[] headDown;
    // per slot f * h + l: flow f's choice at level l and its places in the link lists
    private final int[] choice;
    private final int[] lower; // index of f's level-l switches from its choices below l (set when added)
    private final int[] sourceUpper; // index of f's level-l ascending switch from the source's digits above l
    private final int[] destinationUpper; // the same for its descending switch (per trial)
    private final int[] nextUp;
    private final int[] prevUp;
    private final int[] nextDown;
    private final int[] prevDown;
    // per flow (indexed by source host)
    private final int[] dst;
    private final int[] nca; // 0: no flow (a dropped fixed point)
    private final long[] movedIn;
    // per receiving switch (a switch below the top, by level): bad incoming down links
    private final int[] badIn;
    private final int[] receiverLevel;
    private final int[] badSwitches;
    private final int[] badPosition;
    private int badSwitchCount;
    private int badLinks;
    // per iteration
    private final int[] requestFlow;
    private final int[] requestLevel;
    private final int[] freePorts;
    private long adaptations;
    private long swaps;
    private SplittableRandom rng;

    public AdaptiveRoutingProcess(Topology topology, ConvergenceOptions options) {
        this.tree = topology.fatTree().orElseThrow(() -> new InputException("convergence: topology "
                + topology.name() + " is not a generated fat tree (use a tree preset or a clos/xgft/kary-ntree"
                + " expression)"));
        this.h = tree.height();
        this.hosts = topology.hostCount();
        this.options = options;
        this.p = options.p();
        this.cap = options.capacity();
        if (h < 2) {
            throw new InputException("convergence: topology " + topology.name() + " has a single switch level;"
                    + " there is nothing to adapt");
        }
        if (tree.horizontalWidth() > 0) {
            throw new InputException("convergence: topology " + topology.name() + " has horizontal links; the"
                    + " process is defined on fat trees without them");
        }
        w = new int[h + 1];
        wProd = new long[h + 1];
        mProd = new long[h + 1];
        wProd[0] = 1;
        mProd[0] = 1;
        for (int l = 1; l <= h; l++) {
            if (tree.p(l) != 1) {
                throw new InputException("convergence: topology " + topology.name()
                        + " has parallel links; use an XGFT (one link per child-parent pair)");
            }
            w[l] = tree.w(l);
            wProd[l] = wProd[l - 1] * w[l];
            mProd[l] = mProd[l - 1] * tree.m(l);
        }
        for (int l = 1; l < h; l++) {
            if (w[l + 1] < tree.m(l)) {
                throw new InputException("convergence: topology " + topology.name() + " is oversubscribed at level "
                        + l + " (" + tree.m(l) + " down, " + w[l + 1] + " up); the process needs at least as many"
                        + " up links as down links at every level");
            }
        }
        linkOffset = new int[h + 1];
        switchOffset = new int[h + 1];
        for (int l = 1; l < h; l++) {
            linkOffset[l + 1] = Math.toIntExact(linkOffset[l] + tree.levelSize(l) * w[l + 1]);
            switchOffset[l + 1] = Math.toIntExact(switchOffset[l] + tree.levelSize(l));
        }
        int links = linkOffset[h];
        upCount = new int[links];
        downCount = new int[links];
        headUp = new int[links];
        headDown = new int[links];
        int slots = hosts * h;
        choice = new int[slots];
        lower = new int[slots];
        sourceUpper = new int[slots];
        destinationUpper = new int[slots];
        for (int f = 0; f < hosts; f++) {
            for (int l = 1; l < h; l++) {
                sourceUpper[f * h + l] = Math.toIntExact(wProd[l] * (f / mProd[l]));
            }
        }
        nextUp = new int[slots];
        prevUp = new int[slots];
        nextDown = new int[slots];
        prevDown = new int[slots];
        dst = new int[hosts];
        nca = new int[hosts];
        movedIn = new long[hosts];
        int receivers = switchOffset[h];
        badIn = new int[receivers];
        receiverLevel = new int[receivers];
        for (int l = 1; l < h; l++) {
            Arrays.fill(receiverLevel, switchOffset[l], switchOffset[l + 1], l);
        }
        badSwitches = new int[receivers];
        badPosition = new int[receivers];
        requestFlow = new int[receivers];
        requestLevel = new int[receivers];
        int maxW = Arrays.stream(w).max().orElse(1);
        freePorts = new int[maxW];
    }

    public int hostCount() {
        return hosts;
    }

    /**
     * Runs one trial: {@code destinations[s]} is the destination of host s (a permutation). With minimal
     * scope s == d means no flow; unfolded, it is a flow through a middle switch like any other. All random
     * choices come from {@code random}.
     */
    public TrialOutcome run(int[] destinations, SplittableRandom random) {
        int flows = start(destinations, random);
        int atStart = badLinks;
        long iteration = 0;
        while (badLinks > 0 && iteration < options.maxIterations()) {
            iterate(++iteration);
        }
        return new TrialOutcome(iteration, badLinks == 0, adaptations, swaps, atStart, flows);
    }

    /** Sets up a trial: the flows of the permutation and their initial assignment; returns the flow count. */
    int start(int[] destinations, SplittableRandom random) {
        if (destinations.length != hosts) {
            throw new IllegalArgumentException("permutation of " + destinations.length + " hosts for a network of "
                    + hosts);
        }
        this.rng = random;
        reset(destinations);
        int flows = 0;
        for (int s = 0; s < hosts; s++) {
            if (nca[s] > 0) {
                flows++;
            }
        }
        assignInitial();
        return flows;
    }

    /** One synchronous iteration (§II): the output switches' requests, then the moves in random order. */
    void iterate(long iteration) {
        serve(selectRequests(), iteration);
    }

    private void reset(int[] destinations) {
        Arrays.fill(upCount, 0);
        Arrays.fill(downCount, 0);
        Arrays.fill(headUp, -1);
        Arrays.fill(headDown, -1);
        Arrays.fill(badIn, 0);
        Arrays.fill(movedIn, 0);
        badSwitchCount = 0;
        badLinks = 0;
        adaptations = 0;
        swaps = 0;
        for (int s = 0; s < hosts; s++) {
            int d = destinations[s];
            dst[s] = d;
            for (int l = 1; l < h; l++) {
                destinationUpper[s * h + l] = Math.toIntExact(wProd[l] * (d / mProd[l]));
            }
            if (options.scope() == ConvergenceOptions.Scope.UNFOLDED) {
                nca[s] = h; // the unfolded Clos: every flow passes the top (middle) stage
            } else {
                nca[s] = s == d ? 0 : ncaLevel(s, d);
            }
        }
    }

    /** The level of the nearest common ancestor switch of two different hosts. */
    private int ncaLevel(int s, int d) {
        int l = 1;
        while (s / mProd[l] != d / mProd[l]) {
            l++;
        }
        return l;
    }

    // --- initial assignment

    private void assignInitial() {
        if (options.initial() == Initial.MODULO) {
            // Algorithm 3: M[src, dst] = src mod n, i.e. the source's port on its leaf; one level up, the
            // child the flow came from (source-mod-k). Distinct per port since w_(l+1) >= m_l.
            for (int s = 0; s < hosts; s++) {
                for (int l = 1; l < nca[s]; l++) {
                    choice[s * h + l] = tree.hostDigit(s, l);
                    add(s, l);
                }
            }
        } else {
            // §II: each switch spreads its flows randomly, never more than ⌊p⌋ on a port
            int[] order = permutationOfSources();
            for (int level = 1; level < h; level++) {
                for (int s : order) {
                    if (level < nca[s]) {
                        choice[s * h + level] = randomFreePort(s, level);
                        add(s, level);
                    }
                }
            }
        }
    }

    private int[] permutationOfSources() {
        int[] order = new int[hosts];
        for (int i = 0; i < hosts; i++) {
            order[i] = i;
        }
        for (int i = hosts - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    /** A random up port of flow f's level-l ascending switch with fewer than ⌊p⌋ flows (or a least loaded one). */
    private int randomFreePort(int f, int l) {
        setLower(f, l);
        int base = upLink(f, l, 0);
        int ports = w[l + 1];
        int free = 0;
        int least = Integer.MAX_VALUE;
        for (int b = 0; b < ports; b++) {
            int c = upCount[base + b];
            if (c < cap) {
                freePorts[free++] = b;
            }
            least = Math.min(least, c);
        }
        if (free == 0) { // only without swapping can an up link be over capacity
            for (int b = 0; b < ports; b++) {
                if (upCount[base + b] == least) {
                    freePorts[free++] = b;
                }
            }
        }
        return freePorts[rng.nextInt(free)];
    }

    // --- geometry: which links a flow uses

    /**
     * Sets the part of flow f's level-l switch indices that its choices below l determine (needs level l-1
     * set, so levels are always added bottom-up).
     */
    private void setLower(int f, int l) {
        int slot = f * h + l;
        lower[slot] = l == 1 ? 0 : lower[slot - 1] + choice[slot - 1] * (int) wProd[l - 1];
    }

    /** Link id of the up link from flow f's level-l ascending switch to its parent b. */
    private int upLink(int f, int l, int b) {
        int slot = f * h + l;
        return linkOffset[l] + (lower[slot] + sourceUpper[slot]) * w[l + 1] + b;
    }

    /** Link id of the down link into flow f's level-l descending switch from its parent b. */
    private int downLink(int f, int l, int b) {
        int slot = f * h + l;
        return linkOffset[l] + (lower[slot] + destinationUpper[slot]) * w[l + 1] + b;
    }

    /** Receiving-switch id of flow f's level-l descending switch. */
    private int receiver(int f, int l) {
        int slot = f * h + l;
        return switchOffset[l] + lower[slot] + destinationUpper[slot];
    }

    // --- adding and removing a flow on the two links of one level

    private void add(int f, int l) {
        int slot = f * h + l;
        setLower(f, l);
        int b = choice[slot];
        int up = upLink(f, l, b);
        int down = downLink(f, l, b);
        // link lists
        nextUp[slot] = headUp[up];
        prevUp[slot] = -1;
        if (headUp[up] >= 0) {
            prevUp[headUp[up]] = slot;
        }
        headUp[up] = slot;
        nextDown[slot] = headDown[down];
        prevDown[slot] = -1;
        if (headDown[down] >= 0) {
            prevDown[headDown[down]] = slot;
        }
        headDown[down] = slot;
        // counts and badness
        if (++upCount[up] > p && upCount[up] - 1 <= p && options.badUpLinks()) {
            badLinks++;
        }
        if (++downCount[down] > p && downCount[down] - 1 <= p) {
            badLinks++;
            int y = receiver(f, l);
            if (badIn[y]++ == 0) {
                badPosition[y] = badSwitchCount;
                badSwitches[badSwitchCount++] = y;
            }
        }
    }

    private void remove(int f, int l) {
        int slot = f * h + l;
        int b = choice[slot];
        int up = upLink(f, l, b);
        int down = downLink(f, l, b);
        if (prevUp[slot] >= 0) {
            nextUp[prevUp[slot]] = nextUp[slot];
        } else {
            headUp[up] = nextUp[slot];
        }
        if (nextUp[slot] >= 0) {
            prevUp[nextUp[slot]] = prevUp[slot];
        }
        if (prevDown[slot] >= 0) {
            nextDown[prevDown[slot]] = nextDown[slot];
        } else {
            headDown[down] = nextDown[slot];
        }
        if (nextDown[slot] >= 0) {
            prevDown[nextDown[slot]] = prevDown[slot];
        }
        if (upCount[up]-- > p && upCount[up] <= p && options.badUpLinks()) {
            badLinks--;
        }
        if (downCount[down]-- > p && downCount[down] <= p) {
            badLinks--;
            int y = receiver(f, l);
            if (--badIn[y] == 0) {
                int pos = badPosition[y];
                int last = badSwitches[--badSwitchCount];
                badSwitches[pos] = last;
                badPosition[last] = pos;
            }
        }
    }

    // --- one iteration

    /** Every switch with a bad incoming link picks a random flow of its worst link (§II, t = j + 0.5). */
    private int selectRequests() {
        int requests = 0;
        for (int i = 0; i < badSwitchCount; i++) {
            int y = badSwitches[i];
            int l = receiverLevel[y];
            int base = linkOffset[l] + (y - switchOffset[l]) * w[l + 1];
            int worst = -1;
            int worstCount = -1;
            int ties = 0;
            for (int b = 0; b < w[l + 1]; b++) {
                int c = downCount[base + b];
                if (c > worstCount) {
                    worstCount = c;
                    worst = b;
                    ties = 1;
                } else if (c == worstCount && options.ties() == Ties.RANDOM && rng.nextInt(++ties) == 0) {
                    worst = b; // reservoir sampling over equally worst links
                }
            }
            int slot = headDown[base + worst];
            for (int k = rng.nextInt(worstCount); k > 0; k--) {
                slot = nextDown[slot];
            }
            requestFlow[requests] = slot / h;
            requestLevel[requests] = slot % h;
            requests++;
        }
        return requests;
    }

    /** The requests, in random order: move each flow to a random new up port, swapping if it is full. */
    private void serve(int requests, long iteration) {
        for (int i = requests - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int f = requestFlow[i];
            int l = requestLevel[i];
            requestFlow[i] = requestFlow[j];
            requestLevel[i] = requestLevel[j];
            requestFlow[j] = f;
            requestLevel[j] = l;
        }
        for (int i = 0; i < requests; i++) {
            int f = requestFlow[i];
            if (options.reselect() == Reselect.SKIP && movedIn[f] == iteration) {
                continue;
            }
            move(f, requestLevel[i], iteration);
        }
    }

    private void move(int f, int l, long iteration) {
        adaptations++;
        movedIn[f] = iteration;
        int old = choice[f * h + l];
        int ports = w[l + 1];
        int target;
        if (options.newPort() == NewPort.ANY) {
            target = rng.nextInt(ports);
        } else {
            target = ports == 1 ? old : rng.nextInt(ports - 1);
            if (target >= old && ports > 1) {
                target++;
            }
        }
        if (target == old) {
            return; // Table I: the ball falls back into its own bin
        }
        int victim = -1;
        int port = upLink(f, l, target);
        if (options.swap() && upCount[port] >= cap) {
            victim = pickVictim(port);
        }
        removeFrom(f, l);
        if (victim >= 0) {
            removeFrom(victim, l);
            choice[victim * h + l] = old;
            movedIn[victim] = iteration;
            swaps++;
        }
        choice[f * h + l] = target;
        add(f, l);
        if (victim >= 0) {
            add(victim, l);
        }
        reseatAbove(f, l);
        if (victim >= 0) {
            reseatAbove(victim, l);
        }
    }

    private int pickVictim(int port) {
        int slot = headUp[port];
        if (options.victim() == Victim.RANDOM) {
            for (int k = rng.nextInt(upCount[port]); k > 0; k--) {
                slot = nextUp[slot];
            }
            return slot / h;
        }
        int lowest = slot / h;
        for (int s = nextUp[slot]; s >= 0; s = nextUp[s]) {
            lowest = Math.min(lowest, s / h);
        }
        return lowest;
    }

    /** Removes flow f from its links at levels l and above. */
    private void removeFrom(int f, int l) {
        for (int j = nca[f] - 1; j >= l; j--) {
            remove(f, j);
        }
    }

    /** Flow f reaches new switches above level l: each gives it a random free up port. */
    private void reseatAbove(int f, int l) {
        for (int j = l + 1; j < nca[f]; j++) {
            choice[f * h + j] = randomFreePort(f, j);
            add(f, j);
        }
    }

    // --- for tests

    /** Recomputes every count from the flows' choices and compares with the incremental bookkeeping. */
    void checkInvariants() {
        int[] up = new int[upCount.length];
        int[] down = new int[downCount.length];
        for (int f = 0; f < hosts; f++) {
            for (int l = 1; l < nca[f]; l++) {
                up[upLink(f, l, choice[f * h + l])]++;
                down[downLink(f, l, choice[f * h + l])]++;
            }
        }
        if (!Arrays.equals(up, upCount) || !Arrays.equals(down, downCount)) {
            throw new AssertionError("link counts differ from the flows' choices");
        }
        int bad = 0;
        int[] badPer = new int[badIn.length];
        for (int l = 1; l < h; l++) {
            for (int link = linkOffset[l]; link < linkOffset[l + 1]; link++) {
                if (down[link] > p) {
                    bad++;
                    badPer[switchOffset[l] + (link - linkOffset[l]) / w[l + 1]]++;
                }
                if (options.badUpLinks() && up[link] > p) {
                    bad++;
                }
                if (options.swap() && up[link] > cap) {
                    throw new AssertionError("an input-switch port carries " + up[link] + " flows > " + cap);
                }
                int listed = 0;
                for (int s = headDown[link]; s >= 0; s = nextDown[s]) {
                    listed++;
                }
                if (listed != down[link]) {
                    throw new AssertionError("down list of link " + link + " has " + listed + " flows, count "
                            + down[link]);
                }
            }
        }
        if (bad != badLinks || !Arrays.equals(badPer, badIn)) {
            throw new AssertionError("bad-link bookkeeping: " + badLinks + " counted, " + bad + " actual");
        }
        for (int i = 0; i < badSwitchCount; i++) {
            if (badIn[badSwitches[i]] == 0 || badPosition[badSwitches[i]] != i) {
                throw new AssertionError("bad-switch set is inconsistent");
            }
        }
    }

    /** The number of bad links now (for tests). */
    int badLinks() {
        return badLinks;
    }

    /** Flow f's up-port choice at level l (for tests). */
    int choice(int f, int l) {
        return choice[f * h + l];
    }

    /** How many flows use the down link into the level-l switch {@code index} from parent b (for tests). */
    int downLoad(int l, long index, int b) {
        return downCount[(int) (linkOffset[l] + index * w[l + 1] + b)];
    }

    /** Flows on flow f's level-l up link (for tests). */
    int upLoad(int f, int l) {
        return upCount[upLink(f, l, choice[f * h + l])];
    }

    int ncaOf(int f) {
        return nca[f];
    }
}
