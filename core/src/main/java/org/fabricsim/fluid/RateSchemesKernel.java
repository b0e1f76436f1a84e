package org.fabricsim.fluid;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.fabricsim.InputException;
import org.fabricsim.random.Seeds;
import org.fabricsim.random.Seeds.Purpose;
import org.fabricsim.routing.adaptive.AdaptiveOptions;
import org.fabricsim.sweep.TrialKernel;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.FatTrees;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.TrafficPattern;

/**
 * The trials of one point of a comparison of rate schemes (seed 003 §6.3–6.5, Figs 6.7, 6.8, 6.10; spec
 * §6.6, §6.7, §6.10): every trial draws one flow set, routes it once statically (the tree without horizontal
 * links, spec §6.6: "the unmodified tree with the [15] routing for non-AR schemes") and once adaptively
 * (the tree as given), calculates every scheme's rates on the routes it uses, and reports, per scheme, the
 * measured figure and its ratio to the baseline scheme's in the same run. Ratios are taken per run and then
 * averaged over runs (spec §7 item 31); sorted vectors are read at {@link RunMetrics#DECILES} (item 32).
 *
 * <p>All figures are reported in millionths (columns {@code *_ppm}), since sweep columns are whole numbers.
 *
 * @param topology the tree for adaptive routing (a generated fat tree, e.g. {@code mkary-ntree(16,3,2)});
 *     static schemes run on it without its horizontal links
 * @param routing  the static routing of the non-AR schemes ({@link RouteSources#of})
 * @param adaptive the options of adaptive flow routing
 * @param pattern  the traffic of one run
 * @param schemes  the schemes compared, the baseline among them
 * @param baseline index in {@code schemes} of the scheme the ratios are taken against
 * @param measure  what is compared
 * @param options  arithmetic, SAA-M claim order and tie tolerance (the algorithm is each scheme's)
 * @param completion how completion follows from the rates ({@link Measure#COMPLETION})
 * @param seed     the point's master seed: trial t draws traffic from (seed, t, TRAFFIC), adaptive routing's
 *     choices from (seed, t, ROUTING) and SAA-M's claim orders from (seed, t, FLUID)
 */
