/**
 * The packet model's house (DESIGN.md, "The packet model's elements and decision points"): what every
 * packet-level run has, and nothing a mechanism adds.
 *
 * <ul>
 *   <li><b>The elements</b>: {@link org.fabricsim.ib.Links} (ports, cables, credits per virtual lane),
 *   {@link org.fabricsim.ib.Switches} with their {@link org.fabricsim.ib.InputQueues} (FIFO or virtual output
 *   queues, and the hot queues isolation may fill) and {@link org.fabricsim.ib.VlArbiter},
 *   {@link org.fabricsim.ib.Hcas}, {@link org.fabricsim.ib.PacketPool} (packets as ids into primitive
 *   arrays), and {@link org.fabricsim.ib.PacketNetwork}, the event handling between them.</li>
 *   <li><b>The decision points</b>, each an interface with its static default here:
 *   {@link org.fabricsim.ib.Routing} ({@link org.fabricsim.ib.StaticRouting}, the forwarding tables),
 *   {@link org.fabricsim.ib.Injection} ({@link org.fabricsim.ib.RoundRobinInjection}, line or fixed rate),
 *   {@link org.fabricsim.ib.Marking} (none), {@link org.fabricsim.ib.ControlReceiver} (none),
 *   {@link org.fabricsim.ib.MechanismTimer} (none), {@link org.fabricsim.ib.Isolation} (none),
 *   {@link org.fabricsim.ib.InjectionThrottle} (none), {@link org.fabricsim.ib.GeneratedTraffic} (the
 *   schedule's flows), gathered in {@link org.fabricsim.ib.DecisionPoints}; what a switch's mechanisms may
 *   read is its {@link org.fabricsim.ib.SwitchView}.</li>
 * </ul>
 *
 * <p>Each mechanism is a package beside this one that fills some decision points: {@code ib.ar} (AR groups,
 * seed 001's EAR), {@code ib.circuits} (seed 003's flow virtual circuits), {@code ib.cc} (InfiniBand
 * congestion control), {@code ib.throttling} (IB CC's FECN rule and HCA half, shared by {@code ib.cc} and
 * {@code ib.isolation}), {@code ib.isolation} (HFDI, EcoCC, FBICM, CCFIT), {@code ib.rates} (seed 003's rate
 * realisation), {@code ib.traffic} (message-level traffic). This package imports none of them; a mechanism
 * package imports this one and no other mechanism but {@code ib.throttling}; {@code ib.run}, which builds runs,
 * is the one place that knows them all ({@code PackageLayoutTest} checks this). The element state mechanisms
 * read (packet fields, per-port arrays) is public because Java has no visibility between a package and its
 * sub-packages: it is the mechanisms' interface, not an API for other modules.
 */
package org.fabricsim.ib;
