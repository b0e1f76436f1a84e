package org.fabricsim.ib.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.ib.throttling.CongestionThrottling;
import org.fabricsim.stats.CongestionMeter;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;

/**
 * The congestion-control metrics (issue 13) against the mechanism's own counters on the test bed's hotspot:
 * marked packets per port, CNPs per port, the CCTI trace, and Paper III Table II's per-flow bin statistics.
 */
class CongestionMetricsTest {
    @Test
    void marksCnpsAndTheCctiTraceAgreeWithTheMechanism() {
        FlowSchedule s = Seed002CcTest.hotspot();
        long end = 3 * Time.MS;
        CcMechanisms mech = new CcMechanisms(CcParams.DEFAULTS, 1, new int[s.size()]);
        int[] traced = {Seed002CcTest.T.node("H1"), Seed002CcTest.T.node("H2"), Seed002CcTest.T.node("H3")};
        PacketMetrics m = new PacketMetrics(Seed002CcTest.T, s.flows(), MetricsOptions.until(end))
                .flowTimes(s.startPs(), s.stopPs()).congestionControl(traced);
        PacketSimulation sim = PacketSimulation.builder(Seed002CcTest.T, Seed002CcTest.LFT, s)
                .params(Seed002CcTest.PARAMS).mechanisms(mech).observer(m).build();
        sim.runUntil(end);
        CongestionMeter c = m.congestion();
        assertEquals(mech.lastMarking().marked(), c.markedTotal(), "every mark, on the port it left");
        assertEquals(sim.controlHops(), c.cnpHops(), "CNPs are the only control packets here");
        int hotspotPort = Seed002CcTest.T.peerPort(Seed002CcTest.T.hostPort(Seed002CcTest.T.node("H5")));
        assertTrue(c.marked(hotspotPort) > 0, "the port to the hotspot marks");
        for (int p = 0; p < Seed002CcTest.T.portCount(); p++) {
            if (c.marked(p) > 0) {
                assertTrue(!Seed002CcTest.T.isHost(Seed002CcTest.T.owner(p)), "only switch ports mark: " + p);
            }
        }
        // the trace's last value is the throttling's CCTI now; the bystander H1 is never throttled
        CongestionThrottling cc = mech.lastThrottling();
        int last = m.bins() - 1;
        assertEquals(0, c.cctiMax(0, last));
        assertEquals(cc.ccti(1), c.cctiAtEnd(1, last));
        assertEquals(cc.ccti(2), c.cctiAtEnd(2, last));
        for (int b = 0; b <= last; b++) {
            assertTrue(c.cctiMax(1, b) >= c.cctiAtEnd(1, b));
        }
        // Table II's samples: the whole bins of a flow's active time, whose mean is its mean throughput
        double[] g = m.activeBinGbps(1);
        assertTrue(g.length > 0.6 * m.bins() && g.length < 0.7 * m.bins(), "1 ms to 3 ms of 3 ms: " + g.length);
        double mean = java.util.Arrays.stream(g).average().orElseThrow();
        assertEquals(m.flowGbps(1), mean, 0.05 * mean);
    }
}
