package org.fabricsim.convergence;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabricsim.convergence.ConvergenceOptions.Initial;
import org.fabricsim.convergence.ConvergenceOptions.NewPort;
import org.fabricsim.convergence.ConvergenceOptions.Reselect;
import org.fabricsim.convergence.ConvergenceOptions.Ties;
import org.fabricsim.convergence.ConvergenceOptions.Victim;
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
 * <p>All state lives in int arrays allocated once per instance; a trial allocates nothing. The tree's links
 * are numbered by {@link TreeLinks}; the flows on each link, and which links are bad, are kept by
 * {@link LinkLoads}, so picking a random flow of a link or moving a flow is proportional to the link's load,
 * and the worst link of a switch is a scan of its incoming links. One instance per thread.
 */
public final class AdaptiveRoutingProcess {
    private final TreeLinks links;
    private final LinkLoads loads;
    private final int h;
    private final int hosts;
    private final ConvergenceOptions options;
    private final int cap;

    // per slot f * h + l: flow f's choice at level l and where its level-l switches are
    private final int[] choice;
    private final int[] lower; // index of f's level-l switches from its choices below l (set when added)
    private final int[] sourceUpper; // index of f's level-l ascending switch from the source's digits above l
    private final int[] destinationUpper; // the same for its descending switch (per trial)
    // per flow (indexed by source host)
    private final int[] dst;
    private final int[] nca; // 0: no flow (a dropped fixed point)
    private final long[] movedIn;
    // per iteration
    private final int[] requestFlow;
    private final int[] requestLevel;
    private final int[] freePorts;
    private long adaptations;
    private long swaps;
    private SplittableRandom rng;

    public AdaptiveRoutingProcess(Topology topology, ConvergenceOptions options) {
        this.links = new TreeLinks(topology);
        this.h = links.height();
        this.hosts = topology.hostCount();
        this.options = options;
        this.cap = options.capacity();
        int slots = hosts * h;
        loads = new LinkLoads(links.links(), slots, links.receivers(), options.p(), options.badUpLinks());
        choice = new int[slots];
        lower = new int[slots];
        sourceUpper = new int[slots];
        destinationUpper = new int[slots];
        for (int f = 0; f < hosts; f++) {
            for (int l = 1; l < h; l++) {
                sourceUpper[f * h + l] = links.upper(f, l);
            }
        }
        dst = new int[hosts];
        nca = new int[hosts];
        movedIn = new long[hosts];
        requestFlow = new int[links.receivers()];
        requestLevel = new int[links.receivers()];
        freePorts = new int[links.maxParents()];
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
        int atStart = loads.badLinks();
        long iteration = 0;
        while (loads.badLinks() > 0 && iteration < options.maxIterations()) {
            iterate(++iteration);
        }
        return new TrialOutcome(iteration, loads.badLinks() == 0, adaptations, swaps, atStart, flows);
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
        loads.clear();
        Arrays.fill(movedIn, 0);
        adaptations = 0;
        swaps = 0;
        for (int s = 0; s < hosts; s++) {
            int d = destinations[s];
            dst[s] = d;
            for (int l = 1; l < h; l++) {
                destinationUpper[s * h + l] = links.upper(d, l);
            }
            if (options.scope() == ConvergenceOptions.Scope.UNFOLDED) {
                nca[s] = h; // the unfolded Clos: every flow passes the top (middle) stage
            } else {
                nca[s] = s == d ? 0 : links.ncaLevel(s, d);
            }
        }
    }

    // --- initial assignment

