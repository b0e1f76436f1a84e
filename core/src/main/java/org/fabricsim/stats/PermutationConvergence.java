package org.fabricsim.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How one permutation of a permutation sequence (seed 001 §V-C, {@code packet.permutation-sequence})
 * converged: its {@code startPs}, the first injection of any of its flows (the earliest injection time among
 * their delivered packets; hosts advance asynchronously, so this is the first host to begin it), the last
 * adaptation attributed to one of its flows ({@code lastAdaptationPs}), the convergence time from the start
 * to that adaptation ({@code convergencePs}; 0 when none of its flows caused one: nothing had to move) and
 * the {@code adaptations} attributed to its flows. Seed 001 Fig 10(d) reads these off the adaptation bins
 * ("convergence takes about 1/10 of the permutation time", all below 80 µs); here they are exact.
 *
 * @param startPs -1 when none of its packets was delivered (then {@code convergencePs} is -1 too)
 * @param lastAdaptationPs -1 without adaptations
 * @param convergencePs max(start, last adaptation) − start: an adaptation before the start is possible only
 *     when the permutation's first packets were still in flight at the end of the run, and counts as 0
 */
public record PermutationConvergence(int permutation, int flows, long startPs, long lastAdaptationPs,
        long convergencePs, long adaptations) {

    /** Every permutation 0 … {@code count} − 1, flow f belonging to permutation {@code permutationOf[f]}. */
    static List<PermutationConvergence> of(int[] permutationOf, int count, AdaptationMeter m) {
        int[] flows = new int[count];
        long[] start = new long[count];
        long[] last = new long[count];
        long[] adaptations = new long[count];
        Arrays.fill(start, Long.MAX_VALUE);
        Arrays.fill(last, -1);
        for (int f = 0; f < permutationOf.length; f++) {
            int p = permutationOf[f];
            flows[p]++;
            long first = m.firstInjectionPs(f);
            if (first >= 0) {
                start[p] = Math.min(start[p], first);
            }
            last[p] = Math.max(last[p], m.lastAdaptationPs(f));
            adaptations[p] += m.flowAdaptations(f);
        }
        List<PermutationConvergence> out = new ArrayList<>(count);
        for (int p = 0; p < count; p++) {
            long s = start[p] == Long.MAX_VALUE ? -1 : start[p];
            long convergence = s < 0 ? -1 : Math.max(s, last[p]) - s;
            out.add(new PermutationConvergence(p, flows[p], s, last[p], convergence, adaptations[p]));
        }
        return List.copyOf(out);
    }
}
