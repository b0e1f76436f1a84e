/**
 * The part of InfiniBand congestion control that two mechanisms share (seed 002 digest §1.3–1.5): the rule by
 * which a congested switch output FECN-marks a leaving data packet ({@link org.fabricsim.ib.throttling.FecnMarker})
 * and the HCAs' reaction ({@link org.fabricsim.ib.throttling.CongestionThrottling}: a CNP per marked packet, the
 * CCTI raised per CNP and lowered by CCTI_Timer, packets spaced by the CCT's injection rate delay), with IB CC's
 * parameters ({@link org.fabricsim.ib.throttling.CcParams}, Table I of Papers III–IV). {@code ib.cc} marks by
 * its threshold; {@code ib.isolation}'s EcoCC and CCFIT mark their roots of congestion (Paper V event 7,
 * Paper VI step 1) and throttle with the same HCAs. Fills the <b>control receiver</b> and the <b>timer</b> at
 * the HCAs and the <b>injection throttle</b>; imports no other mechanism.
 */
package org.fabricsim.ib.throttling;
