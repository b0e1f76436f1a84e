package org.fabricsim.convergence;

import java.util.Arrays;
import org.fabricsim.InputException;
import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topology;

/**
 * The fat tree as {@link AdaptiveRoutingProcess} numbers it: the cables between levels l and l + 1 (link ids,
 * level by level, switch by switch, parent by parent) and the receiving switches (every switch below the
 * top, level by level), which watch their incoming down links. Refuses the trees the process is not defined
 * on: a single switch level, horizontal or parallel links, oversubscription.
 */
final class TreeLinks {
    private final FatTree tree;
    private final int h;
    private final int[] w; // w[l] = parents of a level-(l-1) node
    private final long[] wProd; // Π_{j<=l} w_j: switches of a level-l logical node
    private final long[] mProd; // Π_{j<=l} m_j: hosts below a level-l switch
    private final int[] linkOffset; // first link id of level l (links between levels l and l+1)
    private final int[] switchOffset; // first receiving-switch id of level l
    private final int[] receiverLevel;

    TreeLinks(Topology topology) {
        this.tree = topology.fatTree().orElseThrow(() -> new InputException("convergence: topology "
                + topology.name() + " is not a generated fat tree (use a tree preset or a clos/xgft/kary-ntree"
                + " expression)"));
        this.h = tree.height();
        if (h < 2) {
            throw new InputException("convergence: topology " + topology.name() + " has a single switch level;"
                    + " there is nothing to adapt");
        }
        if (tree.horizontalWidth() > 0) {
            throw new InputException("convergence: topology " + topology.name() + " has horizontal links; the"
                    + " process is defined on fat trees without them");
        }
        w = new int[h + 1];
        wProd = new long[h + 1];
        mProd = new long[h + 1];
        wProd[0] = 1;
        mProd[0] = 1;
        for (int l = 1; l <= h; l++) {
            if (tree.p(l) != 1) {
                throw new InputException("convergence: topology " + topology.name()
                        + " has parallel links; use an XGFT (one link per child-parent pair)");
            }
            w[l] = tree.w(l);
            wProd[l] = wProd[l - 1] * w[l];
            mProd[l] = mProd[l - 1] * tree.m(l);
        }
        for (int l = 1; l < h; l++) {
            if (w[l + 1] < tree.m(l)) {
                throw new InputException("convergence: topology " + topology.name() + " is oversubscribed at level "
                        + l + " (" + tree.m(l) + " down, " + w[l + 1] + " up); the process needs at least as many"
                        + " up links as down links at every level");
            }
        }
        linkOffset = new int[h + 1];
        switchOffset = new int[h + 1];
        for (int l = 1; l < h; l++) {
            linkOffset[l + 1] = Math.toIntExact(linkOffset[l] + tree.levelSize(l) * w[l + 1]);
            switchOffset[l + 1] = Math.toIntExact(switchOffset[l] + tree.levelSize(l));
        }
        receiverLevel = new int[switchOffset[h]];
        for (int l = 1; l < h; l++) {
            Arrays.fill(receiverLevel, switchOffset[l], switchOffset[l + 1], l);
        }
    }

    /** Switch levels. */
    int height() {
        return h;
    }

    /** Links between the switch levels, all of them. */
    int links() {
        return linkOffset[h];
    }

    /** Receiving switches: every switch below the top. */
    int receivers() {
        return switchOffset[h];
    }

    /** Up ports of a level-l switch (its parents). */
    int parents(int l) {
        return w[l + 1];
    }

    /** The most parents of any switch. */
    int maxParents() {
        return Arrays.stream(w).max().orElse(1);
    }

    /** Link id of the cable from the level-l switch {@code index} to its parent b. */
    int link(int l, int index, int b) {
        return linkOffset[l] + index * w[l + 1] + b;
    }

    /** First link id of level l; the level's links run up to the next level's first. */
    int firstLink(int l) {
        return linkOffset[l];
    }

    /** Receiving-switch id of the level-l switch {@code index}. */
    int receiver(int l, int index) {
        return switchOffset[l] + index;
    }

    /** Level of receiving switch y. */
    int levelOf(int y) {
        return receiverLevel[y];
    }

    /** Index within its level of receiving switch y. */
    int indexOf(int y) {
        return y - switchOffset[receiverLevel[y]];
    }

    /** Receiving switch at the lower end of link {@code link} of level l. */
    int receiverOfLink(int l, int link) {
        return switchOffset[l] + (link - linkOffset[l]) / w[l + 1];
    }

    /** The part of a level-l switch index that the host's digits above l determine. */
    int upper(int host, int l) {
        return Math.toIntExact(wProd[l] * (host / mProd[l]));
    }

    /** What one choice at level l - 1 adds to a level-l switch index: switches of a level-(l-1) logical node. */
    int choiceWeight(int l) {
        return (int) wProd[l - 1];
    }

    /** The level of the nearest common ancestor switch of two different hosts. */
    int ncaLevel(int s, int d) {
        int l = 1;
        while (s / mProd[l] != d / mProd[l]) {
            l++;
        }
        return l;
    }

    /** Host digit a_l(s) ({@link FatTree#hostDigit}): the down port towards s of its level-l switch. */
    int hostDigit(int s, int l) {
        return tree.hostDigit(s, l);
    }
}
