package org.fabricsim.contention;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.TrialTraffic;

/**
 * Many trials of contention analysis: trial t analyses {@code traffic.flows(t)}. Trials run on a pool of
 * threads, each with its own scratch memory and histograms; per-trial results land at their index and
 * histograms are exact integer counts, so the result does not depend on the thread count or on which
 * thread ran which trial.
 */
public final class ContentionStudy {
    private ContentionStudy() {
    }

    /**
     * Runs {@code trials} trials on {@code threads} threads and calls {@code progress} with 1 after each trial
     * (from any thread).
     */
    public static ContentionResult run(ContentionAnalysis analysis, TrialTraffic traffic, int trials, int threads,
            LongConsumer progress) {
        if (trials < 1) {
            throw new IllegalArgumentException("trials must be at least 1");
        }
        int workers = Math.max(1, Math.min(threads, trials));
        int classes = analysis.linkClasses().count();
        TrialContention[] results = new TrialContention[trials];
        AtomicInteger next = new AtomicInteger();
        List<Accumulator> accumulators = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            accumulators.add(new Accumulator(analysis, classes));
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread th = new Thread(r, "contention");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Accumulator acc : accumulators) {
                futures.add(pool.submit(() -> {
                    int t;
                    while ((t = next.getAndIncrement()) < trials) {
                        results[t] = acc.trial(traffic.flows(t));
                        progress.accept(1);
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("contention study interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        long[][] loadCounts = new long[classes][1];
        long[] flowCounts = new long[1];
        for (Accumulator acc : accumulators) {
            for (int c = 0; c < classes; c++) {
                loadCounts[c] = add(loadCounts[c], acc.loadCounts[c]);
            }
            flowCounts = add(flowCounts, acc.flowCounts);
        }
        for (int c = 0; c < classes; c++) {
            loadCounts[c] = trim(loadCounts[c]);
        }
        return new ContentionResult(analysis.linkClasses(), Arrays.asList(results), loadCounts, trim(flowCounts));
    }

    private static long[] add(long[] into, long[] from) {
        long[] sum = into.length >= from.length ? into : Arrays.copyOf(into, from.length);
        for (int i = 0; i < from.length; i++) {
            sum[i] += from[i];
        }
        return sum;
    }

    /** Drops trailing zero counts (keeping at least one entry). */
    private static long[] trim(long[] counts) {
        int n = counts.length;
        while (n > 1 && counts[n - 1] == 0) {
            n--;
        }
        return Arrays.copyOf(counts, n);
    }

    /** One worker's scratch memory and histograms. */
    private static final class Accumulator {
        private final ContentionAnalysis analysis;
        private final ContentionAnalysis.Scratch scratch;
        private final long[][] loadCounts;
        private long[] flowCounts = new long[64];

        Accumulator(ContentionAnalysis analysis, int classes) {
            this.analysis = analysis;
            this.scratch = analysis.newScratch();
            this.loadCounts = new long[classes][64];
        }

        TrialContention trial(FlowSet flows) {
            int needed = flows.size() + 1;
            if (flowCounts.length < needed) {
                flowCounts = Arrays.copyOf(flowCounts, needed);
                for (int c = 0; c < loadCounts.length; c++) {
                    loadCounts[c] = Arrays.copyOf(loadCounts[c], needed);
                }
            }
            return analysis.analyze(flows, scratch, loadCounts, flowCounts);
        }
    }
}
