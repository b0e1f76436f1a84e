package org.fabricsim.convergence;

import java.util.List;
import org.fabricsim.sweep.TrialKernel;
import org.fabricsim.sweep.TrialRunner;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;

/**
 * The trials of one convergence sweep point as plain data: the topology as its generator expression or
 * preset name (rebuilt wherever the trials run), the process options and the point's seed.
 *
 * @param topology a preset or generator expression of a full-bisection XGFT
 * @param options the process options
 * @param seed the point's master seed
 */
public record ConvergenceKernel(String topology, ConvergenceOptions options, long seed) implements TrialKernel {
    private static final long serialVersionUID = 1L;

    /** Per-trial columns, in this order. */
    public static final List<String> COLUMNS = List.of("iterations", "converged", "adaptations", "swaps",
            "bad_links_at_start", "flows");

    @Override
    public List<String> columns() {
        return COLUMNS;
    }

    @Override
    public TrialRunner open() {
        Topology t = Topologies.resolve(topology, 0, 0, null);
        ConvergenceTrials trials = new ConvergenceTrials(t, options, seed);
        return (trial, out) -> {
            TrialOutcome o = trials.run(trial);
            out[0] = o.iterations();
            out[1] = o.converged() ? 1 : 0;
            out[2] = o.adaptations();
            out[3] = o.swaps();
            out[4] = o.badLinksAtStart();
            out[5] = o.flows();
        };
    }
}