public record RateSchemesKernel(String topology, String routing, AdaptiveOptions adaptive, TrafficPattern pattern,
        List<RateScheme> schemes, int baseline, Measure measure, RateOptions options, CompletionModel completion,
        long seed) implements TrialKernel {
    private static final long serialVersionUID = 1L;

    /** What a comparison measures per run. */
    public enum Measure {
        /** Total completion time of the phase, sizes d_f = w_f (Fig 6.7). */
        COMPLETION,
        /** Mean flow rate and the sorted flow-rate vector (Fig 6.8). */
        FLOW_RATES,
        /** Mean application rate r̄(a) and the sorted application-rate vector (Fig 6.10). */
        APPLICATION_RATES;

        public String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** Column infix of the measured figure. */
        public String column() {
            return switch (this) {
                case COMPLETION -> "completion";
                case FLOW_RATES -> "mean_rate";
                case APPLICATION_RATES -> "mean_app_rate";
            };
        }

        public static Measure byKey(String key) {
            for (Measure m : values()) {
                if (m.key().equals(key)) {
                    return m;
                }
            }
            throw new InputException("unknown measure '" + key + "' (completion, flow-rates, application-rates)");
        }
    }

    public RateSchemesKernel {
        schemes = List.copyOf(schemes);
        if (baseline < 0 || baseline >= schemes.size()) {
            throw new IllegalArgumentException("baseline " + baseline + " is not one of " + schemes.size() + " schemes");
        }
    }

    /** The column of a scheme's measured figure in millionths, e.g. {@code ffa_ar_mean_rate_ppm}. */
    public String valueColumn(RateScheme s) {
        return s.column() + "_" + measure.column() + "_ppm";
    }

    /** The column of a scheme's figure over the baseline's, per run, in millionths. */
    public String ratioColumn(RateScheme s) {
        return s.column() + "_" + measure.column() + "_ratio_ppm";
    }

    /** The column of the sorted-vector ratio at {@code RunMetrics.DECILES[i]}, in millionths. */
    public String sortedColumn(RateScheme s, int i) {
        return s.column() + "_sorted_ratio_" + i + "_ppm";
    }

    @Override
    public List<String> columns() {
        List<String> columns = new ArrayList<>(List.of("flows"));
        for (RateScheme s : schemes) {
            columns.add(valueColumn(s));
        }
        for (RateScheme s : compared()) {
            columns.add(ratioColumn(s));
            if (measure != Measure.COMPLETION) {
                for (int i = 0; i < RunMetrics.DECILES.length; i++) {
                    columns.add(sortedColumn(s, i));
                }
            }
        }
        return columns;
    }

    /** Every scheme but the baseline, in order. */
    public List<RateScheme> compared() {
        List<RateScheme> out = new ArrayList<>(schemes);
        out.remove(baseline);
        return out;
    }

    @Override
    public TrialRunner open() {
        Topology tree = Topologies.resolve(topology, 0, 0, null);
        Topology plain = FatTrees.withoutHorizontalLinks(tree);
        boolean anyStatic = schemes.stream().anyMatch(s -> !s.adaptive());
        boolean anyAdaptive = schemes.stream().anyMatch(RateScheme::adaptive);
        RouteSource staticRoutes = anyStatic ? RouteSources.of(routing, plain, null) : null;
        RouteSource adaptiveRoutes = anyAdaptive
                ? RouteSources.of(RouteSources.ADAPTIVE, tree, null, adaptive) : null;
        HostGroups hosts = HostGroups.of(plain);
        RateCalculator calculator = new RateCalculator();
        int n = schemes.size();
        double[] value = new double[n];
        double[][] sorted = new double[n][];
        return (trial, out) -> {
            FlowSet flows = pattern.generate(hosts, Seeds.stream(seed, trial, Purpose.TRAFFIC));
            FluidProblem onStatic = anyStatic ? FluidProblem.of(plain, staticRoutes, flows, null) : null;
            FluidProblem onAdaptive = anyAdaptive
                    ? FluidProblem.of(tree, adaptiveRoutes, flows, Seeds.stream(seed, trial, Purpose.ROUTING)) : null;
            for (int s = 0; s < n; s++) {
                RateScheme scheme = schemes.get(s);
                FluidProblem p = scheme.adaptive() ? onAdaptive : onStatic;
                RateOptions o = options.withAlgorithm(scheme.algorithm());
                SplittableRandom fluid = Seeds.stream(seed, trial, Purpose.FLUID); // the same claim draws per scheme
                RateAllocation a = calculator.calculate(p, o, fluid);
                CompletionTimes c = measure == Measure.COMPLETION
                        ? CompletionTimes.of(p, p.weight(), completion, o, calculator, fluid) : null;
                RunMetrics m = RunMetrics.of(p, a, c);
                switch (measure) {
                    case COMPLETION -> value[s] = m.totalCompletion();
                    case FLOW_RATES -> {
                        value[s] = m.meanRate();
                        sorted[s] = m.sortedSample(RunMetrics.DECILES);
                    }
                    case APPLICATION_RATES -> {
                        value[s] = m.applications().mean();
                        double[] apps = m.applications().rate().clone();
                        java.util.Arrays.sort(apps);
                        sorted[s] = RunMetrics.sample(apps, RunMetrics.DECILES);
                    }
                    default -> throw new IllegalStateException();
                }
            }
            int col = 0;
            out[col++] = flows.size();
            for (int s = 0; s < n; s++) {
                out[col++] = ppm(value[s]);
            }
            for (int s = 0; s < n; s++) {
                if (s == baseline) {
                    continue;
                }
                out[col++] = ppm(value[s] / value[baseline]);
                if (measure != Measure.COMPLETION) {
                    for (int i = 0; i < RunMetrics.DECILES.length; i++) {
                        out[col++] = ppm(sorted[s][i] / sorted[baseline][i]);
                    }
                }
            }
        };
    }

    private static long ppm(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalStateException("a scheme figure is " + v + " (no flows, or no applications?)");
        }
        return Math.round(v * 1e6);
    }
}
