/**
 * Packet-level runs: {@link org.fabricsim.ib.run.PacketSimulation} (sequential) and
 * {@link org.fabricsim.ib.run.PacketLp} (one part of a partitioned run), and
 * {@link org.fabricsim.ib.run.Mechanisms}, the choice of what fills each decision point for a run — the one
 * place that knows every mechanism package — from the run's {@link org.fabricsim.ib.run.AdaptiveRouting},
 * congestion control, isolation and rate settings.
 */
package org.fabricsim.ib.run;
