/**
 * Traffic generated at the message level (seed 002 Paper IV digest §3.2, Papers V–VI's bursts and generation
 * queues; {@link org.fabricsim.ib.traffic.MessageTraffic}): every HCA's sources draw a destination per message
 * from their congestion-forest role, instead of sending to a flow snapshot's fixed destinations. Fills the
 * <b>generated traffic</b> decision point, and with it the HCAs' <b>injection</b>
 * ({@link org.fabricsim.ib.traffic.MessageInjection}).
 */
package org.fabricsim.ib.traffic;
