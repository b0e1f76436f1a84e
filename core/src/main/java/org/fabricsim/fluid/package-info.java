/**
 * The fluid level of seed 003 (spec §4): flows with routes and rates on links, no packets. A
 * {@link org.fabricsim.fluid.FluidProblem} (routes from any {@link org.fabricsim.fluid.RouteSource}, weights,
 * applications, capacities) goes into a {@link org.fabricsim.fluid.RateCalculator}, which applies SAA,
 * SAA-M, FFA or AFA in doubles or exact rationals; {@link org.fabricsim.fluid.CompletionTimes} and
 * {@link org.fabricsim.fluid.RunMetrics} turn the rates into the figures of the thesis' Chapter 6.
 * docs/RATES.md describes the algorithms as implemented.
 */
package org.fabricsim.fluid;
