package org.fabricsim.fluid;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * {@link ProgressiveFilling} in exact rationals: a link saturates exactly when its key equals ρ, so
 * simultaneous saturations need no tolerance (spec §7 items 22, 27).
 */
final class ExactFilling extends ProgressiveFilling {
    private BigFraction[] weight = new BigFraction[0];
    private BigFraction[] cap = new BigFraction[0];
    private BigFraction[] activeWeight = new BigFraction[0];
    private BigFraction[] frozenRate = new BigFraction[0];
    private BigFraction[] key = new BigFraction[0];
    private BigFraction[] rate;
    private BigFraction level;

    /** r(f) = r̄(f)·w_f of every flow. */
    BigFraction[] run(FluidProblem p, boolean byApplication) {
        weight = ExactRates.weights(p);
        rate = new BigFraction[p.flowCount()];
        level = BigFraction.ZERO;
        fill(p, byApplication);
        BigFraction[] r = rate;
        rate = null;
        return r;
    }

    @Override
    void ensure(int links, int flows) {
        if (cap.length < links) {
            cap = new BigFraction[links];
            activeWeight = new BigFraction[links];
            frozenRate = new BigFraction[links];
            key = new BigFraction[links];
        }
    }

    @Override
    void initLink(FluidProblem p, int l) {
        LinkIndex x = index;
        cap[l] = BigFraction.from(p.capacity()[x.globalOf[l]]);
        BigFraction sum = BigFraction.ZERO;
        for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
            sum = sum.add(weight[x.linkFlows[i]]);
        }
        activeWeight[l] = sum;
        frozenRate[l] = BigFraction.ZERO;
        key[l] = cap[l].divide(sum);
    }

    @Override
    void riseTo(int l) {
        level = key[l];
    }

    @Override
    void stopFlow(FluidProblem p, int f) {
        rate[f] = level.multiply(weight[f]);
        for (int i = index.routeStart[f]; i < index.routeStart[f + 1]; i++) {
            int m = index.route[i];
            frozenRate[m] = frozenRate[m].add(rate[f]);
        }
    }

    @Override
    void leave(FluidProblem p, int f, int m) {
        activeWeight[m] = activeWeight[m].subtract(weight[f]);
        key[m] = cap[m].subtract(frozenRate[m]).divide(activeWeight[m]);
    }

    @Override
    int compareKeys(int a, int b) {
        return key[a].compareTo(key[b]);
    }
}
