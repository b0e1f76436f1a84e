/**
 * Statistics of Monte Carlo samples: {@link org.fabricsim.stats.SampleSummary} (mean, variance,
 * Student-t confidence interval, type-7 quantiles) and {@link org.fabricsim.stats.IntHistogram}
 * (exact integer counts whose merge is associative and commutative, so aggregates do not depend
 * on how trials were split into tasks).
 */
package org.fabricsim.stats;
