package org.fabricsim.fluid;

/**
 * Progressive filling in doubles: FFA (spec §4.3, Alg 4.5) when every flow is its own group, AFA (spec §4.5,
 * Alg 4.12) when the groups are applications.
 *
 * <p>All active flows share one normalized level ρ that rises until a link saturates. Alg 4.5 finds the next
 * saturating link by a scan of all links per iteration; here every link with active flows sits in a binary
 * heap keyed by the level at which it saturates, {@code (c_l − frozen_l) / W_l} (frozen_l = the rate of its
 * stopped flows, W_l = the weight of its active ones), so the same levels come out in O((hops + links) log
 * links) in all. When a link saturates, every active group with a flow on it stops at ρ (r̄(f) = ρ for all
 * of the group's flows, spec Alg 4.12 lines 6–8); each stopped flow moves its weight from W_m to frozen_m on
 * the links of its route, which only raises their keys. A link whose key is within the tie tolerance above
 * ρ saturates at ρ (simultaneous saturation, spec §7 item 27).
 *
 * <p>Not thread-safe; arrays are reused across calls and nothing is allocated per iteration.
 */
final class ProgressiveFilling {
    private final LinkIndex index = new LinkIndex();
    private double[] cap = new double[0];
    private double[] activeWeight = new double[0];
    private double[] frozenRate = new double[0];
    private int[] activeFlows = new int[0];
    private double[] key = new double[0];
    private int[] heap = new int[0];
    private int[] heapPos = new int[0];
    private int heapSize;
    private boolean[] stopped = new boolean[0];

    /**
     * Writes r̄(f) for every flow into {@code normalized} (length at least the flow count).
     *
     * @param byApplication AFA (true) or FFA (false)
     */
    void run(FluidProblem p, boolean byApplication, double tieTolerance, double[] normalized) {
        LinkIndex x = index;
        x.build(p, byApplication);
        int links = x.links;
        cap = LinkIndex.grow(cap, links);
        activeWeight = LinkIndex.grow(activeWeight, links);
        frozenRate = LinkIndex.grow(frozenRate, links);
        key = LinkIndex.grow(key, links);
        activeFlows = LinkIndex.grow(activeFlows, links);
        heap = LinkIndex.grow(heap, links);
        heapPos = LinkIndex.grow(heapPos, links);
        if (stopped.length < x.groups) {
            stopped = new boolean[Math.max(x.groups, stopped.length + (stopped.length >> 1))];
        }
        java.util.Arrays.fill(stopped, 0, x.groups, false);
        double[] w = p.weight();
        for (int l = 0; l < links; l++) {
            cap[l] = p.capacity()[x.globalOf[l]];
            double sum = 0;
            for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                sum += w[x.linkFlows[i]];
            }
            activeWeight[l] = sum;
            frozenRate[l] = 0;
            activeFlows[l] = x.linkStart[l + 1] - x.linkStart[l];
            key[l] = cap[l] / sum;
        }
        heapify(links);

        double level = 0; // ρ of Alg 4.12
        while (heapSize > 0) {
            int l = heap[0];
            double next = key[l];
            // Keys never fall below ρ in exact arithmetic; a key within the tolerance saturates at ρ.
            level = next <= level * (1 + tieTolerance) ? level : next;
            for (int i = x.linkStart[l]; i < x.linkStart[l + 1]; i++) {
                int g = x.groupOf[x.linkFlows[i]];
                if (!stopped[g]) {
                    stop(g, level, w, normalized);
                }
            }
        }
    }

    /** Stops group g at normalized rate ρ: its flows leave the active weight of every link they cross. */
    private void stop(int g, double level, double[] w, double[] normalized) {
        LinkIndex x = index;
        stopped[g] = true;
        for (int j = x.groupStart[g]; j < x.groupStart[g + 1]; j++) {
            int f = x.groupFlows[j];
            normalized[f] = level;
            double wf = w[f];
            for (int i = x.routeStart[f]; i < x.routeStart[f + 1]; i++) {
                int m = x.route[i];
                frozenRate[m] += level * wf;
                if (--activeFlows[m] == 0) {
                    remove(m);
                } else {
                    activeWeight[m] -= wf;
                    key[m] = (cap[m] - frozenRate[m]) / activeWeight[m];
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

    // Ties in the key are broken by the dense link number, so the order of saturations is deterministic.
    private boolean less(int a, int b) {
        return key[a] < key[b] || (key[a] == key[b] && a < b);
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
