package org.fabricsim.partitioner;

import org.fabricsim.topology.FatTree;
import org.fabricsim.topology.Topology;

/**
 * Topology-aware split of a generated fat tree: each pod (the subtree under the top level: the nodes
 * below level h sharing the top label digit x_h, i.e. a leaf with its hosts in a two-level tree) stays
 * whole with its up-links, pods go to parts in contiguous equal blocks, and the top switches are spread
 * across parts in contiguous equal blocks. Only the pod-to-top cables are cut, and every part sends to
 * every other, so all channels carry the same traffic and lookahead.
 */
final class TreePartitioner {
    private TreePartitioner() {
    }

    static boolean applies(Topology t, int parts) {
        return t.fatTree().map(ft -> pods(ft) >= parts && ft.levelSize(ft.height()) >= parts).orElse(false);
    }

    static Partition partition(Topology t, int parts) {
        FatTree ft = t.fatTree().orElseThrow(() -> new IllegalArgumentException(
                "the tree partitioner needs a generated fat tree; " + t.name() + " is not one (use multilevel)"));
        int h = ft.height();
        int pods = pods(ft);
        long tops = ft.levelSize(h);
        if (pods < parts || tops < parts) {
            throw new IllegalArgumentException("the tree partitioner needs at least " + parts + " pods and top switches; "
                    + t.name() + " has " + pods + " pods and " + tops + " top switches (use multilevel)");
        }
        int[] partOf = new int[t.nodeCount()];
        for (int l = 0; l < h; l++) {
            long perPod = ft.levelSize(l) / pods;
            for (long i = 0; i < ft.levelSize(l); i++) {
                long pod = i / perPod; // x_h is the most significant label digit
                partOf[ft.node(l, (int) i)] = (int) (pod * parts / pods);
            }
        }
        for (long i = 0; i < tops; i++) {
            partOf[ft.node(h, (int) i)] = (int) (i * parts / tops);
        }
        return new Partition(parts, partOf);
    }

    /** m_h: the number of top-level subtrees. */
    static int pods(FatTree ft) {
        return ft.m(ft.height());
    }
}
