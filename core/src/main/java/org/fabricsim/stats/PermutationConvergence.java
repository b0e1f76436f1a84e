package org.fabricsim.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How one permutation of a permutation sequence (seed 001 §V-C, {@code packet.permutation-sequence})
 * converged: its {@code startPs}, the first injection of any of its <i>opening</i> flows (the earliest
 * injection time among their delivered packets; hosts advance asynchronously, so this is the first host to
 * move on to it), the last adaptation attributed to any of its flows ({@code lastAdaptationPs}), the
 * convergence time from the start to that adaptation ({@code convergencePs}; 0 when none of its flows caused
 * one: nothing had to move) and the {@code adaptations} attributed to its flows. Seed 001 Fig 10(d) reads
 * these off the adaptation bins ("convergence takes about 1/10 of the permutation time", all below 80 µs);
 * here they are exact.
 *
 * <p>A flow <b>opens</b> its permutation p when its host is in step: it took part in every permutation before
 * p, so this is its host's message number p (from 0). A host that a permutation maps to itself sends nothing
 * in it and moves on to the next one at once, and stays a whole permutation ahead of the others for the rest
 * of the sequence; a random permutation has one such host on average, so counting hosts ahead would date
 * most permutations from when an earlier one began. When no opening flow has a delivered packet, the start
 * comes from all its flows.
 *
 * @param startPs -1 when none of its packets was delivered (then {@code convergencePs} is -1 too)
 * @param lastAdaptationPs -1 without adaptations
 * @param convergencePs max(start, last adaptation) − start: an adaptation before the start is possible only
 *     when the permutation's first packets were still in flight at the end of the run, and counts as 0
 */
public record PermutationConvergence(int permutation, int flows, long startPs, long lastAdaptationPs,
        long convergencePs, long adaptations) {

    /**
     * Every permutation 0 … {@code count} − 1, flow f belonging to permutation {@code permutationOf[f]} and
     * following its host's flow {@code after[f]} (-1: its host's first).
     */
    static List<PermutationConvergence> of(int[] permutationOf, int[] after, int count, AdaptationMeter m) {
        int[] flows = new int[count];
        long[] opened = new long[count]; // first injection of an opening flow
        long[] start = new long[count]; // of any flow
        long[] last = new long[count];
        long[] adaptations = new long[count];
        int[] message = new int[permutationOf.length]; // the flow's number among its host's messages
        Arrays.fill(opened, Long.MAX_VALUE);
        Arrays.fill(start, Long.MAX_VALUE);
        Arrays.fill(last, -1);
        for (int f = 0; f < permutationOf.length; f++) {
            int p = permutationOf[f];
            message[f] = after[f] < 0 ? 0 : message[after[f]] + 1; // after[f] < f
            flows[p]++;
            long first = m.firstInjectionPs(f);
            if (first >= 0) {
                start[p] = Math.min(start[p], first);
                if (message[f] == p) { // in step: it opens p
                    opened[p] = Math.min(opened[p], first);
                }
            }
            last[p] = Math.max(last[p], m.lastAdaptationPs(f));
            adaptations[p] += m.flowAdaptations(f);
        }
        List<PermutationConvergence> out = new ArrayList<>(count);
        for (int p = 0; p < count; p++) {
            long s = opened[p] != Long.MAX_VALUE ? opened[p] : start[p] == Long.MAX_VALUE ? -1 : start[p];
            long convergence = s < 0 ? -1 : Math.max(s, last[p]) - s;
            out.add(new PermutationConvergence(p, flows[p], s, last[p], convergence, adaptations[p]));
        }
        return List.copyOf(out);
    }
}
