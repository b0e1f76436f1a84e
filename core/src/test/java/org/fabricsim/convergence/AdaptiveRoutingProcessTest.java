package org.fabricsim.convergence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabricsim.InputException;
import org.fabricsim.convergence.ConvergenceOptions.Initial;
import org.fabricsim.convergence.ConvergenceOptions.NewPort;
import org.fabricsim.convergence.ConvergenceOptions.PermutationKind;
import org.fabricsim.convergence.ConvergenceOptions.Reselect;
import org.fabricsim.convergence.ConvergenceOptions.Scope;
import org.fabricsim.convergence.ConvergenceOptions.Ties;
import org.fabricsim.convergence.ConvergenceOptions.Victim;
import org.fabricsim.topology.FatTrees;
import org.fabricsim.topology.LinkParams;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.fabricsim.topology.Topologies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdaptiveRoutingProcessTest {
    private static final LinkParams LINK = LinkParams.gbps(10, 10);

    private static ConvergenceOptions options(double p, Scope scope, Initial initial, NewPort newPort, Ties ties,
            boolean swap, Victim victim, Reselect reselect) {
        return new ConvergenceOptions(p, scope, PermutationKind.WORST, initial, newPort, ties, swap, victim, true,
                reselect, 100_000);
    }

    private static int[] randomPermutation(int n, SplittableRandom rng) {
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = d[i];
            d[i] = d[j];
            d[j] = t;
        }
        return d;
    }

    /**
     * Flow conservation (every flow on exactly one up and one down link per level it crosses), at most ⌊p⌋
     * flows per input-switch port when swapping, and the incremental bad-link bookkeeping, checked after the
     * initial assignment and after every iteration, over every option, two- and three-level trees.
     */
    @ParameterizedTest
    @CsvSource({
        "'clos(4,4,4)', 1, UNFOLDED, MODULO, ANY, RANDOM, true, RANDOM, MOVE",
        "'clos(5,5,5)', 1, UNFOLDED, SEMI_RANDOM, OTHER, LOWEST, true, LOWEST, SKIP",
        "'clos(4,6,8)', 2, MINIMAL, MODULO, ANY, RANDOM, true, RANDOM, MOVE",
        "'clos(6,3,6)', 2, UNFOLDED, SEMI_RANDOM, ANY, RANDOM, true, LOWEST, SKIP",
        "'clos(4,4,4)', 1, UNFOLDED, MODULO, ANY, RANDOM, false, RANDOM, MOVE",
        "'clos(4,4,4)', 1.5, UNFOLDED, MODULO, OTHER, RANDOM, true, RANDOM, MOVE",
        "'kary-ntree(3,3)', 1, MINIMAL, MODULO, ANY, RANDOM, true, RANDOM, MOVE",
        "'kary-ntree(4,3)', 2, MINIMAL, SEMI_RANDOM, ANY, RANDOM, true, RANDOM, SKIP",
        "'kary-ntree(3,3)', 2, UNFOLDED, MODULO, OTHER, LOWEST, true, LOWEST, MOVE",
        "'xgft(3;2,3,2;1,3,3)', 1, MINIMAL, SEMI_RANDOM, ANY, RANDOM, true, RANDOM, MOVE"})
    void invariantsHoldAfterEveryIteration(String topology, double p, Scope scope, Initial initial,
            NewPort newPort, Ties ties, boolean swap, Victim victim, Reselect reselect) {
        Topology t = Topologies.resolve(topology, 0, 0, null);
        ConvergenceOptions o = options(p, scope, initial, newPort, ties, swap, victim, reselect);
        AdaptiveRoutingProcess process = new AdaptiveRoutingProcess(t, o);
        SplittableRandom rng = new SplittableRandom(11);
        for (int trial = 0; trial < 10; trial++) {
            int[] dst = randomPermutation(t.hostCount(), rng);
            process.start(dst, new SplittableRandom(trial));
            process.checkInvariants();
            for (long i = 1; i <= 300 && process.badLinks() > 0; i++) {
                process.iterate(i);
                process.checkInvariants();
            }
        }
    }

    /** It stops exactly when no bad link is left: no down link then carries more than p flows. */
    @Test
    void stopsExactlyWhenNoBadLinkIsLeft() {
        Topology t = FatTrees.clos("c", 5, 5, 5, LINK);
        ConvergenceOptions o = ConvergenceOptions.defaults(1);
        AdaptiveRoutingProcess process = new AdaptiveRoutingProcess(t, o);
        SplittableRandom rng = new SplittableRandom(5);
        int converged = 0;
        for (int trial = 0; trial < 50; trial++) {
            int[] dst = randomPermutation(t.hostCount(), rng);
            // replay the trial step by step and compare with run()
            process.start(dst, new SplittableRandom(trial));
            long steps = 0;
            boolean hadBadLinks = process.badLinks() > 0;
            while (process.badLinks() > 0) {
                process.iterate(++steps);
            }
            TrialOutcome outcome = process.run(dst, new SplittableRandom(trial));
            assertEquals(steps, outcome.iterations());
            assertTrue(outcome.converged());
            assertEquals(0, process.badLinks());
            assertEquals(hadBadLinks, outcome.badLinksAtStart() > 0);
            assertEquals(hadBadLinks, outcome.iterations() > 0);
            for (int l = 1; l < 2; l++) {
                for (int sw = 0; sw < 5; sw++) {
                    for (int b = 0; b < 5; b++) {
                        assertTrue(process.downLoad(l, sw, b) <= 1);
                    }
                }
            }
            converged++;
        }
        assertEquals(50, converged);
    }

    /** A trial that reaches the cap stops there, not converged. */
    @Test
    void theCapStopsATrial() {
        Topology t = FatTrees.clos("c", 6, 6, 6, LINK);
        ConvergenceOptions d = ConvergenceOptions.defaults(1);
        ConvergenceOptions capped = new ConvergenceOptions(1, d.scope(), d.permutation(), d.initial(), d.newPort(),
                d.ties(), d.swap(), d.victim(), d.badUpLinks(), d.reselect(), 3);
        ConvergenceTrials trials = new ConvergenceTrials(t, capped, 1);
        int notConverged = 0;
        for (int trial = 0; trial < 20; trial++) {
            TrialOutcome o = trials.run(trial);
            assertTrue(o.iterations() <= 3);
            if (!o.converged()) {
                assertEquals(3, o.iterations());
                notConverged++;
            }
        }
        assertTrue(notConverged > 0, "CLOS(6,6,6) at p = 1 rarely converges in 3 iterations");
    }

    /**
     * Algorithm 3's initial assignment M[src, dst] = src mod n: the bad links at the start are exactly the
     * (middle, output switch) pairs that receive more than p flows from that assignment (brute force).
     */
    @Test
    void moduloStartIsAlgorithm3() {
        int n = 6;
        int r = 9;
        int m = 6;
        Topology t = FatTrees.clos("c", n, r, m, LINK);
        ConvergenceOptions o = ConvergenceOptions.defaults(1);
        AdaptiveRoutingProcess process = new AdaptiveRoutingProcess(t, o);
        SplittableRandom rng = new SplittableRandom(2);
        for (int trial = 0; trial < 30; trial++) {
            int[] dst = randomPermutation(n * r, rng);
            process.start(dst, new SplittableRandom(trial));
            int[][] load = new int[m][r];
            for (int s = 0; s < n * r; s++) {
                assertEquals(s % n, process.choice(s, 1));
                load[s % n][dst[s] / n]++;
            }
            int bad = 0;
            for (int[] row : load) {
                for (int x : row) {
                    bad += x > 1 ? 1 : 0;
                }
            }
            assertEquals(bad, process.badLinks());
        }
    }

    /** Unfolded, every flow crosses the middle stage, also between hosts of one switch; minimal, it does not. */
    @Test
    void scopeDecidesWhoCrossesTheMiddle() {
        Topology t = FatTrees.clos("c", 4, 4, 4, LINK);
        int[] identity = new int[16];
        for (int s = 0; s < 16; s++) {
            identity[s] = s;
        }
        AdaptiveRoutingProcess unfolded = new AdaptiveRoutingProcess(t, ConvergenceOptions.defaults(1));
        assertEquals(16, unfolded.start(identity, new SplittableRandom(1)));
        assertEquals(2, unfolded.ncaOf(0));
        ConvergenceOptions d = ConvergenceOptions.defaults(1);
        AdaptiveRoutingProcess minimal = new AdaptiveRoutingProcess(t, new ConvergenceOptions(1, Scope.MINIMAL,
                d.permutation(), d.initial(), d.newPort(), d.ties(), d.swap(), d.victim(), d.badUpLinks(),
                d.reselect(), d.maxIterations()));
        assertEquals(0, minimal.start(identity, new SplittableRandom(1)));
        assertEquals(0, minimal.badLinks());
    }

    @Test
    void sameSeedSameOutcome() {
        Topology t = Presets.find("tree648").build();
        ConvergenceTrials a = new ConvergenceTrials(t, ConvergenceOptions.defaults(2), 7);
        ConvergenceTrials b = new ConvergenceTrials(t, ConvergenceOptions.defaults(2), 7);
        ConvergenceTrials other = new ConvergenceTrials(t, ConvergenceOptions.defaults(2), 8);
        boolean differs = false;
        for (int trial = 0; trial < 20; trial++) {
            TrialOutcome x = a.run(trial);
            assertEquals(x, b.run(trial));
            differs |= !x.equals(other.run(trial));
        }
        assertTrue(differs);
        // trials are independent of the order they run in
        ConvergenceTrials c = new ConvergenceTrials(t, ConvergenceOptions.defaults(2), 7);
        TrialOutcome last = c.run(19);
        assertEquals(new ConvergenceTrials(t, ConvergenceOptions.defaults(2), 7).run(19), last);
    }

    /** Half-rate flows converge in a few iterations even on a 3-level tree (seed 001 Fig 9b, generalised). */
    @Test
    void halfRateFlowsConvergeOnThreeLevels() {
        Topology t = FatTrees.kAryNTree("t", 4, 3, LINK);
        ConvergenceOptions d = ConvergenceOptions.defaults(2);
        ConvergenceOptions minimal = new ConvergenceOptions(2, Scope.MINIMAL, PermutationKind.RANDOM, d.initial(),
                d.newPort(), d.ties(), d.swap(), d.victim(), d.badUpLinks(), d.reselect(), 10_000);
        ConvergenceTrials trials = new ConvergenceTrials(t, minimal, 3);
        for (int trial = 0; trial < 100; trial++) {
            TrialOutcome o = trials.run(trial);
            assertTrue(o.converged(), "trial " + trial);
            assertTrue(o.iterations() < 100, "trial " + trial + ": " + o.iterations());
        }
    }

    @Test
    void unsuitableTopologiesAreInputErrors() {
        ConvergenceOptions o = ConvergenceOptions.defaults(1);
        assertTrue(assertThrows(InputException.class, () -> new AdaptiveRoutingProcess(Presets.find("c2").build(), o))
                .getMessage().contains("oversubscribed"));
        assertTrue(assertThrows(InputException.class, () -> new AdaptiveRoutingProcess(Presets.find("testbed7").build(),
                o)).getMessage().contains("not a generated fat tree"));
        assertTrue(assertThrows(InputException.class, () -> new AdaptiveRoutingProcess(
                FatTrees.modifiedKAryNTree("m", 4, 3, 2, LINK), o)).getMessage().contains("horizontal"));
        assertThrows(InputException.class, () -> ConvergenceOptions.defaults(0.5));
        assertFalse(ConvergenceOptions.defaults(1.5).capacity() != 1);
    }
}
