package org.fabricsim.fluid;

import java.util.Arrays;

/**
 * Progressive filling: FFA (spec §4.3, Alg 4.5) when every flow is its own group, AFA (spec §4.5, Alg 4.12)
 * when the groups are applications. This class holds the structure; {@link DoubleFilling} and
 * {@link ExactFilling} hold the numbers.
 *
 * <p>All active flows share one normalized level ρ that rises until a link saturates. Alg 4.5 finds the next
 * saturating link by a scan of all links per iteration; here every link with active flows sits in a binary
 * heap keyed by the level at which it saturates, {@code (c_l − frozen_l) / W_l} (frozen_l = the rate of its
 * stopped flows, W_l = the weight of its active ones), so the same levels come out in O((hops + links) log
 * links) in all. When a link saturates, every active group with a flow on it stops at ρ (r̄(f) = ρ for all
 * of the group's flows, Alg 4.12 lines 6–8); each stopped flow moves its weight from W_m to frozen_m on the
 * links of its route, which only raises their keys.
 *
 * <p>Not thread-safe; arrays are reused across calls and nothing is allocated per iteration in doubles.
 */
abstract class ProgressiveFilling {
    final LinkIndex index = new LinkIndex();
    private int[] activeFlows = new int[0];
    private int[] heap = new int[0];
    private int[] heapPos = new int[0];
    private int heapSize;
    private boolean[] stopped = new boolean[0];

    /** Sets up the numbers of dense link l: capacity, active weight (all its flows), key. */
    abstract void initLink(FluidProblem p, int l);

    /** ρ becomes the key of link l, the next to saturate. */
    abstract void riseTo(int l);

    /** Flow f stops at ρ. */
    abstract void stopFlow(FluidProblem p, int f);

    /** Stopped flow f leaves the active weight of link m, which keeps active flows: re-key m. */
    abstract void leave(FluidProblem p, int f, int m);

    /** Compares the keys of links a and b: negative when a saturates first. */
    abstract int compareKeys(int a, int b);

    /** Makes room for {@code links} dense links and {@code flows} flows. */
    abstract void ensure(int links, int flows);

    /** Runs the filling on {@code p}; the subclass holds the result. */
    final void fill(FluidProblem p, boolean byApplication) {
        LinkIndex x = index;
        x.build(p, byApplication);
        int links = x.links;
        ensure(links, x.flows);
        activeFlows = LinkIndex.grow(activeFlows, links);
        heap = LinkIndex.grow(heap, links);
        heapPos = LinkIndex.grow(heapPos, links);
        if (stopped.length < x.groups) {
            stopped = new boolean[Math.max(x.groups, stopped.length + (stopped.length >> 1))];
        }
        Arrays.fill(stopped, 0, x.groups, false);
        for (int l = 0; l < links; l++) {
            activeFlows[l] = x.linkStart[l + 1] - x.linkStart[l];
            initLink(p, l);
        }
        heapify(links);
        while (heapSize > 0) {
            int l = heap[0];
            riseTo(l);
            for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                int g = x.groupOf[x.linkFlows[i]];
                if (!stopped[g]) {
                    stop(p, g);
                }
            }
        }
    }

    /** Stops group g at ρ: its flows leave the active weight of every link they cross. */
    private void stop(FluidProblem p, int g) {
        LinkIndex x = index;
        stopped[g] = true;
        for (int j = x.groupStart[g]; j < x.groupStart[g + 1]; j++) {
            int f = x.groupFlows[j];
            stopFlow(p, f);
            for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                int m = x.route[i];
                if (--activeFlows[m] == 0) {
                    remove(m);
                } else {
                    leave(p, f, m);
                    siftDown(heapPos[m]);
                    siftUp(heapPos[m]);
                }
            }
        }
    }

    private void heapify(int links) {
        heapSize = links;
        for (int l = 0; l < links; l++) {
            heap[l] = l;
            heapPos[l] = l;
        }
        for (int i = links / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    private void remove(int l) {
        int i = heapPos[l];
        int last = heap[--heapSize];
        if (i < heapSize) {
            heap[i] = last;
            heapPos[last] = i;
            siftDown(i);
            siftUp(heapPos[last]);
        }
        heapPos[l] = -1;
    }

    // Equal keys are ordered by dense link number, so the order of saturations is deterministic.
    private boolean less(int a, int b) {
        int c = compareKeys(a, b);
        return c < 0 || (c == 0 && a < b);
    }

    private void siftUp(int i) {
        int v = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            int u = heap[parent];
            if (!less(v, u)) {
                break;
            }
            heap[i] = u;
            heapPos[u] = i;
            i = parent;
        }
        heap[i] = v;
        heapPos[v] = i;
    }

    private void siftDown(int i) {
        int v = heap[i];
        while (true) {
            int c = 2 * i + 1;
            if (c >= heapSize) {
                break;
            }
            if (c + 1 < heapSize && less(heap[c + 1], heap[c])) {
                c++;
            }
            if (!less(heap[c], v)) {
                break;
            }
            heap[i] = heap[c];
            heapPos[heap[i]] = i;
            i = c;
        }
        heap[i] = v;
        heapPos[v] = i;
    }
}
