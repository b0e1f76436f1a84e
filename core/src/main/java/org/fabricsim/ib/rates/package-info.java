/**
 * Seed 003 ch. 5's rate realisation at the packet level ({@link org.fabricsim.ib.rates.RateMechanisms}): sources
 * that realise their flows' calculated rates by Periodic Selection or Shaped Virtual Clock
 * ({@link org.fabricsim.ib.rates.RatedInjection}, §5.1–5.2) on rate-agnostic switches, on the forwarding tables
 * or on the fluid level's paths set up before the run ({@link org.fabricsim.ib.rates.FlowPathRouting}, spec §3).
 * Fills the <b>injection</b> and the <b>routing</b> decision points.
 */
package org.fabricsim.ib.rates;
