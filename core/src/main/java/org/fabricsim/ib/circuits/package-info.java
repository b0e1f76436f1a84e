/**
 * Seed 003 §3's flow virtual circuits at the packet level ({@link org.fabricsim.ib.circuits.CircuitMechanisms}):
 * a flow's source sets up its route with a control packet before its data (§3.2), switches route its data by
 * their route caches (§3.3), and a tear-down erases them (§3.4); control packets travel on a lane of their own
 * (Table 6.2). Fills <b>routing</b> ({@link org.fabricsim.ib.circuits.CircuitRouting}), <b>injection</b> (the
 * round-robin injection gated by set-ups), the <b>control receiver</b> at the HCAs
 * ({@link org.fabricsim.ib.circuits.CircuitEndpoints}) and the <b>control lane</b>.
 */
package org.fabricsim.ib.circuits;
