/**
 * Statistics of Monte Carlo samples: {@link org.fabricsim.stats.SampleSummary} (mean, variance,
 * Student-t confidence interval, type-7 quantiles) and {@link org.fabricsim.stats.IntHistogram}
 * (exact integer counts whose merge is associative and commutative, so aggregates do not depend
 * on how trials were split into tasks), and the metrics of a packet-level run:
 * {@link org.fabricsim.stats.PacketMetrics} (a {@link org.fabricsim.ib.PacketObserver}: per-flow throughput
 * over time, link utilisation, buffer occupancy, latency histograms, completions; merged exactly across
 * partitions) with its {@link org.fabricsim.stats.MetricsOptions}, and {@link org.fabricsim.stats.Fairness};
 * with {@link org.fabricsim.stats.MetricsOptions#reorder()} also packet order at the receivers
 * ({@link org.fabricsim.stats.ReorderMeter}, {@link org.fabricsim.stats.ReceiverAggregates}: seed 001
 * Table II) and the switches' adaptations ({@link org.fabricsim.stats.AdaptationMeter},
 * {@link org.fabricsim.stats.PermutationConvergence}: seed 001 Figs 10–11).
 */
package org.fabricsim.stats;
