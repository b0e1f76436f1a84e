package org.fabricsim.ratecontrol;

import java.util.Arrays;
import org.fabricsim.topology.Topology;

/**
 * DFFA as control packets (seed 003 §4.2.3, Alg 4.8-4.11; spec §4.4): weighted max-min fair rates with no
 * per-flow state in the network. Each flow runs the optimised DFFA* loop — UpdateLinks(Δ̄·w_f) collects the
 * least fair share s_l on its path and whether a link is saturated; the flow climbs to that share; once a link
 * is saturated it declares itself inactive, releasing its unclaimed share to the other flows of its links — and
 * every flow start restarts the calculation in a new round: the source and the switches on the path raise their
 * rounds with the announcement p_a, the destination floods a round broadcast p_b, and each source waits (round
 * probes) until every switch on a flow's path is in its round before the loop starts again from r̄ = 0.
 * Switches ignore a DFFA* packet of another round.
 *
 * <p>State: W_l, c_l, s_l and the true weight W̃_l per link (owned by its transmitting element), a round per
 * element; per source r̄(f), its loop's place and whether a restart waits for an outstanding packet.
 */
final class DffaProtocol implements RateProtocol {
    static final int ANNOUNCE = 0;
    static final int ROUND_PROBE = 1;
    static final int UPDATE = 2;
    static final int DECLARE_INACTIVE = 3;
    private static final double NONE = Double.POSITIVE_INFINITY;

    private final ControlPlane plane;
    private final Topology topology;
    private final double[] weight;
    private final double epsilon;
    private final RateLog log;
    // per link
    private final double[] trueWeight; // W̃_l: changes only when flows join or leave
    private final double[] linkWeight; // W_l: the weight still active at l in this round
    private final double[] free; // c_l >= 0
    private final double[] share; // s_l
    // per element (host or switch)
    private final int[] round;
    private final int[] forwardedRound; // the last round whose broadcast a switch forwarded
    // per flow, at its source
    private final double[] rbar;
    private final boolean[] started;
    private final boolean[] outstanding;
    private final boolean[] restart;

    DffaProtocol(ControlPlane plane, double[] weight, double epsilon, RateLog log) {
        this.plane = plane;
        this.topology = plane.topology();
        this.weight = weight;
        this.epsilon = epsilon;
        this.log = log;
        int links = topology.portCount();
        trueWeight = new double[links];
        linkWeight = new double[links];
        free = new double[links];
        Arrays.fill(free, 1);
        share = new double[links];
        Arrays.fill(share, NONE);
        round = new int[topology.nodeCount()];
        forwardedRound = new int[topology.nodeCount()];
        int n = plane.flows();
        rbar = new double[n];
        started = new boolean[n];
        outstanding = new boolean[n];
        restart = new boolean[n];
    }

    // ----------------------------------------------------------------------------------------------------
    // elements

    /** ResetLinks (Alg 4.11): a new round at element {@code node} starts its links' DFFA* afresh. */
    private void resetLinks(int node) {
        int first = topology.port(node, 0);
        for (int i = 0; i < topology.ports(node); i++) {
            int l = first + i;
            linkWeight[l] = trueWeight[l];
            free[l] = 1;
            share[l] = trueWeight[l] > epsilon ? 1 / trueWeight[l] : NONE;
        }
    }

    /** Element {@code node} is in round {@code r} from now on (its links reset). */
    private void enter(int node, int r) {
        round[node] = r;
        resetLinks(node);
    }

    /** RestartDFFA* (Alg 4.11) at host {@code h}: every flow of it starts over from r̄ = 0 once its path is in round. */
    private void restartFlows(long t, int h) {
        for (int i = plane.firstFlow(h); i < plane.firstFlow(h + 1); i++) {
            int f = plane.hostFlow(i);
            if (!started[f]) {
                continue;
            }
            rbar[f] = 0;
            log.set(t, f, 0);
            if (outstanding[f]) {
                restart[f] = true; // once its packet is back: one outstanding packet per flow
            } else {
                probeRound(t, f);
            }
        }
    }

    // ----------------------------------------------------------------------------------------------------
    // the source

    private void send(long t, int f, int op, double x, double y) {
        int pk = plane.packet(f, op);
        plane.round(pk, round[plane.source(f)]);
        plane.a(pk, x);
        plane.b(pk, y);
        plane.c(pk, NONE); // p.share
        plane.flag(pk, true); // p.active, p.allEqual
        if (op != ANNOUNCE) {
            outstanding[f] = true;
            log.sent(t, f);
        }
        plane.send(t, pk);
    }

