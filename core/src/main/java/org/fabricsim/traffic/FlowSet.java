package org.fabricsim.traffic;

import java.util.Arrays;

/**
 * A set of flows between hosts: flow i goes from {@code src[i]} to {@code dst[i]} with weight
 * {@code weight[i]} (1.0 unless the pattern says otherwise) and belongs to application
 * {@code app[i]} (-1 when the pattern has no applications).
 *
 * <p><b>Self-flows are never included.</b> A flow from a host to itself crosses no network link, so
 * every generator drops it (seed 003 leaves this open; spec §7 item 14 recommends dropping). Hence a
 * "permutation" flow set has fewer than N flows whenever the permutation has fixed points. The
 * constructor rejects self-flows.
 *
 * <p>The arrays are not copied, for speed with millions of flows: they must not be mutated after
 * construction, neither by the producer nor by a reader.
 */
public record FlowSet(int[] src, int[] dst, double[] weight, int[] app) {

    /** The application id of flows of patterns without applications. */
    public static final int NO_APP = -1;

    private static final FlowSet EMPTY = new FlowSet(new int[0], new int[0], new double[0], new int[0]);

    public FlowSet {
        if (src == null || dst == null || weight == null || app == null) {
            throw new IllegalArgumentException("flow set arrays must not be null");
        }
        int n = src.length;
        if (dst.length != n || weight.length != n || app.length != n) {
            throw new IllegalArgumentException("flow set arrays differ in length: src " + n + ", dst " + dst.length
                    + ", weight " + weight.length + ", app " + app.length);
        }
        for (int i = 0; i < n; i++) {
            if (src[i] < 0 || dst[i] < 0) {
                throw new IllegalArgumentException("flow " + i + " has a negative host: " + src[i] + " -> " + dst[i]);
            }
            if (src[i] == dst[i]) {
                throw new IllegalArgumentException("flow " + i + " is a self-flow of host " + src[i]);
            }
            if (!(weight[i] > 0.0) || Double.isInfinite(weight[i])) {
                throw new IllegalArgumentException("flow " + i + " has weight " + weight[i] + " (must be positive)");
            }
            if (app[i] < NO_APP) {
                throw new IllegalArgumentException("flow " + i + " has application " + app[i]);
            }
        }
    }

    /** Unit-weight flows without applications. The arrays are taken as they are (see class doc). */
    public static FlowSet of(int[] src, int[] dst) {
        double[] weight = new double[src.length];
        Arrays.fill(weight, 1.0);
        int[] app = new int[src.length];
        Arrays.fill(app, NO_APP);
        return new FlowSet(src, dst, weight, app);
    }

    public static FlowSet empty() {
        return EMPTY;
    }

    public int size() {
        return src.length;
    }

    /** A growable set of flows for generators: primitive arrays, no boxing; drops self-flows. */
    public static final class Builder {
        private int[] src;
        private int[] dst;
        private double[] weight;
        private int[] app;
        private int size;

        public Builder() {
            this(16);
        }

        /** @param expected flows expected; the arrays grow beyond it when needed */
        public Builder(int expected) {
            int capacity = Math.max(1, expected);
            src = new int[capacity];
            dst = new int[capacity];
            weight = new double[capacity];
            app = new int[capacity];
        }

        /** Adds a unit-weight flow without application; a self-flow is dropped (returns false). */
        public boolean add(int from, int to) {
            return add(from, to, 1.0, NO_APP);
        }

        /** Adds a flow; a self-flow is dropped (returns false). */
        public boolean add(int from, int to, double w, int application) {
            if (from == to) {
                return false;
            }
            if (size == src.length) {
                grow();
            }
            src[size] = from;
            dst[size] = to;
            weight[size] = w;
            app[size] = application;
            size++;
            return true;
        }

        public int size() {
            return size;
        }

        /** The flows added so far; the builder can be reused afterwards. */
        public FlowSet build() {
            if (size == 0) {
                return EMPTY;
            }
            return new FlowSet(Arrays.copyOf(src, size), Arrays.copyOf(dst, size), Arrays.copyOf(weight, size),
                    Arrays.copyOf(app, size));
        }

        private void grow() {
            int capacity = src.length * 2;
            src = Arrays.copyOf(src, capacity);
            dst = Arrays.copyOf(dst, capacity);
            weight = Arrays.copyOf(weight, capacity);
            app = Arrays.copyOf(app, capacity);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlowSet other && Arrays.equals(src, other.src) && Arrays.equals(dst, other.dst)
                && Arrays.equals(weight, other.weight) && Arrays.equals(app, other.app);
    }

    @Override
    public int hashCode() {
        int h = Arrays.hashCode(src);
        h = 31 * h + Arrays.hashCode(dst);
        h = 31 * h + Arrays.hashCode(weight);
        return 31 * h + Arrays.hashCode(app);
    }

    @Override
    public String toString() {
        return "FlowSet[size=" + size() + "]";
    }
}
