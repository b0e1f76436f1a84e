package org.fabricsim.traffic;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabricsim.InputException;

/**
 * Several phase-based applications on a fragmented utility cluster (spec §6.10, §7 item 16; seed
 * 003 §6.5, Fig 6.10).
 *
 * <p><b>Placement.</b> The first applications·applicationSize hosts are cut into groups of
 * applicationSize / fragCoeff consecutive hosts ("neighbouring nodes"). The groups are randomly
 * permuted and dealt fragCoeff at a time to the applications, so every application gets exactly
 * applicationSize hosts in fragCoeff contiguous pieces. Hosts beyond the first
 * applications·applicationSize run no application and send nothing.
 *
 * <p><b>Traffic.</b> Each application a sends a superposition of P_a uniform random permutations over its
 * own hosts, P_a uniform in [minPermutations, maxPermutations]; self-flows are dropped. The thesis does not
 * say whether P is drawn per application or once per run, every application then sending the same number
 * (spec §7 item 16, AMBIG-16): {@link PermutationDraw}, per application by default (D227). Flows carry the
 * application id and are listed by application, then permutation, then source.
 *
 * <p>{@link #generate} is {@link #place} followed by {@link #flows} on the same generator, so a caller
 * that needs the placement as well calls the two in that order.
 *
 * @param applications    configuration key {@code traffic.applications}, at least 1 (default 32)
 * @param applicationSize key {@code traffic.application-size}, at least 1 (default 128)
 * @param fragCoeff       key {@code traffic.frag-coeff}, a divisor of applicationSize
 * @param minPermutations key {@code traffic.min-permutations}, at least 1 (default 1)
 * @param maxPermutations key {@code traffic.max-permutations}, at least minPermutations (default 5)
 * @param draw            key {@code traffic.permutation-draw}: {@code per-application} (default) or
 *                        {@code per-run}
 */
public record FragmentedApplications(int applications, int applicationSize, int fragCoeff, int minPermutations,
        int maxPermutations, PermutationDraw draw) implements TrafficPattern {

    /** Whom a draw of the number of permutations is for (seed 003 §6.5: "whose number is chosen uniformly"). */
    public enum PermutationDraw {
        /** Every application draws its own P_a. */
        PER_APPLICATION,
        /** One P per run, shared by every application. */
        PER_RUN
    }

    public static final int DEFAULT_APPLICATIONS = 32;
    public static final int DEFAULT_APPLICATION_SIZE = 128;
    public static final int DEFAULT_MIN_PERMUTATIONS = 1;
    public static final int DEFAULT_MAX_PERMUTATIONS = 5;

    /** One draw per application. */
    public FragmentedApplications(int applications, int applicationSize, int fragCoeff, int minPermutations,
            int maxPermutations) {
        this(applications, applicationSize, fragCoeff, minPermutations, maxPermutations,
                PermutationDraw.PER_APPLICATION);
    }

    public FragmentedApplications {
        java.util.Objects.requireNonNull(draw, "draw");
        Params.atLeast("traffic.applications", applications, 1);
        Params.atLeast("traffic.application-size", applicationSize, 1);
        Params.atLeast("traffic.frag-coeff", fragCoeff, 1);
        if (applicationSize % fragCoeff != 0) {
            throw new InputException("traffic.frag-coeff must divide traffic.application-size = " + applicationSize
                    + " (got " + fragCoeff + ")");
        }
        Params.atLeast("traffic.min-permutations", minPermutations, 1);
        if (maxPermutations < minPermutations) {
            throw new InputException("traffic.max-permutations must be at least traffic.min-permutations = "
                    + minPermutations + " (got " + maxPermutations + ")");
        }
        if ((long) applications * applicationSize > Integer.MAX_VALUE - 8) {
            throw new InputException("traffic.applications × traffic.application-size is too large ("
                    + applications + " × " + applicationSize + ")");
        }
    }

    /** Spec §6.10 defaults (32 applications × 128 hosts, 1 to 5 permutations) with the given fragCoeff. */
    public static FragmentedApplications withDefaults(int fragCoeff) {
        return new FragmentedApplications(DEFAULT_APPLICATIONS, DEFAULT_APPLICATION_SIZE, fragCoeff,
                DEFAULT_MIN_PERMUTATIONS, DEFAULT_MAX_PERMUTATIONS, PermutationDraw.PER_APPLICATION);
    }

    /** Hosts in one contiguous piece of an application. */
    public int groupSize() {
        return applicationSize / fragCoeff;
    }

    /** Draws the placement of the applications on a network of {@code hostCount} hosts. */
    public ApplicationPlacement place(int hostCount, SplittableRandom rng) {
        int used = applications * applicationSize;
        if (used > hostCount) {
            throw new InputException("traffic.applications × traffic.application-size = " + applications + " × "
                    + applicationSize + " = " + used + " hosts, more than the network's " + hostCount);
        }
        int groupSize = groupSize();
        int[] groups = Shuffle.permutation(applications * fragCoeff, rng);
        int[] applicationOf = new int[hostCount];
        Arrays.fill(applicationOf, FlowSet.NO_APP);
        for (int k = 0; k < groups.length; k++) {
            int app = k / fragCoeff;
            int first = groups[k] * groupSize;
            for (int h = first; h < first + groupSize; h++) {
                applicationOf[h] = app;
            }
        }
        return new ApplicationPlacement(applications, applicationSize, applicationOf);
    }

    /** Draws every application's permutations on a given placement. */
    public FlowSet flows(ApplicationPlacement placement, SplittableRandom rng) {
        if (placement.applications() != applications || placement.applicationSize() != applicationSize) {
            throw new IllegalArgumentException("placement of " + placement.applications() + " × "
                    + placement.applicationSize() + " hosts, pattern of " + applications + " × " + applicationSize);
        }
        long expected = (long) applications * applicationSize * (minPermutations + maxPermutations) / 2;
        FlowSet.Builder flows = new FlowSet.Builder((int) Math.min(1 << 20, expected));
        int[] dst = new int[applicationSize];
        int shared = draw == PermutationDraw.PER_RUN ? drawPermutations(rng) : 0;
        for (int a = 0; a < applications; a++) {
            int[] hosts = placement.hostsOf(a);
            int permutations = draw == PermutationDraw.PER_RUN ? shared : drawPermutations(rng);
            for (int p = 0; p < permutations; p++) {
                System.arraycopy(hosts, 0, dst, 0, applicationSize);
                Shuffle.shuffle(dst, rng);
                for (int i = 0; i < applicationSize; i++) {
                    flows.add(hosts[i], dst[i], 1.0, a);
                }
            }
        }
        return flows.build();
    }

    private int drawPermutations(SplittableRandom rng) {
        return minPermutations + rng.nextInt(maxPermutations - minPermutations + 1);
    }

    @Override
    public FlowSet generate(HostGroups hosts, SplittableRandom rng) {
        return flows(place(hosts.hostCount(), rng), rng);
    }

    @Override
    public String name() {
        return PatternKind.FRAGMENTED_APPLICATIONS.key();
    }
}
