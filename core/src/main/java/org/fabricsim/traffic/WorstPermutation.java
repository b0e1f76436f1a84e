package org.fabricsim.traffic;

import java.util.SplittableRandom;
import org.fabricsim.InputException;

/**
 * A random "worst" permutation for adaptive routing on a folded Clos network (seed 001 §V-A): each
 * output switch receives its flows from <em>different</em> input switches, so that the input
 * switches must coordinate as much as possible to reach a non-blocking assignment. The paper draws
 * "a random one that meets the condition" without saying how, and the condition is ill-defined
 * when there are fewer switches than hosts per switch (digest B.8 item 6). This class fixes a
 * definition valid for any number r of leaf groups of equal size n:
 *
 * <p><b>Definition.</b> Write n = q·r + s with 0 ≤ s &lt; r. The number c(i, o) of flows from input
 * group i to output group o is q or q + 1 for every pair (i, o), i.e. the flows are spread over the
 * input groups as evenly as possible. Hence for r ≥ n every output group receives its n flows from
 * n distinct input groups, and for r = n exactly one flow from each input group.
 *
 * <p><b>Construction.</b>
 * <ol>
 *   <li>Draw two uniform random permutations π and σ of the r groups and set
 *       x(i, o) = 1 iff (σ(o) − π(i)) mod r &lt; s, else 0. Every row and every column of x sums to s
 *       (x is a randomly relabelled circulant matrix), so c(i, o) = q + x(i, o) has every row and
 *       column sum q·r + s = n.</li>
 *   <li>For each input group i, lay out the n destination-group slots (o repeated c(i, o) times),
 *       shuffle them, and give the k-th host of group i the k-th slot.</li>
 *   <li>For each output group o, shuffle its hosts and hand them out, in order, to the flows
 *       destined to o (taken by ascending source host).</li>
 * </ol>
 * The result is a permutation of the hosts. When r = 1 (a single leaf), or when c(i, i) &gt; 0, a
 * host may draw itself; such self-flows are dropped (spec §7 item 14), so a host may send nothing.
 * The permutation is uniform given the matrix c, but the matrix is drawn from the relabelled
 * circulant family above, not uniformly from all matrices with entries in {q, q + 1}.
 *
 * <p>Unequal groups are rejected with an {@link InputException}.
 */
public record WorstPermutation() implements TrafficPattern {

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        int[][] members = hosts.members();
        int r = members.length;
        int n = members[0].length;
        for (int g = 1; g < r; g++) {
            if (members[g].length != n) {
                throw new InputException(name() + " needs leaf groups of equal size (group 0 has " + n
                        + " hosts, group " + g + " has " + members[g].length + ")");
            }
        }
        int q = n / r;
        int s = n % r;
        int[] pi = Shuffle.permutation(r, rng);
        int[] sigma = Shuffle.permutation(r, rng);

        // Step 2: the destination group of every host.
        int[] destGroup = new int[hosts.hostCount()];
        int[] slots = new int[n];
        for (int i = 0; i < r; i++) {
            int k = 0;
            for (int o = 0; o < r; o++) {
                int c = q + (Math.floorMod(sigma[o] - pi[i], r) < s ? 1 : 0);
                for (int j = 0; j < c; j++) {
                    slots[k++] = o;
                }
            }
            Shuffle.shuffle(slots, rng);
            for (int j = 0; j < n; j++) {
                destGroup[members[i][j]] = slots[j];
            }
        }

        // Step 3: distinct random receivers in each output group.
        for (int[] group : members) {
            Shuffle.shuffle(group, rng);
        }
        int[] next = new int[r];
        int[] dst = new int[hosts.hostCount()];
        for (int h = 0; h < dst.length; h++) {
            int o = destGroup[h];
            dst[h] = members[o][next[o]++];
        }
        return Flows.ofPermutation(dst);
    }

    @Override
    public String name() {
        return PatternKind.WORST_PERMUTATION.key();
    }
}
