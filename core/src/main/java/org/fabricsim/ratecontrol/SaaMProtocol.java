package org.fabricsim.ratecontrol;

import java.util.SplittableRandom;

/**
 * SAA-M as control packets (seed 003 Alg 4.3/4.4, spec §4.2): SAA's announcement, then a loop of probes that
 * raises a flow to its SAA rate (branch 2), lowers it on an oversubscribed link (3), or claims free capacity by
 * an all-or-nothing reservation (4) — cancelled on failure, then a random back-off (the livelock of Fig 4.1).
 * The branch order 2, 3, 4 is the algorithm's. One control packet per flow outstanding. State: W_l, c_l (may be
 * negative) and c_l^r per link; (w_f, W_f, r(f), back-off) per source.
 *
 * <p>Capacities are reals: a comparison with 0 allows {@code epsilon}, so a flow does not claim rounding dust
 * forever and a link is oversubscribed only by more than that (spec §7, AMBIG-21/-22).
 */
final class SaaMProtocol implements RateProtocol {
    static final int ANNOUNCE_START = 0;
    static final int PROBE = 1;
    static final int UPDATE = 2;
    static final int RESERVE = 3;
    static final int CANCEL = 4;
    private static final int PROBE_TIMER = 0;

    private final ControlPlane plane;
    private final double[] weight;
    private final long probePeriodPs;
    private final long backoffPs;
    private final double epsilon;
    private final SplittableRandom[] random; // per source: its back-off draws
    private final RateLog log;
    private final double[] linkWeight; // W_l
    private final double[] free; // c_l, may go below 0
    private final double[] reserved; // c_l^r
    private final double[] pathWeight; // W_f, per source

    SaaMProtocol(ControlPlane plane, double[] weight, long probePeriodPs, long backoffPs, double epsilon,
            SplittableRandom[] random, RateLog log) {
        this.plane = plane;
        this.weight = weight;
        this.probePeriodPs = probePeriodPs;
        this.backoffPs = backoffPs;
        this.epsilon = epsilon;
        this.random = random;
        this.log = log;
        int links = plane.topology().portCount();
        linkWeight = new double[links];
        free = new double[links];
        java.util.Arrays.fill(free, 1);
        reserved = new double[links];
        pathWeight = new double[plane.flows()];
    }

    private void send(long t, int f, int op, double x, double y) {
        int pk = plane.packet(f, op);
        plane.a(pk, x);
        plane.b(pk, y);
        if (op == PROBE) {
            plane.c(pk, 1); // p.c starts at the unit capacity (AMBIG-21)
        }
        plane.flag(pk, true); // MakeReservation's p.s
        log.sent(t, f);
        plane.send(t, pk);
    }

    @Override
    public void start(long t, int f) {
        send(t, f, ANNOUNCE_START, weight[f], 0);
    }

    @Override
    public void atLink(int pk, int l) {
        switch (plane.op(pk)) {
            case ANNOUNCE_START -> {
                linkWeight[l] += plane.a(pk);
                plane.b(pk, Math.max(plane.b(pk), linkWeight[l]));
            }
            case PROBE -> {
                plane.a(pk, Math.max(plane.a(pk), linkWeight[l])); // p.W_f
                plane.c(pk, Math.min(plane.c(pk), free[l] - reserved[l])); // claimable capacity
                if (free[l] < -epsilon) {
                    plane.b(pk, Math.max(plane.b(pk), linkWeight[l])); // p.W_o: an oversubscribed link
                }
            }
            case UPDATE -> {
                free[l] -= plane.a(pk);
                reserved[l] -= plane.b(pk);
            }
            case RESERVE -> {
                reserved[l] += plane.a(pk); // on every link, even after a failure
                if (free[l] - reserved[l] < -epsilon) {
                    plane.flag(pk, false);
                }
            }
            case CANCEL -> reserved[l] -= plane.a(pk);
            default -> throw new IllegalStateException("op " + plane.op(pk));
        }
    }

    @Override
    public void returned(long t, int pk) {
        int f = plane.flow(pk);
        double r = log.rate[f];
        switch (plane.op(pk)) {
            case ANNOUNCE_START -> {
                pathWeight[f] = plane.b(pk);
                double saa = weight[f] / pathWeight[f];
                log.set(t, f, saa); // start at the SAA rate
                send(t, f, UPDATE, saa, 0);
            }
            case PROBE -> {
                pathWeight[f] = plane.a(pk);
                double saa = weight[f] / pathWeight[f];
                double overloaded = plane.b(pk);
                double claimable = plane.c(pk);
                if (r < saa - epsilon) { // 2: below the SAA rate
                    log.set(t, f, saa);
                    send(t, f, UPDATE, saa - r, 0);
                } else if (overloaded > 0 && weight[f] / overloaded < r - epsilon) { // 3: oversubscribed
                    double lower = weight[f] / overloaded;
                    log.set(t, f, lower);
                    send(t, f, UPDATE, lower - r, 0);
                } else if (overloaded == 0 && claimable > epsilon) { // 4: claimable capacity
                    send(t, f, RESERVE, claimable, 0);
                } else {
                    plane.schedule(t + probePeriodPs, f, PROBE_TIMER);
                }
            }
            case RESERVE -> {
                double claim = plane.a(pk);
                if (plane.flag(pk)) {
                    log.set(t, f, r + claim);
                    send(t, f, UPDATE, claim, claim);
                } else {
                    send(t, f, CANCEL, claim, 0);
                }
            }
            case CANCEL -> plane.schedule(t + (long) (random[plane.source(f)].nextDouble() * backoffPs), f,
                    PROBE_TIMER);
            case UPDATE -> plane.schedule(t + probePeriodPs, f, PROBE_TIMER);
            default -> throw new IllegalStateException("op " + plane.op(pk));
        }
    }

    @Override
    public void timer(long t, int f, int kind) {
        send(t, f, PROBE, 0, 0);
    }

    /** The links' free capacities c_l (tests check feasibility and maximality). */
    double[] free() {
        return free;
    }
}
