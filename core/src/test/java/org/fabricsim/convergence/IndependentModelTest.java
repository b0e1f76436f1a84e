package org.fabricsim.convergence;

import static org.fabricsim.convergence.ExactChain.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.apache.commons.numbers.fraction.BigFraction;
import org.fabricsim.InputException;
import org.fabricsim.convergence.IndependentModel.Combination;
import org.fabricsim.convergence.IndependentModel.State;
import org.junit.jupiter.api.Test;

class IndependentModelTest {

    @Test
    void everyRowIsADistributionOverFeasibleStates() {
        for (Combination combination : Combination.values()) {
            for (int n = 2; n <= 14; n++) {
                for (int m = n; m <= n + 6; m++) {
                    IndependentModel model = new IndependentModel(n, m, combination);
                    for (State s : model.transientStates()) {
                        assertTrue(ExactIndependent.feasible(n, m, s.empty(), s.good()), "listed " + s);
                        double sum = 0;
                        for (Map.Entry<State, Double> to : model.transitions(s).entrySet()) {
                            State t = to.getKey();
                            assertTrue(ExactIndependent.feasible(n, m, t.empty(), t.good()),
                                    combination + " n=" + n + " m=" + m + ": " + s + " -> " + t);
                            assertTrue(to.getValue() > 0, s + " -> " + t);
                            sum += to.getValue();
                        }
                        assertEquals(1.0, sum, 1e-12, combination + " n=" + n + " m=" + m + " row " + s);
                    }
                }
            }
        }
    }

    @Test
    void listsEveryFeasibleTransientState() {
        int n = 9;
        int m = 11;
        IndependentModel model = new IndependentModel(n, m, Combination.SIMULTANEOUS);
        int count = 0;
        for (int e = 0; e <= m; e++) {
            for (int g = 0; g < n; g++) {
                count += ExactIndependent.feasible(n, m, e, g) ? 1 : 0;
            }
        }
        assertEquals(count, model.transientStates().size());
        assertEquals(new State(m - n, n), model.absorbing());
    }

    @Test
    void occupancyCountsMatchEnumerationOfAllPlacements() {
        for (int n = 1; n <= 6; n++) {
            for (int m = 1; m <= 6; m++) {
                long[][] brute = ExactIndependent.placements(n, m);
                BigInteger[][] counts = BallsInBins.counts(n, m);
                BigInteger total = BigInteger.ZERO;
                for (int e = 0; e <= m; e++) {
                    for (int g = 0; g <= n; g++) {
                        assertEquals(BigInteger.valueOf(brute[e][g]), counts[e][g],
                                "n=" + n + " m=" + m + " e=" + e + " g=" + g);
                        total = total.add(counts[e][g]);
                    }
                }
                assertEquals(BigInteger.valueOf(m).pow(n), total);
            }
        }
    }

    @Test
    void initialMassMissingFromTransientStatesIsTheAllDistinctPlacement() {
        int n = 20;
        int m = 30;
        double[] pi = new IndependentModel(n, m, Combination.SIMULTANEOUS).initialDistribution();
        double transientMass = 0;
        for (double p : pi) {
            transientMass += p;
        }
        double allDistinct = 1;
        for (int i = 0; i < n; i++) {
            allDistinct *= (m - i) / (double) m;
        }
        assertEquals(1 - allDistinct, transientMass, 1e-14);
    }

    @Test
    void matchesExactRationalModel() {
        for (Combination combination : Combination.values()) {
            for (int n = 2; n <= 4; n++) {
                for (int m = n; m <= 5; m++) {
                    ExactIndependent exact = new ExactIndependent(n, m, combination == Combination.SEQUENTIAL);
                    ExactChain chain = exact.chain();
                    BigFraction[] pi = exact.initial();
                    AbsorptionTime t = new IndependentModel(n, m, combination).absorptionTime();
                    String at = combination.key() + " n=" + n + " m=" + m;
                    assertClose(chain.mean(pi), t.mean(), "mean " + at);
                    assertClose(chain.variance(pi), t.variance(), "variance " + at);
                }
            }
        }
    }

    @Test
    void rowsMatchTheExactTableRowByRow() {
        for (Combination combination : Combination.values()) {
            for (int[] nm : new int[][] {{4, 5}, {6, 6}, {7, 9}, {8, 8}}) {
                int n = nm[0];
                int m = nm[1];
                IndependentModel model = new IndependentModel(n, m, combination);
                ExactIndependent exact = new ExactIndependent(n, m, combination == Combination.SEQUENTIAL);
                for (State s : model.transientStates()) {
                    Map<List<Integer>, BigFraction> expected = exact.row(s.empty(), s.good());
                    Map<State, Double> actual = model.transitions(s);
                    assertEquals(expected.size(), actual.size(), combination + " " + s + ": " + actual);
                    for (Map.Entry<List<Integer>, BigFraction> to : expected.entrySet()) {
                        State t = new State(to.getKey().get(0), to.getKey().get(1));
                        assertClose(to.getValue(), actual.getOrDefault(t, 0.0), combination + " " + s + " -> " + t);
                    }
                }
            }
        }
    }

    /**
     * n = m = 2 by hand: the balls share a bin with probability 1/2, state (1, 0). Both the
     * improvement and the induced move (n/m = 1) pick a ball of that bin and send it to the empty
     * bin or back; only both "back" (1/4) leaves the bin bad, and both "to the empty bin" is the
     * infeasible pair sent to the improvement-only state, here absorbing. So T = 0 or
     * Geometric(3/4): E[T] = 1/2 · 4/3 = 2/3, E[T²] = 1/2 · (1 + 1/4)/(3/4)² = 10/9, Var = 2/3.
     */
    @Test
    void twoBallsTwoBinsByHand() {
        AbsorptionTime t = new IndependentModel(2, 2, Combination.SIMULTANEOUS).absorptionTime();
        assertEquals(2.0 / 3, t.mean(), 1e-14);
        assertEquals(2.0 / 3, t.variance(), 1e-14);
    }

    @Test
    void singleBallIsAlwaysGood() {
        assertEquals(AbsorptionTime.ABSORBED, new IndependentModel(1, 3, Combination.SIMULTANEOUS).absorptionTime());
    }

    @Test
    void theCombinationOptionMatters() {
        double simultaneous = new IndependentModel(6, 6, Combination.SIMULTANEOUS).absorptionTime().mean();
        double sequential = new IndependentModel(6, 6, Combination.SEQUENTIAL).absorptionTime().mean();
        assertNotEquals(simultaneous, sequential, 1e-6);
    }

    @Test
    void largestSweepSizeSolvesInDoublePrecision() {
        AbsorptionTime t = new IndependentModel(48, 48, Combination.SIMULTANEOUS).absorptionTime();
        assertTrue(Double.isFinite(t.mean()) && t.mean() > 1, t.toString());
        assertTrue(t.relativeErrorEstimate() < 1e-3, t.toString());
    }

    @Test
    void refusesMoreBallsThanBins() {
        InputException e = assertThrows(InputException.class, () -> new IndependentModel(5, 4, Combination.SIMULTANEOUS));
        assertTrue(e.getMessage().startsWith("m = 4"), e.getMessage());
        assertThrows(InputException.class, () -> new IndependentModel(0, 4, Combination.SIMULTANEOUS));
        assertEquals(Combination.SEQUENTIAL, Combination.byKey("sequential"));
        assertThrows(InputException.class, () -> Combination.byKey("parallel"));
    }
}
