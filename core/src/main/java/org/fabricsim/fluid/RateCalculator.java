package org.fabricsim.fluid;

import java.util.SplittableRandom;
import org.apache.commons.numbers.fraction.BigFraction;
import org.fabricsim.fluid.RateOptions.Arithmetic;
import org.fabricsim.fluid.RateOptions.ClaimOrder;

/**
 * Calculates the rates of a {@link FluidProblem} with SAA, SAA-M, FFA or AFA (spec §4), in doubles or
 * exactly. One calculator per thread: it keeps its working arrays between calls, so repeated trials of the
 * same size allocate only their results.
 */
public final class RateCalculator {
    private final LinkIndex index = new LinkIndex();
    private final DoubleFilling filling = new DoubleFilling();
    private final ExactFilling exactFilling = new ExactFilling();
    private double[] linkScratch = new double[0];
    private int[] order = new int[0];

    /**
     * The rates of {@code p}.
     *
     * @param rng the trial's fluid stream ({@code Seeds.Purpose.FLUID}); read only by SAA-M with
     *     {@link ClaimOrder#RANDOM}, may be null otherwise
     */
    public RateAllocation calculate(FluidProblem p, RateOptions options, SplittableRandom rng) {
        int n = p.flowCount();
        RateAlgorithm a = options.algorithm();
        if (options.arithmetic() == Arithmetic.DOUBLE && (a == RateAlgorithm.FFA || a == RateAlgorithm.AFA)) {
            double[] rate = new double[n];
            filling.run(p, a == RateAlgorithm.AFA, options.tieTolerance(), rate);
            double[] w = p.weight();
            for (int f = 0; f < n; f++) {
                rate[f] *= w[f];
            }
            return new RateAllocation(rate, null);
        }
        if (a == RateAlgorithm.FFA || a == RateAlgorithm.AFA) {
            return RateAllocation.ofExact(exactFilling.run(p, a == RateAlgorithm.AFA));
        }
        index.build(p, false);
        if (options.arithmetic() == Arithmetic.EXACT) {
            BigFraction[] exact = ExactRates.saa(p, index);
            if (a == RateAlgorithm.SAA_M) {
                ExactRates.claim(p, index, claimOrder(n, options.claimOrder(), rng), exact);
            }
            return RateAllocation.ofExact(exact);
        }
        double[] rate = new double[n];
        linkScratch = LinkIndex.grow(linkScratch, index.links);
        SingleApplication.saa(p, index, linkScratch, rate);
        if (a == RateAlgorithm.SAA_M) {
            SingleApplication.claim(p, index, claimOrder(n, options.claimOrder(), rng), linkScratch, rate);
        }
        return new RateAllocation(rate, null);
    }

    private int[] claimOrder(int n, ClaimOrder kind, SplittableRandom rng) {
        if (order.length != n) {
            order = new int[n];
        }
        for (int f = 0; f < n; f++) {
            order[f] = f;
        }
        if (kind == ClaimOrder.RANDOM) {
            if (rng == null) {
                throw new IllegalArgumentException("SAA-M with a random claim order needs a random stream");
            }
            for (int i = n - 1; i > 0; i--) { // Fisher–Yates
                int j = rng.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }
        return order;
    }
}