    private void assignInitial() {
        if (options.initial() == Initial.MODULO) {
            // Algorithm 3: M[src, dst] = src mod n, i.e. the source's port on its leaf; one level up, the
            // child the flow came from (source-mod-k). Distinct per port since w_(l+1) >= m_l.
            for (int s = 0; s < hosts; s++) {
                for (int l = 1; l < nca[s]; l++) {
                    choice[s * h + l] = links.hostDigit(s, l);
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
        int ports = links.parents(l);
        int free = 0;
        int least = Integer.MAX_VALUE;
        for (int b = 0; b < ports; b++) {
            int c = loads.up(base + b);
            if (c < cap) {
                freePorts[free++] = b;
            }
            least = Math.min(least, c);
        }
        if (free == 0) { // only without swapping can an up link be over capacity
            for (int b = 0; b < ports; b++) {
                if (loads.up(base + b) == least) {
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
        lower[slot] = l == 1 ? 0 : lower[slot - 1] + choice[slot - 1] * links.choiceWeight(l);
    }

    /** Link id of the up link from flow f's level-l ascending switch to its parent b. */
    private int upLink(int f, int l, int b) {
        int slot = f * h + l;
        return links.link(l, lower[slot] + sourceUpper[slot], b);
    }

    /** Link id of the down link into flow f's level-l descending switch from its parent b. */
    private int downLink(int f, int l, int b) {
        int slot = f * h + l;
        return links.link(l, lower[slot] + destinationUpper[slot], b);
    }

    /** Receiving-switch id of flow f's level-l descending switch. */
    private int receiver(int f, int l) {
        int slot = f * h + l;
        return links.receiver(l, lower[slot] + destinationUpper[slot]);
    }

    // --- adding and removing a flow on the two links of one level

    private void add(int f, int l) {
        setLower(f, l);
        int b = choice[f * h + l];
        loads.add(f * h + l, upLink(f, l, b), downLink(f, l, b), receiver(f, l));
    }

    private void remove(int f, int l) {
        int b = choice[f * h + l];
        loads.remove(f * h + l, upLink(f, l, b), downLink(f, l, b), receiver(f, l));
    }

    // --- one iteration

    /** Every switch with a bad incoming link picks a random flow of its worst link (§II, t = j + 0.5). */
    private int selectRequests() {
        int requests = 0;
        for (int i = 0; i < loads.badSwitches(); i++) {
            int y = loads.badSwitch(i);
            int l = links.levelOf(y);
            int base = links.link(l, links.indexOf(y), 0);
            int worst = -1;
            int worstCount = -1;
            int ties = 0;
            for (int b = 0; b < links.parents(l); b++) {
                int c = loads.down(base + b);
                if (c > worstCount) {
                    worstCount = c;
                    worst = b;
                    ties = 1;
                } else if (c == worstCount && options.ties() == Ties.RANDOM && rng.nextInt(++ties) == 0) {
                    worst = b; // reservoir sampling over equally worst links
                }
            }
            int slot = loads.firstDown(base + worst);
            for (int k = rng.nextInt(worstCount); k > 0; k--) {
                slot = loads.nextDown(slot);
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
        int ports = links.parents(l);
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
        if (options.swap() && loads.up(port) >= cap) {
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
        int slot = loads.firstUp(port);
        if (options.victim() == Victim.RANDOM) {
            for (int k = rng.nextInt(loads.up(port)); k > 0; k--) {
                slot = loads.nextUp(slot);
            }
            return slot / h;
        }
        int lowest = slot / h;
        for (int s = loads.nextUp(slot); s >= 0; s = loads.nextUp(s)) {
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
        int[] up = new int[links.links()];
        int[] down = new int[links.links()];
        for (int f = 0; f < hosts; f++) {
            for (int l = 1; l < nca[f]; l++) {
                up[upLink(f, l, choice[f * h + l])]++;
                down[downLink(f, l, choice[f * h + l])]++;
            }
        }
        loads.check(up, down, links);
        for (int link = 0; link < up.length; link++) {
            if (options.swap() && up[link] > cap) {
                throw new AssertionError("an input-switch port carries " + up[link] + " flows > " + cap);
            }
        }
    }

    /** The number of bad links now (for tests). */
    int badLinks() {
        return loads.badLinks();
    }

    /** Flow f's up-port choice at level l (for tests). */
    int choice(int f, int l) {
        return choice[f * h + l];
    }

    /** How many flows use the down link into the level-l switch {@code index} from parent b (for tests). */
    int downLoad(int l, long index, int b) {
        return loads.down(links.link(l, (int) index, b));
    }

    /** Flows on flow f's level-l up link (for tests). */
    int upLoad(int f, int l) {
        return loads.up(upLink(f, l, choice[f * h + l]));
    }

    int ncaOf(int f) {
        return nca[f];
    }
}
