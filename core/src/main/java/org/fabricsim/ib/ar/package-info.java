/**
 * Adaptive routing at the packet level, two mechanisms:
 * <ul>
 *   <li>InfiniBand AR groups (seed 004 §II-B, §IV; {@link org.fabricsim.ib.ar.ArGroupMechanisms}): every
 *   packet may leave by any port of its destination's group, picked in turn or by load. Fills the
 *   <b>routing</b> decision point.</li>
 *   <li>Seed 001 §IV's distributed adaptive routing with explicit adaptation requests (Algorithms 1 and 2;
 *   {@link org.fabricsim.ib.ar.EarMechanisms}): sticky per-destination outputs that move when an output's queue
 *   passes a threshold, and EAR control packets to the middle switch. Fills <b>routing</b>, <b>marking</b>
 *   (Algorithm 1 watches packets as they are queued) and the <b>control receiver</b> (Algorithm 2).</li>
 * </ul>
 */
package org.fabricsim.ib.ar;
