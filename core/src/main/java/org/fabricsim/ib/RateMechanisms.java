package org.fabricsim.ib;

/**
 * Static routing with HCAs that realise their flows' rates by Periodic Selection or Shaped Virtual Clock
 * ({@link RatedInjection}, seed 003 ch. 5): the mechanisms of seed 003's rate-control runs, where only the
 * sources know the rates and the switches are rate-agnostic (spec §5.3).
 */
final class RateMechanisms extends Mechanisms {
    private final RateRealisation mode;

    RateMechanisms(RateRealisation mode) {
        this.mode = mode;
    }

    @Override
    Injection injection(PacketNetwork net) {
        int hosts = net.topology().hostCount();
        long[] linkBps = new long[hosts];
        for (int h = 0; h < hosts; h++) {
            linkBps[h] = net.topology().bandwidthBps(net.topology().hostPort(h));
        }
        return new RatedInjection(net.hcas(), mode, net.schedule().rateBps(), linkBps);
    }
}
