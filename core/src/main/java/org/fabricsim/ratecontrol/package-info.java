/**
 * Seed 003's distributed rate protocols as control packets (ch. 4; docs/RATES.md, "The distributed protocols
 * as control packets"): {@link org.fabricsim.ratecontrol.RateProtocols} runs SAA, SAA-M, DFFA and DAFA on a plane of
 * special packets with Table 6.2's timing ({@code ControlPlane}, {@link org.fabricsim.ratecontrol.ControlTiming}),
 * each protocol one file holding only the per-link and per-source state §4.7 allows, and
 * {@link org.fabricsim.ratecontrol.RateProtocolsKernel} is one trial of a {@code rate-protocols} sweep: the
 * calculation times, the control packets per flow and the distance from the fluid level's answer.
 */
package org.fabricsim.ratecontrol;
