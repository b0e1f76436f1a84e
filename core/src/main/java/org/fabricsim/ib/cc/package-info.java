/**
 * InfiniBand congestion control (seed 002, digest §1.3–1.5; Papers I–IV), the switch half and the whole
 * mechanism ({@link org.fabricsim.ib.cc.CcMechanisms}): a switch's Port VL enters the congestion state when its
 * queue passes the threshold and FECN-marks leaving data packets ({@link org.fabricsim.ib.cc.CongestionMarking},
 * the <b>marking</b> decision point). The HCA half — CNPs, the CCT, CCTIs and timers, the injection rate delay —
 * is {@code ib.throttling}'s, shared with isolation, and fills the <b>control receiver</b>, the <b>timer</b> and
 * the <b>injection throttle</b>.
 */
package org.fabricsim.ib.cc;
