package org.fabricsim.ratecontrol;

/**
 * SAA as control packets (seed 003 Alg 4.1/4.2, spec §4.1): a starting flow announces its weight, adding it to
 * every W_l on its path and collecting the largest; then it probes its path every probe period, so that flows
 * that started later are seen (one probe after every flow has announced is enough). r(f) = w_f / W_f. State: W_l
 * per link, (w_f, W_f, r(f)) per source.
 */
final class SaaProtocol implements RateProtocol {
    static final int ANNOUNCE_START = 0;
    static final int PROBE = 1;
    private static final int PROBE_TIMER = 0;

    private final ControlPlane plane;
    private final double[] weight;
    private final long probePeriodPs;
    private final RateLog log;
    private final double[] linkWeight; // W_l, owned by the link's transmitting element
    private int unannounced; // flows whose announcement has not yet reached their destination

    SaaProtocol(ControlPlane plane, double[] weight, long probePeriodPs, RateLog log) {
        this.plane = plane;
        this.weight = weight;
        this.probePeriodPs = probePeriodPs;
        this.log = log;
        this.linkWeight = new double[plane.topology().portCount()];
        for (int f = 0; f < plane.flows(); f++) {
            unannounced += plane.paths().length(f) > 0 ? 1 : 0;
        }
    }

    private void send(long t, int f, int op) {
        int pk = plane.packet(f, op);
        plane.a(pk, weight[f]); // p.w_f
        plane.b(pk, 0); // p.W_f
        log.sent(t, f);
        plane.send(t, pk);
    }

    @Override
    public void start(long t, int f) {
        send(t, f, ANNOUNCE_START);
    }

    @Override
    public void atLink(int pk, int link) {
        if (plane.op(pk) == ANNOUNCE_START) {
            linkWeight[link] += plane.a(pk);
        }
        plane.b(pk, Math.max(plane.b(pk), linkWeight[link]));
    }

    @Override
    public boolean arrived(long t, int pk, int host) {
        if (plane.op(pk) == ANNOUNCE_START && --unannounced == 0) {
            log.announced(); // its weight is on every link of its path: W_l are final from now on
        }
        return true;
    }

    @Override
    public void returned(long t, int pk) {
        int f = plane.flow(pk);
        log.set(t, f, weight[f] / plane.b(pk)); // r(f) = w_f / W_f
        plane.schedule(t + probePeriodPs, f, PROBE_TIMER);
    }

    @Override
    public void timer(long t, int f, int kind) {
        send(t, f, PROBE);
    }
}
