package org.fabricsim.traffic;

import java.util.SplittableRandom;

/** Fisher–Yates shuffles and uniform draws shared by the generators. */
final class Shuffle {
    private Shuffle() {
    }

    /** A uniform random permutation of 0..n-1 (Fisher–Yates). */
    static int[] permutation(int n, SplittableRandom rng) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        shuffle(a, rng);
        return a;
    }

    /** Shuffles {@code a} in place, uniformly over all orders (Fisher–Yates). */
    static void shuffle(int[] a, SplittableRandom rng) {
        for (int i = a.length - 1; i > 0; i--) {
            swap(a, i, rng.nextInt(i + 1));
        }
    }

    /**
     * Partial Fisher–Yates: afterwards {@code a[0..k)} is a uniform random ordered sample of k
     * distinct elements of {@code a}.
     */
    static void shufflePrefix(int[] a, int k, SplittableRandom rng) {
        for (int i = 0; i < k; i++) {
            swap(a, i, i + rng.nextInt(a.length - i));
        }
    }

    /** A uniform random derangement of 0..n-1 (n ≥ 2) by rejection; about e tries on average. */
    static int[] derangement(int n, SplittableRandom rng) {
        int[] a = new int[n];
        while (true) {
            for (int i = 0; i < n; i++) {
                a[i] = i;
            }
            shuffle(a, rng);
            if (fixedPoints(a) == 0) {
                return a;
            }
        }
    }

    static int fixedPoints(int[] permutation) {
        int count = 0;
        for (int i = 0; i < permutation.length; i++) {
            if (permutation[i] == i) {
                count++;
            }
        }
        return count;
    }

    /** A host uniform over the other n−1 hosts (n ≥ 2). */
    static int otherHost(int self, int n, SplittableRandom rng) {
        int d = rng.nextInt(n - 1);
        return d >= self ? d + 1 : d;
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
