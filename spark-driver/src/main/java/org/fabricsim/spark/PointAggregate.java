package org.fabricsim.spark;

import java.util.Map;

/**
 * The aggregates of one sweep point over all its trials so far.
 *
 * @param point the point's index
 * @param trials how many trials
 * @param columns per kernel column, in the kernel's column order
 */
record PointAggregate(int point, long trials, Map<String, ColumnAggregate> columns) {
}
