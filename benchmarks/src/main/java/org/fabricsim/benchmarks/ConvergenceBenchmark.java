package org.fabricsim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.fabricsim.convergence.ConvergenceOptions;
import org.fabricsim.convergence.ConvergenceTrials;
import org.fabricsim.convergence.TrialOutcome;
import org.fabricsim.topology.Topologies;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Speed of the abstract adaptive-routing process (seed 001 Algorithm 3; DESIGN.md target: millions of
 * adaptation iterations per second per core). Each operation is one trial: a fresh worst permutation and
 * the process until it converges or reaches {@code cap} iterations. The auxiliary counters report
 * iterations/s and flow moves/s (requested moves plus swaps).
 *
 * <ul>
 *   <li>{@code clos(8,8,8)} at p = 1: Fig 8(a)'s largest point; it practically never converges, so every
 *       trial runs 10 000 iterations;</li>
 *   <li>{@code tree648} at p = 2: converges in about seven iterations, so a trial is mostly setting up.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3)
public class ConvergenceBenchmark {
    @Param({"clos(8,8,8):1", "tree648:2"})
    String point;

    private ConvergenceTrials trials;
    private long trial;

    /** Rates per second of work done inside the trials. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Work {
        public long iterations;
        public long moves;

        @Setup(Level.Iteration)
        public void clear() {
            iterations = 0;
            moves = 0;
        }
    }

    @Setup(Level.Trial)
    public void setup() {
        String[] parts = point.split(":");
        double p = Double.parseDouble(parts[1]);
        ConvergenceOptions d = ConvergenceOptions.defaults(p);
        ConvergenceOptions capped = new ConvergenceOptions(p, d.scope(), d.permutation(), d.initial(), d.newPort(),
                d.ties(), d.swap(), d.victim(), d.badUpLinks(), d.reselect(), 10_000);
        trials = new ConvergenceTrials(Topologies.resolve(parts[0], 0, 0, null), capped, 1);
    }

    @Benchmark
    public TrialOutcome trial(Work work) {
        TrialOutcome o = trials.run(trial++);
        work.iterations += o.iterations();
        work.moves += o.adaptations() + o.swaps();
        return o;
    }
}
