package org.fabricsim.experiment;

import java.util.function.Supplier;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.traffic.AllToOne;
import org.fabricsim.traffic.BitComplement;
import org.fabricsim.traffic.BitReversal;
import org.fabricsim.traffic.ForestParameters;
import org.fabricsim.traffic.HotspotForest;
import org.fabricsim.traffic.FragmentedApplications;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.Hotspots;
import org.fabricsim.traffic.PatternKind;
import org.fabricsim.traffic.RandomFlows;
import org.fabricsim.traffic.RandomPermutation;
import org.fabricsim.traffic.Shift;
import org.fabricsim.traffic.Superposition;
import org.fabricsim.traffic.TrafficPattern;
import org.fabricsim.traffic.TrialTraffic;
import org.fabricsim.traffic.WorstPermutation;

/**
 * Binds the {@code traffic.*} keys to a traffic pattern. Single values are checked by the typed getters
 * (which name file, line and key); what only the pattern can check (a fragmentation that does not divide
 * the application size, a host count that is not a power of two) is checked by building the pattern and
 * drawing trial 0 once here, and reported where {@code traffic.pattern} was set.
 */
final class TrafficBinding {
    private TrafficBinding() {
    }

    static PatternKind kind(ExperimentConfig c) {
        return checked(c, () -> PatternKind.byKey(c.string("traffic.pattern")));
    }

    static TrialTraffic bind(ExperimentConfig c, HostGroups hosts, long seed) {
        TrialTraffic traffic = build(c, kind(c), hosts, seed);
        checked(c, () -> traffic.flows(0));
        return traffic;
    }

    private static <T> T checked(ExperimentConfig c, Supplier<T> s) {
        try {
            return s.get();
        } catch (InputException e) {
            throw c.errorAt("traffic.pattern", e);
        }
    }

    private static ForestParameters forestParameters(ExperimentConfig c, PatternKind kind, int n) {
        int hotspots = c.integer("traffic.hotspots", 1, n);
        double v = c.number("traffic.v-fraction", 0, 1);
        // a silent forest has no B nodes (so p does not matter) and permanent hotspots, seed 002 Paper IV
        double b = kind == PatternKind.SILENT_FOREST ? 0.0 : c.number("traffic.b-fraction", 0, 1);
        double p = kind == PatternKind.SILENT_FOREST ? 1.0 : c.number("traffic.p", 0, 1);
        long lifetime = kind == PatternKind.MOVING_FOREST ? positiveTime(c, "traffic.hotspot-lifetime") : 0L;
        return checked(c, () -> new ForestParameters(hotspots, b, v, p, lifetime));
    }

    /** Trial 0's hotspot forest of {@code traffic.*} (the pattern must be one of the forests). */
    static HotspotForest forest(ExperimentConfig c, HostGroups hosts, long seed) {
        PatternKind kind = kind(c);
        ForestParameters f = forestParameters(c, kind, hosts.hostCount());
        return checked(c, () -> new HotspotForest(f, hosts.hostCount(), seed, 0));
    }

    private static TrialTraffic build(ExperimentConfig c, PatternKind kind, HostGroups hosts, long seed) {
        int n = hosts.hostCount();
        switch (kind) {
            case SILENT_FOREST:
            case WINDY_FOREST:
            case MOVING_FOREST:
                return TrialTraffic.forest(forestParameters(c, kind, n), hosts, seed);
            default:
                return TrialTraffic.of(pattern(c, kind, n), hosts, seed);
        }
    }

    /**
     * The pattern of {@code traffic.*} on {@code n} hosts, for patterns that are one draw per trial (all but
     * the hotspot forests, which are time-varying; those are refused at {@code traffic.pattern}).
     */
    static TrafficPattern pattern(ExperimentConfig c, int n) {
        PatternKind kind = kind(c);
        switch (kind) {
            case SILENT_FOREST:
            case WINDY_FOREST:
            case MOVING_FOREST:
                throw c.error("traffic.pattern", kind.key() + " is time-varying; this experiment takes one flow set"
                        + " per trial");
            default:
                return pattern(c, kind, n);
        }
    }

    private static TrafficPattern pattern(ExperimentConfig c, PatternKind kind, int n) {
        switch (kind) {
            case RANDOM_PERMUTATION: {
                boolean derangement = c.bool("traffic.derangement");
                return new RandomPermutation(derangement);
            }
            case WORST_PERMUTATION:
                return new WorstPermutation();
            case SHIFT: {
                int k = c.integer("traffic.shift", -n, n);
                return new Shift(k);
            }
            case BIT_REVERSAL:
                return new BitReversal();
            case BIT_COMPLEMENT:
                return new BitComplement();
            case SUPERPOSITION: {
                int permutations = c.integer("traffic.permutations", 1, 1000);
                return new Superposition(permutations);
            }
            case RANDOM_FLOWS: {
                int minFlows = c.integer("traffic.min-flows", 1, 1000);
                int maxFlows = c.integer("traffic.max-flows", minFlows, 1000);
                return new RandomFlows(minFlows, maxFlows);
            }
            case ALL_TO_ONE: {
                int destination = c.integer("traffic.destination", 0, n - 1);
                return new AllToOne(destination);
            }
            case HOTSPOTS: {
                int count = c.integer("traffic.hotspots", 1, Math.max(1, n - 1));
                double senders = c.number("traffic.hotspot-senders", 0, 1);
                if (senders == 0) {
                    throw c.error("traffic.hotspot-senders", "must be greater than 0 (got 0)");
                }
                return checked(c, () -> new Hotspots(count, senders));
            }
            case FRAGMENTED_APPLICATIONS: {
                int apps = c.integer("traffic.applications", 1, n);
                int size = c.integer("traffic.application-size", 1, n);
                int frag = c.integer("traffic.frag-coeff", 1, size);
                int min = c.integer("traffic.min-permutations", 1, 1000);
                int max = c.integer("traffic.max-permutations", min, 1000);
                FragmentedApplications.PermutationDraw draw = ConvergenceBinding.pick(c, "traffic.permutation-draw",
                        FragmentedApplications.PermutationDraw.class);
                return checked(c, () -> new FragmentedApplications(apps, size, frag, min, max, draw));
            }
            default:
                throw new IllegalStateException("no binding for " + kind);
        }
    }

    private static long positiveTime(ExperimentConfig c, String key) {
        long t = c.time(key);
        if (t <= 0) {
            throw c.error(key, "must be positive");
        }
        return t;
    }
}