    private void probeRound(long t, int f) {
        restart[f] = false;
        send(t, f, ROUND_PROBE, 0, 0);
    }

    @Override
    public void start(long t, int f) {
        int h = plane.source(f);
        started[f] = true;
        enter(h, round[h] + 1);
        restartFlows(t, h);
        send(t, f, ANNOUNCE, weight[f], 0); // W̃ of its links rises on the way
    }

    @Override
    public void returned(long t, int pk) {
        int f = plane.flow(pk);
        outstanding[f] = false;
        if (restart[f]) {
            probeRound(t, f); // a new round began while the packet was out
            return;
        }
        boolean stale = plane.round(pk) != round[plane.source(f)];
        switch (plane.op(pk)) {
            case ROUND_PROBE -> {
                if (stale) {
                    probeRound(t, f);
                } else if (plane.flag(pk)) {
                    send(t, f, UPDATE, 0, 0); // the loop: Δ̄ = 0 first
                } else {
                    probeRound(t, f); // a switch on the path is not in this round yet
                }
            }
            case UPDATE -> {
                if (stale) {
                    return; // a switch ignored it: a newer round is on its way here and restarts this flow
                }
                boolean active = plane.flag(pk);
                // inactive: the saturated link's share is r̄(f) already (Lemma 4.2.5); Δ̄ = 0 guards rounding
                double delta = active ? Math.max(0, plane.c(pk) - rbar[f]) : 0;
                rbar[f] += delta;
                log.set(t, f, rbar[f] * weight[f]);
                if (active) {
                    send(t, f, UPDATE, delta * weight[f], 0);
                } else {
                    send(t, f, DECLARE_INACTIVE, rbar[f], weight[f]);
                    log.settled(t, f); // the loop terminates
                }
            }
            case DECLARE_INACTIVE -> {
                // done until the next round
            }
            default -> throw new IllegalStateException("op " + plane.op(pk));
        }
    }

    @Override
    public void timer(long t, int f, int kind) {
        throw new IllegalStateException("DFFA sets no timers");
    }

    // ----------------------------------------------------------------------------------------------------
    // the links and switches

    @Override
    public void atLink(int pk, int l) {
        int node = topology.owner(l);
        int op = plane.op(pk);
        if (op == ANNOUNCE) {
            // Alg 4.10 step 4 (the source's own link: step 1 raised its round already)
            if (topology.isSwitch(node)) {
                round[node] = Math.max(round[node] + 1, plane.round(pk));
                plane.round(pk, round[node]);
            }
            trueWeight[l] += plane.a(pk);
            resetLinks(node);
            return;
        }
        if (op == ROUND_PROBE) {
            if (round[node] != plane.round(pk)) {
                plane.flag(pk, false); // allEqual
            }
            return;
        }
        if (round[node] != plane.round(pk)) {
            plane.round(pk, -1); // ignored here and on: another round (its links are reset when it arrives)
            return;
        }
        if (op == UPDATE) {
            free[l] -= plane.a(pk);
            if (free[l] <= epsilon) {
                plane.flag(pk, false);
            }
            plane.c(pk, Math.min(plane.c(pk), share[l]));
        } else {
            double w = plane.b(pk);
            linkWeight[l] -= w;
            if (linkWeight[l] > epsilon) {
                share[l] += (share[l] - plane.a(pk)) * w / linkWeight[l]; // the released share, spread
            }
        }
    }

    @Override
    public boolean arrived(long t, int pk, int host) {
        if (plane.op(pk) != ANNOUNCE) {
            return true;
        }
        // Alg 4.10 step 5: the destination floods the round and restarts its own flows
        int r = Math.max(round[host] + 1, plane.round(pk));
        enter(host, r);
        int b = plane.packet(plane.flow(pk), ANNOUNCE);
        plane.round(b, r);
        plane.broadcast(t, host, b);
        restartFlows(t, host);
        return false;
    }

    @Override
    public boolean broadcastAtSwitch(long t, int node, int pk) {
        int r = plane.round(pk);
        if (r > round[node]) {
            enter(node, r);
            forwardedRound[node] = r;
            return true;
        }
        if (r == round[node] && forwardedRound[node] != r) {
            forwardedRound[node] = r; // the first broadcast of the round it is in
            return true;
        }
        return false;
    }

    @Override
    public void broadcastAtHost(long t, int host, int pk) {
        if (plane.round(pk) > round[host]) {
            enter(host, plane.round(pk));
            restartFlows(t, host);
        }
    }
}
