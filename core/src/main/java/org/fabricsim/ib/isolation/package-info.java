/**
 * Congested-flow isolation (seed 002 Papers V and VI; {@link org.fabricsim.ib.isolation.IsolationMechanisms}):
 * a switch input that sees a root of congestion gives the congested flow a hot queue and a CAM line, propagates
 * it upstream with allocation notifications, and stops and restarts it with Stop/Go between the High and Low
 * thresholds (HFDI on multi-read-port VOQ switches, FBICM on input-queued ones); with InfiniBand CC's HCAs
 * ({@code ib.throttling}) the roots also FECN-mark, which makes EcoCC and CCFIT. Fills the <b>isolation</b>
 * decision point at the switch inputs, the <b>control receiver</b> (notifications), the <b>control lane</b> (a
 * lane of their own), the <b>injection</b> hold at the HCAs (a stopped destination waits) and, with CC, the
 * <b>marking</b>.
 */
package org.fabricsim.ib.isolation;
