package org.fabricsim.fluid;

/**
 * {@link ProgressiveFilling} in doubles. A link whose key lies within the relative tie tolerance above ρ
 * saturates at ρ (simultaneous saturation, spec §7 item 27): keys never fall below ρ in exact arithmetic,
 * and stopping a flow at a slightly lower level is always feasible.
 */
final class DoubleFilling extends ProgressiveFilling {
    private double[] cap = new double[0];
    private double[] activeWeight = new double[0];
    private double[] frozenRate = new double[0];
    private double[] key = new double[0];
    private double[] normalized;
    private double level;
    private double tieTolerance;

    /** Writes r̄(f) of every flow into {@code normalized}. */
    void run(FluidProblem p, boolean byApplication, double tieTolerance, double[] normalized) {
        this.normalized = normalized;
        this.tieTolerance = tieTolerance;
        this.level = 0;
        fill(p, byApplication);
        this.normalized = null;
    }

    @Override
    void ensure(int links, int flows) {
        cap = LinkIndex.grow(cap, links);
        activeWeight = LinkIndex.grow(activeWeight, links);
        frozenRate = LinkIndex.grow(frozenRate, links);
        key = LinkIndex.grow(key, links);
    }

    @Override
    void initLink(FluidProblem p, int l) {
        LinkIndex x = index;
        cap[l] = p.capacity()[x.globalOf[l]];
        double sum = 0;
        for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
            sum += p.weight()[x.linkFlows[i]];
        }
        activeWeight[l] = sum;
        frozenRate[l] = 0;
        key[l] = cap[l] / sum;
    }

    @Override
    void riseTo(int l) {
        double next = key[l];
        level = next <= level * (1 + tieTolerance) ? level : next;
    }

    @Override
    void stopFlow(FluidProblem p, int f) {
        normalized[f] = level;
        double wf = p.weight()[f];
        for (int i = index.routeStart[f]; i < index.routeStart[f + 1]; i++) {
            frozenRate[index.route[i]] += level * wf;
        }
    }

    @Override
    void leave(FluidProblem p, int f, int m) {
        activeWeight[m] -= p.weight()[f];
        key[m] = (cap[m] - frozenRate[m]) / activeWeight[m];
    }

    @Override
    int compareKeys(int a, int b) {
        return key[a] < key[b] ? -1 : key[a] > key[b] ? 1 : 0;
    }
}
